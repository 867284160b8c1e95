// Islands and sleep: union–find over touching contacts and joints between awake dynamic bodies,
// rebuilt every step; an island whose bodies all rested for `timeToSleep` falls asleep together.
import Kinetic

extension PhysicsWorld {
    /// Wakes every dynamic body (sleeping switched off).
    func wakeAll() {
        for i in 1..<bodies.count { wakeBody(i) }
    }

    func updateSleep(_ h: Double) {
        let linear2 = Self.linearSleepTolerance * Self.linearSleepTolerance
        let angular2 = Self.angularSleepTolerance * Self.angularSleepTolerance
        let allowsSleeping = self.allowsSleeping
        motions.withUnsafeBufferPointer { motions in
        bodies.withUnsafeMutableBufferPointer { bodies in
            for index in awakeBodies {
                let i = Int(index)
                let m = motions[i]
                if !allowsSleeping || m.velocity.lengthSquared > linear2 || m.angularVelocity * m.angularVelocity > angular2 {
                    bodies[i].sleepTime = 0
                } else {
                    bodies[i].sleepTime += h
                }
            }
        }
        }
        guard allowsSleeping else { return }
        // No body has rested long enough: no island can sleep, skip the union–find.
        guard islands.reset(awakeBodies, bodies: bodies, timeToSleep: Self.timeToSleep) else { return }
        islands.join(awakeBodies, bodies: bodies, contacts: contacts, activeContacts: activeContacts,
                     joints: joints, activeJoints: activeJoints)
        for index in awakeBodies {
            let i = Int(index)
            guard let slot = islands.sleepSlot(of: i, timeToSleep: Self.timeToSleep,
                                               makeIsland: { sleepingIslands.makeIsland() }) else { continue }
            sleepingIslands.add(index, to: slot)
            bodies[i].isAwake = false
            bodies[i].sleepIsland = slot
            motions[i].velocity = .zero
            motions[i].angularVelocity = 0
            updateBox(i)
        }
    }
}
