import Kinetic

/// The built-in push and pop: the incoming screen slides in from the right edge over the
/// outgoing one, which moves a third of the way left and dims, on a critically damped spring
/// (as UIKit's navigation transitions; the 2016 session). Interruptible: its animator is the
/// one ``ContextTransitioning/interruptibleAnimator()`` returns, so a
/// ``PercentDrivenInteractiveTransition`` can scrub, pause, finish or cancel it.
public final class NavigationTransition: AnimatedTransitioning {
    /// Push or pop.
    public let operation: NavigationOperation
    /// The animator's duration in seconds (the spring is fitted to settle in it); default 0.5.
    public var duration = 0.5
    /// How far left the covered screen moves, as a fraction of the width (default 0.3).
    public var parallax = 0.3
    /// The covered screen's alpha (default 0.7).
    public var dimmedAlpha = 0.7

    private var animator: PropertyAnimator?
    private var animatorContext: AnyObject?

    public init(operation: NavigationOperation) {
        self.operation = operation
    }

    public func transitionDuration(using context: (any ContextTransitioning)?) -> Double { duration }

    public func animateTransition(using context: any ContextTransitioning) {
        context.interruptibleAnimator()?.startAnimation()
    }

    public func interruptibleAnimator(using context: any ContextTransitioning) -> (any ImplicitlyAnimating)? {
        if let animator, animatorContext === context { return animator }
        let from = context.node(forKey: .from), to = context.node(forKey: .to)
        let engine = context.containerNode.engine
        let w = context.containerNode.bounds.width
        let mid = w / 2
        let covered = mid - parallax * w
        let dim = dimmedAlpha
        let op = operation
        engine.performWithoutAnimation {
            if op == .push {
                to.center.x = mid + w
            } else {
                to.center.x = covered
                to.alpha = dim
            }
        }
        let animator = PropertyAnimator(duration: duration, timingParameters: .spring(SpringTimingParameters(dampingRatio: 1)),
                                        engine: engine) {
            if op == .push {
                to.center.x = mid
                from.center.x = covered
                from.alpha = dim
            } else {
                from.center.x = mid + w
                to.center.x = mid
                to.alpha = 1
            }
        }
        animator.addCompletion { _ in
            context.completeTransition(!context.transitionWasCancelled)
        }
        self.animator = animator
        animatorContext = context
        return animator
    }

    public func animationEnded(_ transitionCompleted: Bool) {
        animator = nil
        animatorContext = nil
    }
}
