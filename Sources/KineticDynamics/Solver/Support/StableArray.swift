// The world's persistent lists (bodies, contacts, joints): values, so a snapshot of the world is a
// few retains, in storage whose address a step can keep for its duration, as it keeps its
// step buffers' (`StepArray`).

import Kinetic

/// A copy-on-write list in storage of its own (`StableStorage`), whose elements stay at one
/// address while the list is not shared and does not grow. A mutation of a shared list copies it
/// first, as `Array`'s does, so a copy taken before a step is unchanged by it; `uniqueBase()`
/// makes it unshared and returns the address, which a step keeps (see `StepContext`) while nothing
/// copies or grows the list.
struct StableArray<Element> {
    private var storage: StableStorage<Element>

    /// An empty list.
    init() {
        storage = StableStorage(capacity: 0)
    }

    @inline(__always) private var base: UnsafeMutablePointer<Element> { storage.base }

    var count: Int { storage.count }

    /// Makes the storage unshared (a copy, when a snapshot holds it) with room for `minimum`
    /// elements at least (twice the capacity when it grows, at least).
    @inline(__always) private mutating func makeUnique(_ minimum: Int) {
        if !isKnownUniquelyReferenced(&storage) || minimum > storage.capacity { reallocate(minimum) }
    }

    private mutating func reallocate(_ minimum: Int) {
        let count = storage.count, capacity = storage.capacity
        let fresh = StableStorage<Element>(capacity: minimum > capacity ? Swift.max(minimum, 2 * capacity) : capacity)
        if isKnownUniquelyReferenced(&storage) {
            fresh.base.moveInitialize(from: storage.base, count: count)
            storage.count = 0
        } else {
            fresh.base.initialize(from: storage.base, count: count)
        }
        fresh.count = count
        storage = fresh
    }

    /// The elements' address for writing, after making the list unshared: valid while the list
    /// is neither copied and mutated nor grown.
    mutating func uniqueBase() -> UnsafeMutablePointer<Element> {
        makeUnique(0)
        return base
    }

    mutating func reserveCapacity(_ minimum: Int) { makeUnique(minimum) }

    mutating func append(_ element: Element) {
        let count = self.count
        makeUnique(count + 1)
        (base + count).initialize(to: element)
        storage.count = count + 1
    }

    mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }

    /// Removes every element; the capacity stays when `keepingCapacity` and the list is not shared.
    mutating func removeAll(keepingCapacity: Bool = false) {
        guard keepingCapacity, isKnownUniquelyReferenced(&storage) else {
            storage = StableStorage(capacity: 0)
            return
        }
        base.deinitialize(count: count)
        storage.count = 0
    }

    /// Removes the elements that match, keeping the others' order.
    mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        makeUnique(0)
        let base = self.base, count = self.count
        var kept = 0
        for i in 0..<count {
            if shouldRemove(base[i]) {
                (base + i).deinitialize(count: 1)
            } else {
                if kept != i { (base + kept).moveInitialize(from: base + i, count: 1) }
                kept += 1
            }
        }
        storage.count = kept
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R {
        withExtendedLifetime(storage) { body(UnsafeBufferPointer(start: base, count: count)) }
    }

    mutating func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) -> R) -> R {
        let base = uniqueBase()
        return withExtendedLifetime(storage) { body(UnsafeMutableBufferPointer(start: base, count: count)) }
    }
}

extension StableArray: RandomAccessCollection, MutableCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Element {
        // Read in place (a getter would copy the whole element, a joint or a contact, per access).
        @inline(__always) _read {
            precondition(i >= 0 && i < count, "StableArray index out of range")
            yield base[i]
        }
        @inline(__always) _modify {
            precondition(i >= 0 && i < count, "StableArray index out of range")
            makeUnique(0)
            yield &base[i]
        }
    }
}

extension StableArray: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: Element...) {
        self.init()
        append(contentsOf: elements)
    }
}

/// `StableArray`'s storage: an allocation of `capacity` elements (room for one at least, so that
/// it always has an address), the first `count` of them initialized. A list that grows moves to
/// new storage, so `base` is the storage's for its lifetime.
final class StableStorage<Element> {
    let base: UnsafeMutablePointer<Element>
    let capacity: Int
    var count = 0

    init(capacity: Int) {
        base = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(capacity, 1))
        self.capacity = capacity
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
