// Helpers for the demo tests: the standard curves, the repository's gesture scripts, recordings.
import Kinetic
import KineticDemos
import KineticHost
import KineticScene
import KineticTestSupport

/// The standard curves, by the shared cubic reference (independent of Kinetic's solver).
extension Reference {
    static func easeOut(_ t: Double) -> Double { bezierProgress(0, 0, 0.58, 1, at: t) }
    static func easeIn(_ t: Double) -> Double { bezierProgress(0.42, 0, 1, 1, at: t) }
    static func easeInOut(_ t: Double) -> Double { bezierProgress(0.42, 0, 0.58, 1, at: t) }
}

/// A gesture script of the repository (`gestures/NAME.txt`).
func repositoryScript(_ name: String) throws -> GestureScript {
    try GestureScript(parsing: readTextFile(repositoryRoot + "/gestures/" + name + ".txt"))
}

/// A fresh demo from its catalog entry (`DemoCatalog.entries`), on `engine`, as a host makes it.
func makeDemo(_ name: String, engine: AnimationEngine) -> any HostedScene {
    DemoCatalog.entries.first { $0.name == name }!.make(engine)
}

/// Runs a demo by name under one of the repository's scripts at 60 fps, then invalidates the
/// engine it made, as a host does (`SceneRender`), so a demo still in flight is freed.
func record(_ name: String, fps: Double = 60) throws -> SceneRecording {
    let script = try repositoryScript(name)
    let demo = makeDemo(name, engine: AnimationEngine())
    let recording = SceneRecording(scene: demo, script: script, fps: fps, duration: script.end)
    demo.engine.invalidate()
    return recording
}

/// Presentation value of a channel at the frame at time `t` (60 fps).
func presentation(_ r: SceneRecording, _ channel: String, at t: Double) -> Double {
    r.value(frame: Int((t * r.fps).rounded()), channel: channel)!.presentation
}
