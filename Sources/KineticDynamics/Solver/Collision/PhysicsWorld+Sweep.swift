// Boundaries hold: after the solve, no body's core ends a step across a boundary segment it
// collides with (see `CollisionContext.keepCoresInsideBoundaries`).
import Kinetic

extension PhysicsWorld {
    /// The guards that keep every body's core inside the boundaries it collides with.
    func keepCoresInsideBoundaries() {
        if boundaries.segments.isEmpty { return }
        let buffers = stepBuffers
        withCollisionContext { context, contacts in
            context.keepCoresInsideBoundaries(awake: buffers.awake.elements, start: buffers.start.elements,
                                              contacts: contacts, active: buffers.activeContacts.elements,
                                              bundles: UnsafeBufferPointer(buffers.bundles.prefix(buffers.colouring.bundleCount)))
        }
    }
}
