// A PropertyAnimator's timing: what it was created with, and what drives the current run.

/// The timing a ``PropertyAnimator`` was created with, and the timing of its current run, which
/// `continueAnimation`, an inspector's timing override or the engine's ``MotionPolicy`` may
/// replace until the run ends (then it is the own timing again).
struct AnimatorTiming {
    /// One run's timing: the curve or spring, the spring part of a composed timing, and the
    /// seconds the timeline lasts.
    struct Choice {
        /// Drives every property, or every value a composed timing does not spring.
        var parameters: TimingParameters
        /// The spring part of a composed timing, for the values it springs (see
        /// ``AnimatableValue/followsSpringInComposedTiming``); nil when one timing drives all.
        var composedSpring: SpringTimingParameters?
        /// The seconds the timeline runs for (``PropertyAnimator/animationDuration``).
        var duration: Double
        /// Whether changes to ``MotionRole/geometry`` properties land at their start instead of
        /// travelling (the run started under ``MotionPolicy/reduced``).
        var landsGeometry = false
    }

    /// The timing the animator was created with: every run starts on it.
    let own: Choice
    /// The timing of the current run.
    var run: Choice

    /// `timing`, with the spring part `composedSpring` of a composed timing, fitted to an
    /// animator of `duration` seconds: a composed timing runs both parts over its spring's
    /// duration (fitted to `duration`, or its settling time).
    init(_ timing: TimingParameters, composedSpring: SpringTimingParameters?, duration: Double) {
        let spring = composedSpring?.fitted(toDuration: duration)
        own = Choice(parameters: timing.fitted(toDuration: duration), composedSpring: spring,
                     duration: spring?.animationDuration(forAnimatorDuration: duration)
                         ?? timing.animationDuration(forAnimatorDuration: duration))
        run = own
    }

    /// The rate of a whole run: one ``Choice/duration`` per time fraction (infinite for a
    /// zero-length timeline).
    var wholeRunRate: Double { run.duration > 0 ? 1 / run.duration : .infinity }

    /// Fits the run that is starting to `policy`: under ``MotionPolicy/reduced`` the same
    /// timing, with geometry landing at its start; under ``MotionPolicy/none`` a zero-length
    /// timeline.
    mutating func fit(to policy: MotionPolicy) {
        switch policy {
        case .full:
            return
        case .reduced:
            run.landsGeometry = true
        case .none:
            run.duration = 0
        }
    }

    /// The rest of the run continues on `parameters`, with the spring part `composedSpring` of
    /// a composed timing, fitted to `seconds`; returns the seconds the new timing lasts (a
    /// spring's settling time when it does not fit). The timeline's duration is unchanged.
    mutating func continueRun(on parameters: TimingParameters, composedSpring: SpringTimingParameters?,
                              seconds: Double) -> Double {
        let fitted = parameters.fitted(toDuration: seconds)
        let spring = composedSpring?.fitted(toDuration: seconds)
        run.parameters = fitted
        run.composedSpring = spring
        return spring?.animationDuration(forAnimatorDuration: seconds) ?? fitted.animationDuration(forAnimatorDuration: seconds)
    }

    /// Runs the current run on `override` instead, for an animator of `duration` seconds (a
    /// spring is fitted to it as at creation). Returns the new timing, or nil when `override`
    /// does not time animators (a deceleration) and the run keeps its own.
    mutating func override(with override: TimingOverride, duration: Double) -> TimingParameters? {
        let timing: TimingParameters
        switch override {
        case .cubic(let curve): timing = .cubic(curve)
        case .spring(let spring): timing = TimingParameters.spring(spring).fitted(toDuration: duration)
        case .decay: return nil
        }
        run = Choice(parameters: timing, composedSpring: nil,
                     duration: timing.animationDuration(forAnimatorDuration: duration))
        return timing
    }
}
