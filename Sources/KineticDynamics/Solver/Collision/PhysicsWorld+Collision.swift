// Finding contacts: the persistent broad phase's pairs, merged with last step's sorted contact
// list (which carries impulses over for warm starting) whenever a fat box moved, then the
// manifolds (`CollisionContext.collide`), and the order the active ones are solved in.
import Kinetic

extension PhysicsWorld {
    /// Runs `body` with the storage the narrow phase reads and the contacts, as raw pointers.
    @inline(__always)
    func withCollisionContext<R>(_ body: (CollisionContext, UnsafeMutablePointer<Contact>) -> R) -> R {
        let placeholder = UnsafePointer<Vec2>(bitPattern: 8)!
        return bodies.withBuffers { store in
        boundaries.segments.withUnsafeBufferPointer { segments in
        boundaries.vertices.withUnsafeBufferPointer { segV in
        boundaries.normals.withUnsafeBufferPointer { segN in
        contacts.withUnsafeMutableBufferPointer { contacts in
            body(CollisionContext(store: store, segments: segments,
                                  segmentVertices: segV.baseAddress ?? placeholder, segmentNormals: segN.baseAddress ?? placeholder),
                 contacts.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!)
        }
        }
        }
        }
        }
    }

    /// Broad phase (pairs found again only when a fat box moved), merge, narrowphase; wakes
    /// sleeping bodies hit by awake ones (when `wakingSleepers`: some body sleeps); fills
    /// `activeContacts` and their `contactEnds`.
    func updateContacts(wakingSleepers: Bool) {
        pairs.update(&contacts, broadPhase: &broadPhase, bodies: bodies, boundaries: boundaries)
        let count = contacts.count
        let buffers = stepBuffers
        buffers.activeContacts.removeAll()
        // Pass 1: a sleeping island touched by an awake body wakes up.
        buffers.wakeCandidates.removeAll(keepingCapacity: true)
        if wakingSleepers {
            withCollisionContext { context, contacts in
                context.sleepersTouched(contacts, count: count, into: &buffers.wakeCandidates)
            }
        }
        for k in buffers.wakeCandidates {
            withCollisionContext { context, contacts in context.collide(contacts + Int(k)) }
            if contacts[Int(k)].pointCount > 0 {
                wakeBody(Int(contacts[Int(k)].a))
                wakeBody(Int(contacts[Int(k)].b))
            }
        }
        // Pass 2: every contact with an awake body.
        // At least one, so the buffer has an address.
        if buffers.contactEnds.count < max(count, 1) {
            buffers.contactEnds.append(contentsOf: repeatElement(ContactEnds(a: 0, movesA: false, b: 0, movesB: false),
                                                                 count: max(count, 1) - buffers.contactEnds.count))
        }
        let active = buffers.activeContacts
        buffers.contactEnds.withUnsafeMutableBufferPointer { ends in
            withCollisionContext { context, contacts in
                context.collideAwake(contacts, count: count, into: active, ends: ends.baseAddress!)
            }
        }
        ContactColouring.interleave(&buffers.activeContacts, scratch: &buffers.interleaved)
    }
}
