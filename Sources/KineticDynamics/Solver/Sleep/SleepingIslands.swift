// Sleeping islands, apart from the world (Box2D v3's sleeping solver sets, in small): each island
// is the list of bodies that fell asleep together and wake together, in a slot of the one IDPool
// mechanism. The world's `updateSleep` decides who sleeps; `wake` wakes a whole island.

import Kinetic

struct SleepingIslands {
    /// Each island's bodies, in the order they fell asleep (a freed island's list is empty).
    private(set) var members: [[Int32]] = []
    private(set) var ids = IDPool()

    /// A new, empty island.
    mutating func makeIsland() -> Int32 {
        if let slot = ids.reuse() { return slot }
        members.append([])
        return Int32(members.count - 1)
    }

    mutating func add(_ body: Int32, to island: Int32) {
        members[Int(island)].append(body)
    }

    /// Frees `island`, calling `wake` with each of its bodies in the order they fell asleep.
    mutating func removeIsland(_ island: Int32, _ wake: (Int) -> Void) {
        for member in members[Int(island)] { wake(Int(member)) }
        members[Int(island)].removeAll(keepingCapacity: true)
        ids.release(island)
    }

    /// Wakes body `i` of `bodies` and, if it sleeps, its whole island (nothing for the ground or
    /// a destroyed or anchored body).
    mutating func wake(_ i: Int, in bodies: inout BodyStore) {
        guard i > 0, i < bodies.records.count, bodies.records[i].isAlive, !bodies.records[i].material.isAnchored else { return }
        let island = bodies.records[i].sleepIsland
        if island >= 0 {
            removeIsland(island) { k in
                bodies.records[k].isAwake = true
                bodies.records[k].sleepTime = 0
                bodies.records[k].sleepIsland = -1
            }
        }
        bodies.records[i].isAwake = true
        bodies.records[i].sleepTime = 0
        bodies.records[i].sleepIsland = -1
    }
}
