#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Kinetic
@testable import KineticPOP
import KineticTestSupport

/// POPDecayAnimation: POP's deceleration in closed form, its asymptote, duration and hand-overs.
@Suite("POP decay animation")
struct POPDecayAnimationTests {
    /// POP's position after `t` seconds: `x₀ + (v/1000)·d·(1 − d^(1000t))/(1 − d)`.
    private func popPosition(_ x0: Double, _ v: Double, _ d: Double, _ t: Double) -> Double {
        x0 + v / 1000 * d * (1 - pow(d, 1000 * t)) / (1 - d)
    }

    @Test("the position is POP's d^(1000t) closed form at every tick, at any frame rate, in 2D")
    func positionMatchesPOPsClosedForm() {
        let from = Point(x: 10, y: 20), v = Point(x: -1200, y: 800), d = 0.998
        for (rate, jitter) in [(30.0, false), (60.0, false), (120.0, false), (60.0, true)] {
            let engine = AnimationEngine(time: 1)
            let pop = POPAnimator(engine: engine)
            let offset = AnimatedProperty(from, engine: engine)
            let decay = POPDecayAnimation(property: offset)
            decay.velocity = v
            pop.addAnimation(decay, to: offset, forKey: "scroll")
            let frames = POPReference.frames(from: 1, to: 3, rate: rate, jitter: jitter)
            // POP's own per-frame update, replayed on the same frames, lands on the same values.
            let replayX = POPReference.popDecayReplay(from: from.x, velocity: v.x, deceleration: d, frames: frames.map { $0 - 1 })
            let replayY = POPReference.popDecayReplay(from: from.y, velocity: v.y, deceleration: d, frames: frames.map { $0 - 1 })
            for (i, t) in frames.enumerated() {
                engine.tick(at: t)
                let expected = Point(x: popPosition(from.x, v.x, d, t - 1), y: popPosition(from.y, v.y, d, t - 1))
                #expect(offset.presentationValue.isApproximatelyEqual(to: expected, tolerance: 1e-9),
                        "\(rate) Hz at \(t): \(offset.presentationValue) vs \(expected)")
                #expect(offset.presentationValue.isApproximatelyEqual(to: Point(x: replayX[i], y: replayY[i]), tolerance: 1e-9))
                // POP's reported velocity decays as v·d^(1000t).
                let reported = decay.velocity ?? .zero
                #expect(reported.isApproximatelyEqual(to: v * pow(d, 1000 * (t - 1)), tolerance: 1e-9))
            }
        }
    }

    @Test("toValue is the asymptote x₀ + v·d/(1000(1 − d)); the decay lands there after duration")
    func toValueIsTheAsymptoteAndTheLandingPoint() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let x = AnimatedProperty(100.0, engine: engine)
        let decay = POPDecayAnimation(property: x)
        decay.velocity = 2400
        let asymptote = 100 + 2400 * 0.998 / (1000 * 0.002)          // 1297.6
        #expect(abs(decay.toValue - asymptote) < 1e-9)
        // POP's duration: the speed reaches 5 × threshold (0.05) at ln(0.05/2400)/(1000·ln 0.998).
        let duration = log(0.05 / 2400) / (1000 * log(0.998))
        #expect(abs(decay.duration - duration) < 1e-9)
        let completions = CompletionLog()
        completions.record(decay)
        pop.addAnimation(decay, to: x, forKey: "x")
        #expect(abs(decay.toValue - asymptote) < 1e-9 && abs(decay.duration - duration) < 1e-9)
        var completedAt: Double?
        for t in POPReference.frames(from: 0, to: duration + 0.5, rate: 60) {
            engine.tick(at: t)
            if completedAt == nil, completions.total > 0 { completedAt = t }
        }
        #expect(completions.finished == 1 && completions.unfinished == 0)
        let at = completedAt ?? -1
        #expect(at >= duration && at - 1.0 / 60 < duration + 1e-9)
        #expect(abs(x.presentationValue - asymptote) < 1e-9 && x.velocity == 0)
        #expect(abs(decay.toValue - asymptote) < 1e-9)
    }

    @Test("a spring added under the decay's key takes over with no jump")
    func springTakesOverFromDecayWithoutAJump() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let list = POPTestObject()
        let offset = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let decay = POPDecayAnimation(property: offset)
        decay.velocity = Point(x: 0, y: -3000)
        let decayLog = CompletionLog()
        decayLog.record(decay)
        pop.addAnimation(decay, to: list, forKey: "scroll")
        for t in POPReference.frames(from: 0, to: 0.21, rate: 60) { engine.tick(at: t) }
        let before = offset.presentation
        let snap = POPSpringAnimation(property: offset)
        snap.toValue = Point(x: 0, y: -400)
        pop.addAnimation(snap, to: list, forKey: "scroll")
        let after = offset.presentation
        #expect((after.value - before.value).magnitude <= 1e-9)
        #expect((after.velocity - before.velocity).magnitude <= 1e-9)
        #expect(decayLog.unfinished == 1 && decayLog.finished == 0)
    }

    @Test("a decay with no velocity carries on at the property's velocity exactly")
    func decayCarriesTheVelocityItTakesOver() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let x = AnimatedProperty(0.0, engine: engine)
        let spring = POPSpringAnimation(property: x)
        spring.toValue = 500
        pop.addAnimation(spring, to: x, forKey: "x")
        engine.tick(at: 0.03)
        let before = x.presentation
        let coast = POPDecayAnimation(property: x)
        pop.addAnimation(coast, to: x, forKey: "x")
        #expect(abs(x.presentationValue - before.value) <= 1e-9)
        #expect(abs(x.velocity - before.velocity) <= 1e-9)
        // POP's reported velocity is 1/s of the true slope (s = d·ln(1/d)/(1 − d)).
        let s = 0.998 * -log(0.998) / 0.002
        #expect(abs((coast.velocity ?? 0) * s - before.velocity) <= 1e-9)
        #expect(abs(coast.toValue - (before.value + before.velocity / s * 0.998 / 2)) < 1e-9)
    }

    @Test("pausing and resuming continues on the same curve, shifted by the pause")
    func pauseResumeFollowsTheSameCurve() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let x = AnimatedProperty(0.0, engine: engine)
        let decay = POPDecayAnimation(property: x)
        decay.velocity = 1000
        decay.deceleration = 0.99
        pop.addAnimation(decay, to: x, forKey: "x")
        engine.tick(at: 0.1)
        decay.isPaused = true
        let held = x.presentationValue
        engine.tick(at: 0.7)
        #expect(x.presentationValue == held && x.velocity == 0)
        decay.isPaused = false
        engine.tick(at: 0.75)                                   // 0.15 s of motion in all
        #expect(abs(x.presentationValue - popPosition(0, 1000, 0.99, 0.15)) < 1e-9)
        #expect(abs(decay.toValue - 1000 * 0.99 / 10) < 1e-9)  // the same asymptote, 99
    }

    @Test("bad input is rejected with a diagnostic and changes nothing")
    func badInputIsRejected() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let decay = POPDecayAnimation(property: x)
        decay.velocity = 100
        decay.velocity = .nan
        decay.deceleration = 1
        decay.deceleration = -0.5
        decay.deceleration = .nan
        decay.restingThreshold = -1
        decay.fromValue = .infinity
        #expect(engine.diagnostics.count == 6)
        #expect(engine.diagnostics.allSatisfy { $0.kind == .invalidArgument })
        #expect(decay.velocity == 100 && decay.deceleration == 0.998 && decay.restingThreshold == 0.01 && decay.fromValue == nil)
    }
}
