// The hook a Timeline places its entries through: a block animated over a stretch of an animator's timeline on a timing of its own.

extension PropertyAnimator {
    /// Runs `block` with its changes animated over the stretch `[lo, hi]` of the time fraction,
    /// on `timing` fitted to the stretch's share of the run: an ordinary segment, which pausing,
    /// scrubbing, reversing, continuing and finishing treat as the stretches
    /// `addAnimations(_:delayFactor:)` makes, so a ``Timeline`` inherits every one of those guarantees.
    func runAnimations(_ block: () -> Void, stretch lo: Double, _ hi: Double, timing: TimingParameters) {
        let seconds = clock.seconds(ofStretch: hi - lo)
        let segment = tracks.makeSegment(of: self, lo, hi, timing: timing.fitted(toDuration: seconds), spring: nil,
                                         seconds: seconds)
        engine.perform(in: AnimationTransaction(animator: self, segment: segment), block)
    }
}
