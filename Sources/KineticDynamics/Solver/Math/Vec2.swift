// The solver's 2-D vectors and their dot and cross products.
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
