// The componentwise arithmetic of the values made of four independent numbers, written once.

/// A value made of four independent components (``Vector``, ``Color``, ``CornerRadii``): its
/// vector-space arithmetic (`+`, `-`, scaling, ``AnimatableValue/magnitudeSquared``) is done
/// component by component, by the default implementations here.
///
/// A type adopts it by naming its components in a fixed order; each operation is then four
/// plain floating-point operations, in that order, so the results are the same bits as the
/// arithmetic written out by hand.
public protocol FourComponentValue: AnimatableValue {
    /// The value with the components `c`, in the order of ``fourComponents``.
    init(fourComponents c: (Double, Double, Double, Double))
    /// The four components, in a fixed order.
    var fourComponents: (Double, Double, Double, Double) { get }
}

extension FourComponentValue {
    /// Adds two values component by component.
    @inlinable @inline(__always) public static func + (lhs: Self, rhs: Self) -> Self {
        let a = lhs.fourComponents, b = rhs.fourComponents
        return Self(fourComponents: (a.0 + b.0, a.1 + b.1, a.2 + b.2, a.3 + b.3))
    }

    /// Subtracts two values component by component.
    @inlinable @inline(__always) public static func - (lhs: Self, rhs: Self) -> Self {
        let a = lhs.fourComponents, b = rhs.fourComponents
        return Self(fourComponents: (a.0 - b.0, a.1 - b.1, a.2 - b.2, a.3 - b.3))
    }

    /// Scales every component by `rhs`.
    @inlinable @inline(__always) public static func * (lhs: Self, rhs: Double) -> Self {
        let a = lhs.fourComponents
        return Self(fourComponents: (a.0 * rhs, a.1 * rhs, a.2 * rhs, a.3 * rhs))
    }

    /// The sum of the squares of the components, in their order.
    @inlinable @inline(__always) public var magnitudeSquared: Double {
        let a = fourComponents
        return a.0 * a.0 + a.1 * a.1 + a.2 * a.2 + a.3 * a.3
    }
}
