// The one loop that runs a hosted scene under a gesture script on a manual clock and records its channels.
import Kinetic
import KineticScene

/// Runs a scene under a gesture script on a manual clock and records its channels frame by
/// frame: the one loop shared by `render` (``SceneRender``) and the page's recorder
/// (``HostSession/record(_:script:fps:)``), so the native and WebAssembly numbers come from
/// the same code.
///
/// Frame `i` is at `t = i / fps`. Before each frame, the script's events up to `t` are
/// handled, each at its own timestamp (the engine advances to it first); then the scene is
/// advanced to `t` (``HostedScene/advance(to:)``) and every channel sampled.
public struct SceneRecording {
    /// The number of frames recorded: `(duration · fps).rounded()`, 0 for a negative duration;
    /// fewer if `stop` ended the run early.
    public let frames: Int
    /// The frames per second.
    public let fps: Double
    /// Channel names, in column order.
    public let channels: [String]
    /// Row-major values: for frame `i`, channel `c`, `(model, presentation, velocity)` at
    /// `values[(i * channels.count + c) * 3 + k]`.
    public private(set) var values: [Double] = []
    /// Events the scene rejected.
    public private(set) var rejected = 0

    /// Runs `scene` under `script` for `duration` seconds at `fps`, recording `channels`
    /// (default: all of the scene's); `eachFrame` runs after each frame is recorded (a host
    /// writes its SVG there), then `stop`: when it answers true the run ends after that frame
    /// (a host whose write failed stops there).
    public init(scene: any HostedScene, script: GestureScript, fps: Double, duration: Double,
                channels: [SceneChannel]? = nil, eachFrame: (Int) -> Void = { _ in },
                stop: () -> Bool = { false }) {
        self.fps = fps
        let count = SceneRecording.frameCount(duration: duration, fps: fps)
        let recorded = channels ?? scene.channels
        self.channels = recorded.map { $0.name }
        values.reserveCapacity(count * recorded.count * 3)
        var next = 0, nextLayout = 0
        var done = 0
        for i in 0..<count {
            let t = Double(i) / fps
            // Pointer events and page layouts up to the frame, in the script's order.
            while true {
                let layoutFirst = nextLayout < script.layouts.count && script.layouts[nextLayout].time <= t
                    && script.layouts[nextLayout].precedingEvents <= next
                if layoutFirst {
                    scene.applyLayout(script.layouts[nextLayout])
                    nextLayout += 1
                } else if next < script.events.count, script.events[next].time <= t {
                    if !scene.handle(script.events[next]) { rejected += 1 }
                    next += 1
                } else {
                    break
                }
            }
            scene.advance(to: t)
            for c in recorded {
                let s = c.sample()
                values.append(s.model)
                values.append(s.presentation)
                values.append(s.velocity)
            }
            eachFrame(i)
            done = i + 1
            if stop() { break }
        }
        frames = done
    }

    /// The frames a run of `duration` seconds at `fps` has: `(duration · fps).rounded()`, 0 for
    /// a negative duration.
    public static func frameCount(duration: Double, fps: Double) -> Int {
        Swift.max(0, Int((duration * fps).rounded()))
    }

    /// The value of a channel at a frame.
    public func value(frame: Int, channel: String) -> (model: Double, presentation: Double, velocity: Double)? {
        guard frame >= 0, frame < frames, let c = channels.firstIndex(of: channel) else { return nil }
        let base = (frame * channels.count + c) * 3
        return (values[base], values[base + 1], values[base + 2])
    }

    /// The recording as CSV: `frame,t`, then `NAME.model,NAME.presentation,NAME.velocity` per
    /// channel; numbers in Swift's shortest round-tripping form.
    public var csv: String {
        var out = "frame,t"
        for name in channels { out += ",\(name).model,\(name).presentation,\(name).velocity" }
        out += "\n"
        for i in 0..<frames {
            out += "\(i),\(Double(i) / fps)"
            let base = i * channels.count * 3
            for k in 0..<(channels.count * 3) { out += ",\(values[base + k])" }
            out += "\n"
        }
        return out
    }
}
