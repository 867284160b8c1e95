// PropertyAnimator's transitions: every change of phase, and what a run does as it begins and ends.

extension PropertyAnimator {
    /// The one place the phase changes: checks the transition against UIKit's table
    /// (``AnimatorPhase/isLegalTransition(from:to:)``), keeps the engine's list of active and
    /// stopped animators, and tells the observers.
    func enter(_ next: AnimatorPhase) {
        let was = (state: phase.state, isRunning: phase.isRunning)
        assert(AnimatorPhase.isLegalTransition(from: was.state, to: next.state), "a transition outside UIKit's table")
        phase = next
        engine.timelineChanged(self)
        if was.state == .inactive && next.state != .inactive { engine.register(self) }
        if next.state == .inactive { engine.unregister(self) }
        observers.notifyTransition(from: was, to: next)
    }

    /// Makes an inactive animator active and paused at the start of its timeline (`atEnd`
    /// false) or at its end (a repeating timeline's last leg; the first repeat's end when it
    /// repeats forever), running its pending animation blocks. Its clock starts `delay` seconds
    /// from now (set here, before the animator has a record in the engine, so that the record
    /// is written once).
    func activate(atEnd: Bool, delay: Double = 0) {
        let (leg, f) = atEnd ? clock.endOfTimeline(duration: animationDuration) : (0.0, 0.0)
        tracks.wasRetargeted = false
        // The run's timing is fixed before any block runs, so nothing has moved yet.
        timing.fit(to: engine.motionPolicy)
        var c = clock
        c.anchor(leg: leg, fraction: f, at: engine.time + delay, tick: engine.tickCount)
        c.restart(at: engine.time + delay, tick: engine.tickCount)
        c.rate = timing.wholeRunRate
        clock = c
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
        // A fraction observer may have paused or stopped the run (a timeline's callback).
        guard isRunning, time >= clock.startTime else { return }
        let now = currentPosition()
        guard now.done else { return }
        if pausesOnCompletion {
            clock.anchor(leg: now.leg, fraction: now.fraction, at: time, tick: engine.tickCount)
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
        let reason: CompletionReason = tracks.wasRetargeted ? .retargeted : .completed
        for p in tracks.removeProperties() { p.finishTracks(of: self, at: position) }
        deactivate()
        runCompletions(position, reason)
    }

    /// Writes the presentation into the model and ends every track, returning what finishing
    /// at a position does to each property; the clock stands where it is.
    func stopTracks() -> [(AnimatingPosition) -> Void] {
        var finish: [(AnimatingPosition) -> Void] = []
        for p in tracks.removeProperties() { finish.append(p.stopTracks(of: self)) }
        tracks.dropSegments()
        clock.anchor(at: engine.time, tick: engine.tickCount)
        return finish
    }

    /// Back to inactive: the segments go, and the clock and the timing are reset for the next run.
    func deactivate() {
        tracks.dropSegments()
        clock.anchorFraction = 0
        clock.anchorLeg = 0
        timing.run = timing.own
        clock.rate = timing.wholeRunRate
        enter(.inactive)
        reportFraction()
    }

    /// Runs the completion handlers, then tells the waiters how the run ended.
    func runCompletions(_ position: AnimatingPosition, _ reason: CompletionReason) {
        for handler in completions.takeHandlers() { handler(position, reason) }
        for waiter in completions.takeWaiters() { waiter(position) }
    }

    /// Ends the run without finishing (`stopAnimation(true)`): the completion handlers are
    /// dropped unrun, so a later run does not run them either; the waiters hear nil.
    func endWithoutFinishing() {
        _ = completions.takeHandlers()
        deactivate()
        for waiter in completions.takeWaiters() { waiter(nil) }
    }
}
