// Issue 21: springs snapped back once ω·t passed 8e8, where the sinCos kernel gave up (0, 1).
// References: mpmath at 300 bits, of the closed form at the double ω·t the spring computes:
//
//     from mpmath import mp, mpf, sin, cos
//     mp.prec = 300
//     w = mpf(31622776.60168379)                      # √(1e9 / 1e-6) as a double
//     for t in T: x = mpf(float(w) * t); print(-100 * cos(x), 100 * w * sin(x))
import Testing
@testable import Kinetic

@Suite("Springs at large phases")
struct LargePhaseSpringTests {
    /// `kinetic sample spring --stiffness 100 --damping 0 --at 1e9` printed 0.0,0.0: the
    /// progress 1 − cos(10¹⁰) and velocity 10·sin(10¹⁰) are 0.126880377323144 and −4.875060250875107.
    @Test func anUndampedSpringAtABillionSeconds() {
        let spring = SpringTimingParameters(mass: 1, stiffness: 100, damping: 0)
        let s = spring.sample(at: 1e9)
        #expect(abs(s.progress - 0.126880377323144) <= 1e-15)
        #expect(abs(s.velocity - -4.875060250875107) <= 1e-14)
    }

    /// mass 1e-6, stiffness 1e9, no damping, from 0 to 100: at t = 25.3 s (ω·t ≈ 8.0006e8) it
    /// jumped from −92 to +100 with velocity 0. Now it follows the closed form to the end of
    /// the clock (2³² s, ω·t ≈ 1.36e17), continuously between frames.
    @Test func aStiffUndampedSpringAnimationKeepsOscillating() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let spring = SpringTimingParameters(mass: 1e-6, stiffness: 1e9, damping: 0)
        let s = SpringAnimation(property: x, spring: spring, target: 100)
        s.start()
        let references: [(t: Double, offset: Double, velocity: Double)] = [
            (25.2, 99.97840933656651, -65708953.19474716),
            (25.3, 70.99790465113894, -2226948031.5327935),
            (25.4, 2.891716152076693, -3160955231.8398657),
            (1000.0, 94.85073149491566, 1001667976.3671255),
            (4294967296.0, -94.0091998339155, -1078086428.1619267),
        ]
        let amplitude = 100 * 31622776.60168379
        for r in references {
            engine.tick(at: r.t)
            // ω itself is rounded (k/m, then √): a phase error up to ω's ulp × t, 1.6e-5 rad at
            // 2³² s, which the tolerance allows; the old kernel was wrong by the whole amplitude.
            let phase = 4e-9 * r.t + 1e-12
            #expect(abs(x.presentationValue - (100 + r.offset)) <= 100 * phase + 1e-9, "t = \(r.t): \(x.presentationValue)")
            #expect(abs(x.velocity - r.velocity) <= amplitude * phase + 1e-3, "t = \(r.t): \(x.velocity)")
        }
    }

    /// Across ω·t = 8e8 (t = 25.298221 s), at 1 ns steps, no step is larger than the speed
    /// allows (the old kernel jumped by up to 200 there).
    @Test func noStepAcrossTheOldLimitIsLargerThanTheSpeedAllows() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let s = SpringAnimation(property: x, spring: SpringTimingParameters(mass: 1e-6, stiffness: 1e9, damping: 0), target: 100)
        s.start()
        let omega = 31622776.60168379
        var t = 8e8 / omega - 2e-7
        engine.tick(at: t)
        var previous = x.presentationValue
        for _ in 0..<400 {
            t += 1e-9
            engine.tick(at: t)
            let v = x.presentationValue
            #expect(abs(v - previous) <= 100 * omega * 1e-9 * 1.01, "t = \(t): \(previous) → \(v)")
            previous = v
        }
    }
}
