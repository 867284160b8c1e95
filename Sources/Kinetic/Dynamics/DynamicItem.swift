/// Something a dynamic animator can move: UIKit's `UIDynamicItem`.
///
/// The protocol lives in the core, beside the values it is made of, so that any library can
/// make its objects dynamic items without depending on the physics: KineticScene's `Node`
/// conforms, and so can a host's own view class. KineticDynamics' `DynamicAnimator` reads
/// ``center``, ``bounds``, ``transform`` and the collision shape when an item is added (and on
/// `updateItem(usingCurrentState:)`), and writes ``center`` and ``transform`` (a rotation about
/// the centre) after every frame while it moves the item.
///
/// Class-bound, like UIKit's (an `NSObjectProtocol`), so that items have identity and `any
/// DynamicItem` works in Embedded Swift.
public protocol DynamicItem: AnyObject {
    /// The item's centre in the animator's reference coordinates, in points.
    var center: Point { get set }
    /// The item's size (only ``Rect/size`` is used), in points, before the transform.
    var bounds: Rect { get }
    /// The item's transform. The animator reads the rotation from it and writes a pure
    /// rotation back (UIKit does the same: scale and skew are not simulated).
    var transform: AffineTransform { get set }
    /// The shape the item collides with. Default: ``DynamicItemCollisionBoundsType/rectangle``.
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
    /// The animated properties behind ``center`` and ``transform``, for an inspector of the
    /// dynamic animator moving the item. Default: none.
    var inspectableProperties: [any InspectableProperty] { get }
}

extension DynamicItem {
    /// A rectangle the size of ``bounds``.
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    /// None.
    public var inspectableProperties: [any InspectableProperty] { [] }
}

/// The shape a ``DynamicItem`` collides with (UIKit's `UIDynamicItemCollisionBoundsType`
/// together with `collisionBoundingPath`).
public enum DynamicItemCollisionBoundsType: Equatable, Sendable {
    /// The item's bounds rectangle (UIKit's `.rectangle`).
    case rectangle
    /// The ellipse inscribed in the bounds (UIKit's `.ellipse`): a circle when the bounds are
    /// square.
    case ellipse
    /// A convex polygon, its vertices in points relative to the item's centre, in order
    /// (either winding), before the transform (UIKit's `.path` with `collisionBoundingPath`).
    /// UIKit requires the path to be convex and counter-clockwise; Kinetic accepts either
    /// winding and reports a diagnostic (falling back to the rectangle) for a path that is not
    /// convex, has fewer than three distinct vertices, or has a non-finite coordinate.
    case path([Point])
}
