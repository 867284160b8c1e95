// The one way the world hands out slots (Box2D v3's b2IdPool): bodies, boundary segments,
// boundaries, joints and sleeping islands each live in an array indexed by their handle, and a
// freed slot is reused before the array grows. Deterministic: the last slot freed is reused first.

import Kinetic

struct IDPool {
    /// The freed slots, the last freed at the end.
    private(set) var free: [Int32] = []
    /// Slots freed during the current step, to be reused only after it (`endStep`).
    private(set) var pending: [Int32] = []

    /// A freed slot to reuse, or nil: the caller then appends a new slot to its array.
    mutating func reuse() -> Int32? { free.popLast() }

    /// Frees `slot` for the next `reuse()`.
    mutating func release(_ slot: Int32) { free.append(slot) }

    /// Frees `slot` once the current step has ended (a destroyed body's handle still names it in
    /// that step's `.ended` events, so no new body may take it before then).
    mutating func releaseAfterStep(_ slot: Int32) { pending.append(slot) }

    /// The end of a step: the slots released during it become reusable, in the order released.
    mutating func endStep() {
        free.append(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
    }
}
