// The world's bookkeeping behind the public calls: clamps, waking, joint set-up.

import Kinetic

extension PhysicsWorld {
    /// `maxTranslation` and `maxRotation` per step, per second.
    var speedLimits: SpeedLimits {
        SpeedLimits(linear: Self.maxTranslation * stepRate, angular: Self.maxRotation * stepRate)
    }

    @inline(__always) func clampedSum(_ a: Vec2, _ b: Vec2) -> Vec2 {
        Vec2(clampedSum(a.x, b.x), clampedSum(a.y, b.y))
    }

    @inline(__always) func clampedSum(_ a: Double, _ b: Double) -> Double {
        let s = a + b
        guard s.isFinite else { return b > 0 ? Self.maxInput : -Self.maxInput }
        return min(max(s, -Self.maxInput), Self.maxInput)
    }

    /// Wakes body `i` and the island it sleeps in.
    func wakeBody(_ i: Int) {
        guard i > 0, i < bodies.records.count, bodies.records[i].isAlive, !bodies.records[i].material.isAnchored else { return }
        let island = bodies.records[i].sleepIsland
        if island >= 0 {
            sleepingIslands.removeIsland(island) { k in
                bodies.records[k].isAwake = true
                bodies.records[k].sleepTime = 0
                bodies.records[k].sleepIsland = -1
            }
        }
        bodies.records[i].isAwake = true
        bodies.records[i].sleepTime = 0
        bodies.records[i].sleepIsland = -1
    }

    /// Wakes every body in contact with body `i` (after it moved, changed or went away).
    func wakeContacts(of i: Int) {
        let me = Int32(i)
        for c in contacts.indices where contacts[c].a == me || contacts[c].b == me {
            wakeBody(Int(contacts[c].a))
            wakeBody(Int(contacts[c].b))
        }
    }

    func wakeJoint(_ j: Int) {
        wakeBody(Int(joints[j].a))
        wakeBody(Int(joints[j].b))
    }

    func makeJoint(_ definition: JointDefinition) -> Joint {
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
}

extension PhysicsWorld {
    /// `applyAcceleration(acceleration, to:)` for each awake dynamic body of `ids` (gravity's one
    /// call a step): the same sums in the same order, without a lookup and a call per body.
    /// Unknown handles, sleeping and anchored bodies are skipped; a non-finite acceleration is ignored.
    func applyAccelerationToAwake(_ acceleration: Vector, _ ids: [BodyID]) {
        guard acceleration.x.isFinite, acceleration.y.isFinite else { return }
        let a = Vec2(acceleration)
        ids.withUnsafeBufferPointer { ids in
        bodies.records.withUnsafeMutableBufferPointer { bodies in
            for id in ids {
                let i = Int(id.raw)
                guard i > 0, i < bodies.count, bodies[i].isAlive, bodies[i].isAwake, !bodies[i].material.isAnchored else { continue }
                bodies[i].acceleration = clampedSum(bodies[i].acceleration, a)
            }
        }
        }
    }
}
