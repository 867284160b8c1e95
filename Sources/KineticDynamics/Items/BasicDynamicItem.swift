// A plain dynamic item (a centre, a size, a transform) for code without a scene: tests, benchmarks, hosts.
import Kinetic

/// The simplest `DynamicItem`: stored ``center``, ``bounds``, ``transform`` and
/// ``collisionBoundsType``, nothing drawn. Use it where there is no KineticScene `Node` to move
/// (tests, benchmarks, a host that draws the positions itself).
///
///     let ball = BasicDynamicItem(center: Point(x: 160, y: 0), size: Size(width: 40, height: 40),
///                                 collisionBoundsType: .ellipse)
///
/// Its centre and transform are plain values the animator reads and writes for every item at
/// every frame: their storage is exempt from the runtime's exclusivity checks (a value is read or
/// written whole, never held across a call).
public final class BasicDynamicItem: DynamicItem {
    /// The centre in the animator's reference coordinates, in points.
    @inlinable public var center: Point {
        get { storedCenter }
        set { storedCenter = newValue }
    }
    /// The bounds (only the size is used), in points.
    public var bounds: Rect
    /// The transform; the animator writes a pure rotation about the centre.
    @inlinable public var transform: AffineTransform {
        get { storedTransform }
        set { storedTransform = newValue }
    }
    @usableFromInline @exclusivity(unchecked) var storedCenter: Point
    @usableFromInline @exclusivity(unchecked) var storedTransform: AffineTransform
    /// The shape the item collides with.
    public var collisionBoundsType: DynamicItemCollisionBoundsType

    /// An item of `size` points centred on `center`.
    public init(center: Point, size: Size, transform: AffineTransform = .identity,
                collisionBoundsType: DynamicItemCollisionBoundsType = .rectangle) {
        self.storedCenter = center
        self.bounds = Rect(origin: .zero, size: size)
        self.storedTransform = transform
        self.collisionBoundsType = collisionBoundsType
    }

    /// The item's rotation in radians, as the animator last wrote it (`transform.rotation`).
    public var angle: Double { transform.rotation }
}
