// The world's joints, apart from the world: the joints in slots handed out by an IDPool, and the
// rule that keeps a redefined joint's accumulated impulses. The world builds each joint from its
// definition (that reads the bodies) and wakes the bodies; the step reads and writes the joints
// through its `StepContext`.

import Kinetic

/// The world's joints by handle. Everything here persists across steps (a snapshot of the world
/// holds it).
struct JointSet {
    /// The joints by slot; a removed joint stays in its slot, not alive, until `add` reuses it.
    private var slots: [Joint] = []
    private var ids = IDPool()

    var indices: Range<Int> { slots.indices }

    subscript(j: Int) -> Joint { slots[j] }

    /// Whether slot `j` holds a joint that was added and not removed.
    func isAlive(_ j: Int) -> Bool { j >= 0 && j < slots.count && slots[j].isAlive }

    /// Stores `joint` in a freed slot, or a new one, and returns the slot.
    mutating func add(_ joint: Joint) -> Int {
        guard let free = ids.reuse() else {
            slots.append(joint)
            return slots.count - 1
        }
        slots[Int(free)] = joint
        return Int(free)
    }

    /// Replaces the joint in slot `j` by `joint`, which takes over the old joint's reference
    /// rotation and accumulated impulses when both join the same bodies and are of the same kind
    /// (a plain pin takes only its point's: it has no motor, limits or friction to carry them).
    mutating func replace(_ j: Int, with joint: Joint) {
        let old = slots[j]
        var new = joint
        if old.a == new.a && old.b == new.b && Self.sameKind(old.definition.kind, new.definition.kind) {
            new.referenceRotation = old.referenceRotation
            new.linearImpulse = old.linearImpulse; new.impulse = old.impulse
            new.angularImpulse = old.angularImpulse
            if !new.isPlainPin {
                new.lowerImpulse = old.lowerImpulse; new.upperImpulse = old.upperImpulse
                new.frictionImpulse = old.frictionImpulse; new.motorImpulse = old.motorImpulse
            }
        }
        slots[j] = new
    }

    /// Marks the joint in slot `j` removed and frees the slot for the next `add`.
    mutating func remove(_ j: Int) {
        slots[j].isAlive = false
        ids.release(Int32(j))
    }

    /// Runs `body` with the joints' storage (the step's context takes its pointer there).
    mutating func withUnsafeMutableBufferPointer<R>(_ body: (inout UnsafeMutableBufferPointer<Joint>) -> R) -> R {
        slots.withUnsafeMutableBufferPointer(body)
    }

    private static func sameKind(_ a: JointDefinition.Kind, _ b: JointDefinition.Kind) -> Bool {
        switch (a, b) {
        case (.distance, .distance), (.limit, .limit), (.pin, .pin), (.fixed, .fixed), (.sliding, .sliding), (.snap, .snap): return true
        default: return false
        }
    }
}
