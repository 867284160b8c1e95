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
}

extension CornerRadii: FourComponentValue {
    /// The radii `c`: top left, top right, bottom left, bottom right.
    @inlinable public init(fourComponents c: (Double, Double, Double, Double)) {
        self.init(topLeft: c.0, topRight: c.1, bottomLeft: c.2, bottomRight: c.3)
    }
    /// `topLeft`, `topRight`, `bottomLeft`, `bottomRight`.
    @inlinable public var fourComponents: (Double, Double, Double, Double) { (topLeft, topRight, bottomLeft, bottomRight) }
}
