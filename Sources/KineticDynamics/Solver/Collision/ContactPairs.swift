// The broad phase's candidate pairs, sorted, and their merge into the world's contact list (which
// carries impulses over for warm starting): what changes the contact list between two steps.

import Kinetic

/// Finds the candidate pairs when a fat box moved and merges them with the contacts (both sorted
/// by key). Nothing here outlives a step: every buffer is rewritten before it is read.
struct ContactPairs {
    /// The candidate pairs of the last search, sorted by key, each once.
    private(set) var keys: [UInt64] = []
    /// The counting sort's scratch and bucket starts.
    private var scratch: [UInt64] = []
    private var bucketStarts: [Int32] = []
    /// Per body: whether its fat box moved this step (all false between merges).
    private var movedBodies: [Bool] = []
    /// The merged contact list as it is built (then swapped with the contacts).
    private var merged = StableArray<Contact>()
    /// The contacts' keys, in their order, as the last merge left them: the check that nothing
    /// changed reads 8 bytes a contact instead of a 288-byte contact each. Valid while the
    /// contacts are the merge's; the world only removes contacts otherwise (a removal changes the
    /// count, which `merge` checks) or restores a snapshot (`forgetContactKeys`).
    private var contactKeys: [UInt64] = []
    private var mergedKeys: [UInt64] = []

    /// Brings the broad phase up to date (rebuilt when it `needsRebuild`, else its moved boxes)
    /// and, if a fat box moved, finds the pairs again (all of them, or only the moved bodies'
    /// when few moved) and merges them into `contacts`, new contacts set up from `bodies`.
    mutating func update(_ contacts: inout StableArray<Contact>, broadPhase: inout BroadPhase, bodies: BodyStore, boundaries: BoundarySet) {
        var onlyMoved = false
        if broadPhase.needsRebuild {
            broadPhase.rebuild(bodies: bodies.records, segments: boundaries.segments, segmentVertices: boundaries.vertices)
        } else {
            bodies.records.withUnsafeBufferPointer { broadPhase.update(bodies: $0) }
            onlyMoved = broadPhase.isFewMoved
        }
        if broadPhase.hasMoved {
            update(&contacts, broadPhase: &broadPhase, onlyMoved: onlyMoved, bodies: bodies.records, segments: boundaries.segments) {
                bodies.setUpPair(&$0)
            }
        }
    }

    /// Drops the contacts' keys kept from the last merge (the contacts were replaced).
    mutating func forgetContactKeys() {
        contactKeys.removeAll(keepingCapacity: true)
    }

    /// Finds the pairs again, all of them or (`onlyMoved`) those with a body whose fat box moved,
    /// and merges them into `contacts`; `setUp` fills a new contact from its key.
    mutating func update(_ contacts: inout StableArray<Contact>, broadPhase: inout BroadPhase, onlyMoved: Bool,
                         bodies: StableArray<BodyRecord>, segments: [Segment], setUp: (inout Contact) -> Void) {
        find(broadPhase: &broadPhase, onlyMoved: onlyMoved, bodies: bodies, segments: segments)
        guard onlyMoved else {
            merge(&contacts, movedBodies: nil, setUp: setUp)
            return
        }
        // Taken out of `self` while `merge` runs, so it can be read through a pointer meanwhile.
        var moved: [Bool] = []
        swap(&moved, &movedBodies)
        if moved.count < bodies.count {
            moved.append(contentsOf: repeatElement(false, count: bodies.count - moved.count))
        }
        for slot in broadPhase.moved { moved[Int(broadPhase.proxies[Int(slot)].ref)] = true }
        moved.withUnsafeBufferPointer { merge(&contacts, movedBodies: $0, setUp: setUp) }
        for slot in broadPhase.moved { moved[Int(broadPhase.proxies[Int(slot)].ref)] = false }
        swap(&moved, &movedBodies)
    }

    /// Candidate pairs, sorted and each once, in `keys`: all of them, or (`onlyMoved`) those
    /// with a body whose fat box moved.
    private mutating func find(broadPhase: inout BroadPhase, onlyMoved: Bool, bodies: StableArray<BodyRecord>, segments: [Segment]) {
        keys.removeAll(keepingCapacity: true)
        bodies.withUnsafeBufferPointer { bodies in
        segments.withUnsafeBufferPointer { segments in
            if onlyMoved {
                broadPhase.findPairsOfMoved(into: &keys, bodies: bodies, segments: segments)
            } else {
                broadPhase.findPairs(into: &keys, bodies: bodies, segments: segments)
            }
        }
        }
        // Counting sort on the lower body index (persistent scratch): the sweep yields a few
        // pairs per body, so this is O(pairs + bodies) where the quicksort was O(pairs·log pairs).
        let bucketCount = bodies.count
        if scratch.count < keys.count {
            scratch.append(contentsOf: repeatElement(0, count: keys.count - scratch.count))
        }
        if bucketStarts.count < bucketCount + 1 {
            bucketStarts.append(contentsOf: repeatElement(0, count: bucketCount + 1 - bucketStarts.count))
        }
        keys.withUnsafeMutableBufferPointer { keys in
        scratch.withUnsafeMutableBufferPointer { scratch in
        bucketStarts.withUnsafeMutableBufferPointer { starts in
            KeySort.sortPairKeys(keys, scratch: scratch, starts: UnsafeMutableBufferPointer(rebasing: starts[0...bucketCount]))
        }
        }
        }
        // A pair of two moved bodies was found from both.
        var unique = 0
        for k in keys.indices where k == 0 || keys[k] != keys[unique - 1] {
            keys[unique] = keys[k]
            unique += 1
        }
        keys.removeLast(keys.count - unique)
    }

    /// Merges the candidate pairs with the existing contacts (both sorted by key): a pair already
    /// in contact keeps its contact, a new one gets a fresh contact (also between sleeping bodies:
    /// the pairs are found again only when a fat box moves, and a body may wake without moving),
    /// and a contact that is not among the pairs goes (its fat boxes no longer overlap), if it
    /// was looked for: with `movedBodies`, pairs were found only for the bodies flagged there.
    private mutating func merge(_ contacts: inout StableArray<Contact>, movedBodies: UnsafeBufferPointer<Bool>?,
                                setUp: (inout Contact) -> Void) {
        @inline(__always) func wasLookedFor(_ key: UInt64) -> Bool {
            guard let moved = movedBodies else { return true }
            let low = UInt32(truncatingIfNeeded: key)
            return moved[Int(key >> 32)] || (low & BroadPhase.segmentFlag == 0 && moved[Int(low)])
        }
        // The contacts' keys: those the last merge left, unless the contacts changed since.
        if movedBodies == nil || contactKeys.count != contacts.count {
            contactKeys.removeAll(keepingCapacity: true)
            for c in contacts.indices { contactKeys.append(contacts[c].key) }
        }
        // Nothing to change (the common case): every pair has its contact, and every contact
        // looked for was found.
        let unchanged = contactKeys.withUnsafeBufferPointer { held in
            keys.withUnsafeBufferPointer { keys in
                var k = 0
                for c in held.indices {
                    let key = held[c]
                    if k < keys.count && keys[k] < key { return false }          // a new pair
                    if k < keys.count && keys[k] == key { k += 1; continue }
                    if wasLookedFor(key) { return false }                          // a parted pair
                }
                return k == keys.count
            }
        }
        if unchanged { return }
        merged.removeAll(keepingCapacity: true)
        mergedKeys.removeAll(keepingCapacity: true)
        contacts.withUnsafeBufferPointer { contacts in
            var old = 0, k = 0
            let oldCount = contacts.count, keyCount = keys.count
            while old < oldCount || k < keyCount {
                if k < keyCount && (old == oldCount || keys[k] < contactKeys[old]) {
                    var c = Contact(key: keys[k], a: 0, b: 0)
                    setUp(&c)
                    merged.append(c)
                    mergedKeys.append(keys[k])
                    k += 1
                } else if k < keyCount && keys[k] == contactKeys[old] {
                    merged.append(contacts[old])
                    mergedKeys.append(keys[k])
                    old += 1; k += 1
                } else {
                    if !wasLookedFor(contactKeys[old]) {
                        merged.append(contacts[old])
                        mergedKeys.append(contactKeys[old])
                    }
                    old += 1
                }
            }
        }
        swap(&contacts, &merged)
        swap(&contactKeys, &mergedKeys)
    }
}
