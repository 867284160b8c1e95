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
import Kinetic

/// An engine with `animators` running animators of `propertiesEach` properties each.
final class EngineFixture {
    let engine = AnimationEngine()
    var properties: [AnimatedProperty<Double>] = []
    var animators: [PropertyAnimator] = []
    var time = 0.0

    init(animators count: Int, propertiesEach: Int) {
        properties.reserveCapacity(count * propertiesEach)
        for i in 0..<count {
            let group = (0..<propertiesEach).map { _ in AnimatedProperty(0.0, engine: engine) }
            let curve: AnimationCurve = [.easeInOut, .easeIn, .easeOut, .linear][i % 4]
            let animator = PropertyAnimator(duration: 1_000_000 + Double(i), curve: curve, engine: engine) {
                for (j, property) in group.enumerated() { property.value = Double(j + 1) }
            }
            animator.startAnimation()
            properties += group
            animators.append(animator)
        }
        // Move well into the curves, away from their flat starts.
        time = 250_000
        engine.tick(at: time)
    }

    @inline(__always) func tick() {
        time += 1.0 / 60
        engine.tick(at: time)
    }

    @inline(__always) func readAll() -> Double {
        var sum = 0.0
        for property in properties { sum += property.presentationValue }
        return sum
    }
}

/// `count` points, each moved by its own running spring (damping ratio 0.01, so the swing stays
/// far from rest for the whole run; resting thresholds 0, so none settles).
final class SpringFixture {
    let engine = AnimationEngine()
    var properties: [AnimatedProperty<Point>] = []
    var springs: [SpringAnimation<Point>] = []
    var time = 0.0

    init(count: Int) {
        let spring = SpringTimingParameters(dampingRatio: 0.01, response: 0.8)
        for i in 0..<count {
            let home = Point(x: Double(i % 100), y: Double(i / 100))
            let property = AnimatedProperty(home, engine: engine)
            let animation = SpringAnimation(property: property, spring: spring, target: home,
                                            velocity: Point(x: 300 + Double(i % 7), y: -200 - Double(i % 11)))
            animation.restingDistance = 0
            animation.restingSpeed = 0
            animation.start()
            properties.append(property)
            springs.append(animation)
        }
        time = 1
        engine.tick(at: time)
    }

    @inline(__always) func tick() {
        time += 1.0 / 60
        engine.tick(at: time)
    }

    @inline(__always) func readAll() -> Double {
        var sum = 0.0
        for property in properties {
            let p = property.presentation
            sum += p.value.x + p.velocity.y
        }
        return sum
    }
}

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
