// UIKit's UIViewAnimating and UIViewImplicitlyAnimating: what an animator answers to, whoever made it.

/// An object that runs animations that can be started, paused, scrubbed, reversed, stopped and
/// finished (UIKit's `UIViewAnimating`). `PropertyAnimator` is one; a transition may return
/// any other, built on physics animations for example.
///
/// It lives in the core, beside the animator, so that core code and any layer can be generic
/// over animators; the scene's transitions (`KineticScene`) hold one as `any ImplicitlyAnimating`
/// (a class-bound protocol, so the existential is allowed in Embedded Swift).
public protocol Animating: AnyObject {
    /// Inactive, active or stopped.
    var state: AnimatingState { get }
    /// Whether the animations are moving now.
    var isRunning: Bool { get }
    /// Whether the animations run backwards.
    var isReversed: Bool { get set }
    /// How far the animations are, 0...1 (settable while paused).
    var fractionComplete: Double { get set }
    /// Starts, or continues after a pause.
    func startAnimation()
    /// Starts after a delay in seconds.
    func startAnimation(afterDelay delay: Double)
    /// Pauses where the animations are.
    func pauseAnimation()
    /// Stops where the animations are; `true` makes it inactive without completions.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes a stopped animator at a position.
    func finishAnimation(at position: AnimatingPosition)
}

/// An ``Animating`` object whose animations are blocks of property changes (UIKit's
/// `UIViewImplicitlyAnimating`): what `interruptibleAnimator(using:)` returns and what a
/// `PercentDrivenInteractiveTransition` drives.
public protocol ImplicitlyAnimating: Animating {
    /// Adds an animation block (run over the remaining time when active).
    func addAnimations(_ animations: @escaping () -> Void)
    /// Adds an animation block that starts after a fraction of the remaining time.
    func addAnimations(_ animations: @escaping () -> Void, delayFactor: Double)
    /// Adds a completion handler, run once with the finishing position.
    func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void)
    /// Continues a paused animator, optionally with new timing and duration factor.
    func continueAnimation(withTimingParameters parameters: TimingParameters?, durationFactor: Double)
}

extension PropertyAnimator: ImplicitlyAnimating {}
