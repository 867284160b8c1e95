// The cubic curve's inverse table, built on first use and shared by every copy of the curve.

#if canImport(Synchronization) && !canImport(Darwin)
import Synchronization
#endif

/// Where a ``CubicTimingParameters`` keeps its inverse table (see its `table` layout): a small
/// object made when the curve is created, empty until the first sample builds the table.
///
/// Creating a curve then costs one small allocation and no arithmetic on the table; the first
/// sample pays for the table (one allocation) and every later sample of the
/// curve or of any copy of it reads the same table. The table is a pure function of the control
/// points, so it does not matter which sample builds it or how often: two threads that sample a
/// fresh curve at once may both build it, and the second one's copy is thrown away.
///
/// Publication is an atomic compare-and-exchange with release ordering, read with acquire
/// ordering (a plain load on x86-64). Where the `Synchronization` module's `Atomic` is not
/// available without an availability check (Darwin before macOS 15/iOS 18), the table is built
/// when the curve is created instead, as before.
#if canImport(Synchronization) && !canImport(Darwin)
@usableFromInline
final class CubicInverseTable: Sendable {
    /// Whether the table is built on first use (else by the curve's initialiser).
    static var isLazy: Bool { true }

    /// The table's address, 0 until it is built.
    @usableFromInline let address: Atomic<UInt>

    init() { address = Atomic(0) }

    /// The table if it is built.
    @inlinable @inline(__always) var table: UnsafePointer<Double>? {
        UnsafePointer(bitPattern: address.load(ordering: .acquiring))
    }

    /// Publishes a table built by the caller, or, if another thread published one first, frees
    /// the caller's and returns that one (they are identical).
    func publish(_ built: UnsafeMutablePointer<Double>) -> UnsafePointer<Double> {
        let (exchanged, original) = address.compareExchange(
            expected: 0, desired: UInt(bitPattern: built), ordering: .acquiringAndReleasing)
        if exchanged { return UnsafePointer(built) }
        built.deallocate()
        return UnsafePointer(bitPattern: original)!
    }

    deinit {
        if let table { UnsafeMutablePointer(mutating: table).deallocate() }
    }
}
#else
@usableFromInline
final class CubicInverseTable: @unchecked Sendable {
    static var isLazy: Bool { false }

    /// Written once, by the curve's initialiser, before the object is shared.
    @usableFromInline private(set) var address: UInt = 0

    init() {}

    @inlinable @inline(__always) var table: UnsafePointer<Double>? { UnsafePointer(bitPattern: address) }

    func publish(_ built: UnsafeMutablePointer<Double>) -> UnsafePointer<Double> {
        if let table {
            built.deallocate()
            return table
        }
        address = UInt(bitPattern: built)
        return UnsafePointer(built)
    }

    deinit {
        if let table { UnsafeMutablePointer(mutating: table).deallocate() }
    }
}
#endif
