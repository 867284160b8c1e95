import Kinetic

/// Drives a transition's interruptible animator from a gesture (UIKit's
/// `UIPercentDrivenInteractiveTransition`, iOS 10 behaviour): it works with any
/// ``ImplicitlyAnimating`` animator, not only with property animators.
///
/// - ``startInteractiveTransition(_:)`` takes the context's interruptible animator and pauses
///   it at the start (interactive start) or starts it (``wantsInteractiveStart`` false).
/// - ``update(_:)`` scrubs: the animator's `fractionComplete` and the context's percentage.
/// - ``finish()`` and ``cancel()`` end an interactive phase: the animator continues forwards,
///   or reversed back to the start, over its remaining time.
/// - ``pause()`` catches an animated phase: the animator pauses where it is and the context
///   becomes interactive again. Phases can alternate any number of times.
///
/// Calls that are illegal in the context's phase are rejected by the context (with a
/// diagnostic) and then leave the animator alone too; after the transition completes every call
/// is ignored.
open class PercentDrivenInteractiveTransition: InteractiveTransitioning {
    /// Whether transitions start interactive (default true).
    open var wantsInteractiveStart = true
    /// The context of the transition being driven (nil between transitions).
    public private(set) var context: (any ContextTransitioning)?
    /// The animator being driven.
    public private(set) var animator: (any ImplicitlyAnimating)?

    public init() {}

    /// The last percentage given to ``update(_:)``.
    public var percentComplete: Double { context?.percentComplete ?? 0 }

    open func startInteractiveTransition(_ context: any ContextTransitioning) {
        self.context = context
        guard let animator = context.interruptibleAnimator() else {
            // Nothing to drive: complete at once so the stack never waits for ever.
            self.context = nil
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        self.animator = animator
        animator.addCompletion { [self] _ in
            self.context = nil
            self.animator = nil
        }
        if context.isInteractive { animator.pauseAnimation() } else { animator.startAnimation() }
    }

    /// Scrubs the transition to `percent` (clamped to 0...1; NaN rejected by the context).
    open func update(_ percent: Double) {
        guard let context, let animator else { return }
        context.updateInteractiveTransition(percent)
        guard context.isInteractive, !percent.isNaN else { return }
        animator.fractionComplete = Swift.min(Swift.max(percent, 0), 1)
    }

    /// Catches an animated phase: pauses the animator and makes the context interactive.
    open func pause() {
        guard let context, let animator else { return }
        context.pauseInteractiveTransition()
        guard context.isInteractive else { return }
        animator.pauseAnimation()
    }

    /// Ends the interactive phase towards the end.
    open func finish() {
        guard let context else { return }
        context.finishInteractiveTransition()
        guard !context.isInteractive, !context.transitionWasCancelled else { return }
        run(reversed: false)
    }

    /// Ends the interactive phase back towards the start.
    open func cancel() {
        guard let context else { return }
        context.cancelInteractiveTransition()
        guard !context.isInteractive, context.transitionWasCancelled else { return }
        run(reversed: true)
    }

    private func run(reversed: Bool) {
        guard let animator else { return }
        animator.isReversed = reversed
        switch animator.state {
        case .active where !animator.isRunning:
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        case .inactive:
            animator.startAnimation()
        default:
            break
        }
    }
}
