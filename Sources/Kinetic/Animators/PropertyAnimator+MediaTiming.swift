// PropertyAnimator's Core Animation media timing: speed, repeat count, autoreverse.

extension PropertyAnimator {
    /// How fast the animator's clock runs relative to the engine's (Core Animation's `speed`):
    /// 2 plays the timeline in half the time, 0.5 in twice. Durations (including those of
    /// `continueAnimation`'s `durationFactor`, and of added blocks' delay factors) are in the
    /// animator's own time; the delay of ``startAnimation(afterDelay:)`` is in the engine's
    /// seconds and is not scaled. Changing it while running re-anchors the clock where it is,
    /// so nothing jumps (the velocity scales at once). Default 1.
    ///
    /// Must be finite and greater than 0 (reverse with ``isReversed`` instead of a negative
    /// speed; stop with ``pauseAnimation()`` instead of 0): anything else is reported as
    /// ``Diagnostic/Kind/invalidArgument`` and the speed is unchanged.
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
    /// and 1 play once, 3 three times, 2.5 two and a half times, `.infinity` forever. With
    /// ``autoreverses`` each repeat plays forward then back, so it lasts twice the duration.
    ///
    /// - Each repeat that does not autoreverse begins at the start values: at the instant a
    ///   repeat ends (elapsed time an exact multiple of the duration), the next has begun and
    ///   shows the start values, a jump Core Animation makes too. Autoreversing repeats are
    ///   continuous in value at every boundary (the velocity flips at each turn).
    /// - A finite run completes once, at the end of its last repeat, where the properties stay
    ///   exactly as shown: at the end values (``AnimatingPosition/end``) for a whole count
    ///   that does not autoreverse, at the start values (``AnimatingPosition/start``) when it
    ///   autoreverses, and where the last partial repeat stops (``AnimatingPosition/current``,
    ///   the values written into the model) for a fractional count. Repeating forever never
    ///   completes on its own (stop it, or reverse it back to its start).
    /// - ``fractionComplete`` reads and scrubs the time fraction *within the current repeat*
    ///   (running down in the backward half of an autoreversing repeat); pausing freezes the
    ///   clock in its repeat, a scrub moves within it, and continuing goes on from there.
    ///   ``isReversed`` runs the clock back through the previous repeats, retracing exactly
    ///   what was shown, to complete at ``AnimatingPosition/start`` at the beginning of the
    ///   first. Started reversed, the animator begins at the end of its last repeat (the end
    ///   of the first repeat when repeating forever).
    /// - Blocks added while it runs animate over what remains of the current pass (toward 1,
    ///   or toward 0 in a backward half) and take part in every later repeat as part of the
    ///   timeline; so does a timing change by `continueAnimation`, whose `durationFactor` sets
    ///   the pace of the rest of the current pass and of every later pass of this run. With
    ///   ``pausesOnCompletion`` the animator pauses at the end of its last repeat instead of
    ///   completing. A zero-length timeline (duration 0) ignores repeats: it completes at the
    ///   first tick.
    ///
    /// Can only change while the animator is inactive (an ``Diagnostic/Kind/illegalStateTransition``
    /// otherwise); a negative or NaN count is reported (``Diagnostic/Kind/invalidArgument``).
    /// Either way it is then unchanged.
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

    /// Whether each repeat plays forward and then backward (Core Animation's `autoreverses`;
    /// see ``repeatCount``). With the default repeat count, one autoreversing play goes to the
    /// end values and back, and completes at ``AnimatingPosition/start``. Can only change while
    /// the animator is inactive (an ``Diagnostic/Kind/illegalStateTransition`` otherwise).
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
