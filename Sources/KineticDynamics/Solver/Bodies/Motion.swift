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
