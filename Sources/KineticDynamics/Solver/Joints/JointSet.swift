// The world's joints, apart from the world: the joints in slots handed out by an IDPool, and the
// rule that keeps a redefined joint's accumulated impulses, and a joint made from its definition.
// The world wakes the bodies; the step reads and writes the joints through its `StepContext`.

import Kinetic

/// The world's joints by handle. Everything here persists across steps (a snapshot of the world
/// holds it).
struct JointSet {
    /// The joints by slot; a removed joint stays in its slot, not alive, until `add` reuses it.
    private var slots = StableArray<Joint>()
    private var ids = IDPool()

    var indices: Range<Int> { slots.indices }

    subscript(j: Int) -> Joint { slots[j] }

    /// The slots' address, after making them unshared: the step's context takes it (see
    /// `StableArray.uniqueBase()`).
    mutating func uniqueBase() -> UnsafeMutablePointer<Joint> { slots.uniqueBase() }

    /// Fills `active` with the live joints the step solves (one of their bodies awake and
    /// dynamic; an inactive joint's body A is the ground), in slot order.
    func listActive(into active: StepArray<Int32>, bodies: BodyStore) {
        active.removeAll()
        slots.withUnsafeBufferPointer { slots in
        bodies.records.withUnsafeBufferPointer { bodies in
            for j in slots.indices where slots[j].isAlive && slots[j].a != 0
                && (bodies[Int(slots[j].a)].isAwakeDynamic || bodies[Int(slots[j].b)].isAwakeDynamic) {
                active.append(Int32(j))
            }
        }
        }
    }

    /// The first live joint from slot `start` on between an awake body and a sleeping one (neither
    /// anchored), or nil.
    func firstAcrossSleep(from start: Int, bodies: BodyStore) -> Int? {
        slots.withUnsafeBufferPointer { slots in
        bodies.records.withUnsafeBufferPointer { bodies in
            for j in start..<slots.count where slots[j].isAlive && slots[j].a != 0 && slots[j].b != 0 {
                let a = bodies[Int(slots[j].a)], b = bodies[Int(slots[j].b)]
                if !a.material.isAnchored && !b.material.isAnchored && a.isAwake != b.isAwake { return j }
            }
            return nil
        }
        }
    }

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

    /// `definition` as a joint between the bodies it names: non-finite or negative numbers
    /// replaced as `PhysicsWorld.addJoint` documents, and a joint naming a destroyed body, or
    /// body B equal to A, made inactive (both its bodies the ground).
    static func make(_ definition: JointDefinition, bodies: BodyStore) -> Joint {
        var d = definition
        if !(d.localAnchorA.x.isFinite && d.localAnchorA.y.isFinite) { d.localAnchorA = .zero }
        if !(d.anchorB.x.isFinite && d.anchorB.y.isFinite) { d.anchorB = .zero }
        if !d.frictionTorque.isFinite || d.frictionTorque < 0 { d.frictionTorque = 0 }
        if !d.motorSpeed.isFinite { d.motorSpeed = 0 }
        if !d.maxMotorForce.isFinite || d.maxMotorForce < 0 { d.maxMotorForce = 0 }
        switch d.kind {
        case .distance(let length, let frequency, let ratio):
            d.kind = .distance(length: length.isFinite ? max(length, 0) : 0,
                               frequency: frequency.isFinite ? max(frequency, 0) : 0,
                               dampingRatio: ratio.isFinite ? max(ratio, 0) : 0)
        case .limit(let minimum, let maximum):
            let lo = minimum.isFinite ? max(minimum, 0) : 0
            let hi = maximum.isNaN ? lo : max(maximum, lo)
            d.kind = .limit(minimum: lo, maximum: hi)
        default:
            break
        }
        var a = Int32(d.bodyA.raw)
        var b: Int32 = 0
        var usable = bodies.index(d.bodyA) != nil
        if let bodyB = d.bodyB {
            b = bodyB.raw
            usable = usable && bodies.index(bodyB) != nil && bodyB != d.bodyA
        }
        if !usable { a = 0; b = 0 }
        var joint = Joint(definition: d, a: a, b: b, localA: Vec2(d.localAnchorA), localB: Vec2(d.anchorB.x, d.anchorB.y),
                          referenceRotation: bodies.motions[Int(a)].rotation.relative(to: bodies.motions[Int(b)].rotation))
        joint.isAlive = true
        switch d.kind {
        case .sliding(let axis, _):
            let u = Vec2(axis).normalized
            joint.localAxis = u == .zero ? Vec2(1, 0) : u
        case .snap(_, let angle):
            joint.targetRotation = Rotation(angle: angle.isFinite ? angle : 0)
        default:
            break
        }
        return joint
    }

    private static func sameKind(_ a: JointDefinition.Kind, _ b: JointDefinition.Kind) -> Bool {
        switch (a, b) {
        case (.distance, .distance), (.limit, .limit), (.pin, .pin), (.fixed, .fixed), (.sliding, .sliding), (.snap, .snap): return true
        default: return false
        }
    }
}
