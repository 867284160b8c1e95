/// A value that can be animated: an element of a real vector space over `Double` (``zero``,
/// `+`, `-`, `*` by a `Double`, ``magnitudeSquared``), so offsets add, velocities scale and
/// distances decide when a physical animation has settled.
///
/// Kinetic's own conformers: `Double`, ``Point``, ``Size``, ``Rect``, ``Vector``, ``Color``,
/// ``CornerRadii`` and ``AffineTransform``. Why these operations, and how a 2D initial velocity
/// applies to a value (``scaled(x:y:)``), are in <doc:AnimatedValuesInDepth#Animatable-values>.
public protocol AnimatableValue: Equatable, Sendable {
    /// The additive identity: every component zero.
    static var zero: Self { get }
    /// Adds two values component by component.
    static func + (lhs: Self, rhs: Self) -> Self
    /// Subtracts two values component by component.
    static func - (lhs: Self, rhs: Self) -> Self
    /// Scales every component by a scalar.
    static func * (lhs: Self, rhs: Double) -> Self
    /// The sum of the squares of the components.
    var magnitudeSquared: Double { get }
    /// Scales the horizontal components by `x` and the vertical ones by `y`.
    ///
    /// The default implementation scales every component by `x`: a value with no direction
    /// (a scalar, a colour) takes the horizontal component of a 2D velocity, as UIKit does.
    func scaled(x: Double, y: Double) -> Self
    /// Whether a composed timing (``TimingCurveType/composed``) drives this type with its
    /// spring (geometry: `Point`, `Size`, `Rect`, `Vector`) rather than its cubic curve.
    static var followsSpringInComposedTiming: Bool { get }
    /// The ``MotionRole`` a property of this type starts with: ``MotionRole/geometry`` for
    /// `Point`, `Size`, `Rect`, `Vector` and `AffineTransform`, ``MotionRole/appearance`` for
    /// the rest (`Double`, `Color`, `CornerRadii`; a `Double` that places or turns something sets
    /// ``AnimatedProperty/motionRole`` itself). The default is ``MotionRole/geometry`` for a
    /// type that follows the spring of a composed timing, ``MotionRole/appearance`` otherwise.
    static var defaultMotionRole: MotionRole { get }
    /// Calls `body` with each component, in a fixed order (an inspector's `[Double]`: 1 for a
    /// `Double`, 2 for a ``Point``, 4 for a ``Rect``…; see `AnimatableValue+Components.swift`).
    ///
    /// The default calls it with none: a value type of your own shows no components in an
    /// inspector unless it implements this. It must not allocate (a recorder calls it each frame).
    func forEachComponent(_ body: (Double) -> Void)
}

extension AnimatableValue {
    @inlinable public func scaled(x: Double, y: Double) -> Self { self * x }

    /// The Euclidean norm of the components.
    @inlinable public var magnitude: Double { magnitudeSquared.squareRoot() }

    /// Scales every component by a scalar.
    @inlinable public static func * (lhs: Double, rhs: Self) -> Self { rhs * lhs }

    /// Negates every component.
    @inlinable public static prefix func - (value: Self) -> Self { .zero - value }

    @inlinable public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
    @inlinable public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }

    /// Linear interpolation: `self` at 0, `other` at 1, extrapolating outside [0, 1].
    @inlinable public func interpolated(to other: Self, fraction: Double) -> Self {
        self + (other - self) * fraction
    }

    /// Whether the distance between two values, `(self - other).magnitude`, is at most
    /// `tolerance`. Meant for tests and settling checks.
    @inlinable public func isApproximatelyEqual(to other: Self, tolerance: Double = 1e-9) -> Bool {
        (self - other).magnitudeSquared <= tolerance * tolerance
    }

    /// Whether the value can be animated: every component finite *and* ``magnitudeSquared``
    /// finite, so the magnitude is below about 1.3e154 (the square root of the largest
    /// `Double`). Animated properties, physics animations and velocity tracking reject values
    /// outside this range, because settling thresholds and velocity magnitudes square them.
    /// ``hasFiniteComponents`` tells a huge finite value from a NaN or an infinity.
    @inlinable public var isFinite: Bool { magnitudeSquared.isFinite }

    /// Whether every component is finite (no NaN, no infinity), however large.
    @inlinable public var hasFiniteComponents: Bool {
        // Scaled down by 2⁻⁶⁰⁰ first, the squares of finite components cannot overflow, and
        // infinities and NaNs stay what they are.
        (self * 0x1p-600).magnitudeSquared.isFinite
    }
}

extension Double: AnimatableValue {
    @inlinable public var magnitudeSquared: Double { self * self }
}
