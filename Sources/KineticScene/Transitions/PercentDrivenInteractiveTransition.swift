import Kinetic

/// Drives a transition's interruptible animator from a gesture (UIKit's
/// `UIPercentDrivenInteractiveTransition`, iOS 10 behaviour): it works with any
/// `ImplicitlyAnimating` animator, not only with property animators.
///
/// ``update(_:)`` scrubs, ``finish()`` and ``cancel()`` end an interactive phase (the animator
/// continues forwards, or back to the start), and ``pause()`` catches an animated phase; phases
/// can alternate any number of times.
///
/// ```swift
/// let interaction = PercentDrivenInteractiveTransition()   // the delegate returns it
/// interaction.update(pan.translation(in: nil).x / width)   // while the finger moves
/// if flicked { interaction.finish() } else { interaction.cancel() }
/// ```
///
/// Each call, the timing and time of the finishing or cancelling run, illegal calls, an animator
/// that never started, and ownership are in
/// <doc:NavigationTransitions#Driving-a-transition-from-a-gesture>.
open class PercentDrivenInteractiveTransition: InteractiveTransitioning, LifetimeOwner {
    /// The driver's own token for the zeroing reference its animator's completion holds (see
    /// `LifetimeOwner` in Kinetic).
    public let lifetime = Lifetime()

    /// Whether transitions start interactive (default true): the context starts interactive and
    /// the animator paused at the start; false starts it animated (running), to be caught with
    /// ``pause()``.
    open var wantsInteractiveStart = true

    /// How fast the finishing or cancelling run goes, relative to the animator's duration
    /// (UIKit's `completionSpeed`, default 1): 2 covers the remaining way in half the time.
    /// A value that is not finite and positive is rejected (the property keeps its value, and
    /// a diagnostic goes to the driven animator's engine when there is one).
    open var completionSpeed: Double {
        get { speed }
        set {
            guard newValue.isFinite, newValue > 0 else {
                (animator as? PropertyAnimator)?.engine.report(
                    .invalidArgument, "completionSpeed \(newValue) is not finite and positive; it stays \(speed)")
                return
            }
            speed = newValue
        }
    }
    private var speed = 1.0

    /// The curve of the finishing or cancelling run when ``timingCurve`` is nil (UIKit's
    /// `completionCurve`, default ease in-out). Until it is set, the animator keeps its own
    /// timing (UIKit uses `completionCurve` only for animations it cannot continue with their
    /// own timing; a property animator continues with its own).
    open var completionCurve: AnimationCurve = .easeInOut {
        didSet { completionCurveIsSet = true }
    }
    private var completionCurveIsSet = false

    /// The timing of the finishing or cancelling run (UIKit's `timingCurve`, iOS 10); it wins
    /// over ``completionCurve``. Nil (the default): see ``completionCurve``.
    open var timingCurve: TimingParameters?

    /// The timing the finishing or cancelling run uses (nil: the animator's own).
    var completionTiming: TimingParameters? {
        if let timingCurve { return timingCurve }
        return completionCurveIsSet ? .cubic(CubicTimingParameters(animationCurve: completionCurve)) : nil
    }
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
        let driver = ZeroingReference(self)
        animator.addCompletion { _ in
            guard let me = driver.object else { return }
            me.context = nil
            me.animator = nil
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
    ///
    /// An animator that is inactive (stopped with `stopAnimation(true)`) has moved nothing since:
    /// it is paused forwards, at its start, even if it was reversed (paused reversed it would
    /// show its end values at once).
    open func pause() {
        guard let context, let animator else { return }
        context.pauseInteractiveTransition()
        guard context.isInteractive else { return }
        if animator.state == .inactive { animator.isReversed = false }
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
        switch animator.state {
        case .active where !animator.isRunning:
            // The way left, read before reversing (a paused animator reads the progress shown).
            let fraction = animator.fractionComplete
            let remaining = reversed ? fraction : 1 - fraction
            let timing = completionTiming
            // durationFactor multiplies the animator's duration D: r/speed gives r·D/speed.
            let factor = speed == 1 && timing == nil ? 0 : remaining / speed
            animator.isReversed = reversed
            animator.continueAnimation(withTimingParameters: timing, durationFactor: factor)
        case .inactive where reversed:
            // Never started: nothing moved, so the way back is no way at all. Starting it
            // reversed would show the end values at once; start it forwards and turn it back at
            // fraction 0, where it completes at `.start` at the next tick.
            animator.isReversed = false
            animator.startAnimation()
            animator.isReversed = true
        case .inactive:
            animator.isReversed = false
            animator.startAnimation()
        default:
            animator.isReversed = reversed
        }
    }
}
