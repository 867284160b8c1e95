/// A point in a two-dimensional coordinate space (UIKit's `CGPoint`).
public struct Point: AnimatableValue, Hashable {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin, (0, 0). Computed, not stored: a read in another module is two zeros, not a
    /// call to a global's one-time initializer.
    @inlinable public static var zero: Point { Point(x: 0, y: 0) }

    @inlinable public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    @inlinable public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    @inlinable public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }
    @inlinable public var magnitudeSquared: Double { x * x + y * y }
    @inlinable public func scaled(x sx: Double, y sy: Double) -> Point { Point(x: x * sx, y: y * sy) }

    /// The distance to another point.
    @inlinable public func distance(to other: Point) -> Double { (other - self).magnitude }
}
