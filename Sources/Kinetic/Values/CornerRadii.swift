/// The radii of a rectangle's four corners, animated independently.
public struct CornerRadii: AnimatableValue, Hashable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomLeft: Double
    public var bottomRight: Double

    @inlinable public init(topLeft: Double, topRight: Double, bottomLeft: Double, bottomRight: Double) {
        self.topLeft = topLeft; self.topRight = topRight
        self.bottomLeft = bottomLeft; self.bottomRight = bottomRight
    }

    /// The same radius on every corner.
    @inlinable public init(all radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomLeft: radius, bottomRight: radius)
    }

    public static let zero = CornerRadii(all: 0)

    @inlinable public static func + (lhs: CornerRadii, rhs: CornerRadii) -> CornerRadii {
        CornerRadii(topLeft: lhs.topLeft + rhs.topLeft, topRight: lhs.topRight + rhs.topRight,
                    bottomLeft: lhs.bottomLeft + rhs.bottomLeft, bottomRight: lhs.bottomRight + rhs.bottomRight)
    }
    @inlinable public static func - (lhs: CornerRadii, rhs: CornerRadii) -> CornerRadii {
        CornerRadii(topLeft: lhs.topLeft - rhs.topLeft, topRight: lhs.topRight - rhs.topRight,
                    bottomLeft: lhs.bottomLeft - rhs.bottomLeft, bottomRight: lhs.bottomRight - rhs.bottomRight)
    }
    @inlinable public static func * (lhs: CornerRadii, rhs: Double) -> CornerRadii {
        CornerRadii(topLeft: lhs.topLeft * rhs, topRight: lhs.topRight * rhs,
                    bottomLeft: lhs.bottomLeft * rhs, bottomRight: lhs.bottomRight * rhs)
    }
    @inlinable public var magnitudeSquared: Double {
        topLeft * topLeft + topRight * topRight + bottomLeft * bottomLeft + bottomRight * bottomRight
    }
}
