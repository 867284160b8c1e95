import Testing
@testable import Kinetic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KineticTestSupport

/// A scroll view's fling: decay, the crossing of a bound solved in closed form, the bounce-back
/// spring from that instant, and paging by projection.
@Suite("Bounded decay (scroll physics)")
struct BoundedDecayAnimationTests {
    /// x(t) = x0 + v0·(r^(1000t) − 1)/(1000 ln r): the decay written with pow, not exp.
    static func decay(rate r: Double, x0: Double, v0: Double, at t: Double) -> (x: Double, v: Double) {
        let k = 1000 * log(r)
        let f = pow(r, 1000 * t)
        return (x0 + v0 * (f - 1) / k, v0 * f)
    }

    /// The crossing time by bisection on the decay's position.
    static func bisectCrossing(rate r: Double, x0: Double, v0: Double, bound: Double) -> Double {
        var lo = 0.0, hi = 100.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            let past = v0 > 0 ? decay(rate: r, x0: x0, v0: v0, at: mid).x >= bound : decay(rate: r, x0: x0, v0: v0, at: mid).x <= bound
            if past { hi = mid } else { lo = mid }
        }
        return (lo + hi) / 2
    }

    @Test(arguments: [DecelerationRate.normal, .fast])
    func crossingTimeIsTheAnalyticSolution(rate: DecelerationRate) {
        let r = rate.rawValue
        let v0 = rate == .normal ? 3000.0 : 15000.0
        let expected = log(1 + 1000 * log(r) * (1000 - 200) / v0) / (1000 * log(r))
        let t = BoundedDecayAnimation.crossingTime(from: 200, velocity: v0, bound: 1000, decay: DecayTimingParameters(decelerationRate: rate))!
        #expect(abs(t - expected) < 1e-12)
        #expect(abs(t - Self.bisectCrossing(rate: r, x0: 200, v0: v0, bound: 1000)) < 1e-12)
        // Downwards past the lower bound.
        let down = BoundedDecayAnimation.crossingTime(from: 300, velocity: -v0, bound: 0, decay: DecayTimingParameters(decelerationRate: rate))!
        #expect(abs(down - Self.bisectCrossing(rate: r, x0: 300, v0: -v0, bound: 0)) < 1e-12)
        // No crossing when it rests short of the bound, or moves away from it.
        #expect(BoundedDecayAnimation.crossingTime(from: 200, velocity: 100, bound: 1000, decay: DecayTimingParameters(decelerationRate: rate)) == nil)
        #expect(BoundedDecayAnimation.crossingTime(from: 200, velocity: -3000, bound: 1000, decay: DecayTimingParameters(decelerationRate: rate)) == nil)
    }

    @Test func flingPastTheEndHandsOffAtTheCrossingWithContinuousVelocityAndRestsOnTheBound() {
        let engine = AnimationEngine()
        let offset = AnimatedProperty(200.0, engine: engine)
        let fling = BoundedDecayAnimation(property: offset, velocity: 3000, bounds: 0...1000)
        fling.start()
        let r = 0.998, v0 = 3000.0
        let tStar = Self.bisectCrossing(rate: r, x0: 200, v0: v0, bound: 1000)
        let handoff = fling.handoffTime!
        #expect(abs(handoff - tStar) < 1e-12 && fling.bounceBound == 1000)
        // Just before: still the decay, inside.
        engine.tick(at: handoff - 1e-6)
        #expect(fling.phase == .decelerating)
        let before = Self.decay(rate: r, x0: 200, v0: v0, at: handoff - 1e-6)
        #expect(abs(offset.presentationValue - before.x) < 1e-9 && offset.presentationValue < 1000)
        // At the crossing: on the bound with the decay's velocity there, now on the spring.
        engine.tick(at: handoff)
        #expect(fling.phase == .bouncing)
        let vc = Self.decay(rate: r, x0: 200, v0: v0, at: handoff).v
        #expect(abs(offset.presentationValue - 1000) < 1e-9)
        #expect(abs(offset.velocity - vc) < 1e-9)
        // Left limit of the acceleration is k·v, right limit −(c/m)·v: the velocity itself is continuous.
        #expect(abs(offset.velocity - before.v) < 3000 * 1e-6 * 2.1 + 1e-9)
        // Afterwards it is the spring released at the bound with vc, dated at the crossing.
        let s = BoundedDecayAnimation.defaultSpring
        var maxOffset = 0.0
        var t = (handoff * 60).rounded(.up) / 60
        while fling.isRunning && t < 10 {
            engine.tick(at: t)
            if fling.isRunning {
                let ref = Reference.spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, x0: 0, v0: vc, at: t - handoff)
                #expect(abs(offset.presentationValue - (1000 + ref.x)) < 1e-9, "t = \(t)")
                maxOffset = max(maxOffset, offset.presentationValue)
            }
            t += 1.0 / 60
        }
        #expect(!fling.isRunning && t < 4)
        #expect(offset.presentationValue == 1000 && offset.value == 1000 && !offset.isAnimating)
        // Critically damped, released at the bound: out by at most vc/(ω e), never back inside.
        #expect(maxOffset > 1000 && maxOffset - 1000 <= vc / (10 * exp(1)) + 1e-9)
    }

    @Test func flingThatRestsInsideIsAPlainDecay() {
        let engine = AnimationEngine()
        let offset = AnimatedProperty(200.0, engine: engine)
        let fling = BoundedDecayAnimation(property: offset, velocity: -300, bounds: 0...1000)
        fling.start()
        #expect(fling.handoffTime == nil)
        for t in [0.1, 0.5, 1.3] {
            engine.tick(at: t)
            #expect(abs(offset.presentationValue - Self.decay(rate: 0.998, x0: 200, v0: -300, at: t).x) < 1e-9)
        }
        var t = 1.3
        while fling.isRunning { t += 1.0 / 60; engine.tick(at: t) }
        #expect(abs(offset.presentationValue - (200 + 300 / (1000 * log(0.998)))) < 1e-9)
        #expect(offset.presentationValue > 0)
    }

    @Test func releasedPastTheTopSpringsBackFromWhereItIsShown() {
        let engine = AnimationEngine()
        let offset = AnimatedProperty(-80.0, engine: engine)      // pulled down 80 past the top
        let fling = BoundedDecayAnimation(property: offset, velocity: -200, bounds: 0...1000)
        fling.start()
        #expect(fling.phase == .bouncing && fling.handoffTime == 0 && fling.bounceBound == 0)
        let s = BoundedDecayAnimation.defaultSpring
        for t in [0.05, 0.2, 0.6] {
            engine.tick(at: t)
            let ref = Reference.spring(mass: 1, stiffness: s.stiffness, damping: s.damping, x0: -80, v0: -200, at: t)
            #expect(abs(offset.presentationValue - ref.x) < 1e-9)
        }
        var t = 0.6
        while fling.isRunning { t += 1.0 / 60; engine.tick(at: t) }
        #expect(offset.presentationValue == 0)
    }

    @Test func aSpringStartedMidFlingTakesItOverWithoutAJump() {
        let engine = AnimationEngine()
        let offset = AnimatedProperty(0.0, engine: engine)
        let fling = BoundedDecayAnimation(property: offset, velocity: 2000, bounds: 0...500)
        var reason: PhysicsCompletionReason?
        fling.addCompletion { reason = $0 }
        fling.start()
        engine.tick(at: 0.1)
        let before = offset.presentation
        let snap = SpringAnimation(property: offset, spring: .smooth, target: 375)
        snap.start()
        #expect(reason == .interrupted && !fling.isRunning)
        #expect(abs(offset.presentationValue - before.value) < 1e-9 && abs(offset.velocity - before.velocity) < 1e-9)
    }

    @Test func badInputIsRejectedWithADiagnostic() {
        let engine = AnimationEngine()
        let offset = AnimatedProperty(10.0, engine: engine)
        let fling = BoundedDecayAnimation(property: offset, velocity: .nan, bounds: 0...100)
        #expect(fling.initialVelocity == 0 && engine.diagnostics.count == 1)
        let unbounded = BoundedDecayAnimation(property: offset, velocity: 5, bounds: 0...Double.infinity)
        #expect(unbounded.bounds == 10...10 && engine.diagnostics.count == 2)
        fling.restingSpeed = -1
        #expect(fling.restingSpeed == 0.01 && engine.diagnostics.count == 3)
        fling.start()
        engine.tick(at: 0.1)
        #expect(!fling.isRunning && offset.presentationValue == 10)
    }
}
