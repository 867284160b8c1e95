import Kinetic

/// A manifold point and the impulses it carries to the next step; the solver's per-step
/// quantities (anchors, masses, the approach speed) live in its bundle's `PointLanes`.
/// What `ContactSolver.prepare` reads comes first (see `Contact`).
struct ContactPoint {
    /// Where the point is in the world, midway between the surfaces, at the last collision pass
    /// (`CollisionContext.locatePoints`).
    var worldPoint = Vec2.zero
    /// Separation when the manifold was computed (positive: a speculative point).
    var separation = 0.0
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    var maxNormalImpulse = 0.0
    var localPoint = Vec2.zero
    var id: UInt32 = 0
}
