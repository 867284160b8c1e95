/// The timing of an animator: a cubic curve or a spring (UIKit's `UITimingCurveProvider`, whose
/// two concrete kinds are `UICubicTimingParameters` and `UISpringTimingParameters`).
public enum TimingParameters: Sendable, Equatable {
    /// A cubic Bézier timing curve.
    case cubic(CubicTimingParameters)
    /// A spring.
    case spring(SpringTimingParameters)

    /// The duration an animator given `duration` runs for: `duration` for a curve or a spring
    /// fitted to the animator's duration, the spring's settling duration otherwise (as UIKit).
    public func animationDuration(forAnimatorDuration duration: Double) -> Double {
        switch self {
        case .cubic: return duration
        case .spring(let s): return s.animationDuration(forAnimatorDuration: duration)
        }
    }

    /// The progress shown at time fraction `x` of a run lasting `duration` seconds (a spring
    /// runs in seconds, at `x · duration`, and is brought to rest at the end of the run by
    /// ``SpringTimingParameters/runWindow(atFraction:)``).
    func progress(atFraction x: Double, duration: Double) -> Double {
        switch self {
        case .cubic(let curve): return curve.progress(at: x)
        case .spring(let spring):
            return 1 - (1 - spring.progress(at: x * duration)) * SpringTimingParameters.runWindow(atFraction: x).value
        }
    }

    /// The time fraction at which the timing first shows progress `p` (the inverse of
    /// ``progress(atFraction:duration:)``, the 2016 session's remapping after a linear scrub):
    /// 0 for `p ≤ 0`, 1 for `p ≥ 1` or a progress the timing never reaches; a curve that never
    /// reaches `p` gives `p` itself.
    func fraction(showingProgress p: Double, duration: Double) -> Double {
        switch self {
        case .cubic(let curve):
            return curve.fraction(forProgress: p) ?? p
        case .spring(let spring):
            guard p > 0 else { return 0 }
            guard p < 1, duration > 0, let t = spring.time(reachingProgress: p, within: duration) else { return 1 }
            return t / duration
        }
    }

    /// The timing with a spring fitted to `duration` (curves are unchanged).
    func fitted(toDuration duration: Double) -> TimingParameters {
        switch self {
        case .cubic: return self
        case .spring(let s): return .spring(s.fitted(toDuration: duration))
        }
    }
}

/// Where an animation finished (UIKit's `UIViewAnimatingPosition`).
public enum AnimatingPosition: Sendable, Equatable {
    /// At the end: the properties hold the values the animations set.
    case end
    /// At the start: the properties went back to the values they had before.
    case start
    /// Wherever the animation was: the properties hold what was on screen.
    case current
}

/// An animator's state (UIKit's `UIViewAnimatingState`).
public enum AnimatingState: Sendable, Equatable {
    /// Not started, or finished: no animations are in flight.
    case inactive
    /// Started, paused or scrubbed: its animations are in flight.
    case active
    /// Stopped with `stopAnimation(false)`: the presentation was written into the model and
    /// the animator waits for `finishAnimation(at:)`.
    case stopped
}

/// Why a completion handler ran.
public enum CompletionReason: Sendable, Equatable {
    /// The animations ran to their end (or, reversed, back to their start) undisturbed.
    case completed
    /// The animations ran to their end, but meanwhile another animation (or a direct change)
    /// retargeted a property they animate, so it ends where the newer change sent it, not where
    /// this animator did. The position is still `.end` (or `.start`), as in UIKit, where a
    /// reversal by retargeting completes the first animator at `.end`.
    case retargeted
    /// The animator was stopped (`stopAnimation(false)`) and then finished at the given
    /// position with `finishAnimation(at:)`.
    case stopped
}
