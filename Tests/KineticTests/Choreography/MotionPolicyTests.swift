import Testing
@testable import Kinetic
import KineticTestSupport

/// Reduced motion: `.reduced` makes runs short eases, `.none` applies them at the first tick
/// with completions once, physics keeps working, and changing the policy moves nothing.
@Suite("Motion policy")
struct MotionPolicyTests {
    @Test func noneAppliesTheChangesAtTheFirstTickAndRunsTheCompletionOnce() {
        let engine = AnimationEngine()
        engine.motionPolicy = .none
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let animator = PropertyAnimator(duration: 2, dampingRatio: 0.3, engine: engine) { x.value = 100 }
        animator.addCompletion { completions.append($0) }
        animator.startAnimation()
        #expect(x.presentationValue == 0)       // never at the call
        engine.tick(at: 1.0 / 60)
        #expect(x.presentationValue == 100)
        #expect(animator.state == .inactive && completions == [.end])
        engine.tick(at: 1)
        #expect(completions == [.end])
    }

    @Test(arguments: [30.0, 60.0, 120.0])
    func reducedMakesEveryRunAShortEaseWithoutOvershoot(fps: Double) {
        let engine = AnimationEngine()
        engine.motionPolicy = .reduced
        let x = AnimatedProperty(0.0, engine: engine)
        let animator = PropertyAnimator(duration: 1, dampingRatio: 0.2, engine: engine) { x.value = 100 }
        animator.startAnimation()
        var frame = 0
        while animator.state != .inactive {
            frame += 1
            let t = Double(frame) / fps
            engine.tick(at: t)
            if t < 0.2 {
                let expected = 100 * Reference.cubic(0.42, 0, 0.58, 1, at: t / 0.2).progress
                #expect(abs(x.presentationValue - expected) < 1e-9, "t = \(t)")
            }
            #expect(x.presentationValue <= 100)
        }
        #expect(engine.time <= 0.2 + 1 / fps + 1e-12)
        #expect(x.presentationValue == 100)
        // The animator gets its own timing back for a later run under full motion.
        engine.motionPolicy = .full
        #expect(animator.animationDuration == 1)
    }

    @Test func changingThePolicyMidFlightMovesNothingAndTheRunKeepsItsTiming() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        animator.startAnimation()
        engine.tick(at: 0.25)
        for policy in [MotionPolicy.none, .reduced, .full, .none] {
            let shown = x.presentation
            engine.motionPolicy = policy
            #expect(x.presentation == shown)
        }
        engine.tick(at: 0.5)
        #expect(abs(x.presentationValue - 50) < 1e-9)
    }

    @Test func aTimelineUnderReducedMotionIsCompressedAndStillCallsBack() {
        let engine = AnimationEngine()
        engine.motionPolicy = .reduced
        let items = (0..<3).map { _ in AnimatedProperty(0.0, engine: engine) }
        let timeline = Timeline(engine: engine)
        timeline.add(count: 3, stagger: Stagger(interval: 0.2), duration: 0.6,
                     timing: .spring(SpringTimingParameters(dampingRatio: 0.3))) { i in items[i].value = 10 }
        var calls = 0
        timeline.addCallback(at: .afterPrevious) { calls += 1 }
        timeline.startAnimation()
        engine.tick(at: 0.05)
        #expect(items[0].presentationValue > 0 && items[2].presentationValue == 0)
        engine.tick(at: 0.2)
        #expect(timeline.state == .inactive && calls == 1)
        #expect(items.allSatisfy { $0.presentationValue == 10 })
    }

    @Test func physicsKeepsWorkingUnderEveryPolicy() {
        let engine = AnimationEngine()
        engine.motionPolicy = .none
        let x = AnimatedProperty(0.0, engine: engine)
        let spring = SpringAnimation(property: x, spring: SpringTimingParameters(mass: 1, stiffness: 100, damping: 20), target: 10)
        spring.start()
        engine.tick(at: 0.1)
        #expect(x.presentationValue > 0 && x.presentationValue < 10)
    }
}
