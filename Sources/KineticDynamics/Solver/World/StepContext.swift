// The pointers a step's solver functions work through, taken in one place (Box2D v3's b2StepContext).
import Kinetic

/// The world's arrays as one step's solver functions see them: pointers taken once by
/// `StepContext.of(_:_:)`, instead of a nest of `withUnsafe…` closures around every call.
/// Valid only inside that call, while nothing resizes the arrays. A pointer into an empty array
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
    /// Runs `body` with the step context of `world`'s arrays as they are now, after sizing its
    /// step buffers (`startStates` to the bodies, `bundleBuffer` and `bounceBuffer` to the
    /// colouring's bundles).
    /// A step takes it twice: for the forces before the collision pass, which resizes the
    /// contact arrays, and for the solve after it.
    static func of<R>(_ world: PhysicsWorld, _ body: (StepContext) -> R) -> R {
        world.sizeStepBuffers()
        let bundleCount = world.colouring.bundleCount
        return world.bodies.withBuffers { bodies in
        world.colouring.bundleStarts.withUnsafeBufferPointer { bundleStarts in
        world.bounceBuffer.withUnsafeMutableBufferPointer { bounces in
        world.startStates.withUnsafeMutableBufferPointer { start in
        world.constrainedBodies.withUnsafeMutableBufferPointer { constrained in
        world.awakeBodies.withUnsafeBufferPointer { awake in
        world.contacts.withUnsafeMutableBufferPointer { contacts in
        world.activeContacts.withUnsafeBufferPointer { activeContacts in
        world.joints.withUnsafeMutableBufferPointer { joints in
        world.activeJoints.withUnsafeBufferPointer { activeJoints in
            body(StepContext(motions: bodies.motions, bodies: bodies.bodies, start: start,
                             constrained: constrained.baseAddress!, awake: awake,
                             contacts: base(contacts), activeContacts: activeContacts,
                             bundles: world.bundleBuffer.prefix(bundleCount),
                             bundleStarts: bundleStarts,
                             bounces: UnsafeMutableBufferPointer(rebasing: bounces[0..<bundleCount]),
                             joints: base(joints), activeJoints: activeJoints))
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
    }

    /// The first element's address, or an aligned placeholder for an empty buffer.
    private static func base<T>(_ buffer: UnsafeMutableBufferPointer<T>) -> UnsafeMutablePointer<T> {
        buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: MemoryLayout<T>.alignment)!
    }
}

extension PhysicsWorld {
    /// Grows the step buffers `StepContext.of` points into: `startStates` and
    /// `constrainedBodies` to the bodies (at least one, so the flags have an address), the
    /// bundles to the colouring's (none before the first colouring, and the last step's before
    /// this step's: only the solve, after the colouring, reads them).
    fileprivate func sizeStepBuffers() {
        if startStates.count < bodies.records.count {
            startStates.append(contentsOf: repeatElement(StartState(), count: bodies.records.count - startStates.count))
        }
        let flags = max(bodies.records.count, 1)
        if constrainedBodies.count < flags {
            constrainedBodies.append(contentsOf: repeatElement(false, count: flags - constrainedBodies.count))
        }
        let bundleCount = colouring.bundleCount
        bundleBuffer.reserve(bundleCount)
        if bounceBuffer.count < bundleCount {
            bounceBuffer.append(contentsOf: repeatElement(BounceLanes(), count: bundleCount - bounceBuffer.count))
        }
    }
}
