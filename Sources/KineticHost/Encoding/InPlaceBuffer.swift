// A growable buffer that a host in another language reads in place: the render list's encoding and the C ABI's results.

/// A growable buffer whose elements stay at one address until it grows, so a host in another
/// language (the page, out of WebAssembly memory) can read them in place, asking for the
/// address again after each call. For trivial element types only: nothing is deinitialized.
package final class InPlaceBuffer<Element> {
    /// The first element's address.
    package private(set) var base: UnsafeMutablePointer<Element>
    /// The number of elements.
    package private(set) var count = 0
    private var capacity = 16

    package init() { base = UnsafeMutablePointer<Element>.allocate(capacity: 16) }
    deinit { base.deallocate() }

    /// The elements, copied.
    package var array: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

    package subscript(i: Int) -> Element {
        get { base[i] }
        set { base[i] = newValue }
    }

    package func removeAll() { count = 0 }

    package func removeLast(_ n: Int) { count -= n }

    package func append(_ element: Element) {
        grow(to: count + 1)
        (base + count).initialize(to: element)
        count += 1
    }

    package func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        grow(to: count + elements.count)
        (base + count).initialize(from: source, count: elements.count)
        count += elements.count
    }

    package func append(contentsOf other: InPlaceBuffer<Element>) {
        append(contentsOf: UnsafeBufferPointer(start: other.base, count: other.count))
    }

    /// Appends `n` zeros.
    package func appendZeros(_ n: Int) where Element == Double {
        grow(to: count + n)
        (base + count).initialize(repeating: 0, count: n)
        count += n
    }

    /// Replaces the elements with `elements`; empties the buffer if the allocation fails.
    package func set(_ elements: [Element]) {
        count = 0
        guard reserve(elements.count) else { return }
        elements.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Makes the buffer `n` elements long, for the other language to write (the new elements
    /// hold whatever was there); false, and the buffer emptied, if the allocation fails.
    package func resize(to n: Int) -> Bool {
        guard reserve(n) else {
            count = 0
            return false
        }
        count = n
        return true
    }

    /// Makes room for `n` elements; false, keeping the old buffer, if the allocation fails
    /// (Embedded Swift's allocation returns null when malloc does).
    private func reserve(_ n: Int) -> Bool {
        guard n > capacity else { return true }
        let size = Swift.max(n, 2 * capacity)
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: size)
        guard Int(bitPattern: fresh) != 0 else { return false }
        fresh.moveInitialize(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = size
        return true
    }

    /// ``reserve(_:)``, trapping if the allocation fails (as an array's growth does).
    private func grow(to n: Int) {
        guard reserve(n) else { fatalError("out of memory") }
    }
}
