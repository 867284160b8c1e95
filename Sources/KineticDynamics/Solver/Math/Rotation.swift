// The solver's rotations, stored as (cos, sin) pairs. Angles go in and come out through the
// package's deterministic kernels (`Elementary`), so every platform, WebAssembly included,
// computes the same bits.
import Kinetic

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
