// PropertyAnimator's clock and scrubbing: the time fraction at any instant, the stretches animation
// blocks run over, linear scrubs and the way back onto the timeline, and continuing on new timing.

extension PropertyAnimator {
    /// The time fraction now, the rate it changes at (signed), and the scrubbed progress.
    func timeline() -> (fraction: Double, rate: Double, scrubbedProgress: Double?) {
        let now = currentPosition()
        return (now.fraction, clock.fractionRate(at: engine.time, position: now, running: isRunning), phase.scrubbedProgress)
    }

    func currentFraction() -> Double { currentPosition().fraction }

    /// Where the timeline is now: the leg (0 unless it repeats), the time fraction in it, and
    /// whether the run is over in its direction (see ``AnimatorClock/position(at:tick:running:duration:)``).
    func currentPosition() -> (leg: Double, fraction: Double, done: Bool) {
        clock.position(at: engine.time, tick: engine.tickCount, running: isRunning, duration: animationDuration)
    }

    /// Anchors the clock where it is now (before a change of direction or speed).
    func reanchor() {
        let now = currentPosition()
        clock.anchor(leg: now.leg, fraction: now.fraction, at: Swift.max(engine.time, clock.startTime), tick: engine.tickCount)
    }

    /// Runs a block with its changes animated from fraction `begin` to `end` of the timeline
    /// (`end` < `begin`: a stretch that runs backwards, for blocks added while reversed).
    /// A stretch with no time left (`begin == end`, added at the end the animator runs to)
    /// never shows on the timeline or in a scrub: its changes take effect when the animator
    /// finishes at that end (see ``AnimationSegment/edgeCoefficients(atEnd:)``).
    func runAnimations(_ block: () -> Void, from begin: Double, to end: Double = 1) {
        let lo = Swift.min(begin, end), hi = Swift.max(begin, end)
        let backwards = end < begin || (end == begin && end == 0)
        if awaitsTimingOverride && lo == 0 && hi == 1 && !backwards && tracks.rootSegment == nil {
            // The animator's name is its first animated property's label: the whole-run
            // segment is made at the first change, with the timing overridden for that name.
            engine.perform(in: AnimationTransaction(wholeRunOf: self), block)
            return
        }
        let segment = tracks.segment(of: self, lo, hi, backwards: backwards, clock: clock, timing: timing.run)
        engine.perform(in: AnimationTransaction(animator: self, segment: segment), block)
    }

    /// The segment of the whole run for a change of the property labelled `label` in a block
    /// run as the animator starts: made at the first change, after the engine's timing override
    /// for `label` (if any) has replaced the animator's timing for this run (see
    /// ``AnimationEngine/setTimingOverride(_:forAnimationsNamed:)``).
    func rootSegment(firstChanging label: String) -> AnimationSegment {
        if let root = tracks.rootSegment { return root }
        awaitsTimingOverride = false
        // An inspector's override applies under full motion only: a reduced or motionless run keeps its own.
        if !label.isEmpty, engine.motionPolicy == .full, let override = engine.timingOverride(forAnimationNamed: label),
           let overridden = timing.override(with: override, duration: duration) {
            reportVerticalTangent(of: overridden)
            clock.rate = timing.wholeRunRate
        }
        return tracks.segment(of: self, 0, 1, backwards: false, clock: clock, timing: timing.run)
    }

    /// Puts a linearly scrubbed animator back on its timeline, paused, without moving anything,
    /// at the time fraction where the timing shows the scrubbed progress (see
    /// ``ScrubAnchor/fraction(showing:on:duration:)``).
    func settleScrub() {
        guard case .scrubbed(let p, let anchor) = phase else { return }
        let x = anchor.fraction(showing: p, on: timingParameters, duration: animationDuration)
        tracks.settleScrub(of: self, progress: p, atFraction: x)
        clock.anchor(leg: clock.anchorLeg, fraction: x, at: engine.time, tick: engine.tickCount)
        enter(.paused)
    }

    /// Begins a linear scrub from the time fraction the animator is paused at, and returns
    /// where it began.
    func beginScrub() -> ScrubAnchor {
        let x = clock.anchorFraction
        let reading = pausedReading(atFraction: x)
        tracks.beginScrub(of: self, atFraction: x, reading: reading)
        return ScrubAnchor(fraction: x, reading: reading)
    }

    /// What ``fractionComplete`` reads while paused at time fraction `x` (not scrubbed): the
    /// progress on screen (see `AnimatorTracks.progressOnScreen`) when it scrubs linearly.
    func pausedReading(atFraction x: Double) -> Double {
        scrubsLinearly ? tracks.progressOnScreen(of: self, atFraction: x, timing: timing.run) : x
    }

    func setFractionComplete(_ value: Double) {
        guard !value.isNaN else {
            engine.report(.invalidArgument, "fractionComplete = NaN is ignored")
            return
        }
        if rejectsUninterruptible("fractionComplete cannot be set on an animator that is not interruptible") { return }
        let f = Swift.min(Swift.max(value, 0), 1)
        switch state {
        case .stopped:
            engine.report(.illegalStateTransition, "fractionComplete cannot be set on a stopped animator")
            return
        case .inactive:
            activate(atEnd: clock.reversed)
        case .active:
            if isRunning {
                engine.report(.illegalStateTransition, "fractionComplete cannot be set while running; pause first")
                return
            }
        }
        if scrubsLinearly {
            let anchor: ScrubAnchor
            if case .scrubbed(_, let current) = phase { anchor = current } else { anchor = beginScrub() }
            enter(.scrubbed(progress: f, anchor: anchor))
        } else {
            settleScrub()
            clock.anchorFraction = f
        }
        clock.anchor(at: engine.time, tick: engine.tickCount)
        reportFraction()
    }

    /// Continues a paused run (already back on its timeline) on `parameters` (with the spring
    /// part `composedSpring` of a composed timing) for `factor × duration` seconds, or at the
    /// current pace when `factor` is 0: every track is clipped at the current time fraction and
    /// continues from where it is on a new segment (see `AnimatedPropertyTracks.rebaseTracks`).
    func continueOnTiming(_ parameters: TimingParameters, composedSpring: SpringTimingParameters?, factor: Double) {
        let f = clock.anchorFraction
        let down = clock.travelsDownAtAnchor
        let remaining = down ? f : 1 - f
        // With nothing left, the pace of the current run, for a later reversal.
        let seconds = factor > 0 ? factor * duration : clock.seconds(ofStretch: remaining > 0 ? remaining : 1)
        reportVerticalTangent(of: parameters)
        let effective = timing.continueRun(on: parameters, composedSpring: composedSpring, seconds: seconds)
        // A linear scrub later moves every property from start to end in proportion: the new
        // track is scrubbed over the progress that remains on screen, not the time fraction.
        let q = tracks.progressOnScreen(of: self, atFraction: f, timing: timing.run)
        let segment = tracks.makeSegment(of: self, down ? 0 : f, down ? f : 1, timing: timing.run.parameters,
                                         spring: timing.run.composedSpring, seconds: effective, backwards: down,
                                         scrubStretch: down ? (0, q) : (q, 1))
        tracks.rebase(of: self, at: f, progress: q, towardEnd: !down, onto: segment)
        tracks.rootSegment = nil
        clock.rate = AnimatorClock.pace(remaining: remaining, seconds: effective)
    }

    func reportFraction() {
        let f = fractionComplete
        if f != lastReportedFraction {
            lastReportedFraction = f
            observers.fraction.notify(f)
        }
    }
}
