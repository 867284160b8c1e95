import Testing
import KineticTestSupport
@testable import Kinetic

/// Core Animation's media timing on a PropertyAnimator (`speed`, `repeatCount`, `autoreverses`),
/// checked at exact instants against closed forms written here: for a linear curve from 0 to
/// 100 over `d` seconds, repeat `k` (counting legs) at local time `s` shows
/// `100 · w` forward and `100 · (1 − w)` in the backward half of an autoreversing repeat, with
/// `w = s/d − k`; for other curves the same with the Bézier progress of `w`.
@Suite("Animator media timing")
struct MediaTimingTests {
    static let eps = 1e-9

    private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-7) -> Bool { abs(a - b) <= tolerance }

    /// A linear 0 → 100 animator over `duration` seconds with its completions recorded.
    private func linear(_ engine: AnimationEngine, _ x: AnimatedProperty<Double>, duration: Double = 0.5,
                        log: @escaping (AnimatingPosition) -> Void) -> PropertyAnimator {
        let a = PropertyAnimator(duration: duration, curve: .linear, engine: engine) { x.value = 100 }
        a.addCompletion(log)
        return a
    }

    @Test func repeatsJumpBackToTheStartAtEachBoundaryAndCompleteOnceAtTheEnd() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = linear(engine, x) { completions.append($0) }
        a.repeatCount = 3
        a.startAnimation()
        // Repeat boundaries at 0.5 and 1.0 s: just before, at, just after.
        for boundary in [0.5, 1.0] {
            engine.tick(at: boundary - Self.eps)
            #expect(near(x.presentationValue, 100 * (1 - Self.eps / 0.5)))
            #expect(near(x.velocity, 200))
            engine.tick(at: boundary)
            #expect(x.presentationValue == 0)                      // the next repeat has begun
            #expect(a.currentRepeat == (boundary / 0.5))
            engine.tick(at: boundary + Self.eps)
            #expect(near(x.presentationValue, 100 * Self.eps / 0.5))
        }
        engine.tick(at: 1.2)
        #expect(near(x.presentationValue, 40))
        #expect(near(a.fractionComplete, 0.4, 1e-12))
        engine.tick(at: 1.5 - Self.eps)
        #expect(completions.isEmpty && a.isRunning)
        engine.tick(at: 1.5)
        #expect(completions == [.end])
        #expect(a.state == .inactive && x.presentationValue == 100 && x.value == 100 && !x.isAnimating)
    }

    @Test func autoreversingRepeatsAreContinuousAndCompleteAtTheStart() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = PropertyAnimator(duration: 0.5, curve: .easeIn, engine: engine) { x.value = 100 }
        a.addCompletion { completions.append($0) }
        a.autoreverses = true
        a.repeatCount = 2
        a.startAnimation()
        func expected(_ t: Double) -> Double {
            let legs = t / 0.5
            let k = legs.rounded(.down), w = legs - k
            let x = k.truncatingRemainder(dividingBy: 2) == 1 ? 1 - w : w
            return 100 * bezierProgress(0.42, 0, 1, 1, at: x)
        }
        for t in [0.1, 0.3, 0.6, 0.9, 1.05, 1.4, 1.7, 1.95] {
            engine.tick(at: t)
            #expect(near(x.presentationValue, expected(t)), "t = \(t)")
        }
        // The turns at 0.5 and 1.5 s (at the end values) and the new repeat at 1.0 s (at the
        // start values): the value is continuous, the velocity flips at a turn.
        let engine2 = AnimationEngine()
        let y = AnimatedProperty(0.0, engine: engine2)
        let b = PropertyAnimator(duration: 0.5, curve: .easeIn, engine: engine2) { y.value = 100 }
        b.autoreverses = true
        b.repeatCount = 2
        b.startAnimation()
        for boundary in [0.5, 1.0, 1.5] {
            engine2.tick(at: boundary - 1e-7)
            let before = y.presentationValue, vBefore = y.velocity
            engine2.tick(at: boundary)
            let at = y.presentationValue
            engine2.tick(at: boundary + 1e-7)
            let after = y.presentationValue, vAfter = y.velocity
            #expect(near(at, expected(boundary), 1e-9), "at \(boundary)")
            #expect(abs(before - at) < 1e-4 && abs(after - at) < 1e-4, "continuity at \(boundary)")
            if boundary != 1.0 {
                // The curve's slope at its end, 1/(1 − 0.42), over 0.5 s: arriving at +344.8 per
                // second, leaving at −344.8.
                // (1e-7 s from the turn the curve is still 0.04 below that limit.)
                let slope = 100 / (1 - 0.42) / 0.5
                #expect(near(vBefore, slope, 0.1) && near(vAfter, -slope, 0.1) && near(vBefore, -vAfter, 1e-6), "turn at \(boundary): \(vBefore) \(vAfter)")
            }
        }
        engine.tick(at: 2 - Self.eps)
        #expect(completions.isEmpty)
        engine.tick(at: 2)
        #expect(completions == [.start])
        #expect(x.presentationValue == 0 && x.value == 0 && !x.isAnimating && a.state == .inactive)
    }

    @Test func aFractionalRepeatCountEndsInsideTheLastRepeatAtCurrent() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = linear(engine, x) { completions.append($0) }
        a.repeatCount = 1.5
        a.startAnimation()
        engine.tick(at: 0.7)
        #expect(near(x.presentationValue, 40))
        engine.tick(at: 0.75 - Self.eps)
        #expect(near(x.presentationValue, 50, 1e-6) && completions.isEmpty)
        engine.tick(at: 0.75)
        #expect(completions == [.current])
        // Where it stopped: the model holds what was on screen, nothing jumps.
        #expect(near(x.presentationValue, 50, 1e-12) && near(x.value, 50, 1e-12) && !x.isAnimating)

        // Autoreversing 0.75 times: forward, then half way back.
        let y = AnimatedProperty(0.0, engine: engine)
        var yCompletions: [AnimatingPosition] = []
        let b = linear(engine, y) { yCompletions.append($0) }
        b.autoreverses = true
        b.repeatCount = 0.75
        b.startAnimation()
        engine.tick(at: 0.75 + 0.6)
        #expect(near(y.presentationValue, 80))
        engine.tick(at: 0.75 + 0.75)
        #expect(yCompletions == [.current] && near(y.value, 50, 1e-12))
    }

    @Test func speedScalesLocalTimeAndChangesWithoutAJump() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = linear(engine, x, duration: 1) { completions.append($0) }
        a.speed = 2
        a.startAnimation()
        engine.tick(at: 0.125)
        #expect(near(x.presentationValue, 25) && near(x.velocity, 200))
        a.speed = 4                                    // re-anchored: nothing moves
        #expect(near(x.presentationValue, 25) && near(x.velocity, 400))
        engine.tick(at: 0.25)
        #expect(near(x.presentationValue, 75))
        engine.tick(at: 0.3125)
        #expect(completions == [.end] && x.presentationValue == 100)

        // Bad speeds are rejected and change nothing.
        let b = linear(engine, x) { _ in }
        for bad in [0.0, -1.0, .nan, .infinity] {
            let count = engine.diagnostics.count
            b.speed = bad
            #expect(b.speed == 1 && engine.diagnostics.count == count + 1)
        }
    }

    @Test func speedAppliesToEveryRepeatButNotToTheStartDelay() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = linear(engine, x, duration: 1) { completions.append($0) }
        a.repeatCount = 2
        a.autoreverses = true
        a.speed = 4
        a.startAnimation(afterDelay: 0.5)
        engine.tick(at: 0.5)
        #expect(x.presentationValue == 0)
        engine.tick(at: 0.5 + 0.3)                     // local 1.2: the way back, w = 0.2
        #expect(near(x.presentationValue, 80))
        engine.tick(at: 0.5 + 1 - Self.eps)
        #expect(completions.isEmpty)
        engine.tick(at: 1.5)
        #expect(completions == [.start] && x.value == 0)
    }

    @Test func pausingFreezesTheRepeatAndContinuingKeepsTheRemainingTime() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = linear(engine, x) { completions.append($0) }
        a.repeatCount = 3
        a.startAnimation()
        engine.tick(at: 0.6)
        a.pauseAnimation()
        #expect(near(x.presentationValue, 20) && near(a.fractionComplete, 0.2, 1e-12) && a.currentRepeat == 1)
        engine.tick(at: 5)
        #expect(near(x.presentationValue, 20))
        a.startAnimation()
        engine.tick(at: 5.3)
        #expect(near(x.presentationValue, 80))
        engine.tick(at: 5.45)                          // the third repeat began at 5.4
        #expect(near(x.presentationValue, 10) && a.currentRepeat == 2)
        engine.tick(at: 5.9 - Self.eps)
        #expect(completions.isEmpty)
        engine.tick(at: 5.9)
        #expect(completions == [.end] && x.value == 100)
    }

    @Test func reversingRetracesThePreviousRepeatsAndCompletesAtTheStart() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = linear(engine, x) { completions.append($0) }
        a.repeatCount = 3
        a.startAnimation()
        engine.tick(at: 1.1)                           // third repeat, 20 %
        #expect(near(x.presentationValue, 20))
        a.isReversed = true                            // nothing moves
        #expect(near(x.presentationValue, 20) && near(x.velocity, -200))
        engine.tick(at: 1.2)
        #expect(near(x.presentationValue, 0))          // back at the start of the third repeat
        engine.tick(at: 1.25)
        #expect(near(x.presentationValue, 90) && a.currentRepeat == 1)
        engine.tick(at: 1.8)
        #expect(near(x.presentationValue, 80) && a.currentRepeat == 0)
        engine.tick(at: 2.2 - Self.eps)
        #expect(completions.isEmpty)
        engine.tick(at: 2.2)
        #expect(completions == [.start] && x.value == 0 && x.presentationValue == 0)
    }

    @Test func scrubbingMovesWithinTheCurrentRepeat() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = linear(engine, x) { completions.append($0) }
        a.autoreverses = true                          // one repeat: there and back
        a.startAnimation()
        engine.tick(at: 0.6)                           // on the way back, fraction 0.8
        a.pauseAnimation()
        #expect(near(a.fractionComplete, 0.8, 1e-12) && near(x.presentationValue, 80))
        a.fractionComplete = 0.3
        #expect(near(x.presentationValue, 30))
        a.fractionComplete = a.fractionComplete        // writing back what was read: still
        #expect(near(x.presentationValue, 30))
        a.startAnimation()
        engine.tick(at: 0.7)                           // still running down: 30 − 20
        #expect(near(x.presentationValue, 10))
        engine.tick(at: 0.75)
        #expect(completions == [.start] && x.value == 0)
    }

    @Test func repeatingForeverNeverCompletesUntilStopped() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = linear(engine, x) { completions.append($0) }
        a.repeatCount = .infinity
        a.autoreverses = true
        a.startAnimation()
        engine.tick(at: 1000.1)                        // leg 2000 (forward), w = 0.2
        #expect(near(x.presentationValue, 20, 1e-6) && a.currentRepeat == 1000)
        engine.tick(at: 1000.6)                        // leg 2001 (backward), w = 0.2
        #expect(near(x.presentationValue, 80, 1e-6) && near(x.velocity, -200, 1e-6))
        #expect(completions.isEmpty && a.isRunning)
        a.stopAnimation(false)
        a.finishAnimation(at: .end)
        #expect(completions == [.end] && x.value == 100)
    }

    @Test func repeatSettingsChangeOnlyWhileInactiveAndRejectBadCounts() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = linear(engine, x) { _ in }
        a.repeatCount = -1
        a.repeatCount = .nan
        #expect(a.repeatCount == 0 && engine.diagnostics.count == 2)
        a.startAnimation()
        a.repeatCount = 2
        a.autoreverses = true
        #expect(a.repeatCount == 0 && !a.autoreverses && engine.diagnostics.count == 4)
    }

    @Test func startingReversedBeginsAtTheEndOfTheLastRepeat() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = linear(engine, x) { completions.append($0) }
        a.repeatCount = 1.5
        a.isReversed = true
        a.startAnimation()
        #expect(near(x.presentationValue, 50))         // the end of the half repeat
        engine.tick(at: 0.2)
        #expect(near(x.presentationValue, 10))
        engine.tick(at: 0.3)
        #expect(near(x.presentationValue, 90))         // back into the first repeat
        engine.tick(at: 0.75)
        #expect(completions == [.start] && x.value == 0)
    }

    @Test func aZeroLengthTimelineIgnoresRepeats() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = linear(engine, x, duration: 0) { completions.append($0) }
        a.repeatCount = 3
        a.autoreverses = true
        a.startAnimation()
        engine.tick(at: 0)
        #expect(completions == [.end] && x.value == 100)
    }
}

extension MediaTimingTests {
    @Test func aDurationFactorSetsThePaceOfTheRestOfTheRun() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = PropertyAnimator(duration: 0.5, curve: .linear, engine: engine) { x.value = 100 }
        a.addCompletion { completions.append($0) }
        a.repeatCount = 2
        a.startAnimation()
        engine.tick(at: 0.25)
        a.pauseAnimation()
        // The remaining half pass over 2 × 0.5 s: a pace of 0.5 per second from here on.
        a.continueAnimation(withTimingParameters: nil, durationFactor: 2)
        #expect(abs(x.presentationValue - 50) < 1e-9)
        engine.tick(at: 0.75)
        #expect(abs(x.presentationValue - 75) < 1e-9)
        engine.tick(at: 1.25)
        #expect(x.presentationValue == 0 && a.currentRepeat == 1)
        engine.tick(at: 2.25)
        #expect(abs(x.presentationValue - 50) < 1e-9)
        engine.tick(at: 3.25 - 1e-9)
        #expect(completions.isEmpty)
        engine.tick(at: 3.25)
        #expect(completions == [.end])
    }

    @Test func pausingOnCompletionStopsAtTheEndOfTheLastRepeat() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = PropertyAnimator(duration: 0.5, curve: .linear, engine: engine) { x.value = 100 }
        a.addCompletion { completions.append($0) }
        a.autoreverses = true
        a.pausesOnCompletion = true
        a.startAnimation()
        engine.tick(at: 1)
        #expect(completions.isEmpty && a.state == .active && !a.isRunning && x.presentationValue == 0)
        // Reversed, it runs back up the way it came down.
        a.isReversed = true
        a.startAnimation()
        engine.tick(at: 1.1)
        #expect(abs(x.presentationValue - 20) < 1e-9)
        engine.tick(at: 1.5)
        #expect(abs(x.presentationValue - 100) < 1e-9)
        engine.tick(at: 1.6)
        #expect(abs(x.presentationValue - 80) < 1e-9)
        engine.tick(at: 2)
        #expect(completions.isEmpty && a.state == .active && !a.isRunning && x.presentationValue == 0)
    }
}
