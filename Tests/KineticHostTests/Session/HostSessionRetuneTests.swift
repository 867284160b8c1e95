// Live timing edits replayed on the same recorded gesture (the Studio's "Replay with this timing").
import Testing
import Kinetic
@testable import KineticHost
import KineticDemos
import KineticTestSupport

@Suite("Host session timing overrides: replay the same gesture retuned")
struct HostSessionRetuneTests {
    /// The drawer's animator and the hand-rolled pane's spring, under their recorded gestures:
    /// retuned, every frame differs from some point on and equals a fresh run made with that
    /// timing from the start; cleared, the replay gives back the original frames bit for bit.
    @Test(arguments: [("drawer", TimingOverride.spring(SpringTimingParameters(mass: 1, stiffness: 300, damping: 20))),
                      ("pane", TimingOverride.spring(SpringTimingParameters(mass: 1, stiffness: 120, damping: 8)))])
    func aRetunedReplayDiffersMatchesAFreshRunAndClearingRestoresIt(scene: String, timing: TimingOverride) throws {
        let live = try LiveSession(scene: scene)
        let session = live.session, frames = live.frames
        // The animation's name, as the inspector lists it, a few frames after the first release.
        #expect(session.seek(to: frames[live.releases[0] + 3].time))
        let kind: AnimationInspection.Kind = scene == "drawer" ? .animator : .spring
        let animation = try #require(session.hosted!.scene.engine.liveAnimations().first { $0.kind == kind })

        // The Studio records the animation's property through each replay by its label.
        let watched = session.watch(property: animation.name)
        #expect(watched, "\(scene): watch \(animation.name)")
        #expect(session.replayWithTimingOverrides())
        let recorded = session.recorder.count
        #expect(session.samples().count == recorded * session.recorder.stride)
        #expect(recorded > 30, "\(scene): \(recorded) samples of \(animation.name)")
        session.unwatch()
        #expect(session.setTimingOverride(timing, forAnimationsNamed: animation.name))
        #expect(session.timingOverride(forAnimationsNamed: animation.name) == timing)
        #expect(session.replayWithTimingOverrides())
        let retunedEnd = FrameSnapshot(session)
        let fresh = try LiveSession(scene: scene, timing: (timing, animation.name))
        #expect(fresh.frames.count == frames.count)
        #expect(retunedEnd == fresh.frames.last!)
        // Seeks keep the override: each sought frame is the fresh retuned run's, and differs
        // from the original once the animation ran.
        var differing = 0
        for i in stride(from: frames.count - 1, through: 0, by: -7) {
            #expect(session.seek(to: frames[i].time))
            let retuned = FrameSnapshot(session)
            #expect(retuned == fresh.frames[i], "\(scene): retuned frame \(i)")
            if retuned != frames[i] { differing += 1 }
        }
        #expect(differing >= 10, "\(scene) (\(animation.name)): \(differing) retuned frames differ")

        session.clearTimingOverrides()
        #expect(session.timingOverride(forAnimationsNamed: animation.name) == nil)
        #expect(session.replayWithTimingOverrides())
        #expect(FrameSnapshot(session) == frames.last!)
        for i in [frames.count / 3, live.releases[0] + 3, frames.count * 2 / 3] {
            #expect(session.seek(to: frames[i].time))
            #expect(FrameSnapshot(session) == frames[i], "\(scene): cleared, frame \(i)")
        }
    }

    @Test func textSpecsGiveTheSameTimingAsCodeAndBadOnesAreRejected() throws {
        let session = HostSession(entries: DemoCatalog.entries)
        let cases: [(String, TimingOverride)] = [
            ("spring 1 300 20", .spring(SpringTimingParameters(mass: 1, stiffness: 300, damping: 20))),
            ("spring-response 0.8 0.4", .spring(SpringTimingParameters(dampingRatio: 0.8, response: 0.4))),
            ("spring-bounce 0.5 0.25", .spring(SpringTimingParameters(duration: 0.5, bounce: 0.25))),
            ("cubic 0.2 0.9 0.3 1", .cubic(CubicTimingParameters(controlPoint1: Point(x: 0.2, y: 0.9),
                                                                 controlPoint2: Point(x: 0.3, y: 1)))),
            ("decay 0.99", .decay(DecayTimingParameters(rate: 0.99))),
        ]
        for (spec, timing) in cases {
            #expect(refusal { () throws(HostSession.Refusal) in try session.setTimingOverride(spec: "drawer.transform\n" + spec) } == nil, "\(spec)")
            #expect(session.timingOverride(forAnimationsNamed: "drawer.transform") == timing, "\(spec)")
        }
        for bad in ["spring 1 300", "drawer.transform", "drawer.transform\nspring 1 x 20", "drawer.transform\nbounce 1",
                    "\nspring 1 300 20", "a\nb\nc"] {
            let message = refusal { () throws(HostSession.Refusal) in try session.setTimingOverride(spec: bad) }
            #expect(message?.isEmpty == false, "\(bad)")
        }
        // The last good spec is still the override; an empty name is rejected.
        #expect(session.timingOverride(forAnimationsNamed: "drawer.transform") == .decay(DecayTimingParameters(rate: 0.99)))
        #expect(!session.setTimingOverride(.cubic(.linear), forAnimationsNamed: ""))
        // No scene shown: nothing to replay.
        #expect(!session.replayWithTimingOverrides())
    }
}
