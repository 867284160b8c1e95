// Small vector helpers and the limits that keep every value the behaviours feed the world finite.
@_spi(KineticMath) import Kinetic

/// Bounds on what the behaviour layer hands the solver, so that no input (a push of magnitude
/// 1e300, a velocity of 1e308) can overflow to infinity and from there to NaN.
enum DynamicsLimits {
    /// The largest speed an item is given by ``DynamicItemBehavior/addLinearVelocity(_:for:)``
    /// or an instantaneous push, in points per second.
    static let maximumSpeed = 1e6
    /// The largest angular speed given, in radians per second.
    static let maximumAngularSpeed = 1e5
    /// The largest acceleration a behaviour applies in one step, in points per second².
    static let maximumAcceleration = 1e8
    /// The smallest item side used for a body, in points (a zero-sized item still has a shape).
    static let minimumItemSide = 1e-3
    /// Coordinates beyond this are treated as bad input, in points.
    static let maximumCoordinate = 1e9
}

extension Point {
    @inline(__always) var isFiniteValue: Bool { x.isFinite && y.isFinite }
    @inline(__always) var asVector: Vector { Vector(dx: x, dy: y) }
}

extension Vector {
    @inline(__always) var isFinite2D: Bool { x.isFinite && y.isFinite }
    @inline(__always) var length2D: Double { (x * x + y * y).squareRoot() }
    @inline(__always) var asPoint: Point { Point(x: x, y: y) }
    /// The vector turned a quarter turn (clockwise on a y-down screen).
    @inline(__always) var perpendicular: Vector { Vector(dx: -y, dy: x) }
    /// The vector shortened to at most `limit` (a non-finite length becomes `limit` along the
    /// same direction if that is known, otherwise zero).
    func clamped(toLength limit: Double) -> Vector {
        let l = length2D
        if l.isFinite {
            return l > limit ? self * (limit / l) : self
        }
        // Overflowed length: rescale first.
        let m = Swift.max(x.magnitude, y.magnitude)
        guard m.isFinite, m > 0 else { return .zero }
        let unit = Vector(dx: x / m, dy: y / m)
        return unit * (limit / unit.length2D)
    }
}

/// `v` turned by the rotation (cos, sin): clockwise on screen for a positive angle.
@inline(__always) func rotate(_ v: Vector, cos c: Double, sin s: Double) -> Vector {
    Vector(dx: c * v.x - s * v.y, dy: s * v.x + c * v.y)
}

/// `v` turned by `angle` radians.
func rotate(_ v: Vector, by angle: Double) -> Vector {
    if angle == 0 { return v }
    let r = KineticMath.sinCos(angle)
    return rotate(v, cos: r.cos, sin: r.sin)
}

/// The angle of a vector in radians (−π…π), 0 for the zero vector.
func angleOf(_ v: Vector) -> Double {
    (v.x == 0 && v.y == 0) ? 0 : KineticMath.atan2(v.y, v.x)
}

/// A vector of `magnitude` along `angle`.
func vector(angle: Double, magnitude: Double) -> Vector {
    let r = KineticMath.sinCos(angle)
    return Vector(dx: r.cos * magnitude, dy: r.sin * magnitude)
}

/// `base` raised to the integer or real power `exponent`; integer exponents up to 8 use
/// multiplications only, so the common falloffs (0, 1, 2, 3) give the same bits on every platform.
func power(_ base: Double, _ exponent: Double) -> Double {
    if exponent == 0 { return 1 }
    if exponent == exponent.rounded(), exponent.magnitude <= 8 {
        var result = 1.0
        for _ in 0..<Int(exponent.magnitude) { result *= base }
        return exponent > 0 ? result : 1 / result
    }
    return KineticMath.pow(base, exponent)
}
