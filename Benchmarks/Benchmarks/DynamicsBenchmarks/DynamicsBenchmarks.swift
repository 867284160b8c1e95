// The cost of one fixed step of KineticDynamics on the two scenes `compare-box2d` also times in Box2D 2.3 (issue 10):
//
// - `Dynamics step, pyramid of 210 boxes`: 20 rows of 40-pt boxes settled on the floor.
// - `Dynamics step, 1,000 circles in a box`: 1,000 circles of radius 10 pt piled in a 1000-pt box.
//
// Each benchmark iteration is one `AnimationEngine.tick(at:)` exactly 1/120 s after the last: one
// fixed step of the world (8 velocity and 3 position iterations) plus writing every item's centre
// and transform back. Sleeping is off on both sides (`DynamicAnimator.allowsSleeping` false here).
// Each scene is built and warmed up for 1,200 steps (10 s) in the benchmark's
// setup, so every measured step is a steady-state step of a settled pile, and the malloc count
// per step must be 0. Figures are per step (`scalingFactor: .one`), in microseconds.

import Benchmark
import DynamicsScenes
import Glibc

/// The scene a benchmark steps, built in its setup (only when that benchmark runs).
final class SceneSlot: @unchecked Sendable {
    var scene: DynamicsScene?
}

func printToStandardError(_ line: String) {
    _ = (line + "\n").withCString { write(2, $0, strlen($0)) }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 20,
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 3_000
    )

    for (kind, name) in [(DynamicsScene.Kind.pyramid, "Dynamics step, pyramid of 210 boxes"),
                         (.circles, "Dynamics step, 1,000 circles in a box")] {
        let slot = SceneSlot()
        Benchmark(name) { benchmark in
            let scene = slot.scene.unsafelyUnwrapped
            benchmark.startMeasurement()
            scene.step()
        } setup: {
            let scene = DynamicsScene(kind)
            scene.warmUp()
            printToStandardError("after warm-up: " + scene.summary())
            slot.scene = scene
        } teardown: {
            if let scene = slot.scene { printToStandardError("after timing: " + scene.summary()) }
            slot.scene = nil
        }
    }
}
