import Kinetic
import KineticScene

/// What a demo is called and what it shows: the name hosts select it by, a title, and the
/// one-paragraph description shown beside it.
public struct DemoInfo: Sendable, Equatable {
    /// The identifier (`"drawer"`): the `kinetic render` scene name and the playground's key.
    public let name: String
    /// A short title for a picker (`"The drawer"`).
    public let title: String
    /// One paragraph: what the demo is, where it comes from, and what to try.
    public let description: String

    public init(name: String, title: String, description: String) {
        self.name = name
        self.title = title
        self.description = description
    }
}

/// A running demo: its scene on its engine, the channels it records, and the per-frame work
/// its live graph does. What every host drives.
///
/// A host sends pointer events with ``send(_:)`` and calls ``frame(at:)`` once per frame with
/// the frame's time, then draws `scene.renderList()`. Both are deterministic functions of their
/// inputs: the same events at the same times give the same values on every platform.
public final class Demo {
    /// Name, title and description.
    public let info: DemoInfo
    /// The engine animating the scene.
    public let engine: AnimationEngine
    /// The scene (375 × 667 points, an iPhone 8 screen, for every demo).
    public let scene: Scene
    /// The numbers hosts record.
    public let channels: [DemoChannel]
    /// The object that built the demo (a ``DrawerDemo``…), kept alive by it.
    ///
    /// Ownership runs one way: a host holds the demo, the demo holds its owner, the owner holds
    /// the scene (and through it the engine). The owner must not hold the demo, and closures it
    /// stores in the scene, the engine or its animators reach it through a
    /// ``ZeroingReference`` (Embedded Swift has no `weak`), so dropping the demo frees it all
    /// (the demo invalidates its engine as it goes, which frees animations caught mid-flight).
    public let owner: AnyObject
    private let onFrame: () -> Void

    /// The screen size every demo is laid out for.
    public static let screenSize = Size(width: 375, height: 667)

    /// A demo of `scene`; `onFrame` runs after every ``frame(at:)``'s tick (live graphs).
    ///
    /// The demo owns `scene`'s engine: dropping the demo invalidates it (see `deinit`), so
    /// make one demo per scene and keep it as long as the scene runs.
    public init(info: DemoInfo, scene: Scene, channels: [DemoChannel], owner: AnyObject,
                onFrame: @escaping () -> Void = {}) {
        self.info = info
        self.engine = scene.engine
        self.scene = scene
        self.channels = channels
        self.owner = owner
        self.onFrame = onFrame
    }

    /// A demo owns its engine: dropping the demo invalidates it, so animations still in flight
    /// (which keep their properties, and through them the scene, alive until they finish) let
    /// go and the whole demo is freed.
    deinit { engine.invalidate() }

    /// Dispatches a pointer event (see `Scene.send(_:)`); false if it was rejected.
    @discardableResult
    public func send(_ event: PointerEvent) -> Bool { scene.send(event) }

    /// Advances the demo to `time` (seconds): ticks the engine (a time before the engine's is
    /// held at the engine's time, so a host's jittery clock never rewinds anything) and updates
    /// the live graph.
    public func frame(at time: Double) {
        if time.isFinite, time > engine.time { engine.tick(at: time) }
        onFrame()
    }
}
