// UIKit's UIDynamicItemGroup: several items that move as one rigid body.
import Kinetic

/// Several items that move as one rigid body: UIKit's `UIDynamicItemGroup`.
///
/// Add the group, not its members, to behaviours. The animator gives it one body whose mass and
/// inertia are the members' together (each member's own, as a lone item of the same shape would
/// have, plus its mass times the square of its distance from the group's centre: the parallel-axis
/// theorem), and whose collision shape is the convex hull of the members' shapes (a concave
/// arrangement collides as its hull; at most 16 vertices are kept, the ones whose removal loses
/// the least area going first, as for any item's path). Whenever the animator writes the group,
/// the group writes each member's `center` and `transform` (a pure rotation), so the members keep
/// their places relative to each other exactly.
///
/// The layout is taken from the members when the group is made: their centres, rotations, sizes
/// and collision-bounds types. The group's ``center`` is the members' centre of mass (their
/// centres weighted by their areas), its ``transform`` starts as the identity. A member with a
/// non-finite centre or size, or a centre or side beyond ±1e9 points, is left out of the group
/// (it is neither simulated nor written) and counted in ``ignoredItemCount``. A member that is
/// also in a behaviour by itself is moved by both, the last writer of a frame winning, as an item
/// in two animators is: keep members out of other behaviours.
public final class DynamicItemGroup: DynamicItem {
    /// The members, in the order given.
    public let items: [any DynamicItem]
    /// How many of the given items were left out (see the type's discussion).
    public let ignoredItemCount: Int

    /// The group's centre of mass, in the animator's reference coordinates. Setting it moves
    /// every member with it.
    public var center: Point {
        didSet { layOutMembers() }
    }

    /// The size of the box around the members' shapes at creation, centred on ``center``.
    public let bounds: Rect

    /// The group's rotation about ``center`` since it was made; the animator writes a pure
    /// rotation. Setting it turns every member with it (only the rotation is used).
    public var transform: AffineTransform = .identity {
        didSet { layOutMembers() }
    }

    /// The convex hull of the members' shapes, about ``center``.
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .path(hull) }

    /// Each used member's place in the group's frame: its index in ``items``, its centre's offset
    /// from the group's centre and its rotation.
    let members: [(index: Int, offset: Vector, angle: Double)]
    /// Area (points²) and ∫|r|² dA about the centre (points⁴) of the members' shapes together:
    /// the body's mass and inertia per density.
    let area: Double
    let secondMoment: Double
    private let hull: [Point]

    /// A group of `items` (UIKit's `init(with:)`). Each item once: repeats are ignored.
    public init(items: [any DynamicItem]) {
        var unique: [any DynamicItem] = []
        for item in items where !unique.contains(where: { $0 === item }) { unique.append(item) }
        self.items = unique

        // Each member's shape in its own frame, and its area and second moment about its centre.
        var parts: [(index: Int, center: Point, angle: Double, shape: ConvexShape)] = []
        for (k, item) in unique.enumerated() {
            let center = item.center
            let size = item.bounds.size
            guard center.isUsableCoordinate, size.width.isFinite, size.height.isFinite,
                  size.width.magnitude < DynamicsLimits.maximumCoordinate,
                  size.height.magnitude < DynamicsLimits.maximumCoordinate,
                  let shape = ConvexShape.make(ItemRegistry.geometry(of: item).geometry) else { continue }
            let rotation = item.transform.rotation
            parts.append((k, center, rotation.isFinite ? rotation : 0, shape))
        }
        ignoredItemCount = unique.count - parts.count

        var area = 0.0, sx = 0.0, sy = 0.0
        for part in parts {
            area += part.shape.area
            sx += part.shape.area * part.center.x
            sy += part.shape.area * part.center.y
        }
        let c = area > 0 ? Point(x: sx / area, y: sy / area) : (parts.first?.center ?? .zero)
        center = c

        var moment = 0.0
        var points: [Vec2] = []
        var members: [(index: Int, offset: Vector, angle: Double)] = []
        for part in parts {
            let offset = (part.center - c).asVector
            members.append((part.index, offset, part.angle))
            moment += part.shape.secondMoment + part.shape.area * (offset.x * offset.x + offset.y * offset.y)
            let turn = Rotation(angle: part.angle)
            let o = Vec2(offset.x, offset.y)
            if part.shape.isCircle {
                for (x, y) in ItemRegistry.unitCircle16 {
                    points.append(o + Vec2(x * part.shape.radius, y * part.shape.radius))
                }
            } else {
                for v in part.shape.vertices { points.append(o + turn.apply(v)) }
            }
        }
        self.members = members
        self.area = area
        self.secondMoment = moment
        let outline = ConvexShape.convexHull(points) ?? []
        hull = outline.map { Point(x: $0.x, y: $0.y) }
        var extent = Vector.zero
        for p in outline { extent = Vector(dx: Swift.max(extent.x, p.x.magnitude), dy: Swift.max(extent.y, p.y.magnitude)) }
        bounds = Rect(x: -extent.x, y: -extent.y, width: 2 * extent.x, height: 2 * extent.y)
    }

    /// Writes every member's centre and rotation from the group's.
    private func layOutMembers() {
        let angle = transform.rotation.isFinite ? transform.rotation : 0
        let turn = Rotation(angle: angle)
        for member in members {
            let item = items[member.index]
            let offset = turn.apply(Vec2(member.offset.x, member.offset.y))
            item.center = Point(x: center.x + offset.x, y: center.y + offset.y)
            item.transform = AffineTransform(rotationAngle: angle + member.angle)
        }
    }
}
