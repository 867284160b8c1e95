// A persistent contact between a body and another body or a boundary segment: its manifold and
// the solver's per-point state (accumulated impulses carried from step to step for warm starting).
import Kinetic

/// A manifold point and the impulses it carries to the next step; the solver's per-step
/// quantities (anchors, masses, the approach speed) live in its `ConstraintPoint`.
struct ContactPoint {
    var localPoint = Vec2.zero
    var id: UInt32 = 0
    /// Separation when the manifold was computed (positive: a speculative point).
    var separation = 0.0
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    var maxNormalImpulse = 0.0
}

struct Contact {
    /// Sort key: (lower body index << 32) | other body index, or | 0x8000_0000 | segment index.
    var key: UInt64
    /// Body indices; a boundary segment is the ground body 0.
    var a: Int32
    var b: Int32
    /// The segment for a boundary contact, −1 otherwise.
    var segment: Int32 = -1
    /// A boundary contact's side: +1 or −1 for the side of the segment's normal the body's centre
    /// was on when the contact began (or last passed beyond the segment's ends); 0 until then.
    /// A body whose centre is pushed across the segment's line is pushed back to this side,
    /// never out through the boundary (see `CollisionContext.collide`).
    var side: Int8 = 0
    var kind = ManifoldKind.circles
    var pointCount = 0
    var localNormal = Vec2.zero
    var localPoint = Vec2.zero
    var radiusA = 0.0
    var radiusB = 0.0
    var friction = 0.0
    var restitution = 0.0
    /// World normal from A to B at the last prepare.
    var normal = Vec2.zero
    /// A world point of the contact at the last prepare (for events).
    var worldPoint = Vec2.zero
    var p0 = ContactPoint()
    var p1 = ContactPoint()
    /// Touching: a point within the slop, or one the solver had to push on.
    var isTouching = false
    /// B's pose in A's frame when the manifold was last computed (valid once `hasCachedPose`):
    /// the manifold is reused while the pair stays near it (`CollisionContext.recycle`).
    var cachedPose = Transform.identity
    var hasCachedPose = false

    init(key: UInt64, a: Int32, b: Int32) {
        self.key = key; self.a = a; self.b = b
    }

    /// Drops the manifold and its impulses (its points name vertices a new shape no longer has):
    /// the next step computes it afresh.
    mutating func forgetManifold() {
        pointCount = 0
        hasCachedPose = false
        p0.normalImpulse = 0; p0.tangentImpulse = 0
        p1.normalImpulse = 0; p1.tangentImpulse = 0
    }
}

/// A contact point as the velocity iterations see it.
struct ConstraintPoint {
    /// rA × n, rB × n, rA × t, rB × t: the anchors enter the iterations only through these, so
    /// an impulse λ along n turns A by −I⁻¹·λ·(rA × n) without a cross product per update.
    var rnA = 0.0
    var rnB = 0.0
    var rtA = 0.0
    var rtB = 0.0
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    var normalMass = 0.0
    var tangentMass = 0.0
    var maxNormalImpulse = 0.0
    /// The anchors in each body's frame and the separation they started from: the point's
    /// separation after a move is `baseSeparation` + (B's anchor − A's anchor)·n, in world space.
    var localA = Vec2.zero
    var localB = Vec2.zero
    var baseSeparation = 0.0
    /// The normal velocity when the step began, the applied forces' relative acceleration along
    /// the normal, and e²·(impact speed)² (see `ContactSolver.bounceEnergy`).
    var relativeVelocity = 0.0
    var normalAcceleration = 0.0
    var bounceEnergy = 0.0
}

/// The compact per-step copy of an active contact that the velocity iterations loop over
/// (Box2D's b2ContactVelocityConstraint): about half a `Contact`, so the sweeps stay in cache.
struct VelocityConstraint {
    var p0 = ConstraintPoint()
    var p1 = ConstraintPoint()
    var normal = Vec2.zero
    var friction = 0.0
    var restitution = 0.0
    var a: Int32 = 0
    var b: Int32 = 0
    var pointCount: Int32 = 0
    /// Whether one side is static (its contacts are twice as stiff, as Box2D v3's are).
    var isFixed = false
}
