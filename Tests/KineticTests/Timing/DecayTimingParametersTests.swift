import Testing
@testable import Kinetic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KineticTestSupport

@Suite("Decay timing")
struct DecayTimingParametersTests {
    /// Position is the integral of a velocity multiplied by the rate every millisecond:
    /// v(t) = v₀·rate^(1000 t), integrated numerically (Simpson) as the independent reference.
    @Test func positionIsTheIntegralOfTheVelocity() {
        for rate in [0.998, 0.99, 0.95, 0.9999] {
            let decay = DecayTimingParameters(rate: rate)
            for v0 in [1500.0, -320, 0.25] {
                for t in [0.016, 0.1, 0.5, 1, 3] {
                    let reference = Reference.integrate({ v0 * pow(rate, 1000 * $0) }, to: t)
                    let got = decay.sample(from: 40.0, velocity: v0, at: t)
                    #expect(abs(got.position - 40 - reference) <= 1e-9 * max(1, abs(v0)), "rate \(rate) v \(v0) t \(t)")
                    #expect(abs(got.velocity - v0 * pow(rate, 1000 * t)) <= 1e-12 * abs(v0 * pow(rate, 1000 * t)))
                    #expect(got.position == decay.position(from: 40.0, velocity: v0, at: t))
                    #expect(got.velocity == decay.velocity(from: v0, at: t))
                }
            }
        }
    }

    @Test func restingPositionAndTimeToRest() {
        let normal = DecayTimingParameters(decelerationRate: .normal)
        #expect(normal.decelerationRate == 0.998)
        #expect(DecayTimingParameters(decelerationRate: .fast).decelerationRate == 0.99)
        // The continuous limit −v₀/(1000 ln r); the discrete per-millisecond sum UIKit's docs use,
        // v₀/1000 · r/(1 − r), differs from it by about 0.1 % at these rates.
        let rest = normal.restingPosition(from: 100.0, velocity: 1000.0)
        #expect(abs(rest - (100 - 1000 / (1000 * log(0.998)))) <= 1e-9)
        #expect(abs(rest - 100 - 0.998 / 0.002) / 499 < 1.1e-3)
        #expect(abs(normal.projectedDistance(velocity: 1000.0) - (rest - 100)) <= 1e-9)
        #expect(abs(normal.position(from: 100.0, velocity: 1000.0, at: 1e6) - rest) <= 1e-9)
        // Time to rest: speed falls to 0.5 units/s.
        let t = normal.timeToRest(velocity: 1000.0)
        #expect(abs(normal.velocity(from: 1000.0, at: t) - 0.5) <= 1e-9)
        #expect(normal.timeToRest(velocity: 0.2) == 0)
        // In 2D: a Point velocity coasts along its direction.
        let p = normal.position(from: Point(x: 0, y: 0), velocity: Point(x: 300, y: -400), at: 0.3)
        #expect(abs(p.x / p.y + 0.75) <= 1e-12)
        #expect(abs(normal.timeToRest(velocity: Point(x: 300, y: -400)) - normal.timeToRest(velocity: 500.0)) <= 1e-12)
    }

    @Test func badInputHasDocumentedOutcomes() {
        #expect(DecayTimingParameters(rate: .nan).decelerationRate == 0.998)
        #expect(DecayTimingParameters(rate: 0).decelerationRate == 1e-6)
        #expect(DecayTimingParameters(rate: -3).decelerationRate == 1e-6)
        #expect(DecayTimingParameters(rate: 1).decelerationRate == 0.999999)
        #expect(DecayTimingParameters(rate: 7).decelerationRate == 0.999999)
        #expect(DecayTimingParameters(rate: 0.99, restingSpeed: -1).restingSpeed == 0.5)
        #expect(DecayTimingParameters(rate: 0.99, restingSpeed: .nan).restingSpeed == 0.5)
        for d in [DecayTimingParameters(rate: 0), DecayTimingParameters(rate: 1), DecayTimingParameters(rate: .nan)] {
            for t in [-1, .nan, 0, 0.5, 1e9, .infinity] as [Double] {
                let s = d.sample(from: 0.0, velocity: 1000.0, at: t)
                #expect(s.position.isFinite && s.velocity.isFinite, "\(d) at \(t)")
            }
        }
        #expect(DecayTimingParameters().position(from: 5.0, velocity: 100.0, at: -2) == 5)
        #expect(DecayTimingParameters().timeToRest(velocity: Double.nan) == 0)
    }
}
