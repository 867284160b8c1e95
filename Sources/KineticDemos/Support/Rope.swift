// A drawn line between two moving points: the rods and links of the dynamics demos.
import Kinetic
import KineticScene

/// A thin node drawn from one point to another (in its parent's coordinates), updated each
/// frame with ``set(from:to:)``: a rotated rectangle, since the render list has no lines.
struct Rope {
    let node: Node

    init(_ name: String, thickness: Double = 2, color: Color, engine: AnimationEngine) {
        node = Widgets.box(name, Rect(x: 0, y: 0, width: 1, height: thickness), color, radius: thickness / 2, engine: engine)
        node.isUserInteractionEnabled = false
    }

    /// Places the line from `a` to `b` (nothing is drawn for a zero length).
    func set(from a: Point, to b: Point) {
        let d = b - a
        let length = a.distance(to: b)
        node.isHidden = !(length > 0)
        guard length > 0 else { return }
        let (c, s) = (d.x / length, d.y / length)
        node.bounds = Rect(x: 0, y: 0, width: length, height: node.bounds.height)
        node.center = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        node.transform = AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }
}
