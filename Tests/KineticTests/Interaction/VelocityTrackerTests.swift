import Testing
@testable import Kinetic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KineticTestSupport

/// Namespace for the interaction suites, so `swift test --filter Interaction` selects them.
@Suite("Interaction")
enum InteractionTests {}

extension InteractionTests {
    @Suite("Velocity tracker")
    struct VelocityTrackerTests {
        /// A clock far from zero (a day of uptime), so the tests also show the fit is
        /// conditioned independently of the clock's origin.
        static let clock = 86_400.123

        /// Feeds `position(τ)` at the times `clock + τ` for each τ, computing τ back from the
        /// stored (rounded) time so the samples lie exactly on the trajectory.
        static func track<V: AnimatableValue>(_ tracker: inout VelocityTracker<V>, offsets: [Double],
                                              _ position: (Double) -> V) -> Double
        {
            var last = clock
            for offset in offsets {
                let t = clock + offset
                tracker.addSample(position(t - clock), at: t)
                last = t
            }
            return last
        }

        static func uniform(rate: Double, count: Int) -> [Double] {
            (0..<count).map { Double($0) / rate }
        }

        /// Irregular timestamps: steps of 8 ms ± 50 %.
        static func jittered(count: Int, seed: UInt64) -> [Double] {
            var rng = SeededGenerator(seed: seed)
            var t = 0.0
            return (0..<count).map { _ in
                t += 0.008 * Double.random(in: 0.5...1.5, using: &rng)
                return t
            }
        }

        @Test(arguments: [VelocityFit.quadratic, .linear])
        func constantVelocityIsRecoveredExactly(fit: VelocityFit) {
            let cases: [(String, [Double])] = [
                ("60 Hz", Self.uniform(rate: 60, count: 30)),
                ("120 Hz", Self.uniform(rate: 120, count: 30)),
                ("jittered", Self.jittered(count: 40, seed: 7)),
                ("jittered 2", Self.jittered(count: 5, seed: 99)),
            ]
            for (name, offsets) in cases {
                for v in [1234.5, -87.25, 0.0, 3.0e4] {
                    var tracker = VelocityTracker<Double>(fit: fit)
                    let release = Self.track(&tracker, offsets: offsets) { 412.75 + v * $0 }
                    let got = tracker.velocity(at: release)
                    #expect(abs(got - v) <= 1e-9, "\(name) \(fit) v \(v): got \(got)")
                }
            }
        }

        /// Constant acceleration, x(τ) = x₀ + v₀τ + aτ²/2, released at the newest sample.
        /// The quadratic fit reproduces a parabola exactly, so its slope at the newest sample is
        /// the exact derivative up to rounding: tolerance 1e-9 relative to the scale
        /// |v| + |a|·window. The linear fit's slope is, for evenly spaced samples, exactly the
        /// derivative at the mean sample time (the symmetric spacing cancels the curvature term),
        /// i.e. it lags by half the fitted span; that is checked to the same tolerance.
        @Test func constantAccelerationGivesTheDerivativeAtRelease() {
            for (v0, a) in [(300.0, 2000.0), (-500.0, 15000.0), (1500.0, -8000.0)] {
                for offsets in [Self.uniform(rate: 60, count: 12), Self.uniform(rate: 120, count: 24),
                                Self.jittered(count: 30, seed: 3)] {
                    var quadratic = VelocityTracker<Double>()
                    let release = Self.track(&quadratic, offsets: offsets) { 20 + v0 * $0 + a * $0 * $0 / 2 }
                    let tau = release - Self.clock
                    let exact = v0 + a * tau
                    let scale = abs(v0) + abs(a) * 0.1
                    let got = quadratic.velocity(at: release)
                    #expect(abs(got - exact) <= 1e-9 * scale, "v0 \(v0) a \(a): \(got) vs \(exact)")
                }
                // Linear fit, 120 Hz, every sample within the 100 ms window.
                let offsets = Self.uniform(rate: 120, count: 12)       // 0 … 91.7 ms, all in the window
                var linear = VelocityTracker<Double>(fit: .linear)
                let release = Self.track(&linear, offsets: offsets) { 20 + v0 * $0 + a * $0 * $0 / 2 }
                let meanTau = offsets.reduce(0, +) / Double(offsets.count)
                let got = linear.velocity(at: release)
                #expect(abs(got - (v0 + a * meanTau)) <= 1e-9 * (abs(v0) + abs(a) * 0.1))
                #expect(abs(got - (v0 + a * (release - Self.clock))) > 1)  // the documented lag
            }
        }

        @Test func duplicateTimestampsKeepTheLatestValue() {
            var tracker = VelocityTracker<Double>()
            var reference = VelocityTracker<Double>()
            let offsets = Self.uniform(rate: 60, count: 6)
            for (k, tau) in offsets.enumerated() {
                let t = Self.clock + tau
                let x = 10 + 600 * (t - Self.clock)
                tracker.addSample(-9999, at: t)          // overwritten by the next report
                tracker.addSample(x, at: t)
                reference.addSample(x, at: t)
                if k == 2 { tracker.addSample(x, at: t) }
            }
            #expect(tracker.count == offsets.count)
            let release = Self.clock + offsets.last!
            #expect(abs(tracker.velocity(at: release) - 600) <= 1e-9)
            #expect(tracker.velocity(at: release) == reference.velocity(at: release))
            // Two reports at one instant are one sample: no velocity from a single instant.
            var one = VelocityTracker<Double>()
            one.addSample(0, at: 1)
            one.addSample(50, at: 1)
            #expect(one.count == 1)
            #expect(one.velocity(at: 1) == 0)
        }

        @Test func outOfOrderSamplesAreIgnored() {
            var tracker = VelocityTracker<Double>()
            let offsets = Self.uniform(rate: 120, count: 10)
            for tau in offsets {
                let t = Self.clock + tau
                tracker.addSample(5 - 250 * (t - Self.clock), at: t)
                tracker.addSample(1e6, at: t - 0.003)        // late arrival from the past: ignored
            }
            #expect(tracker.count == offsets.count)
            #expect(abs(tracker.velocity(at: Self.clock + offsets.last!) + 250) <= 1e-9)
        }

        @Test func fewSamplesGiveZeroOrTheDifferenceQuotient() {
            var tracker = VelocityTracker<Point>()
            #expect(tracker.isEmpty)
            #expect(tracker.velocity(at: 0) == .zero)
            tracker.addSample(Point(x: 3, y: 4), at: 10)
            #expect(tracker.velocity(at: 10) == .zero)
            #expect(tracker.velocity(at: 10.01) == .zero)
            tracker.addSample(Point(x: 5, y: 0), at: 10.02)
            let v = tracker.velocity(at: 10.02)
            #expect(abs(v.x - 100) <= 1e-9 && abs(v.y + 200) <= 1e-9)
            tracker.reset()
            #expect(tracker.isEmpty)
            #expect(tracker.velocity(at: 10.02) == .zero)
        }

        @Test func pauseBeforeReleaseGivesZero() {
            var tracker = VelocityTracker<Double>()
            let offsets = Self.uniform(rate: 60, count: 10)
            let last = Self.track(&tracker, offsets: offsets) { 800 * $0 }
            #expect(abs(tracker.velocity(at: last) - 800) <= 1e-9)
            // Within the 40 ms horizon the estimate holds (the fit's slope at the newest sample) …
            #expect(abs(tracker.velocity(at: last + 0.039) - 800) <= 1e-9)
            // … past it the pointer counts as stopped.
            #expect(tracker.velocity(at: last + 0.041) == 0)
            #expect(tracker.velocity(at: last + 5) == 0)
            #expect(tracker.velocity(at: .infinity) == 0)
            #expect(tracker.velocity(at: .nan) == 0)
            // A custom horizon, and one that never assumes a stop.
            var patient = VelocityTracker<Double>(pauseThreshold: 0.2)
            _ = Self.track(&patient, offsets: offsets) { 800 * $0 }
            #expect(abs(patient.velocity(at: last + 0.15) - 800) <= 1e-9)
            #expect(patient.velocity(at: last + 0.25) == 0)
            var never = VelocityTracker<Double>(pauseThreshold: .infinity)
            _ = Self.track(&never, offsets: offsets) { 800 * $0 }
            #expect(abs(never.velocity(at: last + 100) - 800) <= 1e-9)
        }

        /// A gap longer than the pause threshold inside the window cuts the history: only the
        /// motion after the pause is measured.
        @Test func aPauseInsideTheWindowCutsTheHistory() {
            var tracker = VelocityTracker<Double>()
            for k in 0...6 { tracker.addSample(500 * Double(k) / 60, at: Double(k) / 60) }   // to t = 0.1
            let restart = 0.15                                                            // 50 ms gap
            for k in 0..<3 {
                let t = restart + Double(k) * 0.008
                tracker.addSample(50 - 300 * (t - restart), at: t)
            }
            let release = restart + 0.016
            #expect(abs(tracker.velocity(at: release) + 300) <= 1e-9)
            // Without the cut (a longer threshold) the old samples within 100 ms are mixed in.
            var mixing = VelocityTracker<Double>(pauseThreshold: 0.06)
            for k in 0...6 { mixing.addSample(500 * Double(k) / 60, at: Double(k) / 60) }
            for k in 0..<3 {
                let t = restart + Double(k) * 0.008
                mixing.addSample(50 - 300 * (t - restart), at: t)
            }
            #expect(abs(mixing.velocity(at: release) + 300) > 1)
        }

        @Test func theWindowAndTheCapacityLimitTheHistory() {
            // Old motion outside the 100 ms window does not count.
            var tracker = VelocityTracker<Double>()
            var x = 0.0, t = 0.0
            for _ in 0..<30 { t += 0.01; x += 20; tracker.addSample(x, at: t) }        // 2000/s
            for _ in 0..<11 { t += 0.01; x -= 3; tracker.addSample(x, at: t) }         // −300/s
            #expect(abs(tracker.velocity(at: t) + 300) <= 1e-9)
            // At 500 Hz, 30 samples fit in 60 ms; only the newest 20 are kept.
            var fast = VelocityTracker<Double>()
            x = 0; t = 0
            for _ in 0..<10 { t += 0.002; x += 4; fast.addSample(x, at: t) }           // 2000/s
            for _ in 0..<20 { t += 0.002; x -= 0.6; fast.addSample(x, at: t) }         // −300/s
            #expect(fast.count == 20)
            #expect(abs(fast.velocity(at: t) + 300) <= 1e-9)
            // A longer window over the same 60 ms changes nothing, a larger capacity does.
            var roomy = VelocityTracker<Double>(capacity: 40)
            x = 0; t = 0
            for _ in 0..<10 { t += 0.002; x += 4; roomy.addSample(x, at: t) }
            for _ in 0..<20 { t += 0.002; x -= 0.6; roomy.addSample(x, at: t) }
            #expect(roomy.count == 30)
            #expect(abs(roomy.velocity(at: t) + 300) > 1)
            // A short window.
            var short = VelocityTracker<Double>(window: 0.005)
            x = 0; t = 0
            for _ in 0..<10 { t += 0.002; x += 4; short.addSample(x, at: t) }
            for _ in 0..<2 { t += 0.002; x -= 0.6; short.addSample(x, at: t) }
            #expect(abs(short.velocity(at: t) + 300) <= 1e-9)
        }

        /// A sample exactly `window` older than the newest is in the window whatever the clock's
        /// origin: in seconds, 1.1 − 1.0 = 0.10000000000000009 and 0.3 − 0.2 =
        /// 0.09999999999999998, which used to drop or keep it (a 3–11 % change on real gestures).
        @Test(arguments: [VelocityFit.quadratic, .linear])
        func theWindowEdgeDoesNotDependOnHowTheSecondsRound(fit: VelocityFit) {
            // A flick that decelerates (not a polynomial: every sample changes the fit).
            func position(_ tau: Double) -> Double { 400 * (1 - exp(-tau / 0.06)) }
            func estimate(origin: Double, window: Double) -> Double {
                var tracker = VelocityTracker<Double>(window: window, fit: fit)
                for k in 0...10 {
                    let t = origin + Double(k) / 100
                    tracker.addSample(position(Double(k) / 100), at: t)
                }
                return tracker.velocity(at: origin + 0.1)
            }
            // The reference: a window that includes the 100 ms-old sample beyond doubt.
            let reference = estimate(origin: 0, window: 0.1004)
            let without = estimate(origin: 0, window: 0.0996)
            print("velocity tracker (\(fit)): with the 100 ms-old sample \(reference), without \(without), \(abs(without / reference - 1) * 100) % apart")
            #expect(abs(without / reference - 1) > 0.01)      // the edge matters for this gesture
            var worst = 0.0
            for origin in [0.0, 0.2, 0.7, 1.0, 2.3, 17.9, 86_400.1, 1_700_000_000.0] {
                worst = max(worst, abs(estimate(origin: origin, window: 0.1) / reference - 1))
            }
            #expect(worst <= 1e-6)
        }

        @Test func storageIsAllocatedOnce() {
            var tracker = VelocityTracker<Point>(capacity: 20)
            #expect(tracker.times.count == 20 && tracker.values.count == 20)
            var rng = SeededGenerator(seed: 11)
            var t = 0.0
            for _ in 0..<1000 {
                t += Double.random(in: 0.001...0.02, using: &rng)
                tracker.addSample(Point(x: t * 3, y: -t), at: t)
            }
            #expect(tracker.count == 20)
            #expect(tracker.times.count == 20 && tracker.values.count == 20)
        }

        /// Later samples than the queried time are left out: the history can be queried in the past.
        @Test func queryingAnEarlierTimeIgnoresLaterSamples() {
            var tracker = VelocityTracker<Double>()
            for k in 0..<10 { tracker.addSample(100 * Double(k) / 60, at: Double(k) / 60) }
            for k in 10..<14 { tracker.addSample(tracker.values[9] - 700 * Double(k - 9) / 60, at: Double(k) / 60) }
            #expect(abs(tracker.velocity(at: 9.0 / 60) - 100) <= 1e-9)
            #expect(tracker.velocity(at: -1) == 0)
        }

        @Test func nonFiniteSamplesAreIgnored() {
            var clean = VelocityTracker<Point>()
            var dirty = VelocityTracker<Point>()
            let offsets = Self.jittered(count: 15, seed: 5)
            for tau in offsets {
                let t = Self.clock + tau
                let p = Point(x: 100 + 420 * (t - Self.clock), y: 7 - 180 * (t - Self.clock))
                clean.addSample(p, at: t)
                dirty.addSample(Point(x: .nan, y: p.y), at: t + 0.001)
                dirty.addSample(p, at: .nan)
                dirty.addSample(p, at: .infinity)
                dirty.addSample(p, at: -.infinity)
                dirty.addSample(p, at: t)
                dirty.addSample(Point(x: p.x, y: .infinity), at: t + 0.002)
                dirty.addSample(Point(x: -.infinity, y: .nan), at: t)
            }
            #expect(dirty.count == clean.count)
            let release = Self.clock + offsets.last!
            #expect(dirty.velocity(at: release) == clean.velocity(at: release))
            let v = clean.velocity(at: release)
            #expect(abs(v.x - 420) <= 1e-9 && abs(v.y + 180) <= 1e-9)
        }

        @Test func pointComponentsAreTrackedIndependently() {
            var tracker = VelocityTracker<Point>()
            // x at constant velocity, y accelerating: each recovered as if tracked alone.
            let release = Self.track(&tracker, offsets: Self.uniform(rate: 120, count: 16)) {
                Point(x: 50 + 640 * $0, y: 300 - 200 * $0 + 9000 * $0 * $0 / 2)
            }
            let tau = release - Self.clock
            let v = tracker.velocity(at: release)
            #expect(abs(v.x - 640) <= 1e-9)
            #expect(abs(v.y - (-200 + 9000 * tau)) <= 1e-9 * 1100)
            var xOnly = VelocityTracker<Double>(), yOnly = VelocityTracker<Double>()
            _ = Self.track(&xOnly, offsets: Self.uniform(rate: 120, count: 16)) { 50 + 640 * $0 }
            _ = Self.track(&yOnly, offsets: Self.uniform(rate: 120, count: 16)) { 300 - 200 * $0 + 9000 * $0 * $0 / 2 }
            #expect(abs(v.x - xOnly.velocity(at: release)) <= 1e-12 * 640)
            #expect(abs(v.y - yOnly.velocity(at: release)) <= 1e-12 * 1100)
        }

        /// Garbage in (random, huge, clustered, non-finite), never a NaN or an infinity out.
        @Test func velocityIsAlwaysFinite() {
            var rng = SeededGenerator(seed: 2024)
            let specials: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308, 1e-300, 0, 1e160]
            for fit in [VelocityFit.quadratic, .linear] {
                var tracker = VelocityTracker<Point>(fit: fit)
                var t = 0.0
                for step in 0..<5000 {
                    if step % 500 == 0 { tracker.reset() }
                    let dt: Double
                    switch Int.random(in: 0..<6, using: &rng) {
                    case 0: dt = 0
                    case 1: dt = -0.01
                    case 2: dt = 1e-12
                    case 3: dt = Double.random(in: 0.05...0.2, using: &rng)
                    default: dt = Double.random(in: 0.0005...0.02, using: &rng)
                    }
                    t += dt
                    func component() -> Double {
                        Int.random(in: 0..<5, using: &rng) == 0
                            ? specials.randomElement(using: &rng)!
                            : Double.random(in: -1e4...1e4, using: &rng)
                    }
                    let time = Int.random(in: 0..<40, using: &rng) == 0 ? specials.randomElement(using: &rng)! : t
                    tracker.addSample(Point(x: component(), y: component()), at: time)
                    for query in [t, t + 0.01, t + 0.05, t - 0.01] {
                        let v = tracker.velocity(at: query)
                        #expect(v.x.isFinite && v.y.isFinite, "step \(step)")
                    }
                }
            }
        }

        @Test func badConfigurationBecomesTheDefaults() {
            let bad = VelocityTracker<Double>(window: .nan, pauseThreshold: -1, capacity: 0)
            #expect(bad.window == 0.1 && bad.pauseThreshold == 0.04 && bad.capacity == 2)
            #expect(VelocityTracker<Double>(window: 0, pauseThreshold: .nan).window == 0.1)
            let defaults = VelocityTracker<Double>()
            #expect(defaults.window == 0.1 && defaults.pauseThreshold == 0.04 && defaults.capacity == 20
                    && defaults.fit == .quadratic)
            // A capacity of 2 still gives the difference quotient of the two newest samples.
            var two = VelocityTracker<Double>(capacity: 1)
            two.addSample(0, at: 0); two.addSample(1, at: 0.01); two.addSample(3, at: 0.02)
            #expect(abs(two.velocity(at: 0.02) - 200) <= 1e-9)
        }
    }
}
