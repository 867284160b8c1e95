// Seek by exact replay: every sought frame equals, bit for bit, what the page showed live.
import Testing
import Kinetic
import KineticScene
@testable import KineticHost
import KineticDemos
import KineticTestSupport

@Suite("Host session time travel: seek, script, import")
struct HostSessionReplayTests {
    /// Seeks back to frames spread over the session (from the end to the start, the frames just
    /// after each release included: a throw, a catch, a tap), then forward again through the
    /// logged future, and compares each with what the page showed live.
    @Test(arguments: ["drawer", "pane-dynamics", "photo", "dynamics", "pyramid"])
    func seekingToALoggedFrameReproducesItBitForBit(scene: String) throws {
        let live = try LiveSession(scene: scene)
        let session = live.session, frames = live.frames
        #expect(live.releases.count >= 2)
        let spread = stride(from: frames.count - 1, through: 0, by: -(frames.count / 3)).map { $0 }
        let back = Set(spread + live.releases.prefix(4) + [0]).sorted(by: >)
        for i in back {
            #expect(session.seek(to: frames[i].time))
            #expect(FrameSnapshot(session) == frames[i], "\(scene): back to frame \(i) of \(frames.count)")
        }
        // Forward again (the log kept its future): between frames gives the earlier frame.
        for i in [frames.count / 5, live.releases[1] + 1, frames.count * 4 / 5] {
            let between = (frames[i].time + frames[i + 1].time) / 2
            #expect(session.seek(to: between))
            #expect(FrameSnapshot(session) == frames[i], "\(scene): forward to frame \(i)")
        }
        // Past the end: the last frame.
        #expect(session.seek(to: .infinity))
        #expect(FrameSnapshot(session) == frames.last!)
    }

    @Test func seekingBeforeTheFirstFrameGivesTheFreshSceneAndBadInputChangesNothing() throws {
        let live = try LiveSession(scene: "drawer")
        let session = live.session
        let fresh = HostSession(entries: DemoCatalog.entries)
        fresh.select(session.index, at: live.start)
        fresh.frame(at: live.start)
        for time in [live.start - 1, -Double.infinity, 0] {
            #expect(session.seek(to: time))
            #expect(session.sceneTime == live.start)
            #expect(FrameSnapshot(session).numbers == FrameSnapshot(fresh).numbers)
            #expect(FrameSnapshot(session).channels == FrameSnapshot(fresh).channels)
        }
        // NaN, or no scene: false, and nothing changes (the future is still there).
        let before = FrameSnapshot(session)
        #expect(!session.seek(to: .nan))
        #expect(FrameSnapshot(session) == before)
        #expect(!HostSession(entries: DemoCatalog.entries).seek(to: 1))
        #expect(session.seek(to: .infinity))
        #expect(FrameSnapshot(session) == live.frames.last!)
    }

    /// After a seek back, a paused page's redraws keep the future; new input drops it: the new
    /// branch is what the page shows and what later seeks reproduce, and the same input as
    /// before gives the same frames as before.
    @Test func newInputAfterASeekContinuesANewBranchOfHistory() throws {
        let live = try LiveSession(scene: "pane-dynamics")
        let session = live.session, frames = live.frames
        let k = live.releases[0] + 10
        let whole = session.script()
        #expect(session.seek(to: frames[k].time))
        // The recording is still the whole session, as the scrubber spans it (issue 42: after a
        // seek back, the export held only the part before the playhead).
        #expect(session.script() == whole)
        // Paused: redrawing the sought instant changes nothing and keeps the future.
        #expect(session.frame(at: frames[k].time))
        #expect(session.frame(at: frames[k].time - 0.5))
        #expect(FrameSnapshot(session) == frames[k])
        #expect(session.log.hasFuture && session.loggedEndTime == frames.last!.time)

        // A new branch: a tap on the pane, then frames 1/60 s apart.
        let t0 = frames[k].time
        #expect(session.pointer(.down(1, Point(x: 187, y: 640), at: t0 + 0.004)))
        #expect(!session.log.hasFuture && session.loggedEndTime == frames[k].time)
        // A new branch: the recording is what came before the playhead and the new input.
        #expect(session.script() != whole && session.script().hasPrefix(String(whole.prefix(40))))
        #expect(session.pointer(.up(1, Point(x: 187, y: 640), at: t0 + 0.01)))
        var branch: [FrameSnapshot] = []
        for i in 1...90 {
            session.frame(at: t0 + Double(i) / 60)
            branch.append(FrameSnapshot(session))
        }
        #expect(branch.last!.channels != frames[min(k + 90, frames.count - 1)].channels)
        for i in [89, 40, 0, 65] {
            #expect(session.seek(to: branch[i].time))
            #expect(FrameSnapshot(session) == branch[i], "branch frame \(i)")
        }
        // Nothing of the old future is left: past the end is the branch's end.
        #expect(session.seek(to: .infinity))
        #expect(FrameSnapshot(session) == branch.last!)
    }

    @Test func theSameInputAfterASeekGivesTheSameFramesAsLive() throws {
        let live = try LiveSession(scene: "dynamics")
        let session = live.session, frames = live.frames
        // Replay the second half live again from a seek: it is the original history.
        let k = frames.count / 2
        let history = Array(session.log.inputs)
        #expect(session.seek(to: frames[k].time))
        let resumeAt = session.log.delivered
        var checked = 0
        for input in history[resumeAt...] {
            if input.isFrame {
                session.frame(at: input.time)
                checked += 1
            } else if let event = input.event {
                session.pointer(event)
            }
        }
        #expect(checked == frames.count - 1 - k)
        #expect(FrameSnapshot(session) == frames.last!)
        #expect(Array(session.log.inputs) == history)
    }

    @Test func theScriptGivesTheAcceptedEventsBackBitForBit() throws {
        let live = try LiveSession(scene: "photo")
        let session = live.session
        let text = session.script()
        let parsed = try GestureScript(parsing: text)
        let logged = session.log.history.filter { !$0.isFrame && $0.accepted }
        #expect(parsed.events.count == logged.count)
        #expect(parsed.events.count == live.script.events.count)
        for (e, input) in zip(parsed.events, logged) {
            #expect(e.time.bitPattern == (input.time - live.start).bitPattern)
            #expect(e.location.x.bitPattern == input.location.x.bitPattern && e.location.y.bitPattern == input.location.y.bitPattern)
            #expect(e.pointer == input.pointer && e.phase == input.phase)
        }
        // Relative times are (start + t) − start: within an ulp of the clock of the original
        // script times, at a start of ~4321 s (2^-40 s, a picosecond).
        for (e, original) in zip(parsed.events, live.script.events) {
            #expect(abs(e.time - original.time) <= 0x1p-40)
        }
        #expect(parsed.end == live.frames.last!.time - live.start)
        // The hovering pointer's rejected moves are logged (for replay) but not scripted.
        #expect(session.log.history.contains { !$0.isFrame && !$0.accepted })
        #expect(!text.contains(" 42 "))
    }

    /// Issue 42: `1e308 end` never returned (a frame every 1/60 s up to 1e308 s). Longer than
    /// `kinetic_record`'s 100,000 frames is refused before any frame runs, changing nothing.
    @Test func importingAScriptLongerThan100000FramesIsRefusedAtOnce() throws {
        let session = HostSession(entries: DemoCatalog.entries)
        let drawer = try #require(DemoCatalog.entries.firstIndex { $0.name == "drawer" })
        session.select(drawer, at: 100)
        session.frame(at: 130)
        let before = FrameSnapshot(session)
        let clock = ContinuousClock()
        var message: String?
        for script in ["1e308 end\n", "0.1 down 1 187 645\n0.2 up 1 187 645\n1666.7 end\n"] {
            let start = clock.now
            message = refusal { () throws(HostSession.Refusal) in try session.importScript(script) }
            #expect(clock.now - start < .seconds(1), "\(script)")
            #expect(message?.hasPrefix("the script is too long to import: its end is ") == true, "\(message ?? "no refusal")")
            #expect(message?.hasSuffix(" s, more than the 100000 frames at 60 Hz (about 1666 s) one replay may run") == true)
            #expect(FrameSnapshot(session) == before && session.sceneStartTime == 100 && session.sceneTime == 130)
        }
        #expect(message == "the script is too long to import: its end is 1666.7 s, more than the 100000 frames at 60 Hz (about 1666 s) one replay may run")
        // Exactly at the limit is accepted (1666.65 s · 60 = 99,999 frames).
        #expect(refusal { () throws(HostSession.Refusal) in try session.importScript("1666.65 end\n") } == nil)
    }

    @Test func importingAScriptReplaysItAndContinuesFromItsEnd() throws {
        let session = HostSession(entries: DemoCatalog.entries)
        let drawer = try #require(DemoCatalog.entries.firstIndex { $0.name == "drawer" })
        #expect(throws: HostSession.Refusal("no scene is shown")) { try session.importScript("0 end") }
        session.select(drawer, at: 100)
        session.frame(at: 130)
        let script = "0.2 down 1 187 645\n0.25 up 1 187 645\n1.5 end\n"
        // A parse error changes nothing.
        let before = FrameSnapshot(session)
        let message = refusal { () throws(HostSession.Refusal) in try session.importScript("0.2 down 1 187 645\n0.1 up 1 187 645\n") }
        #expect(message?.hasPrefix("script line 2: time 0.1 is before") == true)
        #expect(FrameSnapshot(session) == before && session.sceneStartTime == 100)

        try session.importScript(script)
        #expect(session.sceneStartTime == 130 - 1.5)
        #expect(session.sceneTime == 130)
        // The same as recording the script at 60 Hz: the tap opened the drawer, 1.25 s into its
        // 1 s ease-out animation: done, the drawer up 305 points.
        let y = try #require(session.hosted!.channels.first { $0.name == "drawer.translation.y" }).sample()
        #expect(y.model == -305 && y.presentation == -305 && y.velocity == 0)
        // Logged like live input: it scripts back to the same events, and seeking reproduces it.
        let again = try GestureScript(parsing: session.script())
        #expect(again.events.map(\.location) == (try GestureScript(parsing: script)).events.map(\.location))
        #expect(again.end == 130 - (130 - 1.5))
        let end = FrameSnapshot(session)
        #expect(session.seek(to: 129))
        #expect(session.seek(to: 130))
        #expect(FrameSnapshot(session) == end)
    }

    @Test func pastTheLogsBoundLoggingStopsAndSeekReachesTheLastLoggedFrame() throws {
        let session = HostSession(entries: DemoCatalog.entries)
        let drawer = try #require(DemoCatalog.entries.firstIndex { $0.name == "drawer" })
        session.select(drawer, at: 0)
        #expect(session.log.capacity == HostSession.maximumLoggedInputs)
        let n = 3000
        session.log = InputLog(capacity: n)   // the same rule as the 200,000 of a real session, sooner
        for i in 1...n { session.frame(at: Double(i) / 1000) }
        #expect(!session.isLogFull)
        session.frame(at: Double(n + 1) / 1000)
        #expect(session.isLogFull)
        #expect(session.hosted!.scene.engine.diagnostics.last?.message.hasPrefix("the input log is full") == true)
        #expect(session.log.inputs.count == n)
        #expect(session.sceneTime == Double(n + 1) / 1000)
        // The shown scene is past the log: even "forward", the seek rebuilds it from the start.
        #expect(session.seek(to: .infinity))
        #expect(session.sceneTime == Double(n) / 1000)
        // A new branch makes room again.
        #expect(session.seek(to: 1))
        session.frame(at: 1.5)
        #expect(!session.isLogFull && session.log.inputs.count == 1001)
    }
}
