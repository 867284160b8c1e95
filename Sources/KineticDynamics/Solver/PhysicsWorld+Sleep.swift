// Islands and sleep: union–find over touching contacts and joints between awake dynamic bodies,
// rebuilt every step; an island whose bodies all rested for `timeToSleep` falls asleep together.
import Kinetic

extension PhysicsWorld {
    /// Wakes every dynamic body (sleeping switched off).
    func wakeAll() {
        for i in 1..<bodies.records.count { wakeBody(i) }
    }

    func updateSleep(_ h: Double) {
        let linear2 = Self.linearSleepTolerance * Self.linearSleepTolerance
        let angular2 = Self.angularSleepTolerance * Self.angularSleepTolerance
        let allowsSleeping = self.allowsSleeping
        bodies.withBuffers { buffers in
            let motions = buffers.motions, bodies = buffers.bodies
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
        guard allowsSleeping else { return }
        // No body has rested long enough: no island can sleep, skip the union–find.
        guard islands.reset(awakeBodies, bodies: bodies.records, timeToSleep: Self.timeToSleep) else { return }
        islands.join(awakeBodies, bodies: bodies.records, contacts: contacts, activeContacts: activeContacts,
                     joints: joints, activeJoints: activeJoints)
        for index in awakeBodies {
            let i = Int(index)
            guard let slot = islands.sleepSlot(of: i, timeToSleep: Self.timeToSleep,
                                               makeIsland: { sleepingIslands.makeIsland() }) else { continue }
            sleepingIslands.add(index, to: slot)
            bodies.records[i].isAwake = false
            bodies.records[i].sleepIsland = slot
            bodies.motions[i].velocity = .zero
            bodies.motions[i].angularVelocity = 0
            bodies.updateBox(i)
        }
    }
}
