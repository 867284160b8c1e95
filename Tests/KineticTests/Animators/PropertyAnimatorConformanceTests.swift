import Testing
@testable import Kinetic
import KineticTestSupport

/// One test per documented behaviour of `UIViewPropertyAnimator` (`UIViewAnimating`,
/// `UIViewImplicitlyAnimating`), each on a manual clock with exact expectations at exact
/// instants. The expected values are closed forms written in the tests (linear motion, the
/// Bézier curve by bisection, the spring's textbook solution), not the library's formulas.
@Suite("PropertyAnimator conformance")
struct PropertyAnimatorConformanceTests {
    /// Absolute tolerance for values of order 100.
    static let tol = 1e-9

    private func near(_ a: Double, _ b: Double, _ tolerance: Double = tol) -> Bool {
        abs(a - b) <= tolerance
    }

    // MARK: Running to the end

    @Test("Runs through the curve at 30, 60 and 120 Hz and completes at .end, once",
          arguments: [30.0, 60.0, 120.0])
    func runsThroughTheCurve(frameRate: Double) {
        let engine = AnimationEngine()
        let x = AnimatedProperty(20.0, engine: engine)
        var completions: [(AnimatingPosition, CompletionReason)] = []
        let a = PropertyAnimator(duration: 0.5, curve: .easeOut, engine: engine) { x.value = 220 }
        a.addCompletion(reportingReason: { completions.append(($0, $1)) })
        #expect(a.state == .inactive && !a.isRunning)
        a.startAnimation()
        #expect(a.state == .active && a.isRunning)
        #expect(x.value == 220)                          // the model moves at once
        #expect(x.presentationValue == 20)               // the presentation has not
        var frame = 0
        while a.state == .active {
            frame += 1
            let t = Double(frame) / frameRate
            engine.tick(at: t)
            guard a.state == .active else { break }
            let expected = 20 + 200 * bezierProgress(0, 0, 0.58, 1, at: t / 0.5)
            #expect(near(x.presentationValue, expected), "t = \(t)")
            #expect(near(a.fractionComplete, t / 0.5, 1e-12))
        }
        // Completed at the first frame at or after 0.5 s.
        #expect(Double(frame) / frameRate >= 0.5 && Double(frame - 1) / frameRate < 0.5)
        #expect(completions.count == 1)
        #expect(completions.first?.0 == .end && completions.first?.1 == .completed)
        #expect(x.presentationValue == 220 && x.velocity == 0 && !x.isAnimating)
        #expect(a.state == .inactive && !a.isRunning && a.fractionComplete == 0)
        #expect(engine.animators.isEmpty)
    }

    @Test func velocityIsTheCurvesSlopeTimesTheDistanceOverTheDuration() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 2, controlPoint1: Point(x: 0.3, y: 0.1), controlPoint2: Point(x: 0.6, y: 1.2),
                                 engine: engine) { x.value = 100 }
        a.startAnimation()
        for t in [0.3, 0.9, 1.5] {
            engine.tick(at: t)
            let h = 1e-6
            let slope = (bezierProgress(0.3, 0.1, 0.6, 1.2, at: t / 2 + h) - bezierProgress(0.3, 0.1, 0.6, 1.2, at: t / 2 - h)) / (2 * h)
            #expect(near(x.velocity, 100 * slope / 2, 1e-5))
            #expect(near(x.presentationValue, 100 * bezierProgress(0.3, 0.1, 0.6, 1.2, at: t / 2)))
        }
    }

    // MARK: Becoming active without running

    @Test func pausingAnInactiveAnimatorMakesItActiveAndPausedAtTheStart() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var ran = 0
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { ran += 1; x.value = 100 }
        a.pauseAnimation()
        #expect(a.state == .active && !a.isRunning && ran == 1)
        #expect(x.value == 100 && x.presentationValue == 0 && a.fractionComplete == 0)
        engine.tick(at: 5)                              // paused: nothing moves
        #expect(x.presentationValue == 0 && a.state == .active)
        a.startAnimation()
        engine.tick(at: 5.25)
        #expect(near(x.presentationValue, 25))
        engine.tick(at: 6)
        #expect(a.state == .inactive && x.presentationValue == 100 && ran == 1)
    }

    @Test func settingFractionCompleteOnAnInactiveAnimatorMakesItActiveAndPaused() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .easeIn, engine: engine) { x.value = 100 }
        a.fractionComplete = 0.4
        #expect(a.state == .active && !a.isRunning)
        #expect(a.fractionComplete == 0.4)
        #expect(near(x.presentationValue, 40))          // scrubsLinearly is true by default
        #expect(x.velocity == 0)
    }

    // MARK: Stopping and finishing

    @Test("stopAnimation(false) writes the presentation into the model; finishAnimation(at:) decides the rest",
          arguments: [AnimatingPosition.start, .end, .current])
    func stopWithoutFinishingThenFinish(at position: AnimatingPosition) {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [(AnimatingPosition, CompletionReason)] = []
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        a.addCompletion(reportingReason: { completions.append(($0, $1)) })
        a.startAnimation()
        engine.tick(at: 0.3)
        a.stopAnimation(false)
        #expect(a.state == .stopped && !a.isRunning)
        #expect(near(x.value, 30) && x.presentationValue == x.value && x.velocity == 0 && !x.isAnimating)
        #expect(near(a.fractionComplete, 0.3))
        engine.tick(at: 0.8)                            // stopped: nothing moves, nothing runs
        #expect(near(x.presentationValue, 30) && completions.isEmpty)
        a.finishAnimation(at: position)
        let expected: Double = switch position { case .start: 0; case .end: 100; case .current: 30 }
        #expect(near(x.value, expected) && x.presentationValue == x.value)
        #expect(a.state == .inactive)
        #expect(completions.count == 1 && completions.first?.0 == position && completions.first?.1 == .stopped)
        #expect(engine.animators.isEmpty)
    }

    @Test func stopWithoutFinishingTrueRunsNoCompletionNowOrLater() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var first = 0, second = 0
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        a.addCompletion { _ in first += 1 }
        a.startAnimation()
        engine.tick(at: 0.6)
        a.stopAnimation(true)
        #expect(a.state == .inactive && near(x.value, 60) && x.presentationValue == x.value)
        // A later run completes with only the handlers added for it.
        a.addAnimations { x.value = 0 }
        a.addCompletion { _ in second += 1 }
        a.startAnimation()
        engine.tick(at: 1.6)
        #expect(a.state == .inactive && x.value == 0)
        #expect(first == 0 && second == 1)
    }

    @Test func stopAndFinishFromAStoppedStateWithoutFinishing() {
        // stopAnimation(true) on a stopped animator makes it inactive without completions.
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var ran = 0
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        a.addCompletion { _ in ran += 1 }
        a.startAnimation()
        engine.tick(at: 0.5)
        a.stopAnimation(false)
        a.stopAnimation(true)
        #expect(a.state == .inactive && near(x.value, 50) && ran == 0)
    }

    // MARK: Scrubbing

    @Test func scrubbingLinearlyMovesEveryPropertyLinearly() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let p = AnimatedProperty(Point(x: 10, y: 10), engine: engine)
        var fractions: [Double] = []
        let a = PropertyAnimator(duration: 1, curve: .easeInOut, engine: engine) {
            x.value = 100
            p.value = Point(x: 110, y: -90)
        }
        a.observeFractionComplete { fractions.append($0) }
        a.pauseAnimation()
        for f in [0.1, 0.25, 0.8, 0.5] {
            a.fractionComplete = f
            #expect(a.fractionComplete == f)
            #expect(near(x.presentationValue, 100 * f))
            #expect(p.presentationValue.isApproximatelyEqual(to: Point(x: 10 + 100 * f, y: 10 - 100 * f), tolerance: 1e-12))
            #expect(x.velocity == 0)
        }
        #expect(fractions == [0.1, 0.25, 0.8, 0.5])
        // Out of range is clamped, NaN is rejected.
        a.fractionComplete = 1.5
        #expect(a.fractionComplete == 1 && x.presentationValue == 100)
        a.fractionComplete = -3
        #expect(a.fractionComplete == 0 && x.presentationValue == 0)
        let before = engine.diagnostics.count
        a.fractionComplete = .nan
        #expect(a.fractionComplete == 0 && engine.diagnostics.count == before + 1)
    }

    @Test func scrubbingThroughTheCurveWhenScrubsLinearlyIsFalse() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .easeInOut, engine: engine) { x.value = 100 }
        a.scrubsLinearly = false
        a.pauseAnimation()
        for f in [0.1, 0.3, 0.7] {
            a.fractionComplete = f
            #expect(near(a.fractionComplete, f, 1e-15))
            #expect(near(x.presentationValue, 100 * bezierProgress(0.42, 0, 0.58, 1, at: f)))
        }
        // Continuing goes on from the same time fraction: no remapping needed.
        a.startAnimation()
        engine.tick(at: 0.2)
        #expect(near(x.presentationValue, 100 * bezierProgress(0.42, 0, 0.58, 1, at: 0.9)))
    }

    /// The 2016 session's "protuberance": after a linear scrub the animator continues from the
    /// time fraction at which the curve shows the scrubbed progress, so nothing jumps.
    @Test func continuingAfterALinearScrubMapsTheProgressBackOntoTheCurve() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var fractions: [Double] = []
        let a = PropertyAnimator(duration: 2, curve: .easeInOut, engine: engine) { x.value = 100 }
        a.pauseAnimation()
        a.fractionComplete = 0.3
        a.observeFractionComplete { fractions.append($0) }
        let shown = x.presentationValue
        #expect(near(shown, 30))
        a.startAnimation()
        let mapped = bezierFraction(0.42, 0, 0.58, 1, forProgress: 0.3)
        #expect(near(x.presentationValue, shown, 1e-9))                 // no jump
        #expect(near(a.fractionComplete, mapped, 1e-9))                  // the time fraction now
        #expect(fractions.count == 1 && near(fractions[0], mapped, 1e-9))   // observers hear it
        engine.tick(at: 0.4)
        #expect(near(x.presentationValue, 100 * bezierProgress(0.42, 0, 0.58, 1, at: mapped + 0.2)))
        engine.tick(at: 2 * (1 - mapped) + 1e-9)
        #expect(a.state == .inactive && x.presentationValue == 100)
    }

    // MARK: Reversing

    /// Flipping `isReversed` while running reverses on the spot: the position is continuous and
    /// the velocity flips sign (the "brick wall").
    @Test func reversingWhileRunningIsABrickWall() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var positions: [AnimatingPosition] = []
        var reversedChanges: [Bool] = []
        let a = PropertyAnimator(duration: 1, curve: .easeInOut, engine: engine) { x.value = 100 }
        a.addCompletion { positions.append($0) }
        a.observeReversed { reversedChanges.append($0) }
        a.startAnimation()
        engine.tick(at: 0.4)
        let before = x.presentation
        a.isReversed = true
        let after = x.presentation
        #expect(before.value == after.value)
        #expect(near(after.velocity, -before.velocity, 1e-9) && before.velocity > 0)
        print("brick wall: |Δposition| = \(abs(after.value - before.value)), velocity \(before.velocity) → \(after.velocity)")
        engine.tick(at: 0.6)
        #expect(near(x.presentationValue, 100 * bezierProgress(0.42, 0, 0.58, 1, at: 0.2)))
        #expect(near(a.fractionComplete, 0.2, 1e-12))
        engine.tick(at: 0.8)
        #expect(positions == [.start] && x.value == 0 && x.presentationValue == 0 && a.state == .inactive)
        #expect(reversedChanges == [true])
        // isReversed survives completion (UIKit keeps it); the next run goes backwards too.
        #expect(a.isReversed)
    }

    @Test func reversingWhilePausedTakesEffectOnContinue() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        a.startAnimation()
        engine.tick(at: 0.5)
        a.pauseAnimation()
        a.isReversed = true
        #expect(near(x.presentationValue, 50) && x.velocity == 0 && !a.isRunning)
        engine.tick(at: 1)
        #expect(near(x.presentationValue, 50))
        a.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        engine.tick(at: 1.2)
        #expect(near(x.presentationValue, 30) && near(x.velocity, -100))
        engine.tick(at: 1.5)
        #expect(a.state == .inactive && x.value == 0)
    }

    /// Reversing by animating the property back to its old value is additive: position and
    /// (for springs) velocity are continuous, and both animators complete at `.end`.
    @Test func reversingByRetargetingIsAdditiveAndContinuous() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let spring = SpringTimingParameters(mass: 1, stiffness: 200, damping: 20)
        var positions: [String] = []
        let out = PropertyAnimator(duration: 1, timingParameters: .spring(spring), engine: engine) { x.value = 300 }
        out.addCompletion(reportingReason: { positions.append("out \($0) \($1)") })
        out.startAnimation()
        engine.tick(at: 0.15)
        let before = x.presentation
        let back = PropertyAnimator(duration: 1, timingParameters: .spring(spring), engine: engine) { x.value = 0 }
        back.addCompletion(reportingReason: { positions.append("back \($0) \($1)") })
        back.startAnimation()
        let after = x.presentation
        print("reversal by retarget: |Δposition| = \(abs(after.value - before.value)), |Δvelocity| = \(abs(after.velocity - before.velocity))")
        #expect(abs(after.value - before.value) <= 1e-12)
        #expect(abs(after.velocity - before.velocity) <= 1e-9)
        // From then on the motion is the superposition of the two springs.
        for t in stride(from: 0.2, through: 1.2, by: 0.1) {
            engine.tick(at: t)
            let first = springOffset(mass: 1, stiffness: 200, damping: 20, d0: -300, v0: 0, at: t)
            let second = springOffset(mass: 1, stiffness: 200, damping: 20, d0: 300, v0: 0, at: t - 0.15)
            // Each spring is brought to rest over the last tenth of its run (issue 21).
            let rest1 = SpringTimingParameters.runWindow(atFraction: t / out.animationDuration).value
            let rest2 = SpringTimingParameters.runWindow(atFraction: (t - 0.15) / back.animationDuration).value
            let expected = 0 + first.x * rest1 + second.x * rest2
            #expect(near(x.presentationValue, expected), "t = \(t)")
        }
        engine.tick(at: 10)
        // Both complete at .end; the first one knows it was retargeted.
        #expect(positions == ["out end retargeted", "back end completed"])
        #expect(x.presentationValue == 0 && x.value == 0)
    }

    @Test func aCompletionTellsWhetherItsPropertiesWereRetargeted() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let y = AnimatedProperty(0.0, engine: engine)
        var reasons: [String] = []
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        let b = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { y.value = 100 }
        a.addCompletion(reportingReason: { reasons.append("a \($0) \($1)") })
        b.addCompletion(reportingReason: { reasons.append("b \($0) \($1)") })
        a.startAnimation()
        b.startAnimation()
        engine.tick(at: 0.5)
        x.value = 20                                    // a direct change while a animates x
        // The model jumps by −80 and the presentation with it: the track (−50 now) carries on
        // around the new model.
        #expect(near(x.presentationValue, -30))
        engine.tick(at: 1)
        #expect(reasons == ["a end retargeted", "b end completed"])
        #expect(x.presentationValue == 20)
    }

    // MARK: Pausing on completion

    @Test func pausesOnCompletionStaysActiveAndRunsNoCompletion() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions = 0
        var running: [Bool] = []
        var states: [AnimatingState] = []
        let a = PropertyAnimator(duration: 1, curve: .easeOut, engine: engine) { x.value = 100 }
        a.pausesOnCompletion = true
        a.addCompletion { _ in completions += 1 }
        a.observeRunning { running.append($0) }
        a.observeState { states.append($0) }
        a.startAnimation()
        engine.tick(at: 1)
        #expect(a.state == .active && !a.isRunning && a.fractionComplete == 1)
        #expect(x.presentationValue == 100 && x.velocity == 0)
        #expect(completions == 0 && running == [true, false] && states == [.active])
        engine.tick(at: 2)
        #expect(completions == 0 && a.state == .active)
        // Reverse from the end and run back; it pauses again at the start.
        a.isReversed = true
        a.startAnimation()
        engine.tick(at: 2.5)
        #expect(near(x.presentationValue, 100 * bezierProgress(0, 0, 0.58, 1, at: 0.5)))
        engine.tick(at: 3)
        #expect(a.state == .active && !a.isRunning && a.fractionComplete == 0 && x.presentationValue == 0)
        #expect(completions == 0)
        // Finishing it is the way out: completions run once.
        a.stopAnimation(false)
        a.finishAnimation(at: .start)
        #expect(completions == 1 && a.state == .inactive && x.value == 0)
    }

    // MARK: Delays

    @Test func startAfterADelayChangesTheModelNowAndMovesLater() {
        let engine = AnimationEngine(time: 10)
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        a.startAnimation(afterDelay: 0.5)
        #expect(a.state == .active && a.isRunning && x.value == 100 && a.delay == 0.5)
        engine.tick(at: 10.25)
        #expect(x.presentationValue == 0 && x.velocity == 0 && a.fractionComplete == 0)
        engine.tick(at: 10.75)
        #expect(near(x.presentationValue, 25) && near(x.velocity, 100))
        engine.tick(at: 11.5)
        #expect(a.state == .inactive && x.presentationValue == 100)
    }

    // MARK: Adding animations

    @Test func animationsAddedWhileRunningFinishWithTheOthers() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let y = AnimatedProperty(0.0, engine: engine)
        var completions = 0
        let a = PropertyAnimator(duration: 2, curve: .linear, engine: engine) { x.value = 100 }
        a.addCompletion { _ in completions += 1 }
        a.startAnimation()
        engine.tick(at: 1)                              // fractionComplete 0.5: 1 s remains
        a.addAnimations { y.value = 50 }
        #expect(y.presentationValue == 0 && y.value == 50)
        engine.tick(at: 1.5)
        #expect(near(y.presentationValue, 25) && near(y.velocity, 50) && near(x.presentationValue, 75))
        engine.tick(at: 2)
        #expect(y.presentationValue == 50 && x.presentationValue == 100 && completions == 1)
    }

    /// UIKit's documented example: duration 2, 25 % complete, delay factor 0.25: the block
    /// waits 0.5 s and runs for 1.0 s, finishing with the others.
    @Test func addedAnimationsWithADelayFactor() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let y = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 2, curve: .linear, engine: engine) { x.value = 100 }
        a.startAnimation()
        engine.tick(at: 0.5)
        #expect(a.fractionComplete == 0.25)
        a.addAnimations({ y.value = 80 }, delayFactor: 0.25)
        engine.tick(at: 0.99)
        #expect(y.presentationValue == 0)
        engine.tick(at: 1.0)
        #expect(y.presentationValue == 0)
        engine.tick(at: 1.25)
        #expect(near(y.presentationValue, 20) && near(y.velocity, 80))   // 80 over 1.0 s
        engine.tick(at: 2)
        #expect(y.presentationValue == 80 && a.state == .inactive)
    }

    @Test func aDelayFactorBeforeStartDelaysByThatShareOfTheDuration() {
        let engine = AnimationEngine()
        let y = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 2, curve: .linear, engine: engine)
        a.addAnimations({ y.value = 10 }, delayFactor: 0.5)      // UIKit: a one second delay
        a.startAnimation()
        engine.tick(at: 1)
        #expect(y.presentationValue == 0)
        engine.tick(at: 1.5)
        #expect(near(y.presentationValue, 5))
        engine.tick(at: 2)
        #expect(y.presentationValue == 10)
    }

    /// UIKit: animations added to an animator started with none run for the remaining duration;
    /// with nothing added it completes at the end of its duration. (Until issue 11 it waited,
    /// active and not running, for its first block and gave it the whole duration.)
    @Test func anAnimatorStartedWithNothingRunsItsClock() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions = 0
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine)
        a.addCompletion { _ in completions += 1 }
        a.startAnimation()
        #expect(a.state == .active && a.isRunning)
        engine.tick(at: 0.6)
        a.addAnimations { x.value = 10 }
        #expect(a.isRunning && x.presentationValue == 0)
        engine.tick(at: 0.8)
        #expect(near(x.presentationValue, 5))             // 10 over the remaining 0.4 s
        engine.tick(at: 1)
        #expect(x.presentationValue == 10 && completions == 1 && a.state == .inactive)
    }

    // MARK: Continuing with new timing

    @Test func continuingWithNewTimingAndTheRemainingTime() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var positions: [AnimatingPosition] = []
        let a = PropertyAnimator(duration: 2, curve: .linear, engine: engine) { x.value = 100 }
        a.addCompletion { positions.append($0) }
        a.startAnimation()
        engine.tick(at: 1)
        a.pauseAnimation()
        #expect(near(x.presentationValue, 50))
        engine.tick(at: 1.5)
        a.continueAnimation(withTimingParameters: .cubic(.easeIn), durationFactor: 0)   // 1 s remains
        #expect(near(x.presentationValue, 50))                                        // no jump
        for t in [1.75, 2.0, 2.25] {
            engine.tick(at: t)
            #expect(near(x.presentationValue, 50 + 50 * bezierProgress(0.42, 0, 1, 1, at: t - 1.5)), "t = \(t)")
        }
        engine.tick(at: 2.5)
        #expect(positions == [.end] && x.presentationValue == 100)
        // Back to inactive, the original timing is restored.
        #expect(a.timingParameters == .cubic(.linear))
    }

    @Test func continuingWithADurationFactorScalesTheOriginalDuration() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 2, curve: .linear, engine: engine) { x.value = 100 }
        a.pauseAnimation()
        a.fractionComplete = 0.5
        a.continueAnimation(withTimingParameters: nil, durationFactor: 0.25)   // the rest in 0.5 s
        engine.tick(at: 0.25)
        #expect(near(x.presentationValue, 75) && near(a.fractionComplete, 0.75, 1e-12))
        engine.tick(at: 0.5)
        #expect(a.state == .inactive && x.presentationValue == 100)
    }

    @Test func continuingWithASpringTakesOverWithoutAJump() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        a.pauseAnimation()
        a.fractionComplete = 0.4
        let spring = SpringTimingParameters(mass: 1, stiffness: 150, damping: 15)
        a.continueAnimation(withTimingParameters: .spring(spring), durationFactor: 0)
        #expect(near(x.presentationValue, 40) && x.velocity == 0)
        for t in [0.1, 0.3, 0.6] {
            engine.tick(at: t)
            let s = springOffset(mass: 1, stiffness: 150, damping: 15, d0: -60, v0: 0, at: t)
            #expect(near(x.presentationValue, 100 + s.x) && near(x.velocity, s.v))
        }
    }

    // MARK: Spring timing with a vector velocity

    /// A point-valued property takes both components of the initial velocity, each in units
    /// of its own distance per second, as UIKit does for `center`.
    @Test func springTimingWithAVectorInitialVelocity() {
        let engine = AnimationEngine()
        let center = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let spring = SpringTimingParameters(mass: 1, stiffness: 120, damping: 12, initialVelocity: Vector(x: 2, y: -1))
        let a = PropertyAnimator(duration: 1, timingParameters: .spring(spring), engine: engine) {
            center.value = Point(x: 100, y: 200)
        }
        a.startAnimation()
        // 2 × 100 and −1 × 200 points per second.
        #expect(center.velocity.isApproximatelyEqual(to: Point(x: 200, y: -200), tolerance: 1e-12))
        for t in [0.05, 0.2, 0.5, 1.0] {
            engine.tick(at: t)
            let sx = springOffset(mass: 1, stiffness: 120, damping: 12, d0: -100, v0: 200, at: t)
            let sy = springOffset(mass: 1, stiffness: 120, damping: 12, d0: -200, v0: -200, at: t)
            #expect(center.presentationValue.isApproximatelyEqual(to: Point(x: 100 + sx.x, y: 200 + sy.x), tolerance: 1e-9))
            #expect(center.velocity.isApproximatelyEqual(to: Point(x: sx.v, y: sy.v), tolerance: 1e-9))
        }
        // Given by mass, stiffness and damping, it runs for its settling duration.
        #expect(a.animationDuration == spring.settlingDuration)
        engine.tick(at: spring.settlingDuration)
        #expect(a.state == .inactive && center.presentationValue == Point(x: 100, y: 200))
    }

    // MARK: Observers

    @Test func observersFireExactlyWhenTheValueChanges() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var log: [String] = []
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 1 }
        a.observeState { log.append("state \($0)") }
        a.observeRunning { log.append("running \($0)") }
        a.observeReversed { log.append("reversed \($0)") }
        a.observeFractionComplete { log.append("fraction \($0)") }
        a.startAnimation()
        a.startAnimation()                              // no change, no callback
        engine.tick(at: 0.25)
        engine.tick(at: 0.25)                           // same time: no fraction change
        a.pauseAnimation()
        a.pauseAnimation()
        a.isReversed = false                            // unchanged
        a.isReversed = true
        a.fractionComplete = 0.5
        a.startAnimation()
        engine.tick(at: 0.75)
        engine.tick(at: 1)
        #expect(log == [
            "state active", "running true",
            "fraction 0.25",
            "running false",
            "reversed true",
            "fraction 0.5",
            "running true",
            "fraction 0.0",
            "running false", "state inactive",
        ])
    }

    // MARK: Misuse has defined outcomes

    @Test func illegalCallsAreRejectedWithADiagnosticAndChangeNothing() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        func snapshot() -> String {
            "\(a.state) \(a.isRunning) \(a.isReversed) \(a.fractionComplete) \(x.value) \(x.presentationValue)"
        }
        func rejected(_ kind: Diagnostic.Kind, _ call: () -> Void) {
            let before = snapshot(), count = engine.diagnostics.count
            call()
            #expect(snapshot() == before)
            #expect(engine.diagnostics.count == count + 1 && engine.diagnostics.last?.kind == kind)
        }
        // Inactive.
        rejected(.illegalStateTransition) { a.stopAnimation(false) }
        rejected(.illegalStateTransition) { a.stopAnimation(true) }
        rejected(.illegalStateTransition) { a.finishAnimation(at: .end) }
        rejected(.illegalStateTransition) { a.continueAnimation(withTimingParameters: nil, durationFactor: 1) }
        // Running.
        a.startAnimation()
        engine.tick(at: 0.2)
        rejected(.illegalStateTransition) { a.fractionComplete = 0.9 }
        rejected(.illegalStateTransition) { a.finishAnimation(at: .end) }
        rejected(.illegalStateTransition) { a.isInterruptible = false }
        rejected(.illegalStateTransition) { a.continueAnimation(withTimingParameters: .cubic(.easeIn), durationFactor: 0) }
        // Stopped.
        a.stopAnimation(false)
        rejected(.illegalStateTransition) { a.startAnimation() }
        rejected(.illegalStateTransition) { a.pauseAnimation() }
        rejected(.illegalStateTransition) { a.fractionComplete = 0.5 }
        rejected(.illegalStateTransition) { a.stopAnimation(false) }
        rejected(.illegalStateTransition) { a.addAnimations { x.value = 5 } }
        a.finishAnimation(at: .current)
        // Not interruptible.
        let b = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 0 }
        b.isInterruptible = false
        b.startAnimation()
        engine.tick(at: 0.5)
        func rejectedB(_ call: () -> Void) {
            let before = "\(b.state) \(b.isRunning) \(b.fractionComplete) \(x.presentationValue)"
            let count = engine.diagnostics.count
            call()
            #expect("\(b.state) \(b.isRunning) \(b.fractionComplete) \(x.presentationValue)" == before)
            #expect(engine.diagnostics.count == count + 1 && engine.diagnostics.last?.kind == .notInterruptible)
        }
        rejectedB { b.pauseAnimation() }
        rejectedB { b.stopAnimation(false) }
        rejectedB { b.fractionComplete = 0.1 }
        engine.tick(at: 1.2)
        #expect(b.state == .inactive && x.presentationValue == 0)
    }

    @Test func badArgumentsHaveDocumentedOutcomes() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        // A negative duration is 0: the animations complete at the first tick.
        let a = PropertyAnimator(duration: -1, curve: .linear, engine: engine) { x.value = 10 }
        #expect(a.duration == 0 && engine.diagnostics.last?.kind == .invalidArgument)
        a.startAnimation()
        engine.tick(at: 0)
        #expect(a.state == .inactive && x.presentationValue == 10)
        // NaN values are rejected by the property; the model keeps its value.
        let b = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = .nan }
        b.startAnimation()
        #expect(x.value == 10 && !x.presentationValue.isNaN)
        // A NaN delay is no delay; a NaN delay factor is 0; NaN duration factor is the remaining time.
        let c = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 20 }
        c.startAnimation(afterDelay: .nan)
        c.addAnimations({ x.value = 30 }, delayFactor: .nan)
        engine.tick(at: 0.5)
        #expect(!x.presentationValue.isNaN && near(x.presentationValue, 10 + 20 * 0.5))
        c.pauseAnimation()
        c.continueAnimation(withTimingParameters: nil, durationFactor: .nan)
        engine.tick(at: 1)
        #expect(c.state == .inactive && x.presentationValue == 30)
        // Time never goes backwards: an earlier tick is held at the engine's time (no error), a
        // non-finite one is rejected with a diagnostic.
        let count = engine.diagnostics.count
        engine.tick(at: 0.5)
        engine.tick(at: .infinity)
        #expect(engine.time == 1 && engine.diagnostics.map(\.kind).dropFirst(count) == [.timeWentBackwards])
    }

    // MARK: Where UIKit crashes

    @Test func releasingAPausedOrStoppedAnimatorIsSafe() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        weak var weakPaused: PropertyAnimator?
        weak var weakStopped: PropertyAnimator?
        do {
            let paused = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
            paused.fractionComplete = 0.5
            weakPaused = paused
            let y = AnimatedProperty(0.0, engine: engine)
            let stopped = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { y.value = 1 }
            stopped.startAnimation()
            stopped.stopAnimation(false)
            weakStopped = stopped
        }
        // The engine keeps them, as UIKit's run loop would; the presentation stays put.
        #expect(weakPaused != nil && weakStopped != nil)
        engine.tick(at: 1)
        #expect(near(x.presentationValue, 50))
        weakPaused?.startAnimation()
        engine.tick(at: 1.5)
        #expect(x.presentationValue == 100 && weakPaused == nil)
        weakStopped?.finishAnimation(at: .end)
        #expect(weakStopped == nil && engine.animators.isEmpty)
    }

    @Test func stoppingOrFinishingFromInsideACompletionIsRejected() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        var runs = 0
        var kinds: [Diagnostic.Kind] = []
        a.addCompletion { [unowned a] _ in
            runs += 1
            let count = engine.diagnostics.count
            a.stopAnimation(false)
            a.stopAnimation(true)
            a.finishAnimation(at: .start)
            kinds = engine.diagnostics[count...].map(\.kind)
        }
        a.startAnimation()
        engine.tick(at: 1)
        #expect(runs == 1 && kinds == [.illegalStateTransition, .illegalStateTransition, .illegalStateTransition])
        #expect(a.state == .inactive && x.value == 100 && x.presentationValue == 100)
    }

    @Test func startingAgainFromInsideACompletionRunsANewCycle() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        var runs = 0
        a.addCompletion { [unowned a] _ in
            runs += 1
            a.addAnimations { x.value = 0 }
            a.addCompletion { _ in runs += 10 }
            a.startAnimation()
        }
        a.startAnimation()
        engine.tick(at: 1)
        #expect(runs == 1 && a.state == .active && a.isRunning)
        engine.tick(at: 1.5)
        #expect(near(x.presentationValue, 50))
        engine.tick(at: 2)
        #expect(runs == 11 && a.state == .inactive && x.presentationValue == 0)
    }

    @Test func animatorsTracksAndCompletionsAreReleasedWhenDone() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        weak var weakAnimator: PropertyAnimator?
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
            // A completion that captures the animator and something else strongly.
            a.addCompletion { _ in _ = a.state; _ = token }
            a.startAnimation()
            weakAnimator = a
        }
        engine.tick(at: 0.5)
        #expect(weakAnimator != nil && x.isAnimating)
        engine.tick(at: 1)
        #expect(weakAnimator == nil && weakToken == nil && !x.isAnimating)
    }

    final class Token {}

    // MARK: Keyframes

    /// The 2017 session's button: it fades out over the first half and back in over the second.
    @Test func keyframesFadeOutAndBackIn() {
        let engine = AnimationEngine()
        let alpha = AnimatedProperty(1.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) {
            engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { alpha.value = 0 }
            engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { alpha.value = 1 }
        }
        a.startAnimation()
        #expect(alpha.value == 1 && alpha.presentationValue == 1)
        for (t, expected) in [(0.25, 0.5), (0.5, 0.0), (0.6, 0.2), (0.75, 0.5)] {
            engine.tick(at: t)
            #expect(near(alpha.presentationValue, expected, 1e-12), "t = \(t)")
        }
        #expect(near(alpha.velocity, 2, 1e-12))
        // Scrub it both ways, then reverse it.
        a.pauseAnimation()
        a.fractionComplete = 0.1
        #expect(near(alpha.presentationValue, 0.8, 1e-12))
        a.fractionComplete = 0.9
        #expect(near(alpha.presentationValue, 0.8, 1e-12))
        a.fractionComplete = 0.5
        #expect(near(alpha.presentationValue, 0, 1e-12))
        a.isReversed = true
        a.startAnimation()                              // from progress 0.5, running back
        engine.tick(at: 1)
        #expect(near(alpha.presentationValue, 0.5, 1e-12) && near(alpha.velocity, 2, 1e-12))
        engine.tick(at: 1.25)
        #expect(a.state == .inactive && alpha.presentationValue == 1)
    }

    @Test func keyframesFollowTheAnimatorsCurve() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 2, curve: .easeIn, engine: engine) {
            engine.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.6) { x.value = 60 }
        }
        a.startAnimation()
        for t in [0.5, 1.0, 1.5, 1.9] {
            engine.tick(at: t)
            let progress = bezierProgress(0.42, 0, 1, 1, at: t / 2)
            let local = min(max((progress - 0.2) / 0.6, 0), 1)
            #expect(near(x.presentationValue, 60 * local), "t = \(t)")
        }
    }

    // MARK: Additive rotation

    /// Twenty half-turns added in one block compose into one smooth ten-turn spin.
    @Test func twentyHalfTurnsSpinTenTimes() {
        let engine = AnimationEngine()
        let transform = AnimatedProperty(AffineTransform.identity, engine: engine)
        let a = PropertyAnimator(duration: 2, curve: .linear, engine: engine) {
            for _ in 0..<20 {
                transform.value = transform.value.concatenating(AffineTransform(rotationAngle: .pi))
            }
        }
        #expect(transform.value == .identity)
        a.startAnimation()
        #expect(abs(transform.value.rotation - 20 * .pi) <= 1e-9)
        var previous = 0.0
        for frame in 1...120 {
            let t = Double(frame) / 60
            engine.tick(at: t)
            let angle = transform.presentationValue.rotation
            #expect(abs(angle - 10 * .pi * t) <= 1e-9, "t = \(t)")
            #expect(angle > previous)                   // never turns back
            #expect(abs(transform.presentationValue.scaleX - 1) <= 1e-12)
            previous = angle
        }
        #expect(a.state == .inactive)
    }
}
