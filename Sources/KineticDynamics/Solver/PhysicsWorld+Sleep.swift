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
        let n = bodies.count
        if islandParent.count < n {
            islandParent = Array(repeating: 0, count: n)
            islandMinSleep = Array(repeating: 0, count: n)
            islandSlot = Array(repeating: -1, count: n)
        }
        var anyCanSleep = false
        for index in awakeBodies {
            islandParent[Int(index)] = index
            islandMinSleep[Int(index)] = .infinity
            islandSlot[Int(index)] = -1
            if bodies[Int(index)].sleepTime >= Self.timeToSleep { anyCanSleep = true }
        }
        // No body has rested long enough: no island can sleep, skip the union–find.
        guard anyCanSleep else { return }
        contacts.withUnsafeBufferPointer { contacts in
        bodies.withUnsafeBufferPointer { bodies in
        islandParent.withUnsafeMutableBufferPointer { parent in
            @inline(__always) func root(_ i: Int32) -> Int32 {
                var r = i
                while parent[Int(r)] != r { r = parent[Int(r)] }
                var k = i
                while parent[Int(k)] != r {
                    let next = parent[Int(k)]
                    parent[Int(k)] = r
                    k = next
                }
                return r
            }
            @inline(__always) func awake(_ i: Int32) -> Bool {
                let r = bodies[Int(i)]
                return r.isAwake && r.isAlive && !r.material.isAnchored
            }
            @inline(__always) func union(_ a: Int32, _ b: Int32) {
                let ra = root(a), rb = root(b)
                if ra == rb { return }
                // The smaller index is the root: the same islands whatever the union order.
                if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb }
            }
            for index in activeContacts {
                let c = contacts[Int(index)]
                guard c.isTouching, c.segment < 0 else { continue }
                if awake(c.a) && awake(c.b) { union(c.a, c.b) }
            }
            for index in activeJoints {
                let j = joints[Int(index)]
                if awake(j.a) && awake(j.b) { union(j.a, j.b) }
            }
            for index in awakeBodies { _ = root(index) }         // flatten: parent is now the root
        }
        }
        }
        for index in awakeBodies {
            let r = Int(islandParent[Int(index)])
            islandMinSleep[r] = min(islandMinSleep[r], bodies[Int(index)].sleepTime)
        }
        for index in awakeBodies {
            let i = Int(index)
            let r = Int(islandParent[i])
            guard islandMinSleep[r] >= Self.timeToSleep else { continue }
            if islandSlot[r] < 0 { islandSlot[r] = sleepingIslands.makeIsland() }
            let slot = islandSlot[r]
            sleepingIslands.add(index, to: slot)
            bodies[i].isAwake = false
            bodies[i].sleepIsland = slot
            motions[i].velocity = .zero
            motions[i].angularVelocity = 0
            updateBox(i)
        }
    }
}
