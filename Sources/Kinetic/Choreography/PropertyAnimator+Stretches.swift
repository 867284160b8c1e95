// The hook a Timeline places its entries through: a block animated over a stretch of an animator's timeline on a timing of its own.

extension PropertyAnimator {
    /// Runs `block` with its changes animated over the stretch `[lo, hi]` of the time fraction,
    /// on `timing` fitted to the stretch's share of the run: an ordinary segment, which pausing,
    /// scrubbing, reversing, continuing and finishing treat as the stretches
    /// `addAnimations(_:delayFactor:)` makes, so a ``Timeline`` inherits every one of those guarantees.
    /// Unlike those, the stretch keeps its schedule: continuing on new timing from outside it
    /// leaves it to run on its own timing when the playhead reaches it (see
    /// ``AnimationSegment/keepsSchedule``).
    func runAnimations(_ block: () -> Void, stretch lo: Double, _ hi: Double, timing: TimingParameters) {
        let seconds = clock.seconds(ofStretch: hi - lo)
        let segment = tracks.makeSegment(of: self, lo, hi, timing: timing.fitted(toDuration: seconds), spring: nil,
                                         seconds: seconds, keepsSchedule: true)
        engine.perform(in: AnimationTransaction(animator: self, segment: segment), block)
    }
}

extension PropertyAnimator {
    /// Moves a paused (not scrubbed) animator's clock to time fraction `fraction` without a
    /// notification: for a pause made from inside a tick, which takes effect at an instant the
    /// tick passed (a ``Timeline`` label whose callback pauses the run), before anything of that
    /// tick is drawn. The caller reports the fraction.
    func holdPause(atFraction fraction: Double) {
        guard case .paused = phase else { return }
        clock.anchor(leg: clock.anchorLeg, fraction: Swift.min(Swift.max(fraction, 0), 1), at: engine.time,
                     tick: engine.tickCount)
    }
}
