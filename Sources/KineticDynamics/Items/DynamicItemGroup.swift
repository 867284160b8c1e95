// UIKit's UIDynamicItemGroup: several items that move as one rigid body.
import Kinetic

/// Several items that move as one rigid body: UIKit's `UIDynamicItemGroup`.
///
/// Add the group, not its members, to behaviours. The animator gives it one body with the
/// members' mass and inertia together, colliding as the convex hull of their shapes, and the
/// group writes each member's `center` and `transform` so they keep their places exactly.
///
/// ```swift
/// let dumbbell = DynamicItemGroup(items: [leftWeight, bar, rightWeight])
/// gravity.addItem(dumbbell)
/// ```
///
/// How mass, inertia and the hull are made, the layout taken from the members, members left
/// out, and members in other behaviours are in <doc:DynamicAnimatorInDepth#Item-groups>.
public final class DynamicItemGroup: DynamicItem {
    /// The members, in the order given.
    public let items: [any DynamicItem]
    /// How many of the given items were left out (which, see
    /// <doc:DynamicAnimatorInDepth#Item-groups>).
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
