// Islands and sleep: union–find over touching contacts and joints between awake dynamic bodies,
// rebuilt every step; an island whose bodies all rested for `timeToSleep` falls asleep together.
import Kinetic

extension PhysicsWorld {
    /// Wakes every dynamic body (sleeping switched off).
    func wakeAll() {
        for i in 1..<bodies.records.count { wakeBody(i) }
    }

    func updateSleep(_ h: Double) {
        let buffers = stepBuffers, awake = buffers.awake.elements
        bodies.updateSleepTimes(awake, h, allowsSleeping: allowsSleeping)
        guard allowsSleeping else { return }
        // No body has rested long enough: no island can sleep, skip the union–find.
        guard buffers.islands.reset(awake, bodies: bodies.records, timeToSleep: Self.timeToSleep) else { return }
        buffers.islands.join(awake, bodies: bodies.records, contacts: contacts, activeContacts: buffers.activeContacts.elements,
                             joints: joints, activeJoints: buffers.activeJoints.elements)
        for index in awake {
            let i = Int(index)
            guard let slot = buffers.islands.sleepSlot(of: i, timeToSleep: Self.timeToSleep,
                                                       makeIsland: { sleepingIslands.makeIsland() }) else { continue }
            sleepingIslands.add(index, to: slot)
            bodies.putToSleep(i, island: slot)
        }
    }
}
