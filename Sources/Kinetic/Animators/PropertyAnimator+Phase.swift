// PropertyAnimator's state machine: its phases with their data, and every transition in one place.

extension PropertyAnimator {
    /// Where a linear scrub began: the time fraction the animator was paused at and the
    /// ``fractionComplete`` read there (writing that value back shows that time fraction).
    struct ScrubAnchor {
        let fraction: Double
        let reading: Double
    }

    /// The animator's phase, with the data that exists only in it. ``state`` and ``isRunning``
    /// are read from it; the ``clock`` is shared by the active phases.
    enum Phase {
        /// No animations in flight (UIKit's `.inactive`).
        case inactive
        /// Active, the clock moving from `anchorFraction` at `rate` since
        /// `max(anchorTime, startTime)` (UIKit's `.active` with `isRunning`).
        case running
        /// Active, paused at time fraction `anchorFraction`.
        case paused
        /// Active, paused and scrubbed linearly to `progress`, from a pause at `anchor`.
        case scrubbed(progress: Double, anchor: ScrubAnchor)
        /// Stopped (UIKit's `.stopped`): the presentation was written into the model;
        /// `reading` is what ``fractionComplete`` read then, and `finish` sets each property
        /// for the position ``finishAnimation(at:)`` is given.
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

    /// The one place the phase changes: checks the transition against UIKit's table, keeps
    /// the engine's list of active and stopped animators, and tells the observers, a run that
    /// stops before the state it leaves for and a state before the run it starts (so a
    /// completion is heard as "running false, state inactive", a start as "state active,
    /// running true").
    func enter(_ next: Phase) {
        let wasState = phase.state, wasRunning = phase.isRunning
        assert(Self.isLegalTransition(from: wasState, to: next.state), "a transition outside UIKit's table")
        phase = next
        engine.timelineChanged(self)
        if wasState == .inactive && next.state != .inactive { engine.register(self) }
        if next.state == .inactive { engine.unregister(self) }
        if wasRunning && !next.isRunning { runningObservers.notify(false) }
        if wasState != next.state { stateObservers.notify(next.state) }
        if !wasRunning && next.isRunning { runningObservers.notify(true) }
    }

    /// Makes an inactive animator active and paused at the start of its timeline (`atEnd`
    /// false) or at its end (a repeating timeline's last leg; the first repeat's end when it
    /// repeats forever), running its pending animation blocks. Its clock starts `delay` seconds
    /// from now (``startAnimation(afterDelay:)`` sets it here, before the animator has a record
    /// in the engine, rather than after, which would update that record twice more).
    func activate(atEnd: Bool, delay: Double = 0) {
        let (leg, f) = atEnd ? clock.endOfTimeline(duration: animationDuration) : (0.0, 0.0)
        wasRetargeted = false
        var c = clock
        c.anchorLeg = leg
        c.anchorFraction = f
        c.anchor(at: engine.time + delay, tick: engine.tickCount)
        c.startTime = engine.time + delay
        c.rate = wholeRunRate
        clock = c
        applyMotionPolicy()
        lastReportedFraction = f
        enter(.paused)
        let blocks = pendingAnimations
        pendingAnimations.removeAll()
        awaitsTimingOverride = !engine.timingOverrides.isEmpty
        for block in blocks { runAnimations(block, from: 0) }
        awaitsTimingOverride = false
    }

    /// Called by the engine on every tick while active.
    func advance(to time: Double) {
        guard isRunning else { return }
        reportFraction()
        guard time >= clock.startTime else { return }
        let now = currentPosition()
        guard now.done else { return }
        if pausesOnCompletion {
            anchorClock(leg: now.leg, fraction: now.fraction, at: time)
            enter(.paused)
            return
        }
        // Where the timeline stopped: the end values (time fraction 1), the start values (0:
        // reversed, or an autoreversing repeat), or in between (a fractional repeat count).
        let f = now.fraction
        if completesAtModelValues && !clock.reversed {
            complete(at: .end)
            return
        }
        complete(at: f >= 1 ? .end : f <= 0 ? .start : .current)
    }

    /// The animations reached `position` on their own: the properties take their values there,
    /// the animator becomes inactive and the completions run.
    func complete(at position: AnimatingPosition) {
        let reason: CompletionReason = wasRetargeted ? .retargeted : .completed
        let snapshot = properties
        properties.removeAll()
        for p in snapshot { p.finishTracks(of: self, at: position) }
        rootSegment = nil
        deactivate()
        runCompletions(position, reason)
    }

    /// Tells the run-end handlers (the `async` completion) how the run ended, once.
    func runEndHandlers(_ position: AnimatingPosition?) {
        let handlers = runEndHandlers
        runEndHandlers.removeAll()
        for h in handlers { h(position) }
    }

    /// Back to inactive: the clock and the timing are reset for the next run.
    func deactivate() {
        rootSegment = nil
        springTwins.removeAll()
        clock.anchorFraction = 0
        clock.anchorLeg = 0
        if let original = timingBeforeContinuation {
            timingParameters = original
            timingBeforeContinuation = nil
        }
        if let original = durationBeforeOverride {
            animationDuration = original
            durationBeforeOverride = nil
        }
        clock.rate = wholeRunRate
        composedSpringValue = originalComposedSpring
        enter(.inactive)
        reportFraction()
    }

    func runCompletions(_ position: AnimatingPosition, _ reason: CompletionReason) {
        let handlers = completions
        completions.removeAll()
        for h in handlers { h(position, reason) }
        runEndHandlers(position)
    }
}
