// The world's bookkeeping behind the public calls: clamps, waking, joint set-up.

import Kinetic

extension PhysicsWorld {
    /// `maxTranslation` and `maxRotation` per step, per second.
    var speedLimits: SpeedLimits {
        SpeedLimits(linear: Self.maxTranslation * stepRate, angular: Self.maxRotation * stepRate)
    }

    /// Wakes body `i` and the island it sleeps in.
    func wakeBody(_ i: Int) { sleepingIslands.wake(i, in: &bodies) }

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

    /// Wakes both bodies of each joint between an awake body and a sleeping one, in slot order.
    func wakeJointsAcrossSleep() {
        var j = 0
        while let k = joints.firstAcrossSleep(from: j, bodies: bodies) {
            wakeJoint(k)
            j = k + 1
        }
    }

    /// `applyAcceleration(acceleration, to:)` for each awake dynamic body of `ids` (gravity's one
    /// call a step): the same sums in the same order, without a lookup and a call per body.
    /// Unknown handles, sleeping and anchored bodies are skipped; a non-finite acceleration is ignored.
    func applyAccelerationToAwake(_ acceleration: Vector, _ ids: [BodyID]) {
        guard acceleration.x.isFinite, acceleration.y.isFinite else { return }
        bodies.addAcceleration(Vec2(acceleration), toAwake: ids)
    }
}
