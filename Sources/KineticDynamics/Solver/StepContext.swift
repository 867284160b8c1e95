// The pointers a step's solver functions work through, taken in one place (Box2D v3's b2StepContext).
import Kinetic

/// The world's arrays as one step's solver functions see them: pointers taken once by
/// `PhysicsWorld.withStepContext`, instead of a nest of `withUnsafe…` closures around every call.
/// Valid only inside that call, while nothing resizes the arrays. A pointer into an empty array
/// is a placeholder that is never dereferenced (its list of indices is empty too).
struct StepContext {
    let motions: UnsafeMutablePointer<Motion>
    let bodies: UnsafeMutablePointer<BodyRecord>
    /// At least one per body: the step's start state (velocities, pose, applied forces' share).
    let start: UnsafeMutableBufferPointer<StartState>
    /// The awake bodies that can move, in index order.
    let awake: UnsafeBufferPointer<Int32>
    let contacts: UnsafeMutablePointer<Contact>
    /// The contacts the step solves (in colour order once `ContactColouring` ordered them), and their compact
    /// copies for the substeps, one per slot of `activeContacts`.
    let activeContacts: UnsafeBufferPointer<Int32>
    let constraints: UnsafeMutableBufferPointer<VelocityConstraint>
    let joints: UnsafeMutablePointer<Joint>
    let activeJoints: UnsafeBufferPointer<Int32>
}

extension PhysicsWorld {
    /// Runs `body` with the step context of the world's arrays as they are now, after sizing the
    /// step buffers (`startStates` to the bodies, `constraintBuffer` to the active contacts).
    /// A step takes it twice: for the forces before the collision pass, which resizes the
    /// contact arrays, and for the solve after it.
    func withStepContext<R>(_ body: (StepContext) -> R) -> R {
        if startStates.count < bodies.records.count {
            startStates.append(contentsOf: repeatElement(StartState(), count: bodies.records.count - startStates.count))
        }
        if constraintBuffer.count < activeContacts.count {
            constraintBuffer.append(contentsOf: repeatElement(VelocityConstraint(), count: activeContacts.count - constraintBuffer.count))
        }
        let used = activeContacts.count
        return bodies.withBuffers { bodies in
        startStates.withUnsafeMutableBufferPointer { start in
        awakeBodies.withUnsafeBufferPointer { awake in
        contacts.withUnsafeMutableBufferPointer { contacts in
        activeContacts.withUnsafeBufferPointer { activeContacts in
        constraintBuffer.withUnsafeMutableBufferPointer { constraints in
        joints.withUnsafeMutableBufferPointer { joints in
        activeJoints.withUnsafeBufferPointer { activeJoints in
            body(StepContext(motions: bodies.motions, bodies: bodies.bodies, start: start, awake: awake,
                             contacts: Self.base(contacts), activeContacts: activeContacts,
                             constraints: UnsafeMutableBufferPointer(rebasing: constraints[0..<used]),
                             joints: Self.base(joints), activeJoints: activeJoints))
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
