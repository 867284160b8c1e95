// UIKit's UIRegion: the part of the plane around a field's position where the field acts.
import Kinetic

/// Where a ``FieldBehavior`` acts, relative to its ``FieldBehavior/position``: UIKit's
/// `UIRegion`. Regions combine (inverse, union, difference, intersection) into a tree.
public indirect enum DynamicRegion: Hashable, Sendable {
    /// The whole plane (UIKit's `UIRegion.infinite`, a field's default).
    case infinite
    /// The disc of this radius (points) around the position (UIKit's `init(radius:)`).
    case radius(Double)
    /// The rectangle of this size centred on the position (UIKit's `init(size:)`).
    case size(Size)
    /// Everything outside the region (UIKit's `inverse()`).
    case inverse(DynamicRegion)
    /// Points in either region (UIKit's `union(with:)`).
    case union(DynamicRegion, DynamicRegion)
    /// Points in the first region and not in the second (UIKit's `difference(from:)`).
    case difference(DynamicRegion, DynamicRegion)
    /// Points in both regions (UIKit's `intersection(with:)`).
    case intersection(DynamicRegion, DynamicRegion)

    /// Whether `offset` (a point relative to the field's position, in points) is in the region.
    /// A NaN radius or size contains nothing; a negative one is taken by magnitude.
    public func contains(_ offset: Vector) -> Bool {
        switch self {
        case .infinite:
            return true
        case .radius(let r):
            return offset.x * offset.x + offset.y * offset.y <= r * r
        case .size(let size):
            return offset.x.magnitude <= size.width.magnitude / 2 && offset.y.magnitude <= size.height.magnitude / 2
        case .inverse(let region):
            return !region.contains(offset)
        case .union(let a, let b):
            return a.contains(offset) || b.contains(offset)
        case .difference(let a, let b):
            return a.contains(offset) && !b.contains(offset)
        case .intersection(let a, let b):
            return a.contains(offset) && b.contains(offset)
        }
    }

    /// Everything outside this region.
    public func inverted() -> DynamicRegion { .inverse(self) }
    /// Points in this region or `other`.
    public func union(with other: DynamicRegion) -> DynamicRegion { .union(self, other) }
    /// Points in this region and not in `other` (UIKit's `difference(from:)`).
    public func difference(from other: DynamicRegion) -> DynamicRegion { .difference(self, other) }
    /// Points in both.
    public func intersection(with other: DynamicRegion) -> DynamicRegion { .intersection(self, other) }
}
