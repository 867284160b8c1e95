// Step buffers whose elements start on cache lines. A Swift array's elements start 32 bytes past
// a 16-byte-aligned allocation, so in an array of contact bundles (880 bytes) every other
// `SIMD4<Double>` lane (32 bytes, aligned to 16) of one bundle in two crosses a 64-byte line: the
// sweeps' and `prepare`'s vector loads and stores of such a lane touch two lines. With its
// elements on 64-byte boundaries and a stride of whole lines, no lane of a bundle crosses one
// (Benchmarks/README, session 2026-12-03 evening).

import Kinetic

/// A growable buffer of trivial elements on 64-byte boundaries, owned by its world. Growing it
/// does not keep its contents: its users rewrite it every step before they read it.
final class CacheAlignedBuffer<Element> {
    /// The cache line the elements are aligned to.
    static var alignment: Int { 64 }

    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity = 0

    /// An empty buffer, `initial` filling the elements it will grow to.
    init(_ initial: Element) {
        precondition(MemoryLayout<Element>.stride % Self.alignment == 0, "an element must be whole cache lines")
        self.initial = initial
        base = Self.allocate(0)
    }

    private let initial: Element

    private static func allocate(_ count: Int) -> UnsafeMutablePointer<Element> {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1) * MemoryLayout<Element>.stride,
                                                   alignment: alignment)
        return raw.bindMemory(to: Element.self, capacity: max(count, 1))
    }

    /// Makes room for at least `count` elements (each `initial` when the buffer grows).
    func reserve(_ count: Int) {
        if count <= capacity { return }
        let grown = max(count, 2 * capacity)
        base.deinitialize(count: capacity)
        base.deallocate()
        base = Self.allocate(grown)
        base.initialize(repeating: initial, count: grown)
        capacity = grown
    }

    /// The first `count` elements (at most `capacity`).
    func prefix(_ count: Int) -> UnsafeMutableBufferPointer<Element> {
        precondition(count <= capacity)
        return UnsafeMutableBufferPointer(start: base, count: count)
    }

    deinit {
        base.deinitialize(count: capacity)
        base.deallocate()
    }
}
