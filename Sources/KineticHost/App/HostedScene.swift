// What a host runs: a scene on an engine, with the pointer intake, per-frame work and recorded numbers around it.
import Kinetic
import KineticScene

/// What a host runs: a scene on its engine, built by an app (UIKit's analogue: a view
/// controller, whose view the window shows and to which it sends touches).
///
/// A host (``HostSession`` in a browser, ``SceneRender`` headless) drives one of these per
/// frame:
/// 1. every pointer event up to the frame's time goes to ``handle(_:)``, in scene points
///    (`(0, 0)` top left, `scene.size` bottom right) and seconds on the engine's clock;
/// 2. the engine ticks to the frame's time (never backwards);
/// 3. ``didAdvance(to:)`` runs with the engine's time;
/// 4. `scene.renderList()` is drawn and ``channels`` are sampled.
///
/// Class-bound, so hosts hold `any HostedScene` everywhere, Embedded Swift included.
public protocol HostedScene: AnyObject {
    /// The scene drawn each frame; its `engine` is the one the scene was made with.
    var scene: Scene { get }
    /// Handles a pointer event, already in scene points; returns false if it was rejected (a
    /// diagnostic is then on the engine). Default: `scene.send(event)`.
    @discardableResult
    func handle(_ event: PointerEvent) -> Bool
    /// Runs once per frame after the engine has ticked to `time` (seconds, never less than the
    /// previous frame's), before the frame is drawn: live graphs, physics readouts. Default:
    /// nothing.
    func didAdvance(to time: Double)
    /// The numbers `render`'s CSV and the page's recorder record, in column order. Default:
    /// none.
    var channels: [SceneChannel] { get }
    /// The real page's elements the scene animates (see `PageLayout`), for a host that runs
    /// the scene on a page of the user's own (`kinetic-page.js`); nil, the default, for a scene
    /// that draws itself.
    var page: PageLayout? { get }
}

extension HostedScene {
    /// Sends the event to the scene's gesture recognizers (`Scene.send(_:)`).
    @discardableResult
    public func handle(_ event: PointerEvent) -> Bool { scene.send(event) }
    /// Does nothing.
    public func didAdvance(to time: Double) {}
    /// No channels.
    public var channels: [SceneChannel] { [] }
    /// No page.
    public var page: PageLayout? { nil }

    /// The engine animating ``scene``.
    public var engine: AnimationEngine { scene.engine }

    /// Advances to `time` (seconds): advances the engine (`AnimationEngine.advance(to:)`: a
    /// later time ticks, an earlier or equal one holds the engine's time), then calls
    /// ``didAdvance(to:)`` with the engine's time. False, and nothing runs, for a time the
    /// engine refuses (not finite, or beyond `AnimationEngine.maximumTime`: a diagnostic on the
    /// engine).
    @discardableResult
    public func advance(to time: Double) -> Bool {
        guard let now = scene.engine.advance(to: time) else { return false }
        didAdvance(to: now)
        return true
    }
}
