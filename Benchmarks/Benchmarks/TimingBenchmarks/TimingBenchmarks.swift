// Per-sample cost of Kinetic's timing curves against plainly written baselines.
//
// Every iteration takes `samplesPerIteration` (1000) samples, 250 instants on each of 4 curves,
// springs or decays, and `scalingFactor: .kilo` divides the figures by 1000: the wall-clock
// times reported are nanoseconds per sample, throughput is samples per second, and the malloc
// count is per sample too (0 means none in 1000 samples). Results are summed and the sum passed
// to `blackHole` once per iteration, so the samples are independent and nothing is optimised away.

import Benchmark
import Kinetic

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let benchmarks: @Sendable () -> Void = {
    precondition(kineticCurves.count * cubicFractions.count == samplesPerIteration)
    precondition(kineticSprings.count * springTimes.count == samplesPerIteration)
    precondition(kineticDecays.count * decayTimes.count == samplesPerIteration)
    let agreement = checkAgreement()
    _ = (agreement + "\n").withCString { write(2, $0, strlen($0)) }   // stderr

    // KINETIC_BENCH_ITERATIONS=N caps every benchmark at N iterations with no warm-up: for
    // running the binary under valgrind --tool=callgrind (instruction counts, see README.md).
    let cap = getenv("KINETIC_BENCH_ITERATIONS").flatMap { Int(String(cString: $0)) }
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: cap == nil ? 100 : 0,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: cap ?? 1_000_000
    )

    // MARK: Cubic

    Benchmark("Cubic progress (Kinetic)") { benchmark in
        let curves = kineticCurves, fractions = cubicFractions
        benchmark.startMeasurement()
        var sum = 0.0
        for curve in curves {
            for f in fractions { sum += curve.progress(at: f) }
        }
        blackHole(sum)
    }

    Benchmark("Cubic progress (browser baseline)") { benchmark in
        let curves = browserCurves, fractions = cubicFractions
        benchmark.startMeasurement()
        var sum = 0.0
        for curve in curves {
            for f in fractions { sum += curve.solve(f) }
        }
        blackHole(sum)
    }

    Benchmark("Cubic progress (prototype: table without copies, progress only, lean Newton)") { benchmark in
        let curves = prototypeCurves, fractions = cubicFractions
        benchmark.startMeasurement()
        var sum = 0.0
        for curve in curves {
            for f in fractions { sum += curve.progress(at: f) }
        }
        blackHole(sum)
    }

    // MARK: Spring

    Benchmark("Spring position+velocity (Kinetic)") { benchmark in
        let springs = kineticSprings, times = springTimes
        benchmark.startMeasurement()
        var sum = 0.0
        for spring in springs {
            for t in times {
                let s = spring.sample(at: t)
                sum += s.progress + s.velocity
            }
        }
        blackHole(sum)
    }

    Benchmark("Spring position+velocity (plain closed form)") { benchmark in
        let springs = plainSprings, times = springTimes
        benchmark.startMeasurement()
        var sum = 0.0
        for spring in springs {
            for t in times {
                let s = spring.sample(at: t)
                sum += s.progress + s.velocity
            }
        }
        blackHole(sum)
    }

    // The ratio the bar is on, measured so that this VM's slow and fast phases (seconds
    // long; they can fall on one of the two benchmarks above and not the other) do not move it:
    // every iteration times the same 1000 samples on Kinetic's springs and on the plain closed
    // form back to back (which goes first alternates) and records Kinetic's time over the plain
    // one's, in thousandths.
    let ratioMetric = BenchmarkMetric.custom("Kinetic / plain (thousandths)", polarity: .prefersSmaller,
                                             useScalingFactor: false)
    nonisolated(unsafe) var kineticFirst = true
    Benchmark(
        "Spring position+velocity, Kinetic / plain closed form (interleaved)",
        configuration: .init(metrics: [ratioMetric], scalingFactor: .one)
    ) { benchmark in
        func nanoseconds() -> Int {
            var ts = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ts)
            return ts.tv_sec * 1_000_000_000 + ts.tv_nsec
        }
        func kinetic() -> Int {
            let start = nanoseconds()
            var sum = 0.0
            for spring in kineticSprings {
                for t in springTimes {
                    let s = spring.sample(at: t)
                    sum += s.progress + s.velocity
                }
            }
            blackHole(sum)
            return nanoseconds() - start
        }
        func plain() -> Int {
            let start = nanoseconds()
            var sum = 0.0
            for spring in plainSprings {
                for t in springTimes {
                    let s = spring.sample(at: t)
                    sum += s.progress + s.velocity
                }
            }
            blackHole(sum)
            return nanoseconds() - start
        }
        let k: Int, p: Int
        if kineticFirst { k = kinetic(); p = plain() } else { p = plain(); k = kinetic() }
        kineticFirst.toggle()
        benchmark.measurement(ratioMetric, k * 1000 / Swift.max(p, 1))
    }

    Benchmark("Spring position+velocity (prototype: cached constants)") { benchmark in
        let springs = prototypeSprings, times = springTimes
        benchmark.startMeasurement()
        var sum = 0.0
        for spring in springs {
            for t in times {
                let s = spring.sample(at: t)
                sum += s.progress + s.velocity
            }
        }
        blackHole(sum)
    }

    Benchmark("Spring position+velocity (prototype: cached constants + libm sincos)") { benchmark in
        let springs = prototypeSincosSprings, times = springTimes
        benchmark.startMeasurement()
        var sum = 0.0
        for spring in springs {
            for t in times {
                let s = spring.sample(at: t)
                sum += s.progress + s.velocity
            }
        }
        blackHole(sum)
    }

    Benchmark("Spring position+velocity (prototype: cached constants + inline exp/sincos)") { benchmark in
        let springs = prototypeKernelSprings, times = springTimes
        benchmark.startMeasurement()
        var sum = 0.0
        for spring in springs {
            for t in times {
                let s = spring.sample(at: t)
                sum += s.progress + s.velocity
            }
        }
        blackHole(sum)
    }

    // MARK: Decay

    Benchmark("Decay position+velocity (Kinetic)") { benchmark in
        let decays = kineticDecays, velocities = decayVelocities, times = decayTimes
        benchmark.startMeasurement()
        var sum = 0.0
        for i in decays.indices {
            let decay = decays[i], v = velocities[i]
            for t in times {
                let s = decay.sample(from: 0.0, velocity: v, at: t)
                sum += s.position + s.velocity
            }
        }
        blackHole(sum)
    }

    Benchmark("Decay position+velocity (plain pow baseline)") { benchmark in
        let decays = plainDecays, velocities = decayVelocities, times = decayTimes
        benchmark.startMeasurement()
        var sum = 0.0
        for i in decays.indices {
            let decay = decays[i], v = velocities[i]
            for t in times {
                let s = decay.sample(from: 0, velocity: v, at: t)
                sum += s.position + s.velocity
            }
        }
        blackHole(sum)
    }
}
