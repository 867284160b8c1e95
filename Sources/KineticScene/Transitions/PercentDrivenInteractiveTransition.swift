import Kinetic

/// Drives a transition's interruptible animator from a gesture (UIKit's
/// `UIPercentDrivenInteractiveTransition`, iOS 10 behaviour): it works with any
/// `ImplicitlyAnimating` animator, not only with property animators.
///
/// - ``startInteractiveTransition(_:)`` takes the context's interruptible animator and pauses
///   it at the start (interactive start) or starts it (``wantsInteractiveStart`` false).
/// - ``update(_:)`` scrubs: the animator's `fractionComplete` and the context's percentage.
/// - ``finish()`` and ``cancel()`` end an interactive phase: the animator continues forwards,
///   or reversed back to the start, over its remaining time.
/// - ``pause()`` catches an animated phase: the animator pauses where it is and the context
///   becomes interactive again. Phases can alternate any number of times.
///
/// How the animated phase after ``finish()`` or ``cancel()`` runs (UIKit's `completionSpeed`,
/// `completionCurve` and `timingCurve`), with `r` the way left (1 − ``percentComplete`` when
/// finishing, ``percentComplete`` when cancelling) and `D` the animator's duration:
/// - the timing is ``timingCurve`` if set, else ``completionCurve`` if it was ever set, else the
///   animator's own timing, continued from where the properties are;
/// - the time left is `r·D / completionSpeed` when ``completionSpeed`` is not 1; at 1 (the
///   default) it is `r·D` with a new timing, and with the animator's own timing the time its
///   own pace leaves (so an untouched controller behaves as before these properties existed).
///
/// Calls that are illegal in the context's phase are rejected by the context (with a
/// diagnostic) and then leave the animator alone too; after the transition completes every call
/// is ignored.
///
/// An animator that never became active (one that is not interruptible rejects the interactive
/// start's pause and every scrub; one stopped with `stopAnimation(true)` is inactive again) has
/// moved nothing: ``finish()`` starts it forwards from where the properties are, and
/// ``cancel()`` starts it forwards and reverses it at the same instant, at time fraction 0, so
/// that it completes at `.start` at the next tick without moving (starting it reversed would
/// show its end values first; reversing a running animator is legal even when it is not
/// interruptible).
///
/// Ownership: the driver holds the animator it drives; the completion it adds to the animator
/// refers back to the driver through a `ZeroingReference`, so a dropped driver is freed with
/// its animator even if the transition never completes.
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
