import Testing
@testable import Kinetic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension InteractionTests {
    @Suite("Momentum projection")
    struct MomentumTests {
        @Test func projectionIsTheDecaysRestingPosition() {
            for rate in [DecelerationRate.normal, .fast, DecelerationRate(rawValue: 0.95)] {
                let decay = DecayTimingParameters(decelerationRate: rate)
                for origin in [0.0, 250, -1e4] {
                    for v in [0.0, 1800, -640.5, 12_000] {
                        let projected = project(origin, velocity: v, decelerationRate: rate)
                        #expect(projected == decay.restingPosition(from: origin, velocity: v))
                        #expect(projected == rate.project(origin, velocity: v))
                        // The independent closed form: origin − v / (1000 ln r).
                        let expected = origin - v / (1000 * log(rate.rawValue))
                        #expect(abs(projected - expected) <= 1e-12 * max(1, abs(expected)))
                        // Where the decay animation actually ends up after a long time.
                        #expect(abs(decay.position(from: origin, velocity: v, at: 1e4) - projected) <= 1e-9 * max(1, abs(v)))
                        #expect(rate.projectedDistance(velocity: v) == decay.projectedDistance(velocity: v))
                        #expect(abs(origin + rate.projectedDistance(velocity: v) - projected) <= 1e-12 * max(1, abs(projected)))
                    }
                }
            }
            #expect(project(42.0, velocity: 0) == 42)
        }

        /// WWDC 2018 "Designing Fluid Interfaces": (v / 1000) · r / (1 − r), the discrete sum.
        @Test func differsFromTheDiscreteFormulaByAboutATenthOfAPercent() {
            let v = 1000.0
            for (rate, bound) in [(DecelerationRate.normal, 1.1e-3), (.fast, 5.1e-3)] {
                let r = rate.rawValue
                let discrete = v / 1000 * r / (1 - r)
                let continuous = project(0.0, velocity: v, decelerationRate: rate)
                let relative = (continuous - discrete) / discrete
                #expect(relative > 0 && relative < bound, "rate \(r): \(relative)")
            }
            // 0.998: 499.4997… against 499.
            #expect(abs(project(0.0, velocity: 1000) - 499.49983) < 1e-4)
        }

        @Test func projectsEachComponentOfAPoint() {
            let start = Point(x: 10, y: 20), v = Point(x: 1200, y: -300)
            let p = project(start, velocity: v, decelerationRate: .fast)
            #expect(abs(p.x - project(10.0, velocity: 1200, decelerationRate: .fast)) <= 1e-12)
            #expect(abs(p.y - project(20.0, velocity: -300, decelerationRate: .fast)) <= 1e-12)
            // A flick measured by the tracker lands where the projection says.
            var tracker = VelocityTracker<Point>()
            for k in 0..<10 {
                let t = Double(k) / 120
                tracker.addSample(start + v * t, at: t)
            }
            let release = 9.0 / 120
            let measured = tracker.velocity(at: release)
            let landing = project(start + v * release, velocity: measured, decelerationRate: .fast)
            let expected = start + v * release + v * (-1 / (1000 * log(0.99)))
            #expect(landing.isApproximatelyEqual(to: expected, tolerance: 1e-9))
        }

        @Test func badRatesAreValidatedAsTheDecayDoes() {
            let fromNaN = project(0.0, velocity: 500, decelerationRate: DecelerationRate(rawValue: .nan))
            #expect(fromNaN == project(0.0, velocity: 500, decelerationRate: .normal))
            let one = project(0.0, velocity: 500, decelerationRate: DecelerationRate(rawValue: 1))
            #expect(one.isFinite && one == DecayTimingParameters(rate: 1).restingPosition(from: 0.0, velocity: 500.0))
            let zero = project(0.0, velocity: 500, decelerationRate: DecelerationRate(rawValue: 0))
            #expect(zero.isFinite && zero >= 0 && zero < 1)
        }
    }
}
