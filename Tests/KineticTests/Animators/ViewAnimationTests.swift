import Testing
@testable import Kinetic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The class-method family (`animate(withDuration:…)`, the springs, `runningPropertyAnimator`),
/// its options, nesting, repeat and autoreverse, checked at exact instants against closed forms.
@Suite("Class-method animations")
struct ViewAnimationTests {
    final class Record {
        var calls: [Bool] = []
    }

    @Test func linearAnimationAfterADelayFollowsTheLineAndCompletesOnceFinished() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let record = Record()
        engine.animate(withDuration: 2, delay: 0.5, options: .curveLinear, animations: { x.value = 100 },
                       completion: { record.calls.append($0) })
        #expect(x.value == 100)
        engine.tick(at: 0.5)
        #expect(x.presentationValue == 0)
        engine.tick(at: 1.0)
        #expect(abs(x.presentationValue - 25) < 1e-12)
        engine.tick(at: 2.0)
        #expect(abs(x.presentationValue - 75) < 1e-12)
        #expect(abs(x.velocity - 50) < 1e-9)
        #expect(record.calls.isEmpty)
        engine.tick(at: 2.5)
        #expect(record.calls == [true])
        #expect(x.presentationValue == 100)
        engine.tick(at: 3)
        #expect(record.calls == [true])
        #expect(!engine.hasRunningAnimations)
    }

    @Test func stoppingTheAnimatorCallsTheCompletionOnceWithFinishedFalse() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let dropped = Record(), finishedByHand = Record()
        let a = engine.animate(withDuration: 1, options: .curveLinear, animations: { x.value = 10 },
                               completion: { dropped.calls.append($0) })
        engine.tick(at: 0.5)
        a.stopAnimation(true)
        #expect(dropped.calls == [false])
        #expect(x.value == 5)
        let b = engine.animate(withDuration: 1, options: .curveLinear, animations: { x.value = 20 },
                               completion: { finishedByHand.calls.append($0) })
        engine.tick(at: 1)
        b.stopAnimation(false)
        #expect(finishedByHand.calls.isEmpty)
        b.finishAnimation(at: .end)
        #expect(finishedByHand.calls == [false])
        engine.tick(at: 5)
        #expect(dropped.calls == [false] && finishedByHand.calls == [false])
    }

    @Test func retargetedAnimationStillFinishesTrueAsUIKitsAdditiveAnimations() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let first = Record(), second = Record()
        engine.animate(withDuration: 1, options: .curveLinear, animations: { x.value = 100 },
                       completion: { first.calls.append($0) })
        engine.tick(at: 0.5)
        engine.animate(withDuration: 1, options: .curveLinear, animations: { x.value = 0 },
                       completion: { second.calls.append($0) })
        // Additive: 0 + 100·(1 − …) tracks; at 0.75 the first is at 75 of its change, the second at 25 %.
        engine.tick(at: 0.75)
        #expect(abs(x.presentationValue - (0 + (-25.0) + 100 * 0.75)) < 1e-9)
        engine.tick(at: 1.5)
        #expect(first.calls == [true] && second.calls == [true])
        #expect(x.presentationValue == 0)
    }

    @Test func zeroDurationAppliesAtTheNextTickAndFinishesTrue() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(3.0, engine: engine)
        let record = Record()
        engine.animate(withDuration: 0, animations: { x.value = 7 }, completion: { record.calls.append($0) })
        #expect(x.presentationValue == 3)
        engine.tick(at: 0)
        #expect(x.presentationValue == 7)
        #expect(record.calls == [true])
    }

    @Test func badDelayIsReportedAndTakenAsZero() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        engine.animate(withDuration: 1, delay: -.infinity, options: .curveLinear, animations: { x.value = 1 })
        #expect(engine.diagnostics.contains { $0.kind == .invalidArgument })
        engine.tick(at: 0.5)
        #expect(abs(x.presentationValue - 0.5) < 1e-12)
    }

    @Test func easeInCurveOptionShowsUIKitsEaseInHalfway() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        engine.animate(withDuration: 1, options: .curveEaseIn, animations: { x.value = 1 })
        engine.tick(at: 0.5)
        // (0.42, 0, 1, 1) at half time: 0.3154 (solved independently, to 4 digits).
        #expect(abs(x.presentationValue - 0.3154) < 1e-4)
    }

    @Test func iOS17SpringWithNoBounceIsCriticallyDampedWithResponseSpringDuration() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let record = Record()
        let animator = engine.animate(springDuration: 0.5, bounce: 0, animations: { x.value = 1 },
                                      completion: { record.calls.append($0) })
        let omega = 2 * Double.pi / 0.5
        for t in [0.05, 0.1, 0.3, 0.6] {
            engine.tick(at: t)
            #expect(abs(x.presentationValue - (1 - (1 + omega * t) * exp(-omega * t))) < 1e-9)
        }
        // It runs until the spring settles, longer than the perceptual duration.
        #expect(animator.animationDuration > 0.5)
        engine.tick(at: animator.animationDuration + 0.01)
        #expect(record.calls == [true])
    }

    @Test func dampedSpringVariantSettlesAtItsDurationWithRelativeInitialVelocity() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let record = Record()
        let animator = engine.animate(withDuration: 1, usingSpringWithDamping: 1, initialSpringVelocity: 2,
                                      animations: { x.value = 200 }, completion: { record.calls.append($0) })
        guard case .spring(let spring) = animator.timingParameters else {
            Issue.record("not a spring"); return
        }
        #expect(abs(spring.dampingRatio - 1) < 1e-12)
        // Critical: x(t) = 1 − e^(−ωt)(1 + (ω − v₀)t) with v₀ = 2 per second of the distance.
        let omega = spring.naturalFrequency
        engine.tick(at: 0)
        #expect(abs(x.velocity - 400) < 1e-6)
        engine.tick(at: 0.25)
        let expected = 200 * (1 - exp(-omega * 0.25) * (1 + (omega - 2) * 0.25))
        #expect(abs(x.presentationValue - expected) < 1e-9)
        engine.tick(at: 1)
        #expect(record.calls == [true])
    }

    @Test func repeatRestartsEachCycleExactlyEvenAcrossLongTicksAndNeverCompletes() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let record = Record()
        let animator = engine.animate(withDuration: 1, delay: 0.5, options: [.curveLinear, .repeat],
                                      animations: { x.value = 100 }, completion: { record.calls.append($0) })
        engine.tick(at: 1.0)
        #expect(abs(x.presentationValue - 50) < 1e-9)
        engine.tick(at: 1.75)
        #expect(abs(x.presentationValue - 25) < 1e-9)
        engine.tick(at: 8.1)
        #expect(abs(x.presentationValue - 60) < 1e-9)
        engine.tick(at: 8.4)
        #expect(abs(x.presentationValue - 90) < 1e-9)
        #expect(record.calls.isEmpty)
        #expect(engine.hasRunningAnimations)
        animator.stopAnimation(true)
        #expect(record.calls == [false])
        #expect(abs(x.value - 90) < 1e-9)
    }

    @Test func repeatingAutoreverseRunsBackOnOddCycles() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        engine.animate(withDuration: 2, options: [.curveLinear, .repeat, .autoreverse], animations: { x.value = 100 })
        let expected: [(Double, Double)] = [(1, 50), (2.5, 75), (3.5, 25), (4.5, 25), (7.25, 37.5), (11, 50)]
        for (t, value) in expected {
            engine.tick(at: t)
            #expect(abs(x.presentationValue - value) < 1e-9, "t = \(t)")
        }
        #expect(engine.hasRunningAnimations)
    }

    @Test func pausingARepeatingAnimationShiftsTheLegsThatFollow() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let animator = engine.animate(withDuration: 1, options: [.curveLinear, .repeat, .autoreverse],
                                      animations: { x.value = 100 })
        engine.tick(at: 1.5)
        #expect(abs(x.presentationValue - 50) < 1e-9)   // second leg, backwards
        animator.pauseAnimation()
        engine.tick(at: 3)
        #expect(abs(x.presentationValue - 50) < 1e-9)
        animator.startAnimation()
        // Resumed 1.5 s later: the back leg ends at 3.5, the next forward leg runs 3.5…4.5.
        engine.tick(at: 3.25)
        #expect(abs(x.presentationValue - 25) < 1e-9)
        engine.tick(at: 4.25)
        #expect(abs(x.presentationValue - 75) < 1e-9)
        engine.tick(at: 10.9)
        #expect(abs(x.presentationValue - 60) < 1e-9)  // legs alternate each second from 3.5: 10.5…11.5 runs back
    }

    @Test func autoreverseAloneGoesThereAndBackThenShowsTheModelAndFinishesTrue() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let record = Record()
        engine.animate(withDuration: 1, options: [.curveLinear, .autoreverse], animations: { x.value = 10 },
                       completion: { record.calls.append($0) })
        engine.tick(at: 0.5)
        #expect(abs(x.presentationValue - 5) < 1e-9)
        engine.tick(at: 1.25)
        #expect(abs(x.presentationValue - 7.5) < 1e-9)
        engine.tick(at: 1.9)
        #expect(abs(x.presentationValue - 1) < 1e-9)
        #expect(record.calls.isEmpty)
        engine.tick(at: 2.0)
        #expect(record.calls == [true])
        #expect(x.presentationValue == 10)
        engine.tick(at: 3)
        #expect(record.calls == [true])
    }

    @Test func nestedAnimationInheritsDurationAndCurveUnlessOverridden() {
        let engine = AnimationEngine()
        let a = AnimatedProperty(0.0, engine: engine)
        let inherits = AnimatedProperty(0.0, engine: engine)
        let ownDuration = AnimatedProperty(0.0, engine: engine)
        let ownCurve = AnimatedProperty(0.0, engine: engine)
        let nested = Record()
        var animators: [PropertyAnimator] = []
        let outer = engine.animate(withDuration: 2, options: .curveLinear, animations: {
            a.value = 100
            animators.append(engine.animate(withDuration: 5, options: .curveEaseIn, animations: { inherits.value = 10 },
                                            completion: { nested.calls.append($0) }))
            animators.append(engine.animate(withDuration: 4, options: [.curveEaseIn, .overrideInheritedDuration],
                                            animations: { ownDuration.value = 10 }))
            animators.append(engine.animate(withDuration: 5, options: [.curveEaseIn, .overrideInheritedCurve],
                                            animations: { ownCurve.value = 1 }))
        })
        #expect(animators[0] === outer)
        engine.tick(at: 1)
        #expect(abs(inherits.presentationValue - 5) < 1e-12)       // 2 s, linear
        #expect(abs(ownDuration.presentationValue - 2.5) < 1e-12)  // 4 s, the outer's linear curve
        #expect(abs(ownCurve.presentationValue - 0.3154) < 1e-4)   // 2 s, its own ease-in
        engine.tick(at: 2)
        #expect(nested.calls == [true])
        #expect(ownCurve.presentationValue == 1)
        #expect(animators[1].isRunning)
    }

    @Test func nestedAnimationStartsWithItsDelayedEnclosingOne() {
        let engine = AnimationEngine()
        let a = AnimatedProperty(0.0, engine: engine)
        let b = AnimatedProperty(0.0, engine: engine)
        engine.animate(withDuration: 1, delay: 1, options: .curveLinear, animations: {
            a.value = 1
            engine.animate(withDuration: 4, options: .overrideInheritedDuration, animations: { b.value = 4 })
        })
        engine.tick(at: 1)
        #expect(b.presentationValue == 0)
        engine.tick(at: 2)
        #expect(abs(b.presentationValue - 1) < 1e-12)
        #expect(a.presentationValue == 1)
    }

    @Test func nestedInAnimationsAddedMidFlightInheritsTheRemainingTime() {
        let engine = AnimationEngine()
        let a = AnimatedProperty(0.0, engine: engine)
        let b = AnimatedProperty(0.0, engine: engine)
        let outer = engine.animate(withDuration: 2, options: .curveLinear, animations: { a.value = 1 })
        engine.tick(at: 0.5)
        var nested: PropertyAnimator?
        outer.addAnimations {
            nested = engine.animate(withDuration: 9, delay: 0.25, animations: { b.value = 6 })
        }
        // 1.5 s remained; the nested one waits 0.25 s and then runs 1.5 s, linearly.
        #expect(abs((nested?.animationDuration ?? 0) - 1.5) < 1e-12)
        engine.tick(at: 1.5)
        #expect(abs(b.presentationValue - 3) < 1e-9)
    }

    @Test func nestedAnimationInheritsOptionsUnlessOverridden() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var inherited: PropertyAnimator?
        var overridden: PropertyAnimator?
        let outer = engine.animate(withDuration: 1, options: [.allowUserInteraction, .repeat], animations: {
            x.value = 1
            inherited = engine.animate(withDuration: 3, options: .overrideInheritedDuration, animations: { x.value = 2 })
            overridden = engine.animate(withDuration: 3, options: [.overrideInheritedDuration, .overrideInheritedOptions],
                                        animations: { x.value = 3 })
        })
        #expect(outer.isUserInteractionEnabled)
        #expect(inherited?.isUserInteractionEnabled == true)
        #expect(inherited?.repeatCount == .infinity)   // inherited .repeat
        #expect(overridden?.isUserInteractionEnabled == false)
        #expect(overridden?.repeatCount == 0)
    }

    @Test func withoutAllowUserInteractionTheAnimatorBlocksTouches() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let blocking = engine.animate(withDuration: 1, animations: { x.value = 1 })
        let allowing = engine.animate(withDuration: 1, options: .allowUserInteraction, animations: { x.value = 2 })
        #expect(!blocking.isUserInteractionEnabled)
        #expect(allowing.isUserInteractionEnabled)
        #expect(AnimationOptions.beginFromCurrentState.rawValue == 4)
        #expect(AnimationOptions.curveLinear.rawValue == 3 << 16)
        #expect(AnimationOptions.calculationModeCubicPaced.rawValue == 4 << 10)
    }

    @Test func runningPropertyAnimatorWithOptionsUsesTheirCurveAndItsOwnCompletion() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var positions: [AnimatingPosition] = []
        let animator = PropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0.25, options: .curveLinear,
                                                                animations: { x.value = 8 },
                                                                completion: { positions.append($0) }, engine: engine)
        #expect(animator.state == .active && animator.isRunning)
        engine.tick(at: 0.75)
        #expect(abs(x.presentationValue - 4) < 1e-12)
        engine.tick(at: 1.25)
        #expect(positions == [.end])
    }

    @Test func repeatAndAutoreverseAreTheAnimatorsOwnMediaTiming() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let forever = engine.animate(withDuration: 1, options: [.repeat, .autoreverse], animations: { x.value = 1 })
        let once = engine.animate(withDuration: 1, options: .autoreverse, animations: { x.value = 2 })
        let plain = engine.animate(withDuration: 1, options: .repeat, animations: { x.value = 3 })
        #expect(forever.repeatCount == .infinity && forever.autoreverses)
        #expect(once.repeatCount == 0 && once.autoreverses)
        #expect(plain.repeatCount == .infinity && !plain.autoreverses)
        // No observer is installed to restart the cycles.
        #expect(forever.observers.running.count == 0 && forever.observers.reversed.count == 0)
        #expect(forever.observers.state.count == 1)   // the completion's, cancelled when it runs
    }

    @Test func autoreverseAloneReversedBackToItsStartCompletesAtTheStart() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var positions: [AnimatingPosition] = []
        let record = Record()
        let animator = engine.animate(withDuration: 1, options: [.curveLinear, .autoreverse], animations: { x.value = 10 },
                                      completion: { record.calls.append($0) })
        animator.addCompletion { positions.append($0) }
        engine.tick(at: 0.5)
        animator.isReversed = true
        engine.tick(at: 0.75)
        #expect(abs(x.presentationValue - 2.5) < 1e-9)
        engine.tick(at: 1)
        // Reversed by hand, it runs back to where it began: the start values, as any animator.
        #expect(positions == [.start])
        #expect(record.calls == [true])
        #expect(x.presentationValue == 0 && x.value == 0)
    }

    @Test func classCallsJoiningALongLivedAnimatorLeaveNoObserversOnceTheyComplete() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine)
        let record = Record()
        for run in 0..<3 {
            animator.startAnimation()
            for _ in 0..<50 {
                animator.addAnimations {
                    engine.animate(withDuration: 1, animations: { x.value += 1 }, completion: { record.calls.append($0) })
                }
            }
            #expect(animator.observers.state.count == 50)
            engine.tick(at: Double(run) + 1)
            #expect(animator.state == .inactive)
            #expect(animator.observers.state.count == 0)
            #expect(animator.completions.isEmpty)
        }
        #expect(record.calls == Array(repeating: true, count: 150))
        // Stopped without finishing: each completion runs once with false, and nothing stays.
        let repeating = engine.animate(withDuration: 1, options: .repeat, animations: { x.value = 0 },
                                       completion: { record.calls.append($0) })
        engine.tick(at: 7.5)
        repeating.stopAnimation(true)
        #expect(record.calls.last == false && record.calls.count == 151)
        #expect(repeating.observers.state.count == 0)
    }
}
