import Kinetic

/// A body's pose.
struct Transform {
    var p: Vec2
    var q: Rotation
    static let identity = Transform(p: .zero, q: .identity)
    @inline(__always) func apply(_ v: Vec2) -> Vec2 { q.apply(v) + p }
    @inline(__always) func applyInverse(_ v: Vec2) -> Vec2 { q.applyInverse(v - p) }
}
