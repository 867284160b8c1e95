// PropertyAnimator on user-supplied timing (UIKit's init(duration:timingParameters:) with any UITimingCurveProvider).

extension PropertyAnimator {
    /// An animator on the timing a ``TimingCurveProvider`` supplies, read once, now (UIKit's
    /// `init(duration:timingParameters:)`): its curve, its spring, or both for a composed
    /// provider (the spring drives geometry, the curve the rest). A provider with nothing usable
    /// is reported and the animator runs on ``CubicTimingParameters/easeInOut``.
    public convenience init(duration: Double, timingParameters provider: any TimingCurveProvider,
                            engine: AnimationEngine, animations: (() -> Void)? = nil) {
        let resolved = ResolvedTiming.resolve(provider, engine: engine)
            ?? ResolvedTiming(primary: .cubic(.easeInOut), composedSpring: nil)
        self.init(duration: duration, timing: resolved.primary, composedSpring: resolved.composedSpring,
                  engine: engine, animations: animations)
    }

    /// The spring part of a composed timing in use (it drives geometry, ``timingParameters`` the
    /// rest), or nil when one timing drives everything.
    public var composedSpringParameters: SpringTimingParameters? { timing.run.composedSpring }

    /// Continues paused animations on the timing a ``TimingCurveProvider`` supplies, as
    /// ``continueAnimation(withTimingParameters:durationFactor:)-(TimingParameters?,_)`` does (a
    /// composed provider continues geometry on its spring, the rest on its curve). A provider
    /// with nothing usable is rejected with a diagnostic and the animator stays paused.
    public func continueAnimation(withTimingParameters provider: any TimingCurveProvider, durationFactor: Double) {
        guard state == .active, !isRunning else {
            engine.report(.illegalStateTransition, "continueAnimation is only legal on a paused animator; ignored")
            return
        }
        guard let resolved = ResolvedTiming.resolve(provider, engine: engine) else { return }
        continueRun(withTiming: resolved.primary, composedSpring: resolved.composedSpring, durationFactor: durationFactor)
    }
}
