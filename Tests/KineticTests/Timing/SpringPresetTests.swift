import Testing
@testable import Kinetic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SwiftUI's named springs: duration 0.5 s and bounce 0 (smooth), 0.15 (snappy), 0.3 (bouncy),
/// extraBounce added to the base bounce; bounce b ≥ 0 is damping ratio 1 − b, b < 0 is 1/(1 + b).
@Suite("SwiftUI spring presets")
struct SpringPresetTests {
    /// mass 1, ω₀ = 2π/duration, c = 2ζω₀.
    func expectSpring(_ s: SpringTimingParameters, duration: Double, dampingRatio zeta: Double,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let w = 2 * Double.pi / duration
        #expect(s.mass == 1, sourceLocation: sourceLocation)
        #expect(abs(s.stiffness - w * w) < 1e-9 * w * w, sourceLocation: sourceLocation)
        #expect(abs(s.damping - 2 * zeta * w) < 1e-9 * w, sourceLocation: sourceLocation)
    }

    @Test func presetsHaveSwiftUIsDurationAndBounce() {
        expectSpring(.smooth, duration: 0.5, dampingRatio: 1)
        expectSpring(.snappy, duration: 0.5, dampingRatio: 0.85)
        expectSpring(.bouncy, duration: 0.5, dampingRatio: 0.7)
        #expect(abs(SpringTimingParameters.snappy.bounce - 0.15) < 1e-12)
        #expect(abs(SpringTimingParameters.bouncy.bounce - 0.3) < 1e-12)
        #expect(abs(SpringTimingParameters.smooth.perceptualDuration - 0.5) < 1e-12)
    }

    @Test func extraBounceAddsToTheBaseBounceAndDurationSetsThePace() {
        expectSpring(.smooth(duration: 0.8, extraBounce: 0.2), duration: 0.8, dampingRatio: 0.8)
        expectSpring(.snappy(duration: 0.3, extraBounce: 0.1), duration: 0.3, dampingRatio: 0.75)
        expectSpring(.bouncy(duration: 1, extraBounce: -0.1), duration: 1, dampingRatio: 0.8)
        // Below zero the spring is overdamped: bounce −0.2 is ζ = 1/0.8.
        expectSpring(.smooth(extraBounce: -0.2), duration: 0.5, dampingRatio: 1.25)
        // A non-finite extra bounce adds nothing.
        #expect(SpringTimingParameters.snappy(extraBounce: .nan) == .snappy)
        #expect(SpringTimingParameters.bouncy(extraBounce: .infinity) == .bouncy)
    }

    @Test func smoothIsTheCriticallyDampedClosedFormAndSettlesWhenItSays() {
        // Progress from 0 to 1 of the critically damped spring: 1 − (1 + ωt)e^(−ωt), ω = 4π.
        let w = 4 * Double.pi
        for t in [0.05, 0.1, 0.25, 0.5, 0.9] {
            let expected = 1 - (1 + w * t) * exp(-w * t)
            #expect(abs(SpringTimingParameters.smooth.progress(at: t) - expected) < 1e-12, "t = \(t)")
        }
        // Settled when (1 + x)e^(−x) = 0.001, x = ωT: bisection.
        var lo = 1.0, hi = 20.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if (1 + mid) * exp(-mid) > 0.001 { lo = mid } else { hi = mid }
        }
        let expectedT = (lo + hi) / 2 / w
        #expect(abs(SpringTimingParameters.smooth.settlingDuration - expectedT) < 1e-9)
        #expect(abs(expectedT - 0.73477) < 1e-5)
    }

    @Test func bouncyOvershootMatchesTheUnderdampedClosedForm() {
        let s = SpringTimingParameters.bouncy
        // Peak overshoot of an underdamped step response: e^(−ζπ/√(1−ζ²)), at t = π/ω_d.
        let zeta = 0.7, w = 4 * Double.pi
        let wd = w * (1 - zeta * zeta).squareRoot()
        let peak = Double.pi / wd
        #expect(abs(s.progress(at: peak) - (1 + exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot()))) < 1e-12)
    }
}
