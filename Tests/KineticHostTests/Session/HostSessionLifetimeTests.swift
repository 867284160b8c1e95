// The session ends the engines it makes: a scene switched away from mid-flight is freed.
import Testing
import Kinetic
import KineticScene
import KineticHost

/// A scene whose one node is flying on a spring (a physics animation the engine keeps while it
/// runs), reporting its objects' lifetimes through the test's weak references.
final class FlyingScene: HostedScene {
    let scene: Scene
    let box: Node

    init(engine: AnimationEngine) {
        scene = Scene(size: Size(width: 200, height: 200), engine: engine)
        box = Node(frame: Rect(x: 0, y: 0, width: 20, height: 20), name: "box", engine: engine)
        scene.root.addChild(box)
        let spring = SpringAnimation(property: box.$center, spring: SpringTimingParameters(dampingRatio: 0.5, response: 1),
                                     target: Point(x: 150, y: 150))
        spring.start()
    }
}

@Suite("Host session: lifetimes")
struct HostSessionLifetimeTests {
    @Test func selectingAnotherSceneFreesTheOldOneMidFlight() {
        weak var engine: AnimationEngine?
        weak var scene: Scene?
        weak var box: Node?
        let session = HostSession(entries: [
            SceneEntry(name: "flying", title: "Flying") { FlyingScene(engine: $0) },
            SceneEntry(name: "other", title: "Other") { FlyingScene(engine: $0) },
        ])
        #expect(session.select(0, at: 0))
        #expect(session.frame(at: 0.1))
        do {
            let flying = session.hosted as! FlyingScene
            #expect(flying.box.$center.isAnimating && flying.scene.engine.hasRunningAnimations)
            engine = flying.scene.engine
            scene = flying.scene
            box = flying.box
        }
        #expect(engine != nil)
        #expect(session.select(1, at: 0.2))
        #expect(engine == nil && scene == nil && box == nil)
    }

    /// A recording refused as too long after the scene was made still ends the engine the
    /// session made, so a scene in flight from its first instant is freed.
    @Test func aRecordingRefusedAsTooLongFreesTheSceneItMade() {
        weak var engine: AnimationEngine?
        weak var scene: Scene?
        let session = HostSession(entries: [
            SceneEntry(name: "flying", title: "Flying") { e in
                let flying = FlyingScene(engine: e)
                engine = e
                scene = flying.scene
                return flying
            },
        ])
        let message = refusal { () throws(HostSession.Refusal) in try session.record(0, script: "1000 end\n", fps: 1000) }
        #expect(message?.hasPrefix("the recording would be too long") == true)
        #expect(scene == nil && engine == nil)
    }
}
