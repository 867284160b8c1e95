/// A rectangle given by its origin and size (UIKit's `CGRect`).
///
/// As an ``AnimatableValue`` a rectangle is the four numbers (x, y, width, height): it animates
/// its origin and size independently, as Core Animation animates `frame` and `bounds`.
public struct Rect: AnimatableValue, Hashable {
    public var origin: Point
    public var size: Size

    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(origin: .zero, size: .zero)

    @inlinable public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    @inlinable public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    @inlinable public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    @inlinable public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
    /// The centre point.
    @inlinable public var center: Point { Point(x: midX, y: midY) }

    /// Whether the point lies inside the rectangle (min edges inclusive, max edges exclusive,
    /// as `CGRect.contains(_:)`).
    @inlinable public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    @inlinable public static func + (lhs: Rect, rhs: Rect) -> Rect { Rect(origin: lhs.origin + rhs.origin, size: lhs.size + rhs.size) }
    @inlinable public static func - (lhs: Rect, rhs: Rect) -> Rect { Rect(origin: lhs.origin - rhs.origin, size: lhs.size - rhs.size) }
    @inlinable public static func * (lhs: Rect, rhs: Double) -> Rect { Rect(origin: lhs.origin * rhs, size: lhs.size * rhs) }
    @inlinable public var magnitudeSquared: Double { origin.magnitudeSquared + size.magnitudeSquared }
    @inlinable public func scaled(x: Double, y: Double) -> Rect {
        Rect(origin: origin.scaled(x: x, y: y), size: size.scaled(x: x, y: y))
    }
}
