// Issue 13's kernel bars that the timing benchmarks do not cover:
//
// - `Cubic progress (Kinetic)` against `Cubic progress (C baseline)`: the browsers' UnitBezier
//   solver compiled by clang (`Baselines/UnitBezierC`), same curves and fractions as
//   TimingBenchmarks (1000 samples per iteration, figures per sample).
// - `Create + start animator (one property, preset curve)`: an animator with one `Double`
//   property on `.easeInOut`, created and started (figures per animator, with mallocs), and the
//   preset and a custom curve created alone, and a custom curve created and sampled once (its
//   table is built on that first sample).

import Benchmark
import Kinetic
import UnitBezierC

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// (x1, y1, x2, y2): ease-in-out, Core Animation's default, an overshooting and a steep curve
/// (the same as TimingBenchmarks').
let controlPoints: [(Double, Double, Double, Double)] = [
    (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1), (0.3, -0.5, 0.7, 1.5), (0.9, 0, 0.1, 1),
]
let kineticCurves = controlPoints.map { CubicTimingParameters($0.0, $0.1, $0.2, $0.3) }
let cCurves: [UnitBezierC] = controlPoints.map {
    var c = UnitBezierC()
    unit_bezier_c_init(&c, $0.0, $0.1, $0.2, $0.3)
    return c
}

/// 250 fractions in (0, 1), jittered and shuffled (no repeating branch pattern), fixed seed.
let fractions: [Double] = {
    var state: UInt64 = 0x5eed_c0be
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / 9007199254740992
    }
    var xs = (0..<250).map { (Double($0) + next()) / 250 }
    for i in stride(from: xs.count - 1, to: 0, by: -1) { xs.swapAt(i, Int(next() * Double(i + 1))) }
    return xs
}()

/// Kinetic and the C baseline agree within the baseline's tolerance (1e-7 on x, so up to
/// 1e-7 · dy/dx on progress); traps otherwise.
func checkAgreement() -> String {
    var worst = 0.0
    for (k, c) in zip(kineticCurves, cCurves) {
        for f in fractions {
            var cc = c
            let b = unit_bezier_c_solve(&cc, f, 1e-7)
            let s = k.sample(at: f)
            let diff = abs(s.progress - b) / max(1, abs(s.velocity))
            precondition(diff < 1e-7, "C baseline disagrees at \(f): \(s.progress) vs \(b)")
            worst = max(worst, diff)
        }
    }
    return "Agreement with Kinetic: C UnitBezier within \(worst) per unit slope"
}

let benchmarks: @Sendable () -> Void = {
    let agreement = checkAgreement()
    _ = (agreement + "\n").withCString { write(2, $0, strlen($0)) }

    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 100,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )

    Benchmark("Cubic progress (Kinetic)") { benchmark in
        let curves = kineticCurves, xs = fractions
        benchmark.startMeasurement()
        var sum = 0.0
        for curve in curves {
            for f in xs { sum += curve.progress(at: f) }
        }
        blackHole(sum)
    }

    Benchmark("Cubic progress (C baseline: browsers' UnitBezier, clang -O)") { benchmark in
        var curves = cCurves
        let xs = fractions
        benchmark.startMeasurement()
        var sum = 0.0
        for i in curves.indices {
            for f in xs { sum += unit_bezier_c_solve(&curves[i], f, 1e-7) }
        }
        blackHole(sum)
    }

    // The curve alone: a preset is a copy of a shared static (nothing allocated); a custom curve
    // allocates only the small holder of its table, which its first sample builds and verifies
    // (the third benchmark: creation plus that first sample).
    Benchmark(
        "Create preset curve (.easeInOut)",
        configuration: .init(scalingFactor: .one, maxIterations: 200_000)
    ) { benchmark in
        let curve = CubicTimingParameters(animationCurve: .easeInOut)
        blackHole(curve)
    }
    Benchmark(
        "Create custom curve (0.3, 0.1, 0.2, 1)",
        configuration: .init(scalingFactor: .one, maxIterations: 200_000)
    ) { benchmark in
        let curve = CubicTimingParameters(0.3, 0.1, 0.2, 1)
        blackHole(curve)
    }
    Benchmark(
        "Create custom curve + first sample (builds its table)",
        configuration: .init(scalingFactor: .one, maxIterations: 50_000)
    ) { benchmark in
        let curve = CubicTimingParameters(0.3, 0.1, 0.2, 1)
        blackHole(curve.progress(at: 0.5))
    }

    // One animator per iteration; the engine is reused (and ticked far ahead now and then, so the
    // animators complete and leave it) so that the engine's own arrays stop growing.
    nonisolated(unsafe) let engine = AnimationEngine()
    nonisolated(unsafe) var clock = 0.0
    Benchmark(
        "Create + start animator (one property, preset curve)",
        configuration: .init(scalingFactor: .one, maxIterations: 200_000)
    ) { benchmark in
        let property = AnimatedProperty(0.0, engine: engine)
        benchmark.startMeasurement()
        let animator = PropertyAnimator(duration: 0.25, curve: .easeInOut, engine: engine) {
            property.value = 1
        }
        animator.startAnimation()
        benchmark.stopMeasurement()
        clock += 1
        engine.tick(at: clock)
        blackHole(animator)
    }
}
