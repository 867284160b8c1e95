import Kinetic

/// Everything else about a body. The fields are in the order of what reads them: first what
/// the collision pass reads of both bodies of every contact, in the contacts' scattered order
/// (whether it moves, its reach and its shape's size), then what the per-body passes read, then
/// what only changes of the body read.
struct BodyRecord {
    var isAlive = false
    var isAwake = true
    var isCircle = true
    /// Where its shape's vertices (and their normals) start in `BodyStore.vertexPool`.
    var vertexStart: Int32 = 0
    /// The largest |v|·h + |ω|·h·R of the last step start: the speculative reach.
    var reach = 0.0
    /// Circle radius (0 for polygons).
    var radius = 0.0
    var boundingRadius = 0.0
    var vertexCount = 0
    var material = BodyMaterial()
    /// The radius of the largest circle about the origin inside the shape (0 if the origin is
    /// outside it): how far a body may travel in a step before a boundary is swept for it.
    var innerRadius = 0.0
    var itemMask: UInt64 = 0
    var boundaryMask: UInt64 = 0
    /// The broadphase box: tight box grown by the speculative margin and swept by one step of motion.
    var aabb = AABB.empty
    /// Accumulated between steps, cleared by `step()`.
    var force = Vec2.zero
    var torque = 0.0
    var acceleration = Vec2.zero
    /// h·(F/m + a) of the current step.
    var externalKick = Vec2.zero
    /// Seconds spent below the sleep tolerances.
    var sleepTime = 0.0
    /// The sleeping island the body belongs to (−1 when awake).
    var sleepIsland: Int32 = -1
    /// How many vertices its range of `BodyStore.vertexPool` holds (its slot keeps the range).
    var vertexCapacity: Int32 = 0
    /// Area (points²) and ∫|r|² dA about the origin (points⁴) of the shape: mass and inertia per density.
    var area = 0.0
    var secondMoment = 0.0
    var mass = 0.0
    var inertia = 0.0
}

extension BodyRecord {
    /// Alive, awake and not anchored: a body the step moves.
    @inline(__always) var isAwakeDynamic: Bool { isAwake && isAlive && !material.isAnchored }
}
