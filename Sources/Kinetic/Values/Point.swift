/// A point in a two-dimensional coordinate space (UIKit's `CGPoint`).
public struct Point: AnimatableValue, Hashable {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Point(x: 0, y: 0)

    @inlinable public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    @inlinable public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    @inlinable public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }
    @inlinable public var magnitudeSquared: Double { x * x + y * y }
    @inlinable public func scaled(x sx: Double, y sy: Double) -> Point { Point(x: x * sx, y: y * sy) }

    /// The distance to another point.
    @inlinable public func distance(to other: Point) -> Double { (other - self).magnitude }
}
