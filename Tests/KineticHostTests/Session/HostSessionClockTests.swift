// HostSession's frame clock and pointer intake over an app's own scenes.
import Testing
import Kinetic
import KineticScene
import KineticHost

@Suite("Host session clock and pointer intake")
struct HostSessionClockTests {
    @Test func framesNeverRewindTheClockAndDidAdvanceSeesTheEnginesTime() throws {
        let session = HostSession(entries: ProbeScene.entries)
        #expect(session.select(0, at: 10))
        let probe = try #require(session.hosted as? ProbeScene)
        for t in [10.1, 10.05, 10.2, .nan, 10.2, 9, 10.3] { session.frame(at: t) }
        // NaN is refused before anything runs; earlier times hold the engine at its time.
        #expect(probe.advances == [10.1, 10.1, 10.2, 10.2, 10.2, 10.3])
        #expect(probe.scene.engine.time == 10.3)
        // The encoding's header: format version, command count, the scene's size.
        let n = session.encoding.numbers
        #expect(Array(n.prefix(4)) == [Double(RenderListEncoder.formatVersion), n[1], 100, 50])
    }

    @Test func pointerEventsBehindTheClockAreHeldAtItAndBadOnesNeverReachTheScene() throws {
        let session = HostSession(entries: ProbeScene.entries)
        #expect(!session.pointer(.down(1, Point(x: 5, y: 5), at: 1)))          // nothing selected
        session.select(1, at: 2)
        let probe = try #require(session.hosted as? ProbeScene)
        #expect(session.pointer(.down(1, Point(x: 15, y: 15), at: 1.5)))       // behind the engine (2)
        #expect(session.pointer(.move(1, Point(x: 16, y: 15), at: 2.25)))
        #expect(!session.pointer(.move(1, Point(x: .nan, y: 15), at: 2.3)))
        #expect(!session.pointer(.move(1, Point(x: 16, y: -.infinity), at: 2.3)))
        #expect(!session.pointer(.move(1, Point(x: 16, y: 15), at: .infinity)))
        #expect(session.pointer(.move(1, Point(x: 17, y: 15), at: 2.2)))       // behind the last event (2.25)
        #expect(session.pointer(.up(1, Point(x: 17, y: 15), at: 2.4)))
        #expect(probe.handled.map(\.time) == [2, 2.25, 2.25, 2.4])
        #expect(probe.handled.map(\.phase) == [.down, .moved, .moved, .up])
        #expect(probe.handled[0].location == Point(x: 15, y: 15))
    }

    @Test func selectingOutOfRangeKeepsTheSceneShownAndDescribeNamesEachField() {
        let session = HostSession(entries: ProbeScene.entries)
        #expect(session.select(1, at: 0) && session.index == 1)
        let shown = session.hosted
        #expect(!session.select(2, at: 0) && !session.select(-1, at: 0))
        // Before: a NaN time was taken as 0 and switched the scene, though bad input changes nothing.
        #expect(!session.select(0, at: .nan) && !session.select(0, at: .infinity))
        #expect(session.hosted === shown && session.index == 1)
        #expect(session.describe(0, field: .name) == "probe")
        #expect(session.describe(0, field: .title) == "Probe")
        #expect(session.describe(0, field: .description) == "Records its host.")
        #expect(session.describe(0, field: .hint) == "Tap it.")
        #expect(session.describe(1, field: .description) == "")
        #expect(session.describe(5, field: .name) == "")
        #expect(session.describe(-1, field: .title) == "")
    }

    @Test func recordingSamplesEachFrameAtIOverFps() throws {
        let session = HostSession(entries: ProbeScene.entries)
        let run = try session.record(scene: "probe", script: "0.1 down 1 15 15\n0.2 up 1 15 15\n0.5 end\n", fps: 20)
        #expect(run.frames == 10 && run.channels == ["clock"])
        // Frame i at t = i / 20: the clock channel's model, presentation and velocity.
        let expected: [Double] = (0..<10).flatMap { (i: Int) -> [Double] in [Double(i) / 20, Double(i) / 20, 1] }
        #expect(run.values == expected)
        #expect(throws: HostSession.Refusal("unknown scene nope")) { try session.record(scene: "nope", script: "1 end", fps: 60) }
        #expect(throws: HostSession.Refusal("bad arguments")) { try session.record(7, script: "1 end", fps: 60) }
    }

    @Test func sceneNamesAreLowercaseLettersDigitsAndDashes() {
        for good in ["drawer", "pane-pop", "spring2d", "a"] { #expect(SceneEntry.isValidName(good), "\(good)") }
        for bad in ["", "Drawer", "a b", "a_b", "ü", "a/b"] { #expect(!SceneEntry.isValidName(bad), "\(bad)") }
    }
}
