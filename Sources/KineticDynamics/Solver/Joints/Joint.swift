// A joint as the world stores it: the definition, resolved to body indices and frames, plus the
// solver's per-step quantities and the impulses it carries from step to step for warm starting.
//
// The fields are in the order of their heat: what every velocity sweep of a pin reads and writes
// comes first and fills the first two cache lines; the definition and the springs' caches, read
// once a step or less, come last. (A joint is about 650 bytes; with the definition first, a pin's
// sweep touched six of its lines, and Box2D v3's joint_grid, 19,800 pins, streamed 7 MB a sweep.)
import Kinetic

struct Joint {
    /// How `JointSolver.solveVelocities` treats a joint in this step's sweeps: decided by
    /// `JointSolver.prepare` from the definition (and a spring's stiffness), so the sweeps read
    /// this byte instead of the definition.
    enum Row: UInt8 {
        /// Nothing to solve (an explicit spring, or a snap applied as one).
        case none
        /// A zero-length distance: the anchors held together (soft when `gamma` > 0).
        case point
        /// A distance with a length: along the anchors' line (soft when `gamma` > 0).
        case axis
        case limit
        /// A pin without motor or limits: its point only.
        case freePin
        /// A pin with a motor or limits.
        case pin
        case fixed
        case sliding
        /// A stiff snap as an implicit soft constraint.
        case snap
    }

    // Hot: every sweep.
    /// Body A's index.
    var a: Int32
    /// Body B's index, or 0 (the ground) for a joint to a world point.
    var b: Int32
    var row = Row.none
    /// Whether the sweeps apply the joint's friction (a positive finite `frictionTorque` and a body
    /// that can turn); set by `prepare`.
    var hasFriction = false
    var isAlive = true
    /// Whether a spring moved body A by its closed form this step (see `JointSprings.applyExactSpring`).
    var isExactThisStep = false
    /// Fixed by the definition: whether it is a spring (`JointSprings.spring` is not nil), and
    /// whether it is a pin with no motor, no limits and no friction (the grids' and chains'
    /// joint, which `JointSolver.prepare` prepares without reading the definition).
    let hasSpring: Bool
    let isPlainPin: Bool
    var rA = Vec2.zero
    var rB = Vec2.zero
    var linearImpulse = Vec2.zero
    var pointMassInverse = (k11: 0.0, k12: 0.0, k22: 0.0)
    var gamma = 0.0
    var bias = 0.0
    var angularMass = 0.0

    // Warm: the other kinds' sweeps, and every preparation.
    var axis = Vec2.zero
    var mass = 0.0
    var impulse = 0.0
    var angularImpulse = 0.0
    var lowerImpulse = 0.0
    var upperImpulse = 0.0
    var frictionImpulse = 0.0
    /// The motor's, in `applyAngular`'s sense on a pin, along the axis on a slider.
    var motorImpulse = 0.0
    var angle = 0.0
    var length = 0.0
    var perp = Vec2.zero
    var perpMass = 0.0
    var s1 = 0.0, s2 = 0.0, a1 = 0.0, a2 = 0.0
    var translation = 0.0
    var angularGamma = 0.0
    var angularBias = 0.0
    var localA: Vec2
    /// B's anchor in B's frame (a world point when B is the ground).
    var localB: Vec2
    /// qA⁻¹·qB when the joint was made: relative angles are measured from it.
    var referenceRotation: Rotation
    /// 0: rigid, 1: explicit spring (applied with the forces), 2: implicit soft constraint.
    var springMode = 0

    // Cold: the definition, read by the preparation and the other kinds' sweeps, and the caches.
    let definition: JointDefinition
    /// Sliding: the axis in the base frame (the world for a world joint, A's frame otherwise).
    var localAxis = Vec2(1, 0)
    /// Snap: the target rotation.
    var targetRotation = Rotation.identity
    /// The exact explicit spring's h²K and Zh (`JointSprings.exactSpring`), and the (h, ω, ζ)
    /// they were computed for.
    var exactSpring = (hhK: 0.0, zh: 0.0)
    var exactSpringKey = (h: 0.0, omega: 0.0, zeta: 0.0)
    /// The exact transition of the damped oscillator (see `JointSprings.applyExactSpring`) and the
    /// (h, ω, ζ, resistance) it was computed for.
    var transition = OscillatorTransition()
    var transitionKey = (h: 0.0, omega: 0.0, zeta: 0.0, resistance: -1.0)

    init(definition: JointDefinition, a: Int32, b: Int32, localA: Vec2, localB: Vec2, referenceRotation: Rotation) {
        self.definition = definition
        self.a = a
        self.b = b
        self.localA = localA
        self.localB = localB
        self.referenceRotation = referenceRotation
        hasSpring = JointSprings.spring(definition) != nil
        isPlainPin = definition.kind == .pin(angleRange: nil) && !definition.isMotorEnabled && !(definition.frictionTorque > 0)
    }
}
