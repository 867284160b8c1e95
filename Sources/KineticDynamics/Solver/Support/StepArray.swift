// A list the step keeps a pointer into: storage of its own, which stays put until the list grows,
// so a step reads and writes it through one address instead of a closure around each use.

import Kinetic

/// A growable list of trivial elements in storage it owns, for a step's buffers. Its address
/// (`buffer`, `elements`) stays valid while nothing grows the list; removing elements keeps the
/// capacity, so a list that every step rewrites allocates only when the world has grown.
final class StepArray<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity = 1

    /// An empty list (with room for one element, so it always has an address).
    init() {
        base = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The elements, valid until the list grows.
    var buffer: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// Makes room for at least `minimum` elements (twice the capacity when it grows, at least).
    func reserve(_ minimum: Int) {
        if minimum <= capacity { return }
        let grown = max(minimum, 2 * capacity)
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: grown)
        storage.moveInitialize(from: base, count: count)
        base.deallocate()
        base = storage
        capacity = grown
    }

    @inline(__always)
    func append(_ element: Element) {
        if count == capacity { reserve(count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends `n` copies of `element`.
    func append(repeating element: Element, count n: Int) {
        guard n > 0 else { return }
        reserve(count + n)
        (base + count).initialize(repeating: element, count: n)
        count += n
    }

    /// Appends copies of `element` until the list holds at least `n`.
    func grow(to n: Int, with element: Element) {
        if count < n { append(repeating: element, count: n - count) }
    }

    /// Removes the last `n` elements, keeping the capacity.
    func removeLast(_ n: Int) {
        precondition(n >= 0 && n <= count)
        (base + count - n).deinitialize(count: n)
        count -= n
    }

    /// Removes every element, keeping the capacity.
    func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R { body(elements) }
    func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) -> R) -> R { body(buffer) }
}
