import Kinetic

// The rigid-body solver behind DynamicAnimator: bodies, shapes, contacts and joints, stepped at a
// fixed rate. Internal: the public surface is UIKit Dynamics' model (DynamicAnimator and the
// behaviours), which drives this world.
//
// Conventions between the world and the behaviour layer:
// - Units are points, seconds and radians; y grows downwards (screen coordinates), so a positive
//   angle turns clockwise on screen, as UIKit's rotations do.
// - Mass = density × area / 10,000: a 100 × 100 item of density 1 has mass 1. Forces are in
//   mass·points/s². (UIKit: a push of magnitude 1 on that item gives 100 points/s², so the
//   behaviour layer multiplies push magnitudes by 100.)
// - A step uses only +, −, ×, ÷, sqrt and the package's deterministic kernels (`Elementary`, for
//   the dampings' exponentials), never libm, so it gives the same bits on every platform,
//   WebAssembly included. Rotations are stored as (cos, sin) pairs and integrated without sin or
//   cos; `angle(of:)` (atan2) is for output only and never feeds back into the state.
// - Forces and accelerations applied between steps act on the next `step()` and are then cleared.

/// A fixed-step rigid-body world: Box2D v3's soft step (substeps of soft contacts and a relaxing
/// sweep, constraint graph colours, contacts solved four at a time), written for Kinetic.
///
/// Bad input never crashes and never produces NaN: unknown or destroyed handles are ignored by
/// setters and read as zero/identity by getters; non-finite numbers are ignored by setters and
/// force/impulse functions (the behaviour layer reports them); `createBody` with a non-finite
/// position or angle uses 0, and with an unusable shape (see `ConvexShape`) uses a circle of the
/// shape's finite extent (at least 0.5 pt; check `PhysicsWorld.isUsable(_:)` first). Forces,
/// torques, accelerations and impulses are clamped to ±1e150 per component, and a body moves at
/// most `maxTranslation` points and `maxRotation` radians per step (Box2D's 2 m and π/2 at
/// 100 pt/m), so even 1e300 forces keep every position and velocity finite.
final class PhysicsWorld {
    /// Fixed steps per second (default 120).
    let stepRate: Double
    /// 1 / stepRate.
    var stepDuration: Double { 1 / stepRate }
    /// Velocity sweeps per step, in the soft step's terms: `substepCount` = this / 4 rounded up
    /// (default 8: 2 substeps, each a biased sweep and a relaxing sweep).
    var velocityIterations = 8
    /// Position-correction iterations per step for the rigid joints (default 3; contacts are
    /// soft and need none).
    var positionIterations = 3
    /// Whether resting islands fall asleep (default true).
    var allowsSleeping = true

    /// Largest distance a body travels in one step, points (Box2D's 2 m).
    static let maxTranslation = 200.0
    /// Largest rotation in one step, radians (Box2D's π/2).
    static let maxRotation = Double.pi / 2
    /// Below these speeds a body counts as resting (Box2D v3's 0.05 m/s: a stack on soft
    /// contacts trembles at about 0.01 m/s, Box2D 2's tolerance; and Box2D 2's 2°/s).
    static let linearSleepTolerance = 5.0
    static let angularSleepTolerance = 2 * Double.pi / 180
    /// An island sleeps after resting this long, seconds.
    static let timeToSleep = 0.5
    /// Contacts are generated this far apart before the motion allowance (Box2D v3's 4 slops).
    static let speculativeMargin = 2 * ContactSolver.linearSlop
    static let maxInput = 1e150

    // `@exclusivity(unchecked)` is kept only on what a step reads or writes per body, pair,
    // contact or joint, where dynamic exclusivity checks are a large share of a step
    // (`DynamicsProfile` shows it on the pyramid and the circles).
    // Without the attribute the dynamics, demo and host tests (debug, checks enforced) find no
    // access conflict; a new overlapping access (a method reading a property inside one of its
    // `withUnsafe…` closures) would not be caught here, so re-run them so after changing the step.
    // What changes only when bodies, boundaries or joints do keeps its checks (no cost measured).

    /// The bodies: their motion, records and shapes, by index (0 is the ground).
    @exclusivity(unchecked) var bodies = BodyStore()

    /// The static boundaries and their segments.
    @exclusivity(unchecked) var boundaries = BoundarySet()

    /// The joints.
    @exclusivity(unchecked) var joints = JointSet()

    /// The persistent broad phase (its fat boxes and order are state, kept across steps).
    var broadPhase = BroadPhase()

    /// The persistent contacts, sorted by key. Only the pair merge (`ContactPairs`) adds any;
    /// elsewhere the world removes them or restores a snapshot's (which tells `pairs`).
    @exclusivity(unchecked) var contacts = StableArray<Contact>()
    /// How many of a bundle's four lanes a colour's contacts fill: 4, or 1 to solve them one
    /// by one (the same bits either way: `ContactBundleTests` compares them).
    var bundleWidth = 4
    /// The broad phase's pairs and their merge into `contacts` (buffers rewritten every step).
    var pairs = ContactPairs()
    /// What each step rewrites before it reads it: the awake and active lists, the contacts'
    /// order and bundles, the bodies' start states, the islands.
    let stepBuffers = StepBuffers()
    /// The pairs touching at the end of the last step, and the events measured from them.
    var eventLog = ContactEventLog()
    /// Whether a step records ``contactEvents`` (the animator turns it off while no collision
    /// behaviour has a delegate to tell). Turned back on, the next step's events are those it
    /// would have had if it had never been off.
    var recordsContactEvents = true
    /// The islands that sleep, each woken as one.
    var sleepingIslands = SleepingIslands()

    init(stepRate: Double = 120) {
        self.stepRate = stepRate.isFinite && stepRate > 0 ? stepRate : 120
    }

    // MARK: Bodies

    /// Whether `shape` can be used as given (a circle of finite positive radius, or a polygon
    /// with at least 3 finite, distinct, non-collinear vertices). Convex hulls and vertex
    /// reduction still apply to usable polygons.
    static func isUsable(_ shape: ShapeGeometry) -> Bool { ConvexShape.make(shape) != nil }

    func createBody(shape: ShapeGeometry, position: Point, angle: Double, material: BodyMaterial) -> BodyID {
        let i = bodies.create(shape: shape, position: position, angle: angle, material: material)
        broadPhase.needsRebuild = true
        return BodyID(raw: Int32(i))
    }

    /// Removes the body, the joints attached to it and its contacts (their `.ended` events come
    /// with the next step). Bodies it rested on or that rested on it are woken.
    func destroyBody(_ body: BodyID) {
        guard let i = bodies.index(body) else { return }
        wakeBody(i)
        wakeContacts(of: i)
        for j in joints.indices where joints[j].isAlive && (joints[j].a == Int32(i) || joints[j].b == Int32(i)) {
            removeJoint(JointID(raw: Int32(j)))
        }
        contacts.removeAll { $0.a == Int32(i) || $0.b == Int32(i) }
        bodies.destroy(i)
        broadPhase.needsRebuild = true
    }

    /// Unknown or destroyed handles read as zero or the identity (see `BodyStore`).
    func position(of body: BodyID) -> Point { bodies.position(of: body) }
    func angle(of body: BodyID) -> Double { bodies.angle(of: body) }
    func pose(of body: BodyID) -> (position: Point, rotation: Rotation) { bodies.pose(of: body) }
    func velocity(of body: BodyID) -> Vector { bodies.velocity(of: body) }
    func angularVelocity(of body: BodyID) -> Double { bodies.angularVelocity(of: body) }

    /// Runs `read` with `pose(of:)` for many bodies through one access to the store (a call of
    /// `pose(of:)` each copies its array references). The reader is valid only inside `read`,
    /// which must not change the world.
    func withPoses<R>(_ read: (PoseReader) -> R) -> R {
        bodies.motions.withUnsafeBufferPointer { motions in
        bodies.records.withUnsafeBufferPointer { records in
            read(PoseReader(motions: motions, records: records))
        }
        }
    }
    func mass(of body: BodyID) -> Double { bodies.record(of: body).mass }
    func inertia(of body: BodyID) -> Double { bodies.record(of: body).inertia }
    func material(of body: BodyID) -> BodyMaterial { bodies.record(of: body).material }
    /// Whether every dynamic body is asleep (the animator then pauses).
    var isAtRest: Bool { bodies.isAtRest }

    func isAwake(_ body: BodyID) -> Bool {
        let record = bodies.record(of: body)
        return record.isAwake && !record.material.isAnchored
    }

    /// Teleports the body (and wakes it); velocity is kept. Non-finite values are ignored.
    func setPosition(_ position: Point, angle: Double, of body: BodyID) {
        guard let i = bodies.index(body), position.x.isFinite, position.y.isFinite, angle.isFinite else { return }
        bodies.motions[i].position = Vec2(position)
        bodies.motions[i].rotation = Rotation(angle: angle)
        // A teleport may cross a boundary on purpose: its contacts take the new side.
        for c in contacts.indices where contacts[c].segment >= 0 && contacts[c].b == Int32(i) { contacts[c].side = 0 }
        bodies.updateBox(i)
        if bodies.records[i].material.isAnchored { broadPhase.needsRebuild = true }     // a full step even if all sleep
        wakeBody(i)
        wakeContacts(of: i)
    }

    /// Sets the velocity (wakes the body). Ignored for anchored bodies and non-finite values;
    /// clamped to `maxTranslation` per step.
    func setVelocity(_ velocity: Vector, of body: BodyID) {
        guard let i = bodies.index(body), !bodies.records[i].material.isAnchored, velocity.x.isFinite, velocity.y.isFinite else { return }
        bodies.motions[i].velocity = speedLimits.clamped(Vec2(velocity))
        wakeBody(i)
    }

    /// Sets the angular velocity (wakes the body). Ignored for anchored bodies, bodies that do
    /// not rotate and non-finite values; clamped to `maxRotation` per step.
    func setAngularVelocity(_ angularVelocity: Double, of body: BodyID) {
        guard let i = bodies.index(body), bodies.motions[i].invInertia > 0, angularVelocity.isFinite else { return }
        bodies.motions[i].angularVelocity = speedLimits.clamped(angularVelocity)
        wakeBody(i)
    }

    /// Changes the material (mass and inertia are recomputed from the density) and wakes the body.
    /// Out-of-range values are clamped: density to ≥ 0.001 (non-finite: 1), restitution to 0…1,
    /// friction and dampings to ≥ 0 (non-finite: 0).
    func setMaterial(_ material: BodyMaterial, of body: BodyID) {
        guard let i = bodies.index(body) else { return }
        if bodies.setMaterial(material, at: i) { broadPhase.needsRebuild = true }
        for c in contacts.indices where contacts[c].a == Int32(i) || contacts[c].b == Int32(i) {
            bodies.setUpPair(&contacts[c])          // friction and restitution mix
        }
        if bodies.records[i].material.isAnchored { wakeContacts(of: i) }
        wakeBody(i)
    }

    /// Changes the shape (mass recomputed) and wakes the body.
    func setShape(_ shape: ShapeGeometry, of body: BodyID) {
        guard let i = bodies.index(body) else { return }
        bodies.installShape(shape, at: i)
        bodies.updateMass(i)
        bodies.updateBox(i)
        // Manifolds refer to the old vertices: start the body's contacts afresh.
        for c in contacts.indices where contacts[c].a == Int32(i) || contacts[c].b == Int32(i) {
            contacts[c].forgetManifold()
            bodies.setUpPair(&contacts[c])
        }
        wakeBody(i)
        wakeContacts(of: i)
    }

    /// Replaces the area and second moment the body's mass and inertia come from (a group of
    /// items: its members' together, not its hull's); ignored unless both are finite and positive.
    /// Until the shape is set again.
    func setMassShape(area: Double, secondMoment: Double, of body: BodyID) {
        guard let i = bodies.index(body), area.isFinite, area > 0, secondMoment.isFinite, secondMoment > 0 else { return }
        bodies.records[i].area = area
        bodies.records[i].secondMoment = secondMoment
        bodies.updateMass(i)
        wakeBody(i)
    }

    /// Adds a force for the next step, at a world point (nil: the centre of mass, no torque).
    /// Wakes the body; ignored for anchored bodies and non-finite values.
    func applyForce(_ force: Vector, at point: Point?, to body: BodyID) {
        guard let i = bodies.index(body), !bodies.records[i].material.isAnchored, force.x.isFinite, force.y.isFinite else { return }
        let f = Vec2(force)
        bodies.records[i].force = BodyStore.clampedSum(bodies.records[i].force, f)
        if let point {
            guard point.x.isFinite, point.y.isFinite else { return }
            let r = Vec2(point) - bodies.motions[i].position
            bodies.records[i].torque = BodyStore.clampedSum(bodies.records[i].torque, cross(r, f))
        }
        wakeBody(i)
    }

    /// Adds a torque for the next step (mass·points²/s²). Wakes the body.
    func applyTorque(_ torque: Double, to body: BodyID) {
        guard let i = bodies.index(body), !bodies.records[i].material.isAnchored, torque.isFinite else { return }
        bodies.records[i].torque = BodyStore.clampedSum(bodies.records[i].torque, torque)
        wakeBody(i)
    }

    /// Adds an acceleration for the next step, whatever the mass (gravity, fields). Does not wake
    /// a sleeping body (gravity would keep every body awake): a sleeping body ignores it.
    func applyAcceleration(_ acceleration: Vector, to body: BodyID) {
        guard let i = bodies.index(body), acceleration.x.isFinite, acceleration.y.isFinite else { return }
        bodies.records[i].acceleration = BodyStore.clampedSum(bodies.records[i].acceleration, Vec2(acceleration))
    }

    /// Changes the velocity at once by impulse / mass (and the angular velocity, if off-centre).
    /// Wakes the body; ignored for anchored bodies and non-finite values.
    func applyImpulse(_ impulse: Vector, at point: Point?, to body: BodyID) {
        guard let i = bodies.index(body), !bodies.records[i].material.isAnchored, impulse.x.isFinite, impulse.y.isFinite else { return }
        let p = Vec2(min(max(impulse.x, -Self.maxInput), Self.maxInput), min(max(impulse.y, -Self.maxInput), Self.maxInput))
        var m = bodies.motions[i]
        m.velocity = speedLimits.clamped(m.velocity + p * m.invMass)
        if let point, point.x.isFinite, point.y.isFinite {
            let r = Vec2(point) - m.position
            m.angularVelocity = speedLimits.clamped(m.angularVelocity + m.invInertia * cross(r, p))
        }
        bodies.motions[i] = m
        wakeBody(i)
    }

    func wake(_ body: BodyID) {
        guard let i = bodies.index(body) else { return }
        wakeBody(i)
    }

    // MARK: Collisions

    /// Two bodies collide when their `items` masks share a bit; a body collides with a boundary
    /// when its `boundaries` mask shares a bit with the boundary's mask. (The behaviour layer
    /// gives each CollisionBehavior one bit.) Default: 0 and 0, no collisions.
    func setCollisionMasks(items: UInt64, boundaries: UInt64, of body: BodyID) {
        guard let i = bodies.index(body) else { return }
        if bodies.records[i].itemMask == items && bodies.records[i].boundaryMask == boundaries { return }
        bodies.records[i].itemMask = items
        bodies.records[i].boundaryMask = boundaries
        broadPhase.needsRebuild = true
        wakeBody(i)
        wakeContacts(of: i)
    }

    /// A static chain of segments through `points` (closed if `isClosed`), colliding with bodies
    /// whose boundary mask shares a bit with `mask`. Non-finite points are skipped, as are
    /// segments shorter than 1e-6 pt; segments are two-sided.
    func addBoundary(points: [Point], isClosed: Bool, mask: UInt64) -> BoundaryID {
        let b = boundaries.add(points: points, isClosed: isClosed, mask: mask)
        broadPhase.needsRebuild = true
        return BoundaryID(raw: b)
    }

    /// Removes the boundary; bodies touching it are woken (their `.ended` events come with the next step).
    func removeBoundary(_ boundary: BoundaryID) {
        let b = Int(boundary.raw)
        guard boundaries.isAlive(b) else { return }
        for s in boundaries.records[b].segments {
            for c in contacts.indices where contacts[c].segment == s { wakeBody(Int(contacts[c].b)) }
            contacts.removeAll { $0.segment == s }
        }
        boundaries.remove(b)
        broadPhase.needsRebuild = true
    }

    // MARK: Joints

    /// Adds a joint and wakes its bodies. A joint naming a destroyed body, or body B equal to A,
    /// is kept but inactive until removed. Non-finite anchors are replaced by 0; a distance's
    /// negative or non-finite length, frequency or damping ratio by 0 (0 Hz: rigid); a limit's
    /// minimum is clamped to ≥ 0 (non-finite: 0) and its maximum to ≥ the minimum (NaN: the
    /// minimum; +∞ is allowed). Destroying a body removes its joints; handles are reused after removal.
    func addJoint(_ definition: JointDefinition) -> JointID {
        let j = joints.add(JointSet.make(definition, bodies: bodies))
        wakeJoint(j)
        return JointID(raw: Int32(j))
    }

    /// Replaces the definition; accumulated impulses are kept when the kind and bodies are the same.
    func updateJoint(_ joint: JointID, to definition: JointDefinition) {
        let j = Int(joint.raw)
        guard joints.isAlive(j) else { return }
        wakeJoint(j)
        joints.replace(j, with: JointSet.make(definition, bodies: bodies))
        wakeJoint(j)
    }

    func removeJoint(_ joint: JointID) {
        let j = Int(joint.raw)
        guard joints.isAlive(j) else { return }
        wakeJoint(j)
        joints.remove(j)
    }

    // MARK: Stepping

    /// The contacts that began or ended during the last step, in a deterministic order: sorted by
    /// (body, partner), bodies before boundaries. One event per pair, whose `body` is the lower
    /// body index of a body pair.
    var contactEvents: [ContactEvent] { eventLog.events }
}
