import Kinetic

// The rigid-body solver behind DynamicAnimator: bodies, shapes, contacts and joints, stepped at a
// fixed rate. Internal: the public surface is UIKit Dynamics' model (DynamicAnimator and the
// behaviours), which drives this world.
//
// INTERFACE CONTRACT (agreed between the solver and the behaviour layer; keep the signatures,
// add what you need):
// - Units are points, seconds and radians; y grows downwards (screen coordinates), so a positive
//   angle turns clockwise on screen, as UIKit's rotations do.
// - Mass = density × area / 10,000: a 100 × 100 item of density 1 has mass 1. Forces are in
//   mass·points/s². (UIKit: a push of magnitude 1 on that item gives 100 points/s², so the
//   behaviour layer multiplies push magnitudes by 100.)
// - A step uses only +, −, ×, ÷ and sqrt (no libm), so it gives the same bits on every platform,
//   WebAssembly included. Rotations are stored as (cos, sin) pairs and integrated without sin or
//   cos; `angle(of:)` (atan2) is for output only and never feeds back into the state.
// - Forces and accelerations applied between steps act on the next `step()` and are then cleared.

/// A body's handle: stable while the body exists.
struct BodyID: Hashable { var raw: Int32 }
/// A joint's handle.
struct JointID: Hashable { var raw: Int32 }
/// A static boundary's handle (a chain of segments that bodies collide with).
struct BoundaryID: Hashable { var raw: Int32 }

/// A body's collision shape, in the body's own frame (centre of the item at the origin).
enum ShapeGeometry: Equatable {
    /// A disc.
    case circle(radius: Double)
    /// A convex polygon, its vertices in order (either winding; the world normalises it).
    case polygon([Vector])
}

/// The physical properties of a body (UIKit's `UIDynamicItemBehavior` properties).
struct BodyMaterial: Equatable {
    /// Mass per 10,000 square points. 0 would make the body massless: the world clamps it to a
    /// small positive value.
    var density = 1.0
    /// Restitution, 0 (no bounce) … 1 (elastic); UIKit's `elasticity`.
    var restitution = 0.0
    /// Coulomb friction coefficient; two bodies use √(μa·μb) as Box2D does.
    var friction = 0.0
    /// Linear velocity damping per second (UIKit's `resistance`): dv/dt = −resistance·v.
    var linearDamping = 0.0
    /// Angular velocity damping per second (UIKit's `angularResistance`).
    var angularDamping = 0.0
    /// Whether the body may rotate (inverse inertia 0 when false).
    var allowsRotation = true
    /// Whether the body is static: infinite mass, does not move, still collides (UIKit's `isAnchored`).
    var isAnchored = false
}

/// What a body touched: another body or a boundary.
enum ContactPartner: Hashable {
    case body(BodyID)
    case boundary(BoundaryID)
}

/// A contact that began or ended during the last step.
struct ContactEvent: Equatable {
    enum Phase: Equatable { case began, ended }
    var phase: Phase
    var body: BodyID
    var partner: ContactPartner
    /// A point of the contact in world coordinates (for `.began`; the last known one for `.ended`).
    var point: Point
}

/// A constraint between a body and the world, or between two bodies.
struct JointDefinition: Equatable {
    enum Kind: Equatable {
        /// Keeps the anchors `length` apart: rigid when `frequency` is 0, otherwise a spring of that
        /// frequency (Hz) and damping ratio (UIKit's default attachment).
        case distance(length: Double, frequency: Double, dampingRatio: Double)
        /// Lets the anchors move freely while their distance is within `minimum...maximum`
        /// (a rope when minimum is 0; UIKit's limit attachment).
        case limit(minimum: Double, maximum: Double)
        /// Pins the anchors together, free to rotate (UIKit's pin attachment; a revolute joint).
        /// `angleRange` limits the relative rotation if given.
        case pin(angleRange: ClosedRange<Double>?)
        /// Welds the bodies: no relative motion (UIKit's fixed attachment).
        case fixed
        /// Lets the anchor slide along `axis` (world direction for a world joint, body A's frame
        /// otherwise) within `range` if given, with rotation locked (UIKit's sliding attachment).
        case sliding(axis: Vector, range: ClosedRange<Double>?)
        /// Pulls the body to the anchor and its rotation to `angle` with a critically-damped-ish
        /// spring whose damping is 0…1 (UIKit's snap behaviour).
        case snap(damping: Double, angle: Double)
    }
    var kind: Kind
    var bodyA: BodyID
    /// The second body, or nil for a joint to a fixed point of the world.
    var bodyB: BodyID?
    /// The anchor on body A, in A's frame.
    var localAnchorA: Vector = .zero
    /// The anchor on body B in B's frame, or the world point when `bodyB` is nil.
    var anchorB: Point = .zero
    /// Torque resisting rotation at the joint, in mass·points²/s² (UIKit's `frictionTorque`).
    var frictionTorque = 0.0
}

final class PhysicsWorld {
    /// Fixed steps per second (default 120).
    let stepRate: Double
    /// 1 / stepRate.
    var stepDuration: Double { 1 / stepRate }
    /// Sequential-impulse iterations per step (Box2D's default 8).
    var velocityIterations = 8
    /// Position-correction iterations per step (Box2D's default 3).
    var positionIterations = 3

    init(stepRate: Double = 120) {
        self.stepRate = stepRate
    }

    // MARK: Bodies

    func createBody(shape: ShapeGeometry, position: Point, angle: Double, material: BodyMaterial) -> BodyID { fatalError("solver: not yet") }
    func destroyBody(_ body: BodyID) { fatalError("solver: not yet") }
    func position(of body: BodyID) -> Point { fatalError("solver: not yet") }
    /// Teleports the body (and wakes it); velocity is kept.
    func setPosition(_ position: Point, angle: Double, of body: BodyID) { fatalError("solver: not yet") }
    /// The rotation in radians, in −π…π (atan2 of the stored rotation; for output only).
    func angle(of body: BodyID) -> Double { fatalError("solver: not yet") }
    func velocity(of body: BodyID) -> Vector { fatalError("solver: not yet") }
    func setVelocity(_ velocity: Vector, of body: BodyID) { fatalError("solver: not yet") }
    func angularVelocity(of body: BodyID) -> Double { fatalError("solver: not yet") }
    func setAngularVelocity(_ angularVelocity: Double, of body: BodyID) { fatalError("solver: not yet") }
    func mass(of body: BodyID) -> Double { fatalError("solver: not yet") }
    func inertia(of body: BodyID) -> Double { fatalError("solver: not yet") }
    func material(of body: BodyID) -> BodyMaterial { fatalError("solver: not yet") }
    /// Changes the material (mass and inertia are recomputed from the density) and wakes the body.
    func setMaterial(_ material: BodyMaterial, of body: BodyID) { fatalError("solver: not yet") }
    /// Changes the shape (mass recomputed) and wakes the body.
    func setShape(_ shape: ShapeGeometry, of body: BodyID) { fatalError("solver: not yet") }

    /// Adds a force for the next step, at a world point (nil: the centre of mass, no torque).
    func applyForce(_ force: Vector, at point: Point?, to body: BodyID) { fatalError("solver: not yet") }
    func applyTorque(_ torque: Double, to body: BodyID) { fatalError("solver: not yet") }
    /// Adds an acceleration for the next step, whatever the mass (gravity, fields).
    func applyAcceleration(_ acceleration: Vector, to body: BodyID) { fatalError("solver: not yet") }
    /// Changes the velocity at once by impulse / mass (and the angular velocity, if off-centre).
    func applyImpulse(_ impulse: Vector, at point: Point?, to body: BodyID) { fatalError("solver: not yet") }

    func isAwake(_ body: BodyID) -> Bool { fatalError("solver: not yet") }
    func wake(_ body: BodyID) { fatalError("solver: not yet") }
    /// Whether every dynamic body is asleep (the animator then pauses).
    var isAtRest: Bool { fatalError("solver: not yet") }

    // MARK: Collisions

    /// Two bodies collide when their `items` masks share a bit; a body collides with a boundary
    /// when its `boundaries` mask shares a bit with the boundary's mask. (The behaviour layer
    /// gives each CollisionBehavior one bit.) Default: 0 and 0, no collisions.
    func setCollisionMasks(items: UInt64, boundaries: UInt64, of body: BodyID) { fatalError("solver: not yet") }
    /// A static chain of segments through `points` (closed if `isClosed`), colliding with bodies
    /// whose boundary mask shares a bit with `mask`.
    func addBoundary(points: [Point], isClosed: Bool, mask: UInt64) -> BoundaryID { fatalError("solver: not yet") }
    func removeBoundary(_ boundary: BoundaryID) { fatalError("solver: not yet") }

    // MARK: Joints

    func addJoint(_ definition: JointDefinition) -> JointID { fatalError("solver: not yet") }
    func updateJoint(_ joint: JointID, to definition: JointDefinition) { fatalError("solver: not yet") }
    func removeJoint(_ joint: JointID) { fatalError("solver: not yet") }

    // MARK: Stepping

    /// Advances the world by one fixed step: integrates the applied forces, solves contacts and
    /// joints, updates sleeping, records contact events, and clears the applied forces.
    func step() { fatalError("solver: not yet") }
    /// The contacts that began or ended during the last step, in a deterministic order.
    var contactEvents: [ContactEvent] { fatalError("solver: not yet") }
}
