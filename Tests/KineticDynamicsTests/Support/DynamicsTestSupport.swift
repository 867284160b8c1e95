// Shared helpers for the dynamics tests: a scene of items on a manual clock.
import Kinetic
import KineticDynamics
import KineticTestSupport

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

/// Up to `count` items of random size and shape (rectangles and ellipses, a third of them
/// `large`, the rest `small` per side, half of them square, at random angles) placed inside
/// `box` with their bounding circles apart; an item with no free place in 40 tries is skipped.
/// The closed-box fuzz tests share it, each with its own seeds.
func randomItems(in box: Rect, count: Int, large: ClosedRange<Double>, small: ClosedRange<Double>,
                 using random: inout SeededGenerator) -> [BasicDynamicItem] {
    func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * random.unit() }
    var items: [BasicDynamicItem] = []
    var radii: [Double] = []
    for _ in 0..<count {
        let sides = random.int(3) == 0 ? large : small
        let w = uniform(sides.lowerBound, sides.upperBound)
        let h = random.bool() ? w : uniform(sides.lowerBound, sides.upperBound)
        let r = (w * w + h * h).squareRoot() / 2
        var placed: Point?
        for _ in 0..<40 {
            let c = Point(x: uniform(r, box.width - r), y: uniform(r, box.height - r))
            if zip(items, radii).allSatisfy({ $0.0.center.distance(to: c) > $0.1 + r }) { placed = c; break }
        }
        guard let center = placed, r < box.width / 2 else { continue }
        let shape: DynamicItemCollisionBoundsType = random.bool() ? .rectangle : .ellipse
        items.append(BasicDynamicItem(center: center, size: Size(width: w, height: h),
                                      transform: AffineTransform(rotationAngle: uniform(-3, 3)),
                                      collisionBoundsType: shape))
        radii.append(r)
    }
    return items
}
