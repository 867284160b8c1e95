// Islands and sleep: union–find over touching contacts and joints between awake dynamic bodies,

import Kinetic
// rebuilt every step; an island whose bodies all rested for `timeToSleep` falls asleep together.

extension PhysicsWorld {
    @inline(__always) private func root(_ i: Int32) -> Int32 {
        var r = i
        while islandParent[Int(r)] != r { r = islandParent[Int(r)] }
        var k = i
        while islandParent[Int(k)] != r {                 // path compression
            let next = islandParent[Int(k)]
            islandParent[Int(k)] = r
            k = next
        }
        return r
    }

    @inline(__always) private func union(_ a: Int32, _ b: Int32) {
        let ra = root(a), rb = root(b)
        if ra == rb { return }
        // The smaller index is the root: the same islands whatever the union order.
        if ra < rb { islandParent[Int(rb)] = ra } else { islandParent[Int(ra)] = rb }
    }

    func updateSleep(_ h: Double) {
        let linear2 = Self.linearSleepTolerance * Self.linearSleepTolerance
        let angular2 = Self.angularSleepTolerance * Self.angularSleepTolerance
        for index in awakeBodies {
            let i = Int(index)
            let m = motions[i]
            if !allowsSleeping || m.velocity.lengthSquared > linear2 || m.angularVelocity * m.angularVelocity > angular2 {
                bodies[i].sleepTime = 0
            } else {
                bodies[i].sleepTime += h
            }
        }
        guard allowsSleeping else { return }
        let n = bodies.count
        if islandParent.count < n {
            islandParent = Array(repeating: 0, count: n)
            islandMinSleep = Array(repeating: 0, count: n)
            islandSlot = Array(repeating: -1, count: n)
        }
        for index in awakeBodies {
            islandParent[Int(index)] = index
            islandMinSleep[Int(index)] = .infinity
            islandSlot[Int(index)] = -1
        }
        for index in activeContacts {
            let c = contacts[Int(index)]
            guard c.isTouching, c.segment < 0 else { continue }
            if isAwakeDynamic(c.a) && isAwakeDynamic(c.b) { union(c.a, c.b) }
        }
        for index in activeJoints {
            let j = joints[Int(index)]
            if isAwakeDynamic(j.a) && isAwakeDynamic(j.b) { union(j.a, j.b) }
        }
        for index in awakeBodies {
            let r = Int(root(index))
            islandMinSleep[r] = min(islandMinSleep[r], bodies[Int(index)].sleepTime)
        }
        for index in awakeBodies {
            let i = Int(index)
            let r = Int(root(index))
            guard islandMinSleep[r] >= Self.timeToSleep else { continue }
            if islandSlot[r] < 0 {
                let slot: Int32
                if let free = freeIslands.popLast() { slot = free } else {
                    slot = Int32(sleepingIslands.count)
                    sleepingIslands.append([])
                }
                islandSlot[r] = slot
            }
            let slot = islandSlot[r]
            sleepingIslands[Int(slot)].append(index)
            bodies[i].isAwake = false
            bodies[i].sleepIsland = slot
            motions[i].velocity = .zero
            motions[i].angularVelocity = 0
            updateBox(i)
        }
    }
}
