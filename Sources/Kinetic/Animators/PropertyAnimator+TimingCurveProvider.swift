// PropertyAnimator on user-supplied timing (UIKit's init(duration:timingParameters:) with any UITimingCurveProvider).

extension PropertyAnimator {
    /// An animator on the timing a ``TimingCurveProvider`` supplies (UIKit's
    /// `init(duration:timingParameters:)`): its cubic curve, its spring, or both for a
    /// composed provider (the spring drives geometry, the curve the rest; see
    /// ``TimingCurveProvider``). The provider's parameters are read once, now. A provider with
    /// nothing usable is reported and the animator runs on ``CubicTimingParameters/easeInOut``.
    /// The duration follows the rules of ``init(duration:timingParameters:engine:animations:)-(_,TimingParameters,_,_)``.
    public convenience init(duration: Double, timingParameters provider: any TimingCurveProvider,
                            engine: AnimationEngine, animations: (() -> Void)? = nil) {
        let resolved = ResolvedTiming.resolve(provider, engine: engine)
            ?? ResolvedTiming(primary: .cubic(.easeInOut), composedSpring: nil)
        self.init(duration: duration, timing: resolved.primary, composedSpring: resolved.composedSpring,
                  engine: engine, animations: animations)
    }

    /// The spring part of a composed timing in use (it drives geometry; ``timingParameters``
    /// is then the cubic part that drives the rest), or nil when one timing drives everything.
    /// Like ``timingParameters``, a `continueAnimation` replaces it for the rest of the run.
    public var composedSpringParameters: SpringTimingParameters? { timing.run.composedSpring }

    /// Continues paused animations on the timing a ``TimingCurveProvider`` supplies, as
    /// ``continueAnimation(withTimingParameters:durationFactor:)-(TimingParameters?,_)`` does
    /// with the same parameters: a composed provider continues geometry on its spring (with
    /// the spring's relative initial velocity) and everything else on its curve, each track
    /// from where it is now. A provider with nothing usable is rejected with a diagnostic and
    /// the animator stays paused, unchanged.
    public func continueAnimation(withTimingParameters provider: any TimingCurveProvider, durationFactor: Double) {
        guard state == .active, !isRunning else {
            engine.report(.illegalStateTransition, "continueAnimation is only legal on a paused animator; ignored")
            return
        }
        guard let resolved = ResolvedTiming.resolve(provider, engine: engine) else { return }
        continueRun(withTiming: resolved.primary, composedSpring: resolved.composedSpring, durationFactor: durationFactor)
    }
}
