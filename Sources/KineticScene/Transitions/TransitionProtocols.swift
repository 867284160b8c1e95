import Kinetic

/// Which side of a transition (UIKit's `UITransitionContextViewControllerKey` /
/// `ViewKey` `.from` and `.to`).
public enum TransitionKey: Sendable, Equatable {
    /// The screen that is on screen when the transition starts.
    case from
    /// The screen that is on screen when it completes.
    case to
}

/// A push or a pop (UIKit's `UINavigationController.Operation`).
public enum NavigationOperation: Sendable, Equatable {
    case push, pop
}

/// What a transition's animation and interaction controllers are given to do their work
/// (UIKit's `UIViewControllerContextTransitioning`, with the iOS 10 additions).
///
/// ``isInteractive`` and ``transitionWasCancelled`` change as the transition moves between
/// interactive and animated phases: ``pauseInteractiveTransition()`` enters an interactive
/// phase, ``finishInteractiveTransition()`` and ``cancelInteractiveTransition()`` leave it for
/// an animated phase heading to the end or back to the start; ``completeTransition(_:)`` ends
/// the transition once. Illegal calls are rejected with a diagnostic and change nothing.
public protocol ContextTransitioning: AnyObject {
    /// The node the transition's nodes live in while it runs.
    var containerNode: Node { get }
    /// Whether the transition is animated (false for `push(_:animated: false)`).
    var isAnimated: Bool { get }
    /// Whether the transition is in an interactive phase now.
    var isInteractive: Bool { get }
    /// Whether the last interactive phase ended with a cancel (and no finish since).
    var transitionWasCancelled: Bool { get }
    /// The last percentage given to ``updateInteractiveTransition(_:)``.
    var percentComplete: Double { get }
    /// Whether ``completeTransition(_:)`` has been called.
    var isCompleted: Bool { get }
    /// The screen on either side.
    func screen(forKey key: TransitionKey) -> Screen
    /// The node of the screen on either side.
    func node(forKey key: TransitionKey) -> Node
    /// Where a screen's node is when the transition starts.
    func initialFrame(for screen: Screen) -> Rect
    /// Where a screen's node should be when the transition completes.
    func finalFrame(for screen: Screen) -> Rect
    /// Records the progress of an interactive phase.
    func updateInteractiveTransition(_ percentComplete: Double)
    /// Enters an interactive phase from an animated one (iOS 10).
    func pauseInteractiveTransition()
    /// Leaves the interactive phase, heading to the end.
    func finishInteractiveTransition()
    /// Leaves the interactive phase, heading back to the start.
    func cancelInteractiveTransition()
    /// Ends the transition: the stack changes when `didComplete` is true.
    func completeTransition(_ didComplete: Bool)
    /// The animation controller's interruptible animator for this transition: asked once, then
    /// the same instance for the whole transition; nil if it provides none.
    func interruptibleAnimator() -> (any ImplicitlyAnimating)?
}

/// Animates a transition (UIKit's `UIViewControllerAnimatedTransitioning`).
public protocol AnimatedTransitioning: AnyObject {
    /// The transition's duration in seconds.
    func transitionDuration(using context: (any ContextTransitioning)?) -> Double
    /// Runs a non-interactive transition (typically: start the interruptible animator).
    func animateTransition(using context: any ContextTransitioning)
    /// The animator that runs the transition (iOS 10). It must be the same instance every
    /// time it is asked during one transition (the context enforces this: a different one is
    /// reported and ignored) and should call `context.completeTransition(!context.transitionWasCancelled)`
    /// when it completes. Default: nil (not interruptible).
    func interruptibleAnimator(using context: any ContextTransitioning) -> (any ImplicitlyAnimating)?
    /// Called after the transition completed (or was cancelled). Default: nothing.
    func animationEnded(_ transitionCompleted: Bool)
}

extension AnimatedTransitioning {
    public func interruptibleAnimator(using context: any ContextTransitioning) -> (any ImplicitlyAnimating)? { nil }
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// Drives a transition interactively (UIKit's `UIViewControllerInteractiveTransitioning`).
public protocol InteractiveTransitioning: AnyObject {
    /// Starts the transition: called instead of `animateTransition(using:)`.
    func startInteractiveTransition(_ context: any ContextTransitioning)
    /// Whether the transition starts in an interactive phase (true) or an animated one that an
    /// interaction may pause later (iOS 10).
    var wantsInteractiveStart: Bool { get }
}

/// Supplies a navigation stack's transitions (UIKit's `UINavigationControllerDelegate`). The
/// stack keeps its delegate strongly (Embedded Swift has no `weak`); set it to nil to let go.
public protocol NavigationStackDelegate: AnyObject {
    /// The animation controller for a push or pop; nil uses the built-in one.
    func navigationStack(_ stack: NavigationStack, animationControllerFor operation: NavigationOperation,
                         from: Screen, to: Screen) -> (any AnimatedTransitioning)?
    /// The interaction controller for an animation controller; nil runs it non-interactively.
    func navigationStack(_ stack: NavigationStack,
                         interactionControllerFor animationController: any AnimatedTransitioning) -> (any InteractiveTransitioning)?
    /// Called when a transition ends, with the screen on top.
    func navigationStack(_ stack: NavigationStack, didShow screen: Screen, completed: Bool)
}

extension NavigationStackDelegate {
    public func navigationStack(_ stack: NavigationStack, animationControllerFor operation: NavigationOperation,
                                from: Screen, to: Screen) -> (any AnimatedTransitioning)? { nil }
    public func navigationStack(_ stack: NavigationStack,
                                interactionControllerFor animationController: any AnimatedTransitioning) -> (any InteractiveTransitioning)? { nil }
    public func navigationStack(_ stack: NavigationStack, didShow screen: Screen, completed: Bool) {}
}
