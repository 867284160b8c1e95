// The pointers a step's solver functions work through, taken in one place (Box2D v3's b2StepContext).
import Kinetic

/// The world's arrays and its step buffers as one step's solver functions see them: pointers
/// taken once by `StepContext.of(_:_:)`, instead of a nest of `withUnsafe…` closures around
/// every call. Valid only inside that call, while nothing resizes them. A pointer into an empty array
/// is a placeholder that is never dereferenced (its list of indices is empty too).
struct StepContext {
    let motions: UnsafeMutablePointer<Motion>
    let bodies: UnsafeMutablePointer<BodyRecord>
    /// At least one per body: the step's start state (velocities, pose, applied forces' share).
    let start: UnsafeMutableBufferPointer<StartState>
    /// One per body of `start`: whether a contact or joint acted on the body this step.
    let constrained: UnsafeMutablePointer<Bool>
    /// The awake bodies that can move, in index order.
    let awake: UnsafeBufferPointer<Int32>
    let contacts: UnsafeMutablePointer<Contact>
    /// The contacts the step solves (in colour order once `ContactColouring` ordered them).
    let activeContacts: UnsafeBufferPointer<Int32>
    /// The bundles the active contacts are solved in (`ContactSolver.prepare` fills them), the
    /// first slot of each and one past the last (`ContactColouring.bundleStarts`), and each
    /// bundle's restitution figures.
    let bundles: UnsafeMutableBufferPointer<ContactBundle>
    let bundleStarts: UnsafeBufferPointer<Int32>
    let bounces: UnsafeMutableBufferPointer<BounceLanes>
    let joints: UnsafeMutablePointer<Joint>
    let activeJoints: UnsafeBufferPointer<Int32>
}

extension StepContext {
    /// Runs `body` with the step context of `world` as it is now, after sizing its step buffers
    /// (`StepBuffers.size`). The step buffers' addresses are their own storage's; the world's
    /// bodies, contacts and joints are arrays, taken for the call.
    /// A step takes it twice: for the forces before the collision pass, which resizes the
    /// contact array, and for the solve after it.
    static func of<R>(_ world: PhysicsWorld, _ body: (StepContext) -> R) -> R {
        let buffers = world.stepBuffers
        buffers.size(bodyCount: world.bodies.records.count)
        let bundleCount = buffers.colouring.bundleCount
        let start = buffers.start.buffer, constrained = buffers.constrained.base, awake = buffers.awake.elements
        let activeContacts = buffers.activeContacts.elements, activeJoints = buffers.activeJoints.elements
        let bundles = buffers.bundles.prefix(bundleCount), bundleStarts = buffers.colouring.bundleStarts.elements
        let bounces = UnsafeMutableBufferPointer(start: buffers.bounces.base, count: bundleCount)
        return world.bodies.withBuffers { bodies in
        world.contacts.withUnsafeMutableBufferPointer { contacts in
        world.joints.withUnsafeMutableBufferPointer { joints in
            body(StepContext(motions: bodies.motions, bodies: bodies.bodies, start: start,
                             constrained: constrained, awake: awake,
                             contacts: base(contacts), activeContacts: activeContacts,
                             bundles: bundles, bundleStarts: bundleStarts, bounces: bounces,
                             joints: base(joints), activeJoints: activeJoints))
        }
        }
        }
    }

    /// The first element's address, or an aligned placeholder for an empty buffer.
    private static func base<T>(_ buffer: UnsafeMutableBufferPointer<T>) -> UnsafeMutablePointer<T> {
        buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: MemoryLayout<T>.alignment)!
    }
}
