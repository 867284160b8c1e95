// Demos are hosted scenes: what KineticHost's session, recorder and render run.
@_exported import KineticHost

/// The demos' name for a recorded number (`SceneChannel`, which moved to KineticHost).
public typealias DemoChannel = SceneChannel

/// The demos' name for a recording (`SceneRecording`, which moved to KineticHost).
public typealias DemoRecording = SceneRecording

extension Demo: HostedScene {
    /// Runs the demo's per-frame work (its live graph) after the host ticked the engine.
    public func didAdvance(to time: Double) { frame(at: time) }
}

extension SceneRecording {
    /// Runs `demo` under `script` for `duration` seconds at `fps` (`init(scene:script:fps:duration:channels:eachFrame:)`).
    public init(demo: Demo, script: GestureScript, fps: Double, duration: Double, eachFrame: (Int) -> Void = { _ in }) {
        self.init(scene: demo, script: script, fps: fps, duration: duration, eachFrame: eachFrame)
    }
}
