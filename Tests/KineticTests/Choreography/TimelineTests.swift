import Testing
@testable import Kinetic
import KineticTestSupport

/// `Timeline`: entries on their own stretches and timings, positions, labels, nesting, callbacks,
/// and the animator's semantics (scrub, reverse, pause, continue, completions), on a manual clock.
@Suite("Timeline")
struct TimelineTests {
    final class Log {
        var events: [String] = []
        var completions: [AnimatingPosition] = []
    }

    /// Ease-in (0.42, 0, 1, 1) from the independent Bézier reference.
    static func easeIn(_ t: Double) -> Double {
        t <= 0 ? 0 : t >= 1 ? 1 : Reference.cubic(0.42, 0, 1, 1, at: t).progress
    }

    /// Two entries one after the other: x linear over [0, 1] s, y ease-in over [1, 2] s.
    static func twoStep(_ engine: AnimationEngine, _ x: AnimatedProperty<Double>, _ y: AnimatedProperty<Double>) -> Timeline {
        let timeline = Timeline(engine: engine)
        timeline.add(duration: 1, timing: .cubic(.linear)) { x.value = 100 }
        timeline.add(duration: 1, timing: .cubic(.easeIn)) { y.value = 50 }
        return timeline
    }

    @Test(arguments: [30.0, 60.0, 120.0])
    func entriesRunOnTheirOwnStretchesWithTheirOwnTiming(fps: Double) {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let timeline = Self.twoStep(engine, x, y)
        let log = Log()
        timeline.addCompletion { log.completions.append($0) }
        #expect(timeline.duration == 2)
        timeline.startAnimation()
        var frame = 0
        while engine.time < 2 {
            frame += 1
            let t = Double(frame) / fps
            engine.tick(at: t)
            if t < 2 {
                #expect(abs(x.presentationValue - 100 * Swift.min(t, 1)) < 1e-9, "t = \(t)")
                #expect(abs(y.presentationValue - 50 * Self.easeIn(t - 1)) < 1e-9, "t = \(t)")
                #expect(timeline.state == .active)
            }
        }
        #expect(timeline.state == .inactive)
        #expect(log.completions == [.end])
        #expect(x.presentationValue == 100 && y.presentationValue == 50)
    }

    @Test func positionsResolveAgainstThePreviousEntryAndLabels() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let timeline = Timeline(engine: engine)
        #expect(timeline.add(duration: 1) { x.value = 1 }.start == 0)
        #expect(timeline.add(duration: 0.5, at: .withPrevious) { x.value = 2 }.start == 0)
        #expect(timeline.add(duration: 0.5, at: .afterPrevious(by: 0.25)) { x.value = 3 }.start == 0.75)
        #expect(timeline.addLabel("open") == 1.25)
        #expect(timeline.add(duration: 1, at: .label("open", offset: 0.2)) { x.value = 4 }.start == 1.45)
        #expect(timeline.add(duration: 0.1, at: .withPrevious(offset: -0.05)) { x.value = 5 }.start == 1.4)
        #expect(timeline.add(duration: 0.3, at: .at(3)) { x.value = 6 }.start == 3)
        #expect(timeline.duration == 3.3)
        // Bad input: an unknown label places after the previous entry; a start before 0 is 0.
        #expect(timeline.add(duration: 0.1, at: .label("nope")) { x.value = 7 }.start == 3.3)
        #expect(timeline.add(duration: 0.1, at: .at(-1)) { x.value = 8 }.start == 0)
        #expect(timeline.add(duration: .nan) { x.value = 9 }.start == 0.1)
        #expect(engine.diagnostics.count == 3)
    }

    /// GSAP's `"+=0.5"` and `"-=0.25"`: relative to the timeline's end, which a long entry placed
    /// early can put after the previous entry's end.
    @Test func positionsResolveAgainstTheTimelinesEnd() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let timeline = Timeline(engine: engine)
        #expect(timeline.add(duration: 2) { x.value = 1 }.start == 0)
        #expect(timeline.add(duration: 0.5, at: .at(0.25)) { x.value = 2 }.start == 0.25)     // previous ends at 0.75
        #expect(timeline.add(duration: 0.5, at: .atEnd) { x.value = 3 }.start == 2)
        #expect(timeline.add(duration: 0.5, at: .afterEnd(by: 0.5)) { x.value = 4 }.start == 3)
        #expect(timeline.add(duration: 1, at: .afterEnd(by: -0.25)) { x.value = 5 }.start == 3.25)
        #expect(timeline.addLabel("done", at: .atEnd) == 4.25)
        #expect(timeline.add(duration: 0.1, at: .afterEnd(by: -10)) { x.value = 6 }.start == 0)  // clamped, reported
        #expect(timeline.add(duration: 0.1, at: .afterEnd(by: .infinity)) { x.value = 7 }.start == 4.25)
        #expect(engine.diagnostics.count == 2)
        // Played: the last entry to start sets the end value.
        timeline.startAnimation()
        engine.tick(at: 10)
        #expect(x.presentationValue == 7 && timeline.duration == 4.35)
    }

    @Test func scrubbingShowsEveryEntryAtTheTimelinesTimeAndWritingBackMovesNothing() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let timeline = Self.twoStep(engine, x, y)
        timeline.fractionComplete = 0.75
        #expect(timeline.state == .active && !timeline.isRunning)
        #expect(abs(x.presentationValue - 100) < 1e-12)
        #expect(abs(y.presentationValue - 50 * Self.easeIn(0.5)) < 1e-9)
        let read = timeline.fractionComplete
        #expect(read == 0.75)
        timeline.fractionComplete = read
        #expect(abs(y.presentationValue - 50 * Self.easeIn(0.5)) < 1e-9)
        timeline.fractionComplete = 0.25
        #expect(abs(x.presentationValue - 50) < 1e-9 && y.presentationValue == 0)
        // Continue from the scrub: no jump at the call, then on at the timeline's pace.
        engine.tick(at: 1)
        let before = x.presentationValue
        timeline.startAnimation()
        #expect(x.presentationValue == before)
        engine.tick(at: 1.25)
        #expect(abs(x.presentationValue - 75) < 1e-9)
    }

    @Test func reversingReversesEveryEntryWithoutAJumpAndCompletesAtTheStart() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let timeline = Self.twoStep(engine, x, y)
        let log = Log()
        timeline.addCompletion { log.completions.append($0) }
        timeline.startAnimation()
        engine.tick(at: 1.5)
        let shown = (x.presentationValue, y.presentationValue)
        timeline.isReversed = true
        #expect(x.presentationValue == shown.0 && y.presentationValue == shown.1)
        #expect(timeline.isReversed && timeline.isRunning)
        engine.tick(at: 2.5)      // back at 0.5 s of the timeline
        #expect(abs(x.presentationValue - 50) < 1e-9 && abs(y.presentationValue) < 1e-12)
        engine.tick(at: 3.1)
        #expect(timeline.state == .inactive)
        #expect(log.completions == [.start])
        #expect(x.presentationValue == 0 && y.presentationValue == 0)
        #expect(x.value == 0 && y.value == 0)
    }

    @Test func pausingPausesEveryEntryAndStopThenFinishRunsTheCompletionOnce() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let timeline = Self.twoStep(engine, x, y)
        let log = Log()
        timeline.addCompletion { log.completions.append($0) }
        timeline.startAnimation()
        engine.tick(at: 1.5)
        timeline.pauseAnimation()
        let shown = (x.presentationValue, y.presentationValue)
        engine.tick(at: 3)
        #expect(x.presentationValue == shown.0 && y.presentationValue == shown.1)
        timeline.stopAnimation(false)
        #expect(timeline.state == .stopped)
        #expect(y.presentationValue == shown.1 && y.value == shown.1)
        timeline.finishAnimation(at: .end)
        #expect(timeline.state == .inactive && y.value == 50)
        #expect(log.completions == [.end])
        // Illegal calls are reported and change nothing.
        timeline.finishAnimation(at: .end)
        timeline.stopAnimation(true)
        #expect(log.completions == [.end])
        #expect(engine.diagnostics.count == 2)
    }

    @Test(arguments: [30.0, 60.0, 120.0, 0])
    func callbacksRunOncePerCrossingInThePlayingDirection(fps: Double) {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let timeline = Timeline(engine: engine)
        let log = Log()
        timeline.addCallback(at: .at(0)) { log.events.append("start") }
        timeline.add(duration: 1, timing: .cubic(.linear)) { x.value = 1 }
        timeline.addLabel("half", at: .at(0.5))
        timeline.addCallback(at: .label("half")) { log.events.append("half") }
        timeline.addCallback(at: .afterPrevious) { log.events.append("end") }
        // fps 0: jittery frames.
        var rng = SeededGenerator(seed: 7)
        func run(until t: Double) {
            while engine.time < t - 1e-12 {
                let dt = fps > 0 ? 1 / fps : 0.002 + 0.05 * rng.unit()
                engine.tick(at: Swift.min(engine.time + dt, t))
            }
        }
        timeline.startAnimation()
        run(until: 0.7)
        #expect(log.events == ["start", "half"])
        timeline.isReversed = true
        run(until: 1.0)      // back at 0.4: "half" crossed backwards
        #expect(log.events == ["start", "half", "half"])
        // A scrub moves the playhead silently.
        timeline.pauseAnimation()
        timeline.fractionComplete = 0.9
        timeline.fractionComplete = 0.2
        #expect(log.events == ["start", "half", "half"])
        timeline.isReversed = false
        timeline.startAnimation()
        run(until: 2.0)
        #expect(log.events == ["start", "half", "half", "half", "end"])
        #expect(timeline.state == .inactive)
    }

    @Test func aNestedTimelineRunsShiftedAndItsCallbacksComeAlong() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let log = Log()
        let child = Timeline(engine: engine)
        child.add(duration: 0.5, timing: .cubic(.linear)) { y.value = 10 }
        child.addCallback(at: .afterPrevious) { log.events.append("child end") }
        let parent = Timeline(engine: engine)
        parent.add(duration: 1, timing: .cubic(.linear)) { x.value = 1 }
        #expect(parent.add(child) == 1)
        #expect(parent.duration == 1.5)
        parent.add(self: parent)
        parent.startAnimation()
        engine.tick(at: 1.25)
        #expect(abs(y.presentationValue - 5) < 1e-9)
        engine.tick(at: 1.5)
        #expect(log.events == ["child end"])
        #expect(parent.state == .inactive && y.presentationValue == 10)
        // The child itself is untouched and runs on its own.
        #expect(child.state == .inactive && child.duration == 0.5)
    }

    /// Issue 41 item 3: nesting is live for reading: the child's fractionComplete follows the
    /// parent's (and a grandparent's) playhead over its stretch, through scrubs and reversal, at
    /// 30, 60 and 120 Hz; with a run of its own it reads its own.
    @Test(arguments: [30.0, 60.0, 120.0])
    func aNestedTimelinesFractionFollowsItsParentsPlayhead(fps: Double) {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let child = Timeline(engine: engine)
        child.add(duration: 0.5, timing: .cubic(.linear)) { y.value = 10 }
        let parent = Timeline(engine: engine)
        parent.add(duration: 1, timing: .cubic(.linear)) { x.value = 1 }
        parent.add(child, at: .at(0.25))                                // the child over [0.25, 0.75]
        let grandparent = Timeline(engine: engine)
        grandparent.add(parent, at: .at(1))                             // the parent over [1, 2]
        func expected(_ t: Double) -> Double { Swift.min(Swift.max((t - 1.25) / 0.5, 0), 1) }
        #expect(child.fractionComplete == 0 && parent.fractionComplete == 0)
        grandparent.startAnimation()
        var frame = 1
        while Double(frame) / fps < 2 {
            let t = Double(frame) / fps
            engine.tick(at: t)
            #expect(abs(child.fractionComplete - expected(t)) < 1e-12, "t = \(t)")
            #expect(abs(parent.fractionComplete - Swift.min(Swift.max(t - 1, 0), 1)) < 1e-12)
            // The child's values are its own fraction's (linear): y = 10·fraction.
            #expect(abs(y.presentationValue - 10 * child.fractionComplete) < 1e-9)
            frame += 1
        }
        // Scrubbed and reversed, the child follows.
        grandparent.pauseAnimation()
        for g in [0.6, 0.1, 0.8] {
            grandparent.fractionComplete = g
            #expect(abs(child.fractionComplete - expected(g * 2)) < 1e-12)
        }
        grandparent.isReversed = true
        grandparent.startAnimation()
        let t0 = engine.time
        engine.tick(at: t0 + 0.2)                                        // the playhead at 1.6 − 0.2
        #expect(abs(child.fractionComplete - expected(1.6 - 0.2)) < 1e-9)
        // Written while the outermost run plays: rejected as that run's scrub is, nothing moves.
        let shown = y.presentationValue
        child.fractionComplete = 0.9
        #expect(y.presentationValue == shown && child.state == .inactive)
        // Written while it is paused: the child's stretch drives the outer runs, through the
        // parent: the grandparent goes to (1 + 0.25 + 0.9·0.5) / 2.
        grandparent.pauseAnimation()
        child.fractionComplete = 0.9
        #expect(abs(grandparent.fractionComplete - 0.85) < 1e-12 && abs(child.fractionComplete - 0.9) < 1e-12)
        #expect(abs(y.presentationValue - 9) < 1e-9 && child.state == .inactive)
        // Written back, it moves nothing.
        let read = child.fractionComplete, g = grandparent.fractionComplete
        child.fractionComplete = read
        #expect(grandparent.fractionComplete == g)
        // With the outer runs over, a run of its own wins.
        grandparent.stopAnimation(false)
        grandparent.finishAnimation(at: .end)
        child.fractionComplete = 0.9
        #expect(child.fractionComplete == 0.9 && child.state == .active)
    }

    @Test func staggeredSpringsStartInTurnAndSettleExactlyAtTheirEnds() {
        let engine = AnimationEngine()
        let items = (0..<4).map { _ in AnimatedProperty(0.0, engine: engine) }
        let timeline = Timeline(engine: engine)
        let group = timeline.add(count: 4, stagger: Stagger(interval: 0.1), duration: 0.5,
                                 timing: .spring(SpringTimingParameters(dampingRatio: 0.5))) { i in items[i].value = 100 }
        #expect(group.start == 0 && group.count == 4)
        #expect(abs(timeline.duration - 0.8) < 1e-12)
        timeline.startAnimation()
        engine.tick(at: 0.15)
        #expect(items[0].presentationValue > 0 && items[1].presentationValue > 0)
        #expect(items[2].presentationValue == 0 && items[3].presentationValue == 0)
        // Each item's spring is the same motion, shifted by its delay.
        engine.tick(at: 0.35)
        #expect(abs(items[1].presentationValue - { () -> Double in
            let probe = AnimationEngine(), p = AnimatedProperty(0.0, engine: probe)
            PropertyAnimator(duration: 0.5, timingParameters: .spring(SpringTimingParameters(dampingRatio: 0.5)),
                             engine: probe) { p.value = 100 }.startAnimation()
            probe.tick(at: 0.25)
            return p.presentationValue
        }()) < 1e-9)
        // Pause and reverse mid-flight: nothing moves at either call.
        let shown = items.map(\.presentationValue)
        timeline.pauseAnimation()
        timeline.isReversed = true
        #expect(items.map(\.presentationValue) == shown)
        timeline.startAnimation()
        #expect(items.map(\.presentationValue) == shown)
        engine.tick(at: 2)
        #expect(items.allSatisfy { $0.presentationValue == 0 })
    }

    @Test func aThrownScrubContinuesWithASpringWithoutAJump() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let timeline = Self.twoStep(engine, x, y)
        timeline.fractionComplete = 0.6
        let shown = (x.presentationValue, y.presentationValue)
        timeline.continueAnimation(withTimingParameters: .spring(SpringTimingParameters(dampingRatio: 0.8, initialVelocity: Vector(x: 2, y: 2))),
                                   durationFactor: 0.5)
        #expect(x.presentationValue == shown.0 && y.presentationValue == shown.1)
        engine.tick(at: 5)
        #expect(timeline.state == .inactive && y.presentationValue == 50)
    }

    @Test func aDroppedTimelineAndItsAnimatorAreFreed() {
        weak var weakTimeline: Timeline?
        weak var weakAnimator: PropertyAnimator?
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        do {
            let timeline = Timeline(engine: engine)
            timeline.add(duration: 0.5) { x.value = 1 }
            timeline.addCallback(at: .at(0.2)) {}
            timeline.startAnimation()
            weakTimeline = timeline
            weakAnimator = timeline.currentAnimator
        }
        // Running, the engine keeps the animator (and the callbacks) alive, not the timeline.
        #expect(weakTimeline == nil)
        #expect(weakAnimator != nil)
        engine.tick(at: 1)
        #expect(weakAnimator == nil)
        #expect(x.presentationValue == 1)
    }
}

extension Timeline {
    /// Nesting a timeline in itself (rejected with a diagnostic).
    fileprivate func add(self other: Timeline) { add(other) }
}
