// The hook a Timeline places its entries through: a block animated over a stretch of an animator's timeline on a timing of its own.

extension PropertyAnimator {
    /// Runs `block` with its changes animated over the stretch `[lo, hi]` of the time fraction,
    /// on `timing` (fitted to the stretch's share of the run, so a spring given by damping
    /// ratio settles exactly at `hi`; one given by its constants is brought to rest there, as
    /// any spring stretch is, see ``AnimationSegment/springCoefficients(_:seconds:u:du:)``).
    ///
    /// The stretch is an ordinary ``AnimationSegment``: pausing, scrubbing, reversing,
    /// continuing and finishing the animator treat it as the stretches `addAnimations(_:delayFactor:)`
    /// makes, so a ``Timeline`` inherits every one of those guarantees.
    func runAnimations(_ block: () -> Void, stretch lo: Double, _ hi: Double, timing: TimingParameters) {
        let seconds = clock.seconds(ofStretch: hi - lo)
        let segment = AnimationSegment(animator: self, start: lo, end: hi,
                                       kind: .timed(timing: timing.fitted(toDuration: seconds), seconds: seconds))
        engine.perform(in: AnimationTransaction(animator: self, segment: segment), block)
    }
}
