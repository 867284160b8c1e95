// Finding contacts: the persistent broad phase's pairs, merged with last step's sorted contact
// list (which carries impulses over for warm starting) whenever a fat box moved, then the
// manifolds (`CollisionContext.collide`), and the order the active ones are solved in.
import Kinetic

extension PhysicsWorld {
    static let segmentFlag = BroadPhase.segmentFlag

    /// Whether bodies, shapes, masks or boundaries changed since the broad phase's proxies were made.
    var proxiesDirty: Bool {
        get { broadPhase.needsRebuild }
        set { broadPhase.needsRebuild = newValue }
    }

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
    /// sleeping bodies hit by awake ones; fills `activeContacts`.
    func updateContacts() {
        var onlyMoved = false
        if broadPhase.needsRebuild {
            broadPhase.rebuild(bodies: bodies.records, segments: boundaries.segments, segmentVertices: boundaries.vertices)
        } else {
            bodies.records.withUnsafeBufferPointer { broadPhase.update(bodies: $0) }
            onlyMoved = broadPhase.isFewMoved
        }
        if broadPhase.hasMoved {
            pairs.update(&contacts, broadPhase: &broadPhase, onlyMoved: onlyMoved, bodies: bodies.records, segments: boundaries.segments) {
                bodies.setUpPair(&$0)
            }
        }
        let count = contacts.count
        activeContacts.removeAll(keepingCapacity: true)
        // Pass 1: a sleeping island touched by an awake body wakes up.
        wakeCandidates.removeAll(keepingCapacity: true)
        withCollisionContext { context, contacts in context.sleepersTouched(contacts, count: count, into: &wakeCandidates) }
        for k in wakeCandidates {
            withCollisionContext { context, contacts in context.collide(contacts + Int(k)) }
            if contacts[Int(k)].pointCount > 0 {
                wakeBody(Int(contacts[Int(k)].a))
                wakeBody(Int(contacts[Int(k)].b))
            }
        }
        // Pass 2: every contact with an awake body.
        var active = activeContacts
        activeContacts = []
        withCollisionContext { context, contacts in context.collideAwake(contacts, count: count, into: &active) }
        ContactColouring.interleave(&active, scratch: &interleaved)
        activeContacts = active
    }
}
