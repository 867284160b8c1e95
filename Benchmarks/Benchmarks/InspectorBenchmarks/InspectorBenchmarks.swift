// The engine's frame with the Studio inspector's machinery in use but the inspector closed: every
// property labelled by an owner (as a scene's nodes label theirs), and the host's recorder idle,
// asked to record every frame as `HostSession.frame(at:)` does. Compare with EngineBenchmarks'
// frames of the same names: the inspector must cost nothing while nobody is looking.

import Benchmark
import EngineScenes
import Kinetic

/// Names its properties as a node does (`"dot.alpha"`).
final class Owner: AnimatedPropertyOwner {
    let propertyLabelPrefix = "dot"
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

    let owner = Owner()
    nonisolated(unsafe) let recorder = PropertyRecorder(capacity: 600)
    nonisolated(unsafe) let manyAnimators = EngineFixture(animators: 10_000, propertiesEach: 1) {
        $0.setLabel("alpha", owner: owner)
    }
    nonisolated(unsafe) let manySprings = SpringFixture(count: 10_000) { $0.setLabel("center", owner: owner) }
    // The fixtures outlive this closure; so must the owner their labels point at.
    nonisolated(unsafe) let keptOwner = owner

    Benchmark("Engine tick + read, 10,000 animators, inspector closed") { benchmark in
        benchmark.startMeasurement()
        manyAnimators.tick()
        blackHole(manyAnimators.readAll())
        recorder.record()
        blackHole(keptOwner)
    }
    Benchmark("Engine tick + read, 10,000 springs, inspector closed") { benchmark in
        benchmark.startMeasurement()
        manySprings.tick()
        blackHole(manySprings.readAll())
        recorder.record()
    }
}
