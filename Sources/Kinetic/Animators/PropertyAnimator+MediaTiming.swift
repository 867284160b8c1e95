// PropertyAnimator's Core Animation media timing: speed, repeat count, autoreverse.

extension PropertyAnimator {
    /// How fast the animator's clock runs relative to the engine's (Core Animation's `speed`):
    /// 2 plays the timeline in half the time. Durations are in the animator's own time, the
    /// start delay in the engine's. Changing it while running re-anchors the clock, so nothing
    /// jumps. Default 1; anything but a finite positive number is reported
    /// (``Diagnostic/Kind/invalidArgument``) and the speed is unchanged.
    public var speed: Double {
        get { clock.speed }
        set {
            guard newValue.isFinite && newValue > 0 else {
                engine.report(.invalidArgument, "speed \(newValue) is not a finite positive number; it stays \(clock.speed)")
                return
            }
            guard newValue != clock.speed else { return }
            if isRunning { reanchor() }
            clock.speed = newValue
        }
    }

    /// How many times the animations play (Core Animation's `repeatCount`): 0 (the default)
    /// and 1 once, 2.5 two and a half times, `.infinity` forever; with ``autoreverses`` each
    /// repeat plays forward then back. ``fractionComplete`` reads and scrubs within the current
    /// repeat. Can only change while inactive; a negative or NaN count is reported. How runs
    /// complete, scrub and reverse across repeats is in
    /// <doc:PropertyAnimatorInDepth#Repeats-and-autoreverse>.
    public var repeatCount: Double {
        get { clock.repeatCount }
        set {
            guard !newValue.isNaN && newValue >= 0 else {
                engine.report(.invalidArgument, "repeatCount \(newValue) is negative or NaN; it stays \(clock.repeatCount)")
                return
            }
            guard state == .inactive else {
                engine.report(.illegalStateTransition, "repeatCount can only change while the animator is inactive")
                return
            }
            clock.repeatCount = newValue
        }
    }

    /// Whether each repeat plays forward and then backward (Core Animation's `autoreverses`):
    /// one autoreversing play goes to the end values and back, and completes at
    /// ``AnimatingPosition/start``. Can only change while the animator is inactive.
    public var autoreverses: Bool {
        get { clock.autoreverses }
        set {
            guard state == .inactive else {
                engine.report(.illegalStateTransition, "autoreverses can only change while the animator is inactive")
                return
            }
            clock.autoreverses = newValue
        }
    }

    /// Which repeat the animator is in (0 for the first), counting each autoreversing repeat
    /// once. 0 when inactive.
    public var currentRepeat: Double {
        guard state == .active else { return 0 }
        let leg = currentPosition().leg
        return clock.autoreverses ? (leg / 2).rounded(.down) : leg
    }
}
