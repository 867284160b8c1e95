// The solver's 2-D arithmetic: vectors and rotations as (cos, sin) pairs. Angles go in and come
// out through the package's deterministic kernels (`Elementary`), so every platform, WebAssembly
// included, computes the same bits.

import Kinetic

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
    /// The rotation by `angle` radians (a non-finite angle gives the identity).
    init(angle: Double) {
        let sc = sinCos(angle)
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

    /// The angle in −π…π, deterministic (`Elementary.atan2`). For the solver's own use.
    var angle: Double { Elementary.atan2(s, c) }
}
