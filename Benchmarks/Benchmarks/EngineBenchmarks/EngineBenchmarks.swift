// The cost of one frame of the animation engine with many animations in flight (issue 3's bars,
// and issue 13's: tick + read of 10,000 animators ≤ 0.4 ms, of 100,000 properties ≤ 1 ms):
//
// - `Engine tick, 10,000 animators`: 10,000 running animators of one `Double` property each.
// - `Engine tick, 100,000 properties`: 100 running animators of 1,000 `Double` properties each.
// - `Engine tick + read, 10,000 springs`: 10,000 `SpringAnimation<Point>`s, one per
//   `AnimatedProperty<Point>`, the stress demo's frame without its drawing (each tick checks every
//   spring for settling; the read takes presentation value and velocity together).
//
// Each benchmark iteration is one frame: `tick(at:)` 1/60 s later than the last. The `+ read`
// variants also read every property's presentation value, as a renderer does once a frame.
// The animators run for 10^6 s, so every measured tick is a steady-state tick (nothing starts
// or completes), and the malloc count per tick must be 0. Figures are per tick
// (`scalingFactor: .one`), in microseconds.

import Benchmark
import EngineScenes
import Kinetic

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 10,
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 10_000
    )

    nonisolated(unsafe) let manyAnimators = EngineFixture(animators: 10_000, propertiesEach: 1)
    nonisolated(unsafe) let manyProperties = EngineFixture(animators: 100, propertiesEach: 1_000)
    nonisolated(unsafe) let manySprings = SpringFixture(count: 10_000)

    Benchmark("Engine tick, 10,000 animators") { benchmark in
        benchmark.startMeasurement()
        manyAnimators.tick()
    }
    Benchmark("Engine tick + read, 10,000 animators") { benchmark in
        benchmark.startMeasurement()
        manyAnimators.tick()
        blackHole(manyAnimators.readAll())
    }
    Benchmark("Engine tick, 100,000 properties") { benchmark in
        benchmark.startMeasurement()
        manyProperties.tick()
    }
    Benchmark("Engine tick + read, 100,000 properties") { benchmark in
        benchmark.startMeasurement()
        manyProperties.tick()
        blackHole(manyProperties.readAll())
    }
    Benchmark("Engine tick + read, 10,000 springs") { benchmark in
        benchmark.startMeasurement()
        manySprings.tick()
        blackHole(manySprings.readAll())
    }
}
