// Contact events, apart from the world: the (body, partner) pairs touching at the end of a step,
// compared with those of the step before, give the pairs that began or ended touching.

import Kinetic

/// The contact events of the last step and the pairs they are measured from. The pairs touching
/// at the end of a step persist to the next one (its events compare with them), so a snapshot of
/// the world holds this value.
struct ContactEventLog {
    /// The pairs touching at the end of the last step, sorted by key, one record per pair.
    private(set) var previousTouching: [TouchRecord] = []
    /// The pairs touching now (a buffer `record` rewrites, then swaps with `previousTouching`).
    private var touching: [TouchRecord] = []
    /// The contacts that began or ended during the last step, in a deterministic order: sorted by
    /// (body, partner), bodies before boundaries. One event per pair, whose `body` is the lower
    /// body index of a body pair.
    private(set) var events: [ContactEvent] = []

    /// Forgets the last step's events (they were delivered).
    mutating func clearEvents() {
        events.removeAll(keepingCapacity: true)
    }

    /// Whether `previousTouching` holds the pairs touching at the end of the last step: false
    /// after a step that recorded nothing (``pause()``), until ``resume(contacts:segments:)``.
    private(set) var isCurrent = true

    /// Stops keeping the touching pairs (a step whose world records no events): the log's
    /// pairs are forgotten, and ``resume(contacts:segments:)`` finds them again before the next
    /// step that records.
    mutating func pause() {
        guard isCurrent else { return }
        previousTouching.removeAll(keepingCapacity: true)
        isCurrent = false
    }

    /// Takes the pairs touching in `contacts` (as the last step left them) as the previous
    /// step's, without events: recording that had been paused goes on as if it never had.
    mutating func resume(contacts: StableArray<Contact>, segments: [Segment]) {
        Self.gatherTouching(contacts: contacts, segments: segments, into: &previousTouching)
        isCurrent = true
    }

    /// Appends the began/ended events from the (body, partner) pairs touching in `contacts` now
    /// and one step ago; a contact with a segment of `segments` counts as touching its boundary.
    mutating func record(contacts: StableArray<Contact>, segments: [Segment]) {
        Self.gatherTouching(contacts: contacts, segments: segments, into: &touching)
        var i = 0, j = 0
        while i < touching.count || j < previousTouching.count {
            if j >= previousTouching.count || (i < touching.count && touching[i].key < previousTouching[j].key) {
                events.append(Self.event(.began, touching[i]))
                i += 1
            } else if i >= touching.count || previousTouching[j].key < touching[i].key {
                events.append(Self.event(.ended, previousTouching[j]))
                j += 1
            } else {
                i += 1; j += 1
            }
        }
        swap(&touching, &previousTouching)
    }

    /// The (body, partner) pairs touching in `contacts`, sorted by key, one record per pair (a
    /// body may touch several segments of one boundary).
    private static func gatherTouching(contacts: StableArray<Contact>, segments: [Segment], into touching: inout [TouchRecord]) {
        touching.removeAll(keepingCapacity: true)
        contacts.withUnsafeBufferPointer { contacts in
        segments.withUnsafeBufferPointer { segments in
            for k in contacts.indices where contacts[k].isTouching && contacts[k].pointCount > 0 {
                var key = contacts[k].key
                let segment = contacts[k].segment
                if segment >= 0 {
                    key = UInt64(UInt32(contacts[k].b)) << 32 | UInt64(BroadPhase.segmentFlag | UInt32(segments[Int(segment)].boundary))
                }
                touching.append(TouchRecord(key: key, point: contacts[k].worldPoint))
            }
        }
        }
        touching.withUnsafeMutableBufferPointer { KeySort.sort($0) }
        var unique = 0
        for k in touching.indices where k == 0 || touching[k].key != touching[unique - 1].key {
            touching[unique] = touching[k]
            unique += 1
        }
        touching.removeLast(touching.count - unique)
    }

    private static func event(_ phase: ContactEvent.Phase, _ t: TouchRecord) -> ContactEvent {
        let body = BodyID(raw: Int32(truncatingIfNeeded: t.key >> 32))
        let low = UInt32(truncatingIfNeeded: t.key)
        let partner: ContactPartner = low & BroadPhase.segmentFlag != 0
            ? .boundary(BoundaryID(raw: Int32(low & ~BroadPhase.segmentFlag)))
            : .body(BodyID(raw: Int32(low)))
        return ContactEvent(phase: phase, body: body, partner: partner, point: t.point.point)
    }
}
