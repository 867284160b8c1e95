// The world's per-body records: the hot motion state the solver loops over, and the cold rest.

import Kinetic

/// What the solver reads and writes every iteration, in one array, 88 bytes a body. The first 64
/// are what the contact sweeps gather: the position, the rotation since the step began, the
/// velocities and the inverse mass.
/// Index 0 is the ground: a static body at the origin that boundaries and world joints attach to.
struct Motion {
    var position: Vec2
    /// The rotation since the step began (the identity between steps): a contact point's
    /// separation turns its anchor, fixed in the world for the step, by it (`separation`).
    var deltaRotation = Rotation.identity
    var velocity: Vec2
    var angularVelocity: Double
    /// 0 for static (anchored), sleeping-as-static and the ground.
    var invMass: Double
    var rotation: Rotation
    var invInertia: Double

    init(position: Vec2, rotation: Rotation, velocity: Vec2, angularVelocity: Double, invMass: Double, invInertia: Double) {
        self.position = position; self.rotation = rotation
        self.velocity = velocity; self.angularVelocity = angularVelocity
        self.invMass = invMass; self.invInertia = invInertia
    }
}

/// An axis-aligned box.
struct AABB {
    var minX: Double, minY: Double, maxX: Double, maxY: Double
    static let empty = AABB(minX: 0, minY: 0, maxX: 0, maxY: 0)
}

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

/// One segment of a static boundary, stored as a two-vertex polygon in world coordinates.
struct Segment {
    var isAlive = true
    var boundary: Int32
    var mask: UInt64
    /// The chain's vertex before the segment's start and after its end (Box2D's ghost vertices),
    /// if the chain continues there: collisions with a vertex where the chain continues flat or
    /// bends towards the body are left to the neighbour's face, so bodies slide over seams.
    var previous: Vec2? = nil
    var next: Vec2? = nil
}

struct BoundaryRecord {
    var isAlive = true
    var segments: [Int32] = []
}

/// A (body, partner) pair in touch at the end of a step, for contact events.
struct TouchRecord {
    /// (body << 32) | partner body, or | 0x8000_0000 | boundary.
    var key: UInt64
    var point: Vec2
}

/// A body's velocity at the start of the step, before the applied forces, and their Δv (`kick`):
/// restitution reflects the approach velocity the body had when the step began.
struct StartState {
    var velocity = Vec2.zero
    var angularVelocity = 0.0
    var kick = Vec2.zero
    /// The pose when the step began (for the sweep against boundaries and free flight).
    var position = Vec2.zero
    var rotation = Rotation.identity
    /// The velocities the applied forces and springs alone give at the step's end, and the share
    /// of their change each substep takes.
    var endVelocity = Vec2.zero
    var endAngularVelocity = 0.0
    var velocityShare = Vec2.zero
    var angularShare = 0.0
    /// The velocities before restitution (`ContactSolver.applyRestitution`), kept where the
    /// shares were: the substeps are over by then, and the start state stays as large as it was.
    var bounceVelocity: Vec2 {
        get { velocityShare }
        set { velocityShare = newValue }
    }
    var bounceAngularVelocity: Double {
        get { angularShare }
        set { angularShare = newValue }
    }
    /// How many active joints name the body this step.
    var jointCount: Int32 = 0
    /// Whether the body's only joint is a spring that moved it by the closed form this step (see
    /// `JointSprings.applyExactSpring`), and by how much: used if nothing else pushed on it.
    var hasExactPath = false
    var exactDisplacement = Vec2.zero
}
