import Kinetic

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
