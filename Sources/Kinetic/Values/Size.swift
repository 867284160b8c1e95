/// A width and a height (UIKit's `CGSize`). Negative sizes are allowed while animating (a
/// spring may overshoot through zero); renderers treat them as empty.
public struct Size: AnimatableValue, Hashable {
    public var width: Double
    public var height: Double

    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }

    public static let zero = Size(width: 0, height: 0)

    @inlinable public static func + (lhs: Size, rhs: Size) -> Size { Size(width: lhs.width + rhs.width, height: lhs.height + rhs.height) }
    @inlinable public static func - (lhs: Size, rhs: Size) -> Size { Size(width: lhs.width - rhs.width, height: lhs.height - rhs.height) }
    @inlinable public static func * (lhs: Size, rhs: Double) -> Size { Size(width: lhs.width * rhs, height: lhs.height * rhs) }
    @inlinable public var magnitudeSquared: Double { width * width + height * height }
    @inlinable public func scaled(x: Double, y: Double) -> Size { Size(width: width * x, height: height * y) }
}
