// Small vector helpers and the limits that keep every value the behaviours feed the world finite.
//
// The behaviour layer's trigonometry and powers use the package's deterministic kernels
// (`Elementary`, built from +, −, ×, ÷ and √ only), so everything a behaviour feeds the world
// (a push direction from an angle, a field's falloff) has the same bits on every platform, as
// the world's own step does.
import Kinetic

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
    /// Coordinates beyond this are treated as bad input, in points: item centres, anchors, snap
    /// points, field positions, boundary vertices and attachment offsets are rejected with a
    /// diagnostic when a coordinate is not finite or its magnitude is not below it.
    static let maximumCoordinate = 1e9
}

extension Point {
    @inline(__always) var isFiniteValue: Bool { x.isFinite && y.isFinite }
    /// Finite and within ±`DynamicsLimits.maximumCoordinate` on both axes: a point (an item's
    /// centre, an anchor, a snap point, a field's position, a boundary's vertex) the animator uses.
    @inline(__always) var isUsableCoordinate: Bool {
        x.magnitude < DynamicsLimits.maximumCoordinate && y.magnitude < DynamicsLimits.maximumCoordinate
    }
    @inline(__always) var asVector: Vector { Vector(dx: x, dy: y) }
}

extension Vector {
    @inline(__always) var isFinite2D: Bool { x.isFinite && y.isFinite }
    /// Finite and within ±`DynamicsLimits.maximumCoordinate` on both axes (an offset from an
    /// item's centre the animator uses).
    @inline(__always) var isUsableOffset: Bool {
        x.magnitude < DynamicsLimits.maximumCoordinate && y.magnitude < DynamicsLimits.maximumCoordinate
    }
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

/// sin and cos of an input angle (`Elementary.sinCos`, the same bits everywhere); a non-finite
/// angle is no turn, (0, 1), so a bad angle never reaches the solver as a NaN.
@inline(__always) func sinCos(_ angle: Double) -> (sin: Double, cos: Double) {
    angle.isFinite ? Elementary.sinCos(angle) : (0, 1)
}

/// `v` turned by `angle` radians.
func rotate(_ v: Vector, by angle: Double) -> Vector {
    if angle == 0 { return v }
    let r = sinCos(angle)
    return rotate(v, cos: r.cos, sin: r.sin)
}

/// The angle of a vector in radians (−π…π), 0 for the zero vector.
func angleOf(_ v: Vector) -> Double {
    (v.x == 0 && v.y == 0) ? 0 : Elementary.atan2(v.y, v.x)
}

/// A vector of `magnitude` along `angle`.
func vector(angle: Double, magnitude: Double) -> Vector {
    let r = sinCos(angle)
    return Vector(dx: r.cos * magnitude, dy: r.sin * magnitude)
}

/// `base` (> 0) raised to the power `exponent`; integer exponents up to 8 use multiplications
/// only, others `exp(exponent · log base)` from the package's deterministic kernels (relative error
/// ≈ 1e-15 · |exponent · log base|). A non-positive or non-finite base gives 0 for positive
/// exponents and +∞ for negative ones, which the callers clamp.
func power(_ base: Double, _ exponent: Double) -> Double {
    if exponent == 0 { return 1 }
    if exponent == exponent.rounded(), exponent.magnitude <= 8 {
        var result = 1.0
        for _ in 0..<Int(exponent.magnitude) { result *= base }
        return exponent > 0 ? result : 1 / result
    }
    guard base > 0, base.isFinite else { return exponent > 0 ? 0 : .infinity }
    return Elementary.exp(exponent * Elementary.log(base))
}

extension BezierPath {
    /// Whether every point is within ±`DynamicsLimits.maximumCoordinate` and every radius too
    /// (a path holds only finite numbers): a boundary the animator can use.
    var isUsable: Bool {
        elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): return p.isUsableCoordinate
            case .quadCurve(let p, let c): return p.isUsableCoordinate && c.isUsableCoordinate
            case .curve(let p, let c1, let c2): return p.isUsableCoordinate && c1.isUsableCoordinate && c2.isUsableCoordinate
            case .arc(let c, let r, _, _): return c.isUsableCoordinate && r.magnitude < DynamicsLimits.maximumCoordinate
            case .close: return true
            }
        }
    }
}
