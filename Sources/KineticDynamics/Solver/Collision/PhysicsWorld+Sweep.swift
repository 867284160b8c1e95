// Boundaries hold: after the solve, no body's core ends a step across a boundary segment it
// collides with (see `CollisionContext.keepCoresInsideBoundaries`).
import Kinetic

extension PhysicsWorld {
    /// The guards that keep every body's core inside the boundaries it collides with.
    func keepCoresInsideBoundaries() {
        if boundaries.segments.isEmpty { return }
        withCollisionContext { context, contacts in
        startStates.withUnsafeBufferPointer { start in
        awakeBodies.withUnsafeBufferPointer { awake in
        activeContacts.withUnsafeBufferPointer { active in
            context.keepCoresInsideBoundaries(awake: awake, start: start, contacts: contacts, active: active,
                                              bundles: UnsafeBufferPointer(bundleBuffer.prefix(colouring.bundleCount)))
        }
        }
        }
        }
    }
}
