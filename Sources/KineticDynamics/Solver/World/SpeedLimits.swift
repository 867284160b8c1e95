import Kinetic

/// The largest speed and spin a step leaves a body with (`PhysicsWorld.maxTranslation` and
/// `maxRotation` per step, at the world's step rate).
struct SpeedLimits {
    /// Points per second.
    var linear: Double
    /// Radians per second.
    var angular: Double

    /// `v` if finite and at most `linear` long, else scaled down to that length (0 if not finite).
    @inline(__always) func clamped(_ v: Vec2) -> Vec2 {
        guard v.isFinite else { return .zero }
        let limit = linear
        let big = max(v.x.magnitude, v.y.magnitude)
        if big <= limit * 0.7 { return v }
        let unit = Vec2(v.x / big, v.y / big)           // no overflow in the square
        let length = unit.length * big
        return length > limit ? unit * (limit / unit.length) : v
    }

    /// `w` clamped to ±`angular` (0 if not finite).
    @inline(__always) func clamped(_ w: Double) -> Double {
        w.isFinite ? min(max(w, -angular), angular) : 0
    }
}
