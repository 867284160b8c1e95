// The solver's 2-D arithmetic: vectors, rotations as (cos, sin) pairs, and trigonometry written

import Kinetic
// with +, −, ×, ÷ and sqrt only, so that every platform (WebAssembly included) computes the same bits.

/// A 2-D vector of the solver (points, velocities, normals). Kept apart from the core's 4-component
/// `Vector` so the hot loops move two doubles, not four.
struct Vec2: Equatable {
    var x: Double
    var y: Double

    @inline(__always) init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inline(__always) init(_ p: Point) { x = p.x; y = p.y }
    @inline(__always) init(_ v: Vector) { x = v.x; y = v.y }

    static let zero = Vec2(0, 0)

    @inline(__always) static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inline(__always) static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inline(__always) static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inline(__always) static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    @inline(__always) static func * (s: Double, a: Vec2) -> Vec2 { Vec2(a.x * s, a.y * s) }
    @inline(__always) static func += (a: inout Vec2, b: Vec2) { a.x += b.x; a.y += b.y }
    @inline(__always) static func -= (a: inout Vec2, b: Vec2) { a.x -= b.x; a.y -= b.y }

    @inline(__always) var lengthSquared: Double { x * x + y * y }
    @inline(__always) var length: Double { (x * x + y * y).squareRoot() }
    /// The vector turned a quarter turn (x, y) → (−y, x): `perp(q)` of Box2D.
    @inline(__always) var perpendicular: Vec2 { Vec2(-y, x) }
    @inline(__always) var isFinite: Bool { x.isFinite && y.isFinite }

    /// The unit vector, or zero for a vector shorter than 1e-12 (no division by ~0).
    @inline(__always) var normalized: Vec2 {
        let l = length
        return l > 1e-12 ? Vec2(x / l, y / l) : .zero
    }

    var point: Point { Point(x: x, y: y) }
    var vector: Vector { Vector(x: x, y: y) }
}

@inline(__always) func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }
/// The z component of a × b.
@inline(__always) func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }
/// ω × r for an angular velocity ω about z: (−ω r.y, ω r.x).
@inline(__always) func cross(_ w: Double, _ r: Vec2) -> Vec2 { Vec2(-w * r.y, w * r.x) }
/// r × s for a scalar s along z: (s r.y, −s r.x) (an edge's outward normal direction for s = 1).
@inline(__always) func cross(_ r: Vec2, _ s: Double) -> Vec2 { Vec2(s * r.y, -s * r.x) }

/// A rotation stored as (cos θ, sin θ). In screen coordinates (y down) a positive θ turns clockwise.
struct Rotation: Equatable {
    var c: Double
    var s: Double

    static let identity = Rotation(c: 1, s: 0)

    init(c: Double, s: Double) { self.c = c; self.s = s }
    /// The rotation by `angle` radians, from the deterministic `SolverTrig.sinCos`.
    init(angle: Double) {
        let sc = SolverTrig.sinCos(angle)
        c = sc.cos; s = sc.sin
    }

    @inline(__always) func apply(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    @inline(__always) func applyInverse(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }

    /// `self⁻¹ · other`: the rotation that takes this frame to `other`'s.
    @inline(__always) func relative(to other: Rotation) -> Rotation {
        // conj(self) * other
        Rotation(c: c * other.c + s * other.s, s: c * other.s - s * other.c)
    }

    /// Box2D v3's b2IntegrateRotation: q + Δθ·perp(q), renormalised. Exact to O(Δθ³) per step and
    /// needs no sin or cos; a degenerate result keeps the old rotation.
    @inline(__always) func integrated(by deltaAngle: Double) -> Rotation {
        if deltaAngle == 0 { return self }
        let c2 = c - deltaAngle * s
        let s2 = s + deltaAngle * c
        let mag = (c2 * c2 + s2 * s2).squareRoot()
        guard mag > 1e-300, mag.isFinite else { return self }
        let inv = 1 / mag
        return Rotation(c: c2 * inv, s: s2 * inv)
    }

    /// The angle in −π…π, deterministic (see `SolverTrig.atan2`). For the solver's own use.
    var angle: Double { SolverTrig.atan2(s, c) }
}

/// Trigonometry from +, −, ×, ÷ and sqrt only: the same bits on every IEEE-754 platform, unlike
/// libm whose last bit differs between glibc, musl and wasi-libc. Used to turn input angles into
/// rotations and, inside the step, to measure joint angles. Accuracy ≈ 1e-15 absolute for |θ| ≤ 1e6.
enum SolverTrig {
    static let pi = 3.141592653589793
    // π/2 split in two (Cody–Waite) so that θ − k·π/2 loses nothing for moderate k.
    static let halfPiHigh = 1.5707963267948966
    static let halfPiLow = 6.123233995736766e-17

    /// sin θ and cos θ; a non-finite θ gives (0, 1).
    static func sinCos(_ angle: Double) -> (sin: Double, cos: Double) {
        guard angle.isFinite else { return (0, 1) }
        let k = (angle / halfPiHigh).rounded()
        let r = (angle - k * halfPiHigh) - k * halfPiLow
        let r2 = r * r
        // Taylor series on |r| ≤ π/4 (+ rounding slack): the first omitted terms are < 1e-19.
        var sr = 1.0 / 355687428096000          // 1/17!
        sr = 1.0 / -1307674368000 + r2 * sr     // -1/15!
        sr = 1.0 / 6227020800 + r2 * sr         // 1/13!
        sr = 1.0 / -39916800 + r2 * sr          // -1/11!
        sr = 1.0 / 362880 + r2 * sr
        sr = 1.0 / -5040 + r2 * sr
        sr = 1.0 / 120 + r2 * sr
        sr = 1.0 / -6 + r2 * sr
        let sinR = r + r * r2 * sr
        var cr = 1.0 / 6402373705728000         // 1/18!
        cr = 1.0 / -20922789888000 + r2 * cr    // -1/16!
        cr = 1.0 / 87178291200 + r2 * cr        // 1/14!
        cr = 1.0 / -479001600 + r2 * cr
        cr = 1.0 / 3628800 + r2 * cr
        cr = 1.0 / -40320 + r2 * cr
        cr = 1.0 / 720 + r2 * cr
        cr = 1.0 / -24 + r2 * cr
        cr = 1.0 / 2 + r2 * cr                  // cos = 1 − r²(1/2 − r²/24 + …)
        let cosR = 1 - r2 * cr
        var q = k.truncatingRemainder(dividingBy: 4)
        if q < 0 { q += 4 }
        switch Int(q) {
        case 0: return (sinR, cosR)
        case 1: return (cosR, -sinR)
        case 2: return (-sinR, -cosR)
        default: return (-cosR, sinR)
        }
    }

    /// atan2(y, x) in −π…π; (0, 0) gives 0, non-finite inputs give 0.
    static func atan2(_ y: Double, _ x: Double) -> Double {
        guard x.isFinite, y.isFinite else { return 0 }
        let ax = x.magnitude, ay = y.magnitude
        if ax == 0 && ay == 0 { return 0 }
        let swap = ay > ax
        let t = swap ? ax / ay : ay / ax              // 0…1
        var a = atanUnit(t)
        if swap { a = pi / 2 - a }
        if x < 0 { a = pi - a }
        return y < 0 ? -a : a
    }

    /// atan t for 0 ≤ t ≤ 1: two half-angle reductions (t → t / (1 + √(1 + t²))) bring t below
    /// tan(π/16) ≈ 0.199, where 12 terms of the series leave < 1e-17.
    private static func atanUnit(_ t0: Double) -> Double {
        var t = t0
        t = t / (1 + (1 + t * t).squareRoot())
        t = t / (1 + (1 + t * t).squareRoot())
        let t2 = t * t
        var p = -1.0 / 23
        p = 1.0 / 21 + t2 * p
        p = -1.0 / 19 + t2 * p
        p = 1.0 / 17 + t2 * p
        p = -1.0 / 15 + t2 * p
        p = 1.0 / 13 + t2 * p
        p = -1.0 / 11 + t2 * p
        p = 1.0 / 9 + t2 * p
        p = -1.0 / 7 + t2 * p
        p = 1.0 / 5 + t2 * p
        p = -1.0 / 3 + t2 * p
        return 4 * (t + t * t2 * p)
    }

    static let ln2High = 0.6931471803691238
    static let ln2Low = 1.9082149292705877e-10

    /// eˣ to ≈ 1 ulp from + − × ÷ and an exact power-of-two scaling; 0 below −745, +∞ above 709.8.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x < -745.2 { return 0 }
        if x > 709.8 { return .infinity }
        let n = (x / 0.6931471805599453).rounded()
        let r = (x - n * ln2High) - n * ln2Low              // |r| ≤ 0.35
        // Taylor to r¹⁵/15! (< 1e-18 at |r| = 0.35).
        var p = 1.0 / 1307674368000
        p = 1.0 / 87178291200 + r * p
        p = 1.0 / 6227020800 + r * p
        p = 1.0 / 479001600 + r * p
        p = 1.0 / 39916800 + r * p
        p = 1.0 / 3628800 + r * p
        p = 1.0 / 362880 + r * p
        p = 1.0 / 40320 + r * p
        p = 1.0 / 5040 + r * p
        p = 1.0 / 720 + r * p
        p = 1.0 / 120 + r * p
        p = 1.0 / 24 + r * p
        p = 1.0 / 6 + r * p
        p = 0.5 + r * p
        p = 1 + r * p
        let er = 1 + r * p
        // Two exact scalings so 2ⁿ never overflows or underflows on its own.
        let half = Int(n) / 2
        return er * Double(sign: .plus, exponent: half, significand: 1) * Double(sign: .plus, exponent: Int(n) - half, significand: 1)
    }

    /// `angle` wrapped to −π…π.
    static func wrap(_ angle: Double) -> Double {
        guard angle.isFinite else { return 0 }
        if angle >= -pi && angle <= pi { return angle }
        let turns = (angle / (2 * pi)).rounded()
        return angle - turns * 2 * pi
    }
}
