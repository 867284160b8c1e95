// Finding contacts: sort-and-sweep over the bodies' swept boxes, a merge with last step's sorted
// contact list (which carries impulses over for warm starting), then the manifolds.
import Kinetic

extension PhysicsWorld {
    static let segmentFlag: UInt32 = 0x8000_0000

    /// Rebuilds the proxy list after bodies, shapes, masks or boundaries changed.
    func rebuildProxies() {
        proxies.removeAll(keepingCapacity: true)
        for i in 1..<bodies.count where bodies[i].isAlive && (bodies[i].itemMask | bodies[i].boundaryMask) != 0 {
            proxies.append(Proxy(box: bodies[i].aabb, ref: UInt32(i)))
        }
        for s in segments.indices where segments[s].isAlive {
            let p = segmentVertices[2 * s], q = segmentVertices[2 * s + 1]
            let box = AABB(minX: min(p.x, q.x), minY: min(p.y, q.y), maxX: max(p.x, q.x), maxY: max(p.y, q.y))
            proxies.append(Proxy(box: box, ref: Self.segmentFlag | UInt32(s)))
        }
        proxyOrder = Array(0..<Int32(proxies.count))
        proxiesDirty = false
    }

    /// Candidate pairs, sorted, in `pairKeys`.
    func findPairs() {
        if proxiesDirty { rebuildProxies() }
        let n = proxies.count
        pairKeys.removeAll(keepingCapacity: true)
        bodies.withUnsafeBufferPointer { bodies in
        proxies.withUnsafeMutableBufferPointer { proxies in
        proxyOrder.withUnsafeMutableBufferPointer { order in
            for k in 0..<n where proxies[k].ref & Self.segmentFlag == 0 {
                proxies[k].box = bodies[Int(proxies[k].ref)].aabb
            }
            // Insertion sort by (minX, index): nearly sorted from the last step, so about O(n);
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
                    if pIsSegment {
                        if qIsSegment { continue }
                        let b = Int(q.ref)
                        let s = Int(p.ref & ~Self.segmentFlag)
                        if bodies[b].material.isAnchored || bodies[b].boundaryMask & segments[s].mask == 0 { continue }
                        pairKeys.append(UInt64(q.ref) << 32 | UInt64(p.ref))
                    } else if qIsSegment {
                        let b = Int(p.ref)
                        let s = Int(q.ref & ~Self.segmentFlag)
                        if bodies[b].material.isAnchored || bodies[b].boundaryMask & segments[s].mask == 0 { continue }
                        pairKeys.append(UInt64(p.ref) << 32 | UInt64(q.ref))
                    } else {
                        let a = Int(p.ref), b = Int(q.ref)
                        if bodies[a].itemMask & bodies[b].itemMask == 0 { continue }
                        if bodies[a].material.isAnchored && bodies[b].material.isAnchored { continue }
                        pairKeys.append(a < b ? UInt64(a) << 32 | UInt64(b) : UInt64(b) << 32 | UInt64(a))
                    }
                }
            }
        }
        }
        }
        // Counting sort on the lower body index (persistent scratch): the sweep yields a few
        // pairs per body, so this is O(pairs + bodies) where the quicksort was O(pairs·log pairs).
        let bucketCount = bodies.count
        if pairScratch.count < pairKeys.count {
            pairScratch.append(contentsOf: repeatElement(0, count: pairKeys.count - pairScratch.count))
        }
        if pairBucketStarts.count < bucketCount + 1 {
            pairBucketStarts.append(contentsOf: repeatElement(0, count: bucketCount + 1 - pairBucketStarts.count))
        }
        pairKeys.withUnsafeMutableBufferPointer { keys in
        pairScratch.withUnsafeMutableBufferPointer { scratch in
        pairBucketStarts.withUnsafeMutableBufferPointer { starts in
            KeySort.sortPairKeys(keys, scratch: scratch, starts: UnsafeMutableBufferPointer(rebasing: starts[0...bucketCount]))
        }
        }
        }
    }

    @inline(__always) func isAwakeDynamic(_ i: Int32) -> Bool {
        let r = bodies[Int(i)]
        return r.isAwake && r.isAlive && !r.material.isAnchored
    }

    /// Merges the candidate pairs with the existing contacts (both sorted by key).
    func mergeContacts() {
        // Steady state: the same pairs as last step, nothing to copy.
        if pairKeys.count == contacts.count {
            let same = contacts.withUnsafeBufferPointer { contacts in
                pairKeys.withUnsafeBufferPointer { keys in
                    for k in 0..<keys.count where keys[k] != contacts[k].key { return false }
                    return true
                }
            }
            if same { return }
        }
        contactScratch.removeAll(keepingCapacity: true)
        var old = 0
        let oldCount = contacts.count
        for key in pairKeys {
            while old < oldCount && contacts[old].key < key { old += 1 }
            if old < oldCount && contacts[old].key == key {
                contactScratch.append(contacts[old])
                old += 1
            } else {
                var c = Contact(key: key, a: 0, b: 0)
                setUpPair(&c)
                if isAwakeDynamic(c.a) || isAwakeDynamic(c.b) { contactScratch.append(c) }
            }
        }
        swap(&contacts, &contactScratch)
    }

    /// Recomputes contact `c`'s manifold, keeping the impulses of points whose feature ids persist.
    @inline(__always)
    func collide(_ c: UnsafeMutablePointer<Contact>, _ motions: UnsafePointer<Motion>,
                 _ vertices: UnsafePointer<Vec2>, _ normals: UnsafePointer<Vec2>,
                 _ segV: UnsafePointer<Vec2>, _ segN: UnsafePointer<Vec2>, _ bodies: UnsafePointer<BodyRecord>) {
        let a = Int(c.pointee.a), b = Int(c.pointee.b)
        let xfA = ContactSolver.transform(motions[a]), xfB = ContactSolver.transform(motions[b])
        let speculative = Self.speculativeMargin + bodies[a].reach + bodies[b].reach
        var m = Manifold()
        let stride = ConvexShape.maxVertices
        if c.pointee.segment >= 0 {
            let s = Int(c.pointee.segment)
            let seg = PolygonRef(vertices: segV + 2 * s, normals: segN + 2 * s, count: 2)
            let v1 = segV[2 * s], v2 = segV[2 * s + 1]
            // The side the body belongs to: where its centre was when the contact began, or last
            // passed beyond the segment's ends. A centre pushed across the line between the ends
            // (a small item squeezed into a wall by a larger one) keeps that side: the segment
            // then acts as a one-sided face towards it and pushes the body back, where a
            // two-sided segment would eject it through the boundary.
            let along = dot(xfB.p - v1, v2 - v1)
            let withinEnds = along > 0 && along < (v2 - v1).lengthSquared
            let current: Int8 = dot(xfB.p - v1, segN[2 * s]) >= 0 ? 1 : -1
            if c.pointee.side == 0 || !withinEnds { c.pointee.side = current }
            let crossed = current != c.pointee.side
            let side = c.pointee.side > 0 ? segN[2 * s] : -segN[2 * s]
            // Whether the chain continues at `end` flat or bending towards the body: then a
            // collision with that vertex is an internal-edge ghost and the neighbour's face rules.
            @inline(__always) func isInternal(_ end: Vec2) -> Bool {
                let neighbour = end == v1 ? segments[s].previous : segments[s].next
                guard let w = neighbour else { return false }
                return dot(w - end, side) >= -1e-9 * (w - end).length
            }
            if crossed {
                if bodies[b].isCircle {
                    let mid = (v1 + v2) * 0.5
                    m.kind = .faceA
                    m.count = 1
                    m.localNormal = side
                    m.localPoint = mid
                    m.point0 = ManifoldPoint(localPoint: .zero, separation: dot(xfB.p - mid, side) - bodies[b].radius, id: 0)
                } else {
                    let poly = PolygonRef(vertices: vertices + b * stride, normals: normals + b * stride, count: bodies[b].vertexCount)
                    Narrowphase.polygonAgainstFace(seg, .identity, edge: c.pointee.side > 0 ? 0 : 1, poly, xfB,
                                                   speculative: speculative, into: &m)
                }
            } else if bodies[b].isCircle {
                Narrowphase.polygonCircle(seg, .identity, radius: bodies[b].radius, xfB, speculative: speculative, into: &m)
                if m.count > 0 && (m.localPoint == v1 || m.localPoint == v2) && isInternal(m.localPoint) {
                    // Only when the centre is clearly beyond the end: on the seam itself both
                    // neighbours see their vertex, and one of them must keep it.
                    let end = m.localPoint, inward = end == v1 ? v2 - v1 : v1 - v2
                    if dot(xfB.p - end, inward) < -1e-6 * inward.length { m.count = 0 }
                }
            } else {
                let poly = PolygonRef(vertices: vertices + b * stride, normals: normals + b * stride, count: bodies[b].vertexCount)
                Narrowphase.polygons(seg, .identity, poly, xfB, speculative: speculative, into: &m)
                if m.count > 0 && m.kind == .faceB {
                    let n = -xfB.q.apply(m.localNormal)            // from the segment to the body
                    if cross(n, side).magnitude > 1e-9 {
                        let end = dot(n, v2 - v1) < 0 ? v1 : v2
                        if isInternal(end) {
                            // As for a circle: with the centre clearly beyond the end the
                            // neighbour's face has the vertex (a box sliding off a platform's
                            // edge, resting a hair into its top, would otherwise meet the
                            // side wall's face and be pushed back).
                            let inward = end == v1 ? v2 - v1 : v1 - v2
                            if dot(xfB.p - end, inward) < -1e-6 * inward.length {
                                m.count = 0
                            } else {
                                Narrowphase.polygons(seg, .identity, poly, xfB, speculative: speculative, referenceA: true, into: &m)
                            }
                        }
                    }
                }
            }
        } else if bodies[a].isCircle {
            Narrowphase.circles(radiusA: bodies[a].radius, xfA, radiusB: bodies[b].radius, xfB, speculative: speculative, into: &m)
        } else {
            let polyA = PolygonRef(vertices: vertices + a * stride, normals: normals + a * stride, count: bodies[a].vertexCount)
            if bodies[b].isCircle {
                Narrowphase.polygonCircle(polyA, xfA, radius: bodies[b].radius, xfB, speculative: speculative, into: &m)
            } else {
                let polyB = PolygonRef(vertices: vertices + b * stride, normals: normals + b * stride, count: bodies[b].vertexCount)
                Narrowphase.polygons(polyA, xfA, polyB, xfB, speculative: speculative, into: &m)
            }
        }
        let old0 = c.pointee.p0, old1 = c.pointee.p1, oldCount = c.pointee.pointCount
        @inline(__always) func point(_ mp: ManifoldPoint) -> ContactPoint {
            var p = ContactPoint()
            p.localPoint = mp.localPoint
            p.id = mp.id
            p.separation = mp.separation
            // Warm start only points that touch: a speculative point starts from zero.
            if mp.separation <= ContactSolver.linearSlop {
                if oldCount >= 1 && old0.id == mp.id {
                    p.normalImpulse = old0.normalImpulse; p.tangentImpulse = old0.tangentImpulse
                } else if oldCount == 2 && old1.id == mp.id {
                    p.normalImpulse = old1.normalImpulse; p.tangentImpulse = old1.tangentImpulse
                }
            }
            return p
        }
        c.pointee.kind = m.kind
        c.pointee.localNormal = m.localNormal
        c.pointee.localPoint = m.localPoint
        c.pointee.pointCount = m.count
        if m.count >= 1 { c.pointee.p0 = point(m.point0) }
        if m.count == 2 { c.pointee.p1 = point(m.point1) }
        var minSeparation = Double.infinity
        if m.count >= 1 { minSeparation = m.point0.separation }
        if m.count == 2 { minSeparation = min(minSeparation, m.point1.separation) }
        c.pointee.isTouching = minSeparation <= ContactSolver.linearSlop
    }

    /// Broadphase, merge, narrowphase; wakes sleeping bodies hit by awake ones; fills `activeContacts`.
    func updateContacts() {
        findPairs()
        mergeContacts()
        let count = contacts.count
        activeContacts.removeAll(keepingCapacity: true)
        // Pass 1: a sleeping island touched by an awake body wakes up.
        wakeCandidates.removeAll(keepingCapacity: true)
        contacts.withUnsafeBufferPointer { contacts in
        bodies.withUnsafeBufferPointer { bodies in
            for k in 0..<count {
                let a = bodies[Int(contacts[k].a)], b = bodies[Int(contacts[k].b)]
                let awakeA = a.isAwake && a.isAlive && !a.material.isAnchored
                let awakeB = b.isAwake && b.isAlive && !b.material.isAnchored
                if awakeA == awakeB { continue }
                let other = awakeA ? b : a
                if other.material.isAnchored || !other.isAlive || other.isAwake { continue }
                wakeCandidates.append(Int32(k))
            }
        }
        }
        for k in wakeCandidates {
            collideContact(Int(k))
            if contacts[Int(k)].pointCount > 0 {
                wakeBody(Int(contacts[Int(k)].a))
                wakeBody(Int(contacts[Int(k)].b))
            }
        }
        // Pass 2: every contact with an awake body.
        var active = activeContacts
        activeContacts = []
        motions.withUnsafeBufferPointer { motions in
        vertexPool.withUnsafeBufferPointer { vertices in
        normalPool.withUnsafeBufferPointer { normals in
        segmentVertices.withUnsafeBufferPointer { segV in
        segmentNormals.withUnsafeBufferPointer { segN in
        bodies.withUnsafeBufferPointer { bodies in
        contacts.withUnsafeMutableBufferPointer { contacts in
            let placeholder = UnsafePointer<Vec2>(bitPattern: 8)!
            for k in 0..<count {
                let a = bodies[Int(contacts[k].a)], b = bodies[Int(contacts[k].b)]
                let awakeA = a.isAwake && a.isAlive && !a.material.isAnchored
                let awakeB = b.isAwake && b.isAlive && !b.material.isAnchored
                if !(awakeA || awakeB) { continue }
                collide(contacts.baseAddress! + k, motions.baseAddress!, vertices.baseAddress!, normals.baseAddress!,
                        segV.baseAddress ?? placeholder, segN.baseAddress ?? placeholder, bodies.baseAddress!)
                if contacts[k].pointCount > 0 { active.append(Int32(k)) }
            }
        }
        }
        }
        }
        }
        }
        }
        // Interleave four quarters of the (key-sorted) list: neighbours in key order share a
        // body, so solving them back to back is one long dependency chain; four independent
        // chains let the CPU overlap them (≈ 2× faster sweeps, same determinism).
        let lanes = 4
        let n = active.count
        interleaved.removeAll(keepingCapacity: true)
        if n >= 4 * lanes {
            let quarter = (n + lanes - 1) / lanes
            for i in 0..<quarter {
                for lane in 0..<lanes {
                    let k = lane * quarter + i
                    if k < n { interleaved.append(active[k]) }
                }
            }
            swap(&active, &interleaved)
        }
        activeContacts = active
    }

    func collideContact(_ k: Int) {
        motions.withUnsafeBufferPointer { motions in
        vertexPool.withUnsafeBufferPointer { vertices in
        normalPool.withUnsafeBufferPointer { normals in
        segmentVertices.withUnsafeBufferPointer { segV in
        segmentNormals.withUnsafeBufferPointer { segN in
        bodies.withUnsafeBufferPointer { bodies in
        contacts.withUnsafeMutableBufferPointer { contacts in
            collide(contacts.baseAddress! + k, motions.baseAddress!, vertices.baseAddress!, normals.baseAddress!,
                    segV.baseAddress ?? UnsafePointer(bitPattern: 8)!, segN.baseAddress ?? UnsafePointer(bitPattern: 8)!, bodies.baseAddress!)
        }
        }
        }
        }
        }
        }
        }
    }
}
