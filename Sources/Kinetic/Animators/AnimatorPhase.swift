// A PropertyAnimator's phase: UIKit's states with the data that exists only in each, and the
// transitions UIKit allows between them.

/// Where a linear scrub began: the time fraction the animator was paused at and the
/// ``PropertyAnimator/fractionComplete`` read there (writing that value back shows that time
/// fraction).
struct ScrubAnchor {
    let fraction: Double
    let reading: Double

    /// The time fraction at which a scrub from here to `progress` goes back onto the timeline:
    /// where `timing` (over `duration` seconds) shows that progress (the 2016 session's
    /// remapping), exactly the anchor's fraction when `progress` is the value read there, and
    /// `progress` itself at the ends or where no fraction inside (0, 1) shows it.
    func fraction(showing progress: Double, on timing: TimingParameters, duration: Double) -> Double {
        if reading == progress { return fraction }
        if progress <= 0 || progress >= 1 { return progress }
        let mapped = timing.fraction(showingProgress: progress, duration: duration)
        return mapped > 0 && mapped < 1 ? mapped : progress
    }
}

/// A ``PropertyAnimator``'s phase, with the data that exists only in it: its ``state`` and
/// ``isRunning`` are read from here; the animator's ``AnimatorClock`` is shared by the active
/// phases.
enum AnimatorPhase {
    /// No animations in flight (UIKit's `.inactive`).
    case inactive
    /// Active, the clock moving from `anchorFraction` at `rate` since
    /// `max(anchorTime, startTime)` (UIKit's `.active` with `isRunning`).
    case running
    /// Active, paused at time fraction `anchorFraction`.
    case paused
    /// Active, paused and scrubbed linearly to `progress`, from a pause at `anchor`.
    case scrubbed(progress: Double, anchor: ScrubAnchor)
    /// Stopped (UIKit's `.stopped`): the presentation was written into the model; `reading` is
    /// what `fractionComplete` read then, and `finish` sets each property for the position
    /// `finishAnimation(at:)` is given.
    case stopped(reading: Double, finish: [(AnimatingPosition) -> Void])

    var state: AnimatingState {
        switch self {
        case .inactive: return .inactive
        case .running, .paused, .scrubbed: return .active
        case .stopped: return .stopped
        }
    }

    var isRunning: Bool {
        if case .running = self { return true }
        return false
    }

    var scrubbedProgress: Double? {
        if case .scrubbed(let progress, _) = self { return progress }
        return nil
    }

    /// UIKit's table of `UIViewAnimatingState` transitions: inactive → active (start, pause,
    /// setting `fractionComplete`); active → inactive (the animations complete, or
    /// `stopAnimation(true)`); active → stopped (`stopAnimation(false)`); stopped → inactive
    /// (`finishAnimation(at:)`, `stopAnimation(true)`). Within active, running, paused and
    /// scrubbed follow one another. Nothing else: a stopped animator never runs again before it
    /// is finished, and an inactive one is never stopped. The public calls reject everything
    /// else with a diagnostic before they get here.
    static func isLegalTransition(from: AnimatingState, to: AnimatingState) -> Bool {
        switch (from, to) {
        case (.inactive, .active), (.active, .active), (.active, .inactive), (.active, .stopped), (.stopped, .inactive):
            return true
        default:
            return false
        }
    }
}
