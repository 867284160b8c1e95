// A growable buffer at a stable address that the page reads out of linear memory.

/// A growable buffer at a stable address the page reads from linear memory (the address
/// changes only when it grows, and the page asks for it again after each call).
struct WasmBuffer<Element> {
    var pointer = UnsafeMutablePointer<Element>.allocate(capacity: 16)
    var capacity = 16
    var count = 0

    /// Makes room for `n` elements; false (the old buffer kept) if the allocation fails.
    @discardableResult
    mutating func reserve(_ n: Int) -> Bool {
        guard n > capacity else { return true }
        let size = Swift.max(n, capacity * 2)
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: size)
        // Embedded Swift's allocation returns null when malloc fails; keep the old buffer.
        guard Int(bitPattern: fresh) != 0 else { return false }
        pointer.deallocate()
        pointer = fresh
        capacity = size
        return true
    }

    mutating func set(_ elements: [Element]) {
        guard reserve(elements.count) else { count = 0; return }
        elements.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { pointer.update(from: base, count: source.count) }
        }
        count = elements.count
    }
}
