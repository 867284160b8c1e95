// PropertyAnimator's clock and scrubbing: the time fraction at any instant, linear scrubs and the
// way back onto the timeline, and the stretches animation blocks run over.

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

    /// Anchors the clock at leg `leg`, time fraction `fraction` and engine time `time`.
    func anchorClock(leg: Double, fraction: Double, at time: Double) {
        var c = clock
        c.anchorLeg = leg
        c.anchorFraction = fraction
        c.anchor(at: time, tick: engine.tickCount)
        clock = c
    }

    /// The rate of a whole run: one ``animationDuration`` per time fraction (infinite for a
    /// zero-length timeline).
    var wholeRunRate: Double { animationDuration > 0 ? 1 / animationDuration : .infinity }

    /// Starts the clock now from where it stands (a start or continuation with no delay left).
    func restartClock() {
        var c = clock
        c.anchor(at: engine.time, tick: engine.tickCount)
        c.startTime = engine.time
        clock = c
    }

    func reanchor() {
        let now = currentPosition()
        anchorClock(leg: now.leg, fraction: now.fraction, at: Swift.max(engine.time, clock.startTime))
    }

    /// Runs a block with its changes animated from fraction `begin` to `end` of the timeline
    /// (`end` < `begin`: a stretch that runs backwards, for blocks added while reversed).
    /// A stretch with no time left (`begin == end`, added at the end the animator runs to)
    /// never shows on the timeline or in a scrub: its changes take effect when the animator
    /// finishes at that end (see ``AnimationSegment/edgeCoefficients(atEnd:)``).
    func runAnimations(_ block: () -> Void, from begin: Double, to end: Double = 1) {
        let lo = Swift.min(begin, end), hi = Swift.max(begin, end)
        let backwards = end < begin || (end == begin && end == 0)
        let segment: AnimationSegment
        if lo == 0 && hi == 1 && !backwards, let root = rootSegment {
            segment = root
        } else if lo == 0 && hi == 1 && !backwards {
            if awaitsTimingOverride {
                // The animator's name is its first animated property's label: the whole-run
                // segment is made at the first change, with the timing overridden for that name.
                engine.perform(in: AnimationTransaction(wholeRunOf: self), block)
                return
            }
            segment = makeRootSegment()
        } else {
            // The stretch lasts its share of the timeline at the current rate (a
            // `continueAnimation` may have changed the rate); a spring given by damping ratio
            // alone is fitted to it.
            let seconds = clock.seconds(ofStretch: hi - lo)
            segment = AnimationSegment(animator: self, start: lo, end: hi,
                                       kind: .timed(timing: timingParameters.fitted(toDuration: seconds), seconds: seconds),
                                       backwards: backwards)
            if let spring = composedSpringValue {
                springTwins.append((segment, AnimationSegment(animator: self, start: lo, end: hi,
                                                              kind: .timed(timing: .spring(spring.fitted(toDuration: seconds)),
                                                                           seconds: seconds),
                                                              backwards: backwards)))
            }
        }
        engine.perform(in: AnimationTransaction(animator: self, segment: segment), block)
    }

    /// The segment of the whole run, timed by ``timingParameters`` over ``animationDuration``
    /// (with its spring twin for a composed timing).
    func makeRootSegment() -> AnimationSegment {
        let segment = AnimationSegment(animator: self, start: 0, end: 1,
                                       kind: .timed(timing: timingParameters, seconds: animationDuration))
        rootSegment = segment
        if let spring = composedSpringValue {
            springTwins.append((segment, AnimationSegment(animator: self, start: 0, end: 1,
                                                          kind: .timed(timing: .spring(spring), seconds: animationDuration))))
        }
        return segment
    }

    /// The segment of the whole run for a change of the property labelled `label` in a block
    /// run as the animator starts: made at the first change, after the engine's timing override
    /// for `label` (if any) has replaced the animator's timing for this run (see
    /// ``AnimationEngine/setTimingOverride(_:forAnimationsNamed:)``).
    func rootSegment(firstChanging label: String) -> AnimationSegment {
        if let root = rootSegment { return root }
        awaitsTimingOverride = false
        if !label.isEmpty, let timing = engine.timingOverride(forAnimationNamed: label) {
            applyTimingOverride(timing)
        }
        return makeRootSegment()
    }

    /// The rate (fraction per second) that covers `remaining` of the timeline in `seconds`.
    /// With nothing remaining it is the pace of a whole run in `seconds`, so that a later
    /// reversal runs back at a finite pace; it is infinite only for zero seconds.
    static func pace(remaining: Double, seconds: Double) -> Double {
        guard seconds > 0 else { return .infinity }
        return remaining > 0 ? remaining / seconds : 1 / seconds
    }

    /// Puts a linearly scrubbed animator back on its timeline, paused, without moving anything:
    /// the scrubbed progress is mapped to the time fraction at which the timing shows it (the
    /// 2016 session's remapping; exactly where the scrub began if the progress is the value
    /// read there), and whatever the timeline shows differently there (see
    /// ``AnimationSegment/Kind/timelineCorrection(peak:)``) goes onto a correction track.
    func settleScrub() {
        guard case .scrubbed(let p, let anchor) = phase else { return }
        let x: Double
        if anchor.reading == p {
            x = anchor.fraction
        } else if p <= 0 || p >= 1 {
            x = p
        } else {
            let mapped = timingParameters.fraction(showingProgress: p, duration: animationDuration)
            x = mapped > 0 && mapped < 1 ? mapped : p
        }
        let segment = x > 0 && x < 1
            ? AnimationSegment(animator: self, start: 0, end: 1, kind: .timelineCorrection(peak: x))
            : nil
        for property in properties {
            property.reconcile(of: self, from: (x, p), to: (x, nil), droppingScrubCorrections: true, onto: segment)
        }
        anchorClock(leg: clock.anchorLeg, fraction: x, at: engine.time)
        enter(.paused)
    }

    /// Begins a linear scrub from the time fraction the animator is paused at: writing back the
    /// value read there must show the same, so what the linear scrub shows differently at that
    /// value goes onto a correction (see ``AnimationSegment/Kind/scrubCorrection(peak:)``).
    /// Returns where the scrub began.
    func beginScrub() -> ScrubAnchor {
        let x = clock.anchorFraction
        let reading = pausedReading(atFraction: x)
        let segment = reading > 0 && reading < 1
            ? AnimationSegment(animator: self, start: 0, end: 1, kind: .scrubCorrection(peak: reading))
            : nil
        for property in properties {
            property.reconcile(of: self, from: (x, nil), to: (x, reading), droppingScrubCorrections: false, onto: segment)
        }
        return ScrubAnchor(fraction: x, reading: reading)
    }

    /// What ``fractionComplete`` reads while paused at time fraction `x` (not scrubbed).
    /// It is where the properties are between the animations' start and end values (least
    /// squares over every animated component), or the timing's progress when they show no
    /// change between the two; clamped into (0, 1), else the time fraction.
    func pausedReading(atFraction x: Double) -> Double {
        scrubsLinearly ? progressOnScreen(atFraction: x) : x
    }

    /// The least-squares progress on screen while paused at time fraction `x` (see
    /// ``pausedReading(atFraction:)``), whatever ``scrubsLinearly`` says.
    func progressOnScreen(atFraction x: Double) -> Double {
        guard x > 0, x < 1 else { return x }
        var along = 0.0, span = 0.0
        for property in properties {
            let m = property.progressMoments(of: self)
            along += m.along
            span += m.span
        }
        let p = span > 0 && span.isFinite
            ? along / span
            : timingParameters.progress(atFraction: x, duration: animationDuration)
        return p > 0 && p < 1 ? p : x
    }

    func setFractionComplete(_ value: Double) {
        guard !value.isNaN else {
            engine.report(.invalidArgument, "fractionComplete = NaN is ignored")
            return
        }
        guard interruptible else {
            engine.report(.notInterruptible, "fractionComplete cannot be set on an animator that is not interruptible")
            return
        }
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

    func reportFraction() {
        let f = fractionComplete
        if f != lastReportedFraction {
            lastReportedFraction = f
            fractionObservers.notify(f)
        }
    }
}
