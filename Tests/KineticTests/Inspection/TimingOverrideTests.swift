// Engine timing overrides: an animation named in an override runs with that timing from its
// start, exactly as if it had been written with it; without one, nothing changes.
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Kinetic

@Suite("Engine timing overrides")
struct TimingOverrideTests {
    /// A labelled property on a fresh engine, moved from 0 to 100 by a 1 s ease-in animator
    /// (`timing` replaces the ease-in when given, as written code would), sampled every 1/60 s
    /// for 1.5 s: presentation and velocity, as bit patterns.
    private static func animatorRun(overriding override: TimingOverride? = nil, named name: String = "x",
                                    written timing: TimingParameters = .cubic(.easeIn)) -> [UInt64] {
        let engine = AnimationEngine()
        if let override { engine.setTimingOverride(override, forAnimationsNamed: name) }
        let x = AnimatedProperty(0.0, engine: engine)
        x.setLabel("x")
        let animator = PropertyAnimator(duration: 1, timingParameters: timing, engine: engine) { x.value = 100 }
        animator.startAnimation()
        var samples: [UInt64] = []
        for i in 1...90 {
            engine.tick(at: Double(i) / 60)
            samples += [x.presentationValue.bitPattern, x.velocity.bitPattern]
        }
        return samples
    }

    @Test func anAnimatorNamedInAnOverrideRunsExactlyAsIfWrittenWithItsTiming() {
        let original = Self.animatorRun()
        let spring = SpringTimingParameters(mass: 1, stiffness: 300, damping: 20)
        let curve = CubicTimingParameters(controlPoint1: Point(x: 0.2, y: 0.9), controlPoint2: Point(x: 0.3, y: 1))
        let springRun = Self.animatorRun(overriding: .spring(spring))
        let curveRun = Self.animatorRun(overriding: .cubic(curve))
        #expect(springRun != original && curveRun != original && springRun != curveRun)
        #expect(springRun == Self.animatorRun(written: .spring(spring)))
        #expect(curveRun == Self.animatorRun(written: .cubic(curve)))
        // Another name, or a decay (no timing for an animator), changes nothing.
        #expect(Self.animatorRun(overriding: .spring(spring), named: "y") == original)
        #expect(Self.animatorRun(overriding: .decay(DecayTimingParameters(rate: 0.99))) == original)
    }

    @Test func theOverrideLastsOneRunAndNeverTouchesARunningAnimator() throws {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        x.setLabel("x")
        let animator = PropertyAnimator(duration: 1, timingParameters: .cubic(.easeIn), engine: engine) { x.value = 100 }
        animator.startAnimation()
        engine.tick(at: 0.25)
        let before = (x.presentationValue, x.velocity)
        engine.setTimingOverride(.cubic(.linear), forAnimationsNamed: "x")
        #expect(engine.timingOverride(forAnimationNamed: "x") == .cubic(.linear))
        // Running: unchanged at once and afterwards (the ease-in's 0.25 s value is 6.25 % of the way).
        #expect(x.presentationValue == before.0 && x.velocity == before.1)
        engine.tick(at: 0.5)
        #expect(animator.timingParameters == .cubic(.easeIn))
        engine.tick(at: 1)
        #expect(animator.state == .inactive && x.presentationValue == 100)
        // The next run takes it: linear, halfway after half a second.
        animator.addAnimations { x.value = 0 }
        animator.startAnimation()
        #expect(animator.timingParameters == .cubic(.linear))
        engine.tick(at: 1.5)
        #expect(abs(x.presentationValue - 50) < 1e-9)
        engine.tick(at: 2)
        // Back to inactive, it has its own timing again.
        #expect(animator.state == .inactive && animator.timingParameters == .cubic(.easeIn))
        engine.removeTimingOverrides()
        #expect(engine.timingOverride(forAnimationNamed: "x") == nil)
        // An empty name is rejected with a diagnostic.
        let count = engine.diagnostics.count
        engine.setTimingOverride(.cubic(.linear), forAnimationsNamed: "")
        #expect(engine.diagnostics.count == count + 1 && engine.timingOverride(forAnimationNamed: "") == nil)
    }

    @Test func springAndDecayAnimationsTakeTheirOverrideAtStartAndGiveItBack() {
        let engine = AnimationEngine()
        let s = AnimatedProperty(0.0, engine: engine)
        s.setLabel("s")
        let d = AnimatedProperty(0.0, engine: engine)
        d.setLabel("d")
        let own = SpringTimingParameters(mass: 1, stiffness: 100, damping: 10)
        let stiff = SpringTimingParameters(mass: 1, stiffness: 400, damping: 40)
        let spring = SpringAnimation(property: s, spring: own, target: 10)
        let decay = DecayAnimation(property: d, velocity: 1000)
        engine.setTimingOverride(.spring(stiff), forAnimationsNamed: "s")
        engine.setTimingOverride(.decay(DecayTimingParameters(rate: 0.99)), forAnimationsNamed: "d")
        spring.start()
        decay.start()
        #expect(spring.spring == stiff)
        #expect(decay.decay.decelerationRate == 0.99)
        // A 0.99 decay from 1000/s rests 1000 / (1000·ln(1/0.99)) ≈ 99.5 away, not the normal 499.5.
        #expect(abs(d.modelValue - 1000 / (-1000 * log(0.99))) < 1e-6)
        engine.tick(at: 0.1)
        // The stiff spring is exactly x(t) = 10 − 10·(1 + 20t)e^(−20t) (critically damped).
        #expect(abs(s.presentationValue - (10 - 10 * (1 + 2) * exp(-2.0))) < 1e-9)
        engine.tick(at: 10)
        engine.removeTimingOverrides()
        spring.start()
        #expect(spring.spring == own)
    }
}
