// The broad phase: a sort and sweep over fattened boxes that persists from step to step. Every
// colliding body and boundary segment has a proxy whose box is the body's box grown by a margin;
// the box moves only when the body leaves it, so a resting or slowly moving world finds its pairs
// once and keeps them (Box2D v3's fat boxes, on a sweep instead of its tree: the order along x is
// kept and repaired by an insertion sort, about O(n) when little moved).

import Kinetic

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
    /// How many proxies are bodies' (the segments' follow them).
    var bodyProxyCount = 0
    /// The widest body proxy (how far left of a box's left edge an overlapping one may start).
    var maxBodyWidth = 0.0
    /// Bodies, shapes, masks or boundaries changed since the proxies were made.
    var needsRebuild = true
    /// A fat box moved since the pairs were last found: they must be found again.
    var hasMoved = true
    /// The proxies whose fat boxes the last `update` moved (rewritten by each `update`).
    var moved: [Int32] = []

    static func margin(_ body: BodyRecord) -> Double {
        body.material.isAnchored ? 0 : min(maxMargin, marginFraction * body.boundingRadius)
    }

    @inline(__always) static func fattened(_ box: AABB, by margin: Double) -> AABB {
        AABB(minX: box.minX - margin, minY: box.minY - margin, maxX: box.maxX + margin, maxY: box.maxY + margin)
    }

    /// Makes the proxies afresh: every live body with a collision mask, then every live segment.
    mutating func rebuild(bodies: StableArray<BodyRecord>, segments: [Segment], segmentVertices: [Vec2]) {
        proxies.removeAll(keepingCapacity: true)
        maxBodyWidth = 0
        for i in 1..<bodies.count where bodies[i].isAlive && (bodies[i].itemMask | bodies[i].boundaryMask) != 0 {
            let box = Self.fattened(bodies[i].aabb, by: Self.margin(bodies[i]))
            maxBodyWidth = max(maxBodyWidth, box.maxX - box.minX)
            proxies.append(Proxy(box: box, ref: UInt32(i)))
        }
        bodyProxyCount = proxies.count
        for s in segments.indices where segments[s].isAlive {
            let p = segmentVertices[2 * s], q = segmentVertices[2 * s + 1]
            let box = AABB(minX: min(p.x, q.x), minY: min(p.y, q.y), maxX: max(p.x, q.x), maxY: max(p.y, q.y))
            proxies.append(Proxy(box: box, ref: Self.segmentFlag | UInt32(s)))
        }
        order = Array(0..<Int32(proxies.count))
        moved.removeAll(keepingCapacity: true)
        needsRebuild = false
        hasMoved = true
    }

    /// Moves the fat box of every body that left it (to its box grown by the margin), listing
    /// the proxies moved in `moved`.
    mutating func update(bodies: UnsafeBufferPointer<BodyRecord>) {
        moved.removeAll(keepingCapacity: true)
        var widest = 0.0
        proxies.withUnsafeMutableBufferPointer { proxies in
            for k in 0..<bodyProxyCount {
                let body = bodies[Int(proxies[k].ref)]
                if !proxies[k].box.contains(body.aabb) {
                    proxies[k].box = Self.fattened(body.aabb, by: Self.margin(body))
                    moved.append(Int32(k))
                }
                widest = max(widest, proxies[k].box.maxX - proxies[k].box.minX)
            }
        }
        maxBodyWidth = widest
        if !moved.isEmpty { hasMoved = true }
    }

    /// Whether a pair search over the moved proxies alone is cheaper than a sweep over all.
    var isFewMoved: Bool { moved.count * 16 <= proxies.count }

    /// The key of the pair of proxies `p` and `q` if their boxes overlap and they may collide
    /// (masks shared, not both anchored, a segment only with a dynamic body): `lower body << 32 |
    /// other body` or `body << 32 | segmentFlag | segment`.
    @inline(__always)
    static func pairKey(_ p: Proxy, _ q: Proxy, _ bodies: UnsafeBufferPointer<BodyRecord>, _ segments: UnsafeBufferPointer<Segment>) -> UInt64? {
        if q.box.maxY < p.box.minY || q.box.minY > p.box.maxY || q.box.maxX < p.box.minX || q.box.minX > p.box.maxX { return nil }
        let pIsSegment = p.ref & segmentFlag != 0, qIsSegment = q.ref & segmentFlag != 0
        if pIsSegment && qIsSegment { return nil }
        if pIsSegment || qIsSegment {
            let body = pIsSegment ? q.ref : p.ref, segment = pIsSegment ? p.ref : q.ref
            let b = Int(body), s = Int(segment & ~segmentFlag)
            if bodies[b].material.isAnchored || bodies[b].boundaryMask & segments[s].mask == 0 { return nil }
            return UInt64(body) << 32 | UInt64(segment)
        }
        let a = Int(p.ref), b = Int(q.ref)
        if bodies[a].itemMask & bodies[b].itemMask == 0 { return nil }
        if bodies[a].material.isAnchored && bodies[b].material.isAnchored { return nil }
        return a < b ? UInt64(a) << 32 | UInt64(b) : UInt64(b) << 32 | UInt64(a)
    }

    /// Insertion sort of `order` by (minX, index): nearly sorted from the last time, so about
    /// O(n); the index breaks ties so the order never depends on the history.
    private mutating func sortOrder() {
        let n = proxies.count
        proxies.withUnsafeBufferPointer { proxies in
        order.withUnsafeMutableBufferPointer { order in
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
        }
        }
    }

    /// Every pair whose fat boxes overlap and that may collide (`pairKey`), unsorted, appended
    /// to `keys`: a sweep along x over all the proxies.
    mutating func findPairs(into keys: inout [UInt64], bodies: UnsafeBufferPointer<BodyRecord>, segments: UnsafeBufferPointer<Segment>) {
        sortOrder()
        let n = proxies.count
        proxies.withUnsafeBufferPointer { proxies in
        order.withUnsafeBufferPointer { order in
            for k in 0..<n {
                let p = proxies[Int(order[k])]
                var m = k + 1
                while m < n {
                    let q = proxies[Int(order[m])]
                    if q.box.minX > p.box.maxX { break }
                    m += 1
                    if let key = Self.pairKey(p, q, bodies, segments) { keys.append(key) }
                }
            }
        }
        }
        hasMoved = false
    }

    /// The pairs of `findPairs` that have a moved proxy (`moved`), unsorted and with a pair of two
    /// moved proxies twice: for each moved body a search of the sorted order from `maxBodyWidth`
    /// left of its box, and of the segments. Together with the pairs of proxies that did not
    /// move (which overlap as they did) these are exactly `findPairs`' pairs.
    mutating func findPairsOfMoved(into keys: inout [UInt64], bodies: UnsafeBufferPointer<BodyRecord>, segments: UnsafeBufferPointer<Segment>) {
        sortOrder()
        let n = proxies.count
        let widest = maxBodyWidth
        proxies.withUnsafeBufferPointer { proxies in
        order.withUnsafeBufferPointer { order in
            for slot in moved {
                let p = proxies[Int(slot)]
                // The first proxy in the order whose left edge is not left of p's by more than
                // the widest body box: no body proxy before it can reach p.
                let from = p.box.minX - widest
                var lo = 0, hi = n
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if proxies[Int(order[mid])].box.minX < from { lo = mid + 1 } else { hi = mid }
                }
                var m = lo
                while m < n {
                    let index = order[m]
                    let q = proxies[Int(index)]
                    if q.box.minX > p.box.maxX { break }
                    m += 1
                    if index == slot || Int(index) >= bodyProxyCount { continue }
                    if let key = Self.pairKey(p, q, bodies, segments) { keys.append(key) }
                }
                for index in bodyProxyCount..<n {
                    if let key = Self.pairKey(p, proxies[index], bodies, segments) { keys.append(key) }
                }
            }
        }
        }
        hasMoved = false
    }
}
