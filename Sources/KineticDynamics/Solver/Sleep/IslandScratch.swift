// One step's islands of awake bodies, apart from the world: the union–find `updateSleep` rebuilds
// every step over the touching contacts and the joints, to find the islands that have rested long
// enough to fall asleep together.

import Kinetic

/// The union–find scratch of a step's sleep decision, indexed by body. Every step rewrites what
/// it reads (a snapshot of the world leaves it out).
struct IslandScratch {
    /// Each awake body's parent on the way to its island's root (after `join`, the root itself:
    /// the island's smallest body index).
    private var parent: [Int32] = []
    /// Each root's least sleep time over its island's bodies.
    private var minSleep: [Double] = []
    /// Each root's sleeping-island slot, or -1 until `sleepSlot` makes one.
    private var slot: [Int32] = []

    /// Sizes the buffers for `bodies` and makes each of `awake` an island of its own; returns
    /// whether any of them has rested for `timeToSleep` (if none has, no island can sleep).
    mutating func reset(_ awake: UnsafeBufferPointer<Int32>, bodies: StableArray<BodyRecord>, timeToSleep: Double) -> Bool {
        let n = bodies.count
        if parent.count < n {
            parent = Array(repeating: 0, count: n)
            minSleep = Array(repeating: 0, count: n)
            slot = Array(repeating: -1, count: n)
        }
        var anyCanSleep = false
        for index in awake {
            parent[Int(index)] = index
            minSleep[Int(index)] = .infinity
            slot[Int(index)] = -1
            if bodies[Int(index)].sleepTime >= timeToSleep { anyCanSleep = true }
        }
        return anyCanSleep
    }

    /// Joins the awake dynamic bodies of each touching body–body contact of `activeContacts`, then
    /// of each joint of `activeJoints`, into islands, and gathers each island's least sleep time.
    mutating func join(_ awakeBodies: UnsafeBufferPointer<Int32>, bodies: StableArray<BodyRecord>, contacts: StableArray<Contact>,
                       activeContacts: UnsafeBufferPointer<Int32>, joints: JointSet, activeJoints: UnsafeBufferPointer<Int32>) {
        contacts.withUnsafeBufferPointer { contacts in
        bodies.withUnsafeBufferPointer { bodies in
        parent.withUnsafeMutableBufferPointer { parent in
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
            let r = Int(parent[Int(index)])
            minSleep[r] = min(minSleep[r], bodies[Int(index)].sleepTime)
        }
    }

    /// The sleeping-island slot body `i` falls asleep in, or nil if its island has not rested for
    /// `timeToSleep`. The island's first body asks `makeIsland` for the slot; the others share it.
    mutating func sleepSlot(of i: Int, timeToSleep: Double, makeIsland: () -> Int32) -> Int32? {
        let r = Int(parent[i])
        guard minSleep[r] >= timeToSleep else { return nil }
        if slot[r] < 0 { slot[r] = makeIsland() }
        return slot[r]
    }
}
