// A persistent contact between a body and another body or a boundary segment: its manifold and
// the solver's per-point state (accumulated impulses carried from step to step for warm starting).
import Kinetic

/// The fields are in the order of what reads them: the solver's set-up (`ContactSolver.prepare`,
/// which meets the contacts scattered over the list) reads the bodies, the point count, the
/// material, the normal and the points, and finds them in the first three cache lines of the
/// record; the collision pass's own state follows.
struct Contact {
    /// Sort key: (lower body index << 32) | other body index, or | 0x8000_0000 | segment index.
    var key: UInt64
    /// Body indices; a boundary segment is the ground body 0.
    var a: Int32
    var b: Int32
    var pointCount = 0
    var friction = 0.0
    var restitution = 0.0
    /// World normal from A to B at the last collision pass (`CollisionContext.locatePoints`).
    var normal = Vec2.zero
    var p0 = ContactPoint()
    var p1 = ContactPoint()
    /// The segment for a boundary contact, −1 otherwise.
    var segment: Int32 = -1
    /// A boundary contact's side: +1 or −1 for the side of the segment's normal the body's centre
    /// was on when the contact began (or last passed beyond the segment's ends); 0 until then.
    /// A body whose centre is pushed across the segment's line is pushed back to this side,
    /// never out through the boundary (see `CollisionContext.collide`).
    var side: Int8 = 0
    var kind = ManifoldKind.circles
    /// Touching: a point within the slop, or one the solver had to push on.
    var isTouching = false
    var hasCachedPose = false
    var localNormal = Vec2.zero
    var localPoint = Vec2.zero
    var radiusA = 0.0
    var radiusB = 0.0
    /// B's pose in A's frame when the manifold was last computed (valid once `hasCachedPose`):
    /// the manifold is reused while the pair stays near it (`CollisionContext.recycle`).
    var cachedPose = Transform.identity

    /// A world point of the contact at the last collision pass (for events): its last point's.
    var worldPoint: Vec2 { pointCount == 2 ? p1.worldPoint : p0.worldPoint }

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
