// Shared helpers for the dynamics tests: a scene of items on a manual clock.
import Kinetic
import KineticDynamics

/// An engine, an animator with 320 × 640 reference bounds, and a ticking helper.
final class DynamicsHarness {
    let engine = AnimationEngine()
    let animator: DynamicAnimator

    init(bounds: Rect = Rect(x: 0, y: 0, width: 320, height: 640), stepRate: Double = 120) {
        animator = DynamicAnimator(referenceBounds: bounds, engine: engine, stepRate: stepRate)
    }

    /// Ticks from the engine's time to `end` at `rate` frames per second (frame k at
    /// `start + k/rate`, computed from k so there is no accumulated drift), calling `each`
    /// after every tick.
    func run(until end: Double, rate: Double = 120, _ each: (Double) -> Void = { _ in }) {
        let start = engine.time
        let frames = Int(((end - start) * rate).rounded())
        guard frames > 0 else { return }
        for k in 1...frames {
            let t = start + Double(k) / rate
            engine.tick(at: t)
            each(t)
        }
    }

    var diagnostics: [Diagnostic] { engine.diagnostics }
}

/// A square item of `side` points.
func square(at center: Point, side: Double = 100) -> BasicDynamicItem {
    BasicDynamicItem(center: center, size: Size(width: side, height: side))
}

/// A disc item of `diameter` points.
func ball(at center: Point, diameter: Double = 40) -> BasicDynamicItem {
    BasicDynamicItem(center: center, size: Size(width: diameter, height: diameter), collisionBoundsType: .ellipse)
}

func relativeError(_ value: Double, _ reference: Double) -> Double {
    (value - reference).magnitude / reference.magnitude
}
