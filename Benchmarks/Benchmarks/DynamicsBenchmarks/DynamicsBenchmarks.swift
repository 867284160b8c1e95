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
//
// - `Dynamics: add 1,000 items one at a time`: an animator with a collision behaviour and an item
//   behaviour, and 1,000 items added to both, one `addItem` after another (as an app spawns them).
//   Each addition costs about the same however many items are already there (before this
//   benchmark, each one refreshed every item's masks and material by a linear search of each
//   behaviour's items: cubic in all; p50 184 ms for these 1,000 against 5.6 ms after).

import Benchmark
import DynamicsScenes
import Glibc
import Kinetic
import KineticDynamics

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

    Benchmark("Dynamics: add 1,000 items one at a time", configuration: .init(maxDuration: .seconds(3), maxIterations: 200)) { benchmark in
        let engine = AnimationEngine()
        let animator = DynamicAnimator(engine: engine)
        let collision = CollisionBehavior(items: [])
        let material = DynamicItemBehavior(items: [])
        animator.addBehavior(collision)
        animator.addBehavior(material)
        benchmark.startMeasurement()
        for k in 0..<1_000 {
            let item = BasicDynamicItem(center: Point(x: Double(k % 40) * 30, y: Double(k / 40) * 30),
                                        size: Size(width: 20, height: 20))
            collision.addItem(item)
            material.addItem(item)
        }
        benchmark.stopMeasurement()
        blackHole(animator)
    }

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
