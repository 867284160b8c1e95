// The broad phase: a sort and sweep over fattened boxes that persists from step to step. Every
// colliding body and boundary segment has a proxy whose box is the body's box grown by a margin;
// the box moves only when the body leaves it, so a resting or slowly moving world finds its pairs
// once and keeps them (Box2D v3's fat boxes, on a sweep instead of its tree: the order along x is
// kept and repaired by an insertion sort, about O(n) when little moved).

import Kinetic

/// A broad-phase entry: a body (ref < `BroadPhase.segmentFlag`) or a segment
/// (`BroadPhase.segmentFlag` | index), with its fat box.
struct Proxy {
    var box: AABB
    var ref: UInt32
}

extension AABB {
    @inline(__always) func contains(_ other: AABB) -> Bool {
        minX <= other.minX && minY <= other.minY && maxX >= other.maxX && maxY >= other.maxY
    }
}

/// The world's persistent pair finder. Deterministic: the proxies are in index order (bodies, then
/// segments), the sweep order is the unique order by (left edge, proxy index), and the pairs are
/// sorted by key, so they depend only on the fat boxes, which depend only on the bodies' motion.
struct BroadPhase {
    static let segmentFlag: UInt32 = 0x8000_0000
    /// A moving body's box is fattened by its bounding radius times this, at most `maxMargin`
    /// points (Box2D v3's 1/8 and 5 cm at 100 pt per metre). Anchored bodies and segments are not
    /// fattened: they move only when the proxies are rebuilt.
    static let marginFraction = 0.125
    static let maxMargin = 5.0

    /// The proxies, bodies in index order then segments, and their order along x.
    var proxies: [Proxy] = []
    var order: [Int32] = []
    /// Bodies, shapes, masks or boundaries changed since the proxies were made.
    var needsRebuild = true
    /// A fat box moved since the pairs were last found: they must be found again.
    var hasMoved = true

    static func margin(_ body: BodyRecord) -> Double {
        body.material.isAnchored ? 0 : min(maxMargin, marginFraction * body.boundingRadius)
    }

    @inline(__always) static func fattened(_ box: AABB, by margin: Double) -> AABB {
        AABB(minX: box.minX - margin, minY: box.minY - margin, maxX: box.maxX + margin, maxY: box.maxY + margin)
    }

    /// Makes the proxies afresh: every live body with a collision mask, then every live segment.
    mutating func rebuild(bodies: [BodyRecord], segments: [Segment], segmentVertices: [Vec2]) {
        proxies.removeAll(keepingCapacity: true)
        for i in 1..<bodies.count where bodies[i].isAlive && (bodies[i].itemMask | bodies[i].boundaryMask) != 0 {
            proxies.append(Proxy(box: Self.fattened(bodies[i].aabb, by: Self.margin(bodies[i])), ref: UInt32(i)))
        }
        for s in segments.indices where segments[s].isAlive {
            let p = segmentVertices[2 * s], q = segmentVertices[2 * s + 1]
            let box = AABB(minX: min(p.x, q.x), minY: min(p.y, q.y), maxX: max(p.x, q.x), maxY: max(p.y, q.y))
            proxies.append(Proxy(box: box, ref: Self.segmentFlag | UInt32(s)))
        }
        order = Array(0..<Int32(proxies.count))
        needsRebuild = false
        hasMoved = true
    }

    /// Moves the fat box of every body that left it (to its box grown by the margin).
    mutating func update(bodies: UnsafeBufferPointer<BodyRecord>) {
        var moved = false
        proxies.withUnsafeMutableBufferPointer { proxies in
            for k in proxies.indices where proxies[k].ref & Self.segmentFlag == 0 {
                let body = bodies[Int(proxies[k].ref)]
                if proxies[k].box.contains(body.aabb) { continue }
                proxies[k].box = Self.fattened(body.aabb, by: Self.margin(body))
                moved = true
            }
        }
        if moved { hasMoved = true }
    }

    /// The pairs whose fat boxes overlap and that may collide (masks shared, not both anchored, a
    /// segment only with a dynamic body), as keys `lower body << 32 | other body` or
    /// `body << 32 | segmentFlag | segment`, unsorted, appended to `keys`.
    mutating func findPairs(into keys: inout [UInt64], bodies: UnsafeBufferPointer<BodyRecord>, segments: UnsafeBufferPointer<Segment>) {
        let n = proxies.count
        proxies.withUnsafeMutableBufferPointer { proxies in
        order.withUnsafeMutableBufferPointer { order in
            // Insertion sort by (minX, index): nearly sorted from the last time, so about O(n);
            // the index breaks ties so the order never depends on the history.
            for k in 1..<max(n, 1) {
                let item = order[k]
                let key = proxies[Int(item)].box.minX
                var m = k - 1
                while m >= 0 {
                    let other = order[m]
                    let ok = proxies[Int(other)].box.minX
                    if ok < key || (ok == key && other < item) { break }
                    order[m + 1] = other
                    m -= 1
                }
                order[m + 1] = item
            }
            for k in 0..<n {
                let p = proxies[Int(order[k])]
                let pIsSegment = p.ref & Self.segmentFlag != 0
                var m = k + 1
                while m < n {
                    let q = proxies[Int(order[m])]
                    if q.box.minX > p.box.maxX { break }
                    m += 1
                    if q.box.maxY < p.box.minY || q.box.minY > p.box.maxY { continue }
                    let qIsSegment = q.ref & Self.segmentFlag != 0
                    if pIsSegment && qIsSegment { continue }
                    if pIsSegment || qIsSegment {
                        let body = pIsSegment ? q.ref : p.ref, segment = pIsSegment ? p.ref : q.ref
                        let b = Int(body), s = Int(segment & ~Self.segmentFlag)
                        if bodies[b].material.isAnchored || bodies[b].boundaryMask & segments[s].mask == 0 { continue }
                        keys.append(UInt64(body) << 32 | UInt64(segment))
                    } else {
                        let a = Int(p.ref), b = Int(q.ref)
                        if bodies[a].itemMask & bodies[b].itemMask == 0 { continue }
                        if bodies[a].material.isAnchored && bodies[b].material.isAnchored { continue }
                        keys.append(a < b ? UInt64(a) << 32 | UInt64(b) : UInt64(b) << 32 | UInt64(a))
                    }
                }
            }
        }
        }
        hasMoved = false
    }
}
