// One rule for time at every layer: an earlier time is held at the engine's, nothing jumps, no diagnostic.
import Testing
import Kinetic
import KineticScene
import KineticHost
import KineticDemos

/// A 100 × 100 scene whose box moves from x 10 to 90 in 1 s on a linear curve, from its
/// engine's start; records the times its host advances it to.
private final class MovingBox: HostedScene {
    let scene: Scene
    let box: Node
    private(set) var advances: [Double] = []

    init(engine: AnimationEngine) {
        scene = Scene(size: Size(width: 100, height: 100), engine: engine)
        box = Node(frame: Rect(x: 0, y: 40, width: 20, height: 20), name: "box", engine: engine)
        scene.root.addChild(box)
        let box = box
        PropertyAnimator(duration: 1, curve: .linear, engine: engine) { box.center.x = 90 }.startAnimation()
    }

    func didAdvance(to time: Double) { advances.append(time) }

    static var entries: [SceneEntry] { [SceneEntry(name: "moving", title: "Moving") { MovingBox(engine: $0) }] }
}

@Suite("Time never goes back, at every layer")
struct TimeNeverGoesBackTests {
    /// The box half way (x 50 at t 0.5): every layer below is given t 0.2 and must hold it at
    /// 0.5, with the box where it was and no diagnostic.
    @Test func theEngineHoldsAnEarlierTickAtItsTime() {
        let hosted = MovingBox(engine: AnimationEngine())
        let engine = hosted.engine
        engine.tick(at: 0.5)
        #expect(engine.clockTime(for: 0.2) == 0.5 && engine.clockTime(for: 0.7) == 0.7)
        #expect(engine.clockTime(for: .nan) == 0.5)
        engine.tick(at: 0.2)
        #expect(engine.time == 0.5 && hosted.box.presentation.center.x == 50)
        #expect(engine.diagnostics.isEmpty)
        // Bad input, not an earlier time: rejected with a diagnostic, nothing moves.
        engine.tick(at: .nan)
        #expect(engine.time == 0.5 && engine.diagnostics.map(\.kind) == [.timeWentBackwards])
    }

    @Test func aScenesEarlierEventHappensAtTheEnginesTime() {
        let hosted = MovingBox(engine: AnimationEngine())
        var seen: [Double] = []
        let pan = PanGestureRecognizer { seen.append($0.lastEventTime) }
        hosted.box.addGestureRecognizer(pan)
        hosted.engine.tick(at: 0.5)
        #expect(hosted.scene.send(.down(1, Point(x: 50, y: 50), at: 0.2)))
        #expect(hosted.scene.send(.move(1, Point(x: 80, y: 50), at: 0.3)))
        #expect(hosted.engine.time == 0.5 && hosted.scene.lastEventTime == 0.5)
        #expect(hosted.box.presentation.center.x == 50 && hosted.engine.diagnostics.isEmpty)
        #expect(seen == [0.5])                                  // the pan began at the held time
        #expect(hosted.scene.send(.up(1, Point(x: 80, y: 50), at: 0.75)))
        #expect(hosted.engine.time == 0.75 && seen == [0.5, 0.75])
    }

    @Test func aHostedScenesEarlierAdvanceHoldsAndDidAdvanceSeesTheEnginesTime() {
        let hosted = MovingBox(engine: AnimationEngine())
        hosted.advance(to: 0.5)
        hosted.advance(to: 0.2)
        #expect(hosted.advances == [0.5, 0.5] && hosted.engine.time == 0.5)
        #expect(hosted.box.presentation.center.x == 50 && hosted.engine.diagnostics.isEmpty)
    }

    @Test func aSessionsEarlierFrameOrPointerEventIsHeldAndDrawsTheSame() throws {
        let session = HostSession(entries: MovingBox.entries)
        #expect(session.select(0, at: 10))
        #expect(session.frame(at: 10.5))
        let drawn = session.encoding.numbers
        let hosted = try #require(session.hosted as? MovingBox)
        #expect(session.frame(at: 10.2))
        #expect(session.encoding.numbers == drawn && hosted.advances == [10.5, 10.5])
        #expect(session.pointer(.down(1, Point(x: 50, y: 50), at: 10.1)))
        #expect(session.frame(at: 10.3))
        #expect(session.encoding.numbers == drawn && hosted.engine.diagnostics.isEmpty)
        // The script says what the scene saw: the event at the held time (0.5 after the selection).
        #expect(session.script().contains("\n0.5 down 1 50.0 50.0\n"))
    }

    /// A demo's frame (its live graph included) given an earlier time draws what it drew.
    @Test func aDemosEarlierFrameDrawsTheSame() throws {
        let session = HostSession(entries: DemoCatalog.entries)
        let basics = try #require(DemoCatalog.entries.firstIndex { $0.name == "basics" })
        #expect(session.select(basics, at: 0))
        for i in 0...30 { session.frame(at: Double(i) / 60) }
        let drawn = session.encoding.numbers
        session.frame(at: 0.25)
        #expect(session.encoding.numbers == drawn && session.sceneTime == 0.5)
    }
}
