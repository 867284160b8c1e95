// A joint as the world stores it: the definition, resolved to body indices and frames, plus the
// solver's per-step quantities and the impulses it carries from step to step for warm starting.
import Kinetic

struct Joint {
    var definition: JointDefinition
    var isAlive = true
    /// Body A's index.
    var a: Int32
    /// Body B's index, or 0 (the ground) for a joint to a world point.
    var b: Int32
    var localA: Vec2
    /// B's anchor in B's frame (a world point when B is the ground).
    var localB: Vec2
    /// qA⁻¹·qB when the joint was made: relative angles are measured from it.
    var referenceRotation: Rotation
    /// Sliding: the axis in the base frame (the world for a world joint, A's frame otherwise).
    var localAxis = Vec2(1, 0)
    /// Snap: the target rotation.
    var targetRotation = Rotation.identity

    // Per-step solver quantities.
    var rA = Vec2.zero
    var rB = Vec2.zero
    var axis = Vec2.zero
    var perp = Vec2.zero
    var length = 0.0
    var mass = 0.0
    var angularMass = 0.0
    var perpMass = 0.0
    var s1 = 0.0, s2 = 0.0, a1 = 0.0, a2 = 0.0
    var translation = 0.0
    var angle = 0.0
    var pointMassInverse = (k11: 0.0, k12: 0.0, k22: 0.0)
    var gamma = 0.0
    var bias = 0.0
    var angularGamma = 0.0
    var angularBias = 0.0
    /// 0: rigid, 1: explicit spring (applied with the forces), 2: implicit soft constraint.
    var springMode = 0
    /// The exact explicit spring's h²K and Zh, and the (h, ω, ζ) they were computed for.
    var springHHK = 0.0
    var springZH = 0.0
    var springH = 0.0
    var springOmega = 0.0
    var springZeta = 0.0
    /// The exact transition of the damped oscillator (see `JointSprings.applyExactSpring`) and the
    /// (h, ω, ζ, resistance) it was computed for; whether it moved the body this step.
    var transition = OscillatorTransition()
    var transitionKey = (h: 0.0, omega: 0.0, zeta: 0.0, resistance: -1.0)
    var isExactThisStep = false

    // Accumulated impulses.
    var linearImpulse = Vec2.zero
    var impulse = 0.0
    var angularImpulse = 0.0
    var lowerImpulse = 0.0
    var upperImpulse = 0.0
    var frictionImpulse = 0.0
    /// The motor's, in `applyAngular`'s sense on a pin, along the axis on a slider.
    var motorImpulse = 0.0
}
