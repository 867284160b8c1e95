// Finding contacts: the persistent broad phase's pairs, merged with last step's sorted contact
// list (which carries impulses over for warm starting) whenever a fat box moved, then the
// manifolds, recomputed or recycled.
import Kinetic

/// The storage `collide` reads, as raw pointers (taken once for all of a step's contacts).
struct CollisionContext {
    var motions: UnsafePointer<Motion>
    var vertices: UnsafePointer<Vec2>
    var normals: UnsafePointer<Vec2>
    var segmentVertices: UnsafePointer<Vec2>
    var segmentNormals: UnsafePointer<Vec2>
    var bodies: UnsafePointer<BodyRecord>
}

extension PhysicsWorld {
    static let segmentFlag = BroadPhase.segmentFlag

    /// Whether bodies, shapes, masks or boundaries changed since the broad phase's proxies were made.
    var proxiesDirty: Bool {
        get { broadPhase.needsRebuild }
        set { broadPhase.needsRebuild = newValue }
    }

    /// A body pair's manifold is kept, its points' separations measured anew, while B's pose in A's
    /// frame stays within this distance of the pose the manifold was computed at (Box2D v3's
    /// contact recycling and its 10 slops; a point-less pair gets only the speculative margin, so
    /// no new feature can come within reach unseen). Rotation counts as the largest moving
    /// bounding radius times its sine, and the bodies' speculative reach this step counts against
    /// the distance, so a fast pair is always recomputed.
    static let recycleDistance = 10 * ContactSolver.linearSlop
    /// Nor when the pair turned by more than about 11.5° (Box2D v3's cosine 0.98).
    static let recycleCosine = 0.98

    /// Keeps contact `c`'s manifold if the pair moved little since it was computed (see
    /// `recycleDistance`): its points stay the same material points, their separations are
    /// measured at the current poses, and a point that no longer touches loses its warm start,
    /// as a recomputed one would. Returns false (and changes nothing) otherwise.
    @inline(__always)
    func recycle(_ c: UnsafeMutablePointer<Contact>, relativePose pose: Transform, _ xfA: Transform, _ xfB: Transform,
                 extent: Double, reach: Double) -> Bool {
        guard c.pointee.hasCachedPose else { return false }
        let cached = c.pointee.cachedPose
        let turn = pose.q.relative(to: cached.q)
        guard turn.c > Self.recycleCosine else { return false }
        let tolerance = c.pointee.pointCount > 0 ? Self.recycleDistance : min(Self.recycleDistance, Self.speculativeMargin)
        let allowance = tolerance - reach - extent * turn.s.magnitude
        guard allowance > 0, (pose.p - cached.p).lengthSquared < allowance * allowance else { return false }
        let kind = c.pointee.kind, localNormal = c.pointee.localNormal, localPoint = c.pointee.localPoint
        let radiusA = c.pointee.radiusA, radiusB = c.pointee.radiusB
        var minSeparation = Double.infinity
        @inline(__always) func remeasure(_ p: inout ContactPoint) {
            let s = Narrowphase.evaluate(kind: kind, localNormal: localNormal, localPoint: localPoint, point: p.localPoint,
                                         radiusA: radiusA, radiusB: radiusB, xfA, xfB).separation
            p.separation = s
            if s > ContactSolver.linearSlop { p.normalImpulse = 0; p.tangentImpulse = 0 }
            minSeparation = min(minSeparation, s)
        }
        if c.pointee.pointCount >= 1 { remeasure(&c.pointee.p0) }
        if c.pointee.pointCount == 2 { remeasure(&c.pointee.p1) }
        c.pointee.isTouching = minSeparation <= ContactSolver.linearSlop
        return true
    }

    /// Recomputes contact `c`'s manifold, keeping the impulses of points whose feature ids persist.
    @inline(__always)
    func collide(_ c: UnsafeMutablePointer<Contact>, _ context: CollisionContext) {
        let motions = context.motions, bodies = context.bodies
        let vertices = context.vertices, normals = context.normals
        let segV = context.segmentVertices, segN = context.segmentNormals
        let a = Int(c.pointee.a), b = Int(c.pointee.b)
        let xfA = ContactSolver.transform(motions[a]), xfB = ContactSolver.transform(motions[b])
        let reach = bodies[a].reach + bodies[b].reach
        let speculative = Self.speculativeMargin + reach
        if c.pointee.segment < 0 {
            // B in A's frame: only the pair's relative motion can change its manifold.
            let pose = Transform(p: xfA.q.applyInverse(xfB.p - xfA.p), q: xfA.q.relative(to: xfB.q))
            let extent = max(bodies[a].material.isAnchored ? 0 : bodies[a].boundingRadius,
                             bodies[b].material.isAnchored ? 0 : bodies[b].boundingRadius)
            if recycle(c, relativePose: pose, xfA, xfB, extent: extent, reach: reach) { return }
            c.pointee.cachedPose = pose
            c.pointee.hasCachedPose = true
        }
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
                let neighbour = end == v1 ? boundaries.segments[s].previous : boundaries.segments[s].next
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

    /// Runs `body` with the storage `collide` reads and the contacts, as raw pointers.
    @inline(__always)
    func withCollisionContext<R>(_ body: (CollisionContext, UnsafeMutablePointer<Contact>) -> R) -> R {
        let placeholder = UnsafePointer<Vec2>(bitPattern: 8)!
        return bodies.withBuffers { bodies in
        boundaries.vertices.withUnsafeBufferPointer { segV in
        boundaries.normals.withUnsafeBufferPointer { segN in
        contacts.withUnsafeMutableBufferPointer { contacts in
            body(CollisionContext(motions: bodies.motions, vertices: bodies.vertices, normals: bodies.normals,
                                  segmentVertices: segV.baseAddress ?? placeholder, segmentNormals: segN.baseAddress ?? placeholder,
                                  bodies: bodies.bodies),
                 contacts.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!)
        }
        }
        }
        }
    }

    /// Broad phase (pairs found again only when a fat box moved), merge, narrowphase; wakes
    /// sleeping bodies hit by awake ones; fills `activeContacts`.
    func updateContacts() {
        var onlyMoved = false
        if broadPhase.needsRebuild {
            broadPhase.rebuild(bodies: bodies.records, segments: boundaries.segments, segmentVertices: boundaries.vertices)
        } else {
            bodies.records.withUnsafeBufferPointer { broadPhase.update(bodies: $0) }
            onlyMoved = broadPhase.isFewMoved
        }
        if broadPhase.hasMoved {
            pairs.update(&contacts, broadPhase: &broadPhase, onlyMoved: onlyMoved, bodies: bodies.records, segments: boundaries.segments) {
                bodies.setUpPair(&$0)
            }
        }
        let count = contacts.count
        activeContacts.removeAll(keepingCapacity: true)
        // Pass 1: a sleeping island touched by an awake body wakes up.
        wakeCandidates.removeAll(keepingCapacity: true)
        contacts.withUnsafeBufferPointer { contacts in
        bodies.records.withUnsafeBufferPointer { bodies in
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
            withCollisionContext { context, contacts in collide(contacts + Int(k), context) }
            if contacts[Int(k)].pointCount > 0 {
                wakeBody(Int(contacts[Int(k)].a))
                wakeBody(Int(contacts[Int(k)].b))
            }
        }
        // Pass 2: every contact with an awake body.
        var active = activeContacts
        activeContacts = []
        withCollisionContext { context, contacts in
            let bodies = context.bodies
            for k in 0..<count {
                let a = bodies[Int(contacts[k].a)], b = bodies[Int(contacts[k].b)]
                let awakeA = a.isAwake && a.isAlive && !a.material.isAnchored
                let awakeB = b.isAwake && b.isAlive && !b.material.isAnchored
                if !(awakeA || awakeB) { continue }
                collide(contacts + k, context)
                if contacts[k].pointCount > 0 { active.append(Int32(k)) }
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
}
