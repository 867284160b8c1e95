// Issue 11's defects where a call moved the presentation with no time passing, or an animator never ran.
import Testing
@testable import Kinetic

@Suite("Continuity at an instant")
struct InstantContinuityTests {
    private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    /// Continuing at the end (no distance left) used to set an infinite rate that was kept: the
    /// next reversal jumped from 100 to 0 at the same instant.
    @Test func continuingWithNoDistanceLeftThenReversingDoesNotJump() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        a.pausesOnCompletion = true
        a.startAnimation()
        engine.tick(at: 1.2)
        #expect(a.state == .active && !a.isRunning && x.presentationValue == 100)
        a.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        #expect(x.presentationValue == 100)
        a.isReversed = true
        #expect(x.presentationValue == 100)
        // It runs back at the pace the duration factor gives a whole run: 1 s from end to start.
        engine.tick(at: 1.45)
        #expect(near(x.presentationValue, 75))
        engine.tick(at: 2.2)
        #expect(x.presentationValue == 0 && a.state == .active && !a.isRunning)
    }

    /// The same through pause → reverse → continue(…, 0.06) → reverse at the start.
    @Test func continuingReversedAtTheStartThenReversingDoesNotJump() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .easeInOut, engine: engine) { x.value = 100 }
        a.pauseAnimation()
        a.isReversed = true
        a.continueAnimation(withTimingParameters: nil, durationFactor: 0.06)
        #expect(x.presentationValue == 0)
        a.isReversed = false
        #expect(x.presentationValue == 0)
        a.pauseAnimation()
        a.startAnimation()
        #expect(x.presentationValue == 0)
        // From there it runs forwards over 0.06 s.
        engine.tick(at: 0.03)
        #expect(near(x.presentationValue, 50, 1e-6))
        engine.tick(at: 0.06)
        #expect(a.state == .inactive && x.presentationValue == 100)
    }

    /// An empty animator, started, then scrubbed and given a block: the value used to jump to 80,
    /// stay there while `isRunning` was true, then jump to 100. Now a started animator runs its
    /// clock, so the scrub is rejected (it is running) and the block runs over the remaining time.
    @Test func aBlockAddedToAnEmptyStartedAnimatorMovesContinuously() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine)
        a.startAnimation()
        a.fractionComplete = 0.8
        #expect(engine.diagnostics.last?.kind == .illegalStateTransition)
        a.addAnimations { x.value = 100 }
        #expect(x.presentationValue == 0)
        var previous = 0.0
        for frame in 1...60 {
            engine.tick(at: Double(frame) / 60)
            let v = x.presentationValue
            #expect(v - previous <= 100.0 / 60 + 1e-9, "t = \(engine.time)")     // no jump
            previous = v
        }
        #expect(x.presentationValue == 100 && a.state == .inactive)
    }

    /// The same, paused instead of started: a scrub with nothing to show, then a block. Nothing
    /// jumps when the block is added, and it runs over the rest of the timeline once started.
    @Test func aBlockAddedToAScrubbedEmptyAnimatorDoesNotJump() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine)
        a.pauseAnimation()
        a.fractionComplete = 0.8
        a.addAnimations { x.value = 100 }
        #expect(x.presentationValue == 0 && near(a.fractionComplete, 0.8, 1e-12))
        a.startAnimation()
        #expect(x.presentationValue == 0)
        engine.tick(at: 0.1)
        #expect(near(x.presentationValue, 50))
        engine.tick(at: 0.25)
        #expect(x.presentationValue == 100 && a.state == .inactive)
    }

    /// Apple: animations added to an animator started empty run for the remaining duration.
    @Test func anAnimatorStartedEmptyRunsItsClockAndAddedBlocksTakeTheRemainingTime() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var positions: [AnimatingPosition] = []
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine)
        a.addCompletion { positions.append($0) }
        a.startAnimation()
        #expect(a.state == .active && a.isRunning)
        engine.tick(at: 0.5)
        #expect(near(a.fractionComplete, 0.5, 1e-12))
        a.addAnimations { x.value = 10 }
        engine.tick(at: 0.75)
        #expect(near(x.presentationValue, 5))             // 10 over the remaining 0.5 s
        engine.tick(at: 1)
        #expect(x.presentationValue == 10 && positions == [.end] && a.state == .inactive)
        // Nothing added at all: it completes at the end of its duration.
        a.addCompletion { positions.append($0) }
        a.startAnimation()
        engine.tick(at: 1.999)
        #expect(a.state == .active && positions == [.end])
        engine.tick(at: 2)
        #expect(a.state == .inactive, "\(a.fractionComplete)")
        #expect(positions == [.end, .end] && engine.animators.isEmpty)
    }

    /// Restarting an animator whose blocks are used up, not interruptible: it used to stay
    /// active and not running for ever, and stopAnimation was rejected. It completes.
    @Test func restartingAUsedUpAnimatorThatIsNotInterruptibleCompletes() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions = 0
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        a.isInterruptible = false
        a.addCompletion { _ in completions += 1 }
        a.startAnimation()
        engine.tick(at: 1)
        #expect(a.state == .inactive && completions == 1)
        a.addCompletion { _ in completions += 1 }
        a.startAnimation()
        #expect(a.isRunning)
        engine.tick(at: 2)
        #expect(a.state == .inactive && completions == 2 && engine.animators.isEmpty)
        #expect(x.presentationValue == 100)
    }

    /// A zero-duration animator moves nothing at the instant it starts; it shows its end values
    /// from the first tick, which completes it.
    @Test func aZeroDurationAnimatorMovesAtTheFirstTickNotAtTheStartCall() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 0, curve: .linear, engine: engine) { x.value = 10 }
        a.startAnimation()
        #expect(x.presentationValue == 0)
        a.isReversed = true
        a.isReversed = false
        #expect(x.presentationValue == 0)
        engine.tick(at: 0)
        #expect(a.state == .inactive && x.presentationValue == 10)
    }
}
