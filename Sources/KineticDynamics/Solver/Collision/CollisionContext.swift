// The narrow phase of a step: each contact's manifold, recomputed from the shapes or recycled
// while the pair moved little, read through raw pointers taken once for all of a step's contacts.
import Kinetic

/// The storage the narrow phase reads, as raw pointers (`PhysicsWorld.withCollisionContext` takes
/// them once for all of a step's contacts), and the manifold update of one contact, `collide`.
struct CollisionContext {
    /// The bodies' motion, records and prepared shapes.
    var store: BodyBuffers
    /// The boundary segments, with their vertices and normals at 2s and 2s + 1 for segment s.
    var segments: UnsafeBufferPointer<Segment>
    var segmentVertices: UnsafePointer<Vec2>
    var segmentNormals: UnsafePointer<Vec2>

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
    static func recycle(_ c: UnsafeMutablePointer<Contact>, relativePose pose: Transform, _ xfA: Transform, _ xfB: Transform,
                 extent: Double, reach: Double) -> Bool {
        guard c.pointee.hasCachedPose else { return false }
        let cached = c.pointee.cachedPose
        let turn = pose.q.relative(to: cached.q)
        guard turn.c > Self.recycleCosine else { return false }
        let tolerance = c.pointee.pointCount > 0 ? Self.recycleDistance : min(Self.recycleDistance, PhysicsWorld.speculativeMargin)
        let allowance = tolerance - reach - extent * turn.s.magnitude
        guard allowance > 0, (pose.p - cached.p).lengthSquared < allowance * allowance else { return false }
        let frame = Narrowphase.frame(kind: c.pointee.kind, localNormal: c.pointee.localNormal,
                                      localPoint: c.pointee.localPoint, xfA, xfB)
        let radiusA = c.pointee.radiusA, radiusB = c.pointee.radiusB
        var minSeparation = Double.infinity
        @inline(__always) func remeasure(_ p: inout ContactPoint) {
            let ev = Narrowphase.evaluate(frame, point: p.localPoint, radiusA: radiusA, radiusB: radiusB, xfA, xfB)
            let s = ev.separation
            p.separation = s
            p.worldPoint = ev.point
            c.pointee.normal = ev.normal
            if s > ContactSolver.linearSlop { p.normalImpulse = 0; p.tangentImpulse = 0 }
            minSeparation = min(minSeparation, s)
        }
        if c.pointee.pointCount >= 1 { remeasure(&c.pointee.p0) }
        if c.pointee.pointCount == 2 { remeasure(&c.pointee.p1) }
        c.pointee.isTouching = minSeparation <= ContactSolver.linearSlop
        return true
    }

    /// Sets the world normal and the points' world places of contact `c`'s manifold at the poses
    /// it was measured at (`Narrowphase.evaluate`); `ContactSolver.prepare` anchors the solver's
    /// points there, as no body moves between the collision pass and the solve.
    @inline(__always)
    static func locatePoints(_ c: UnsafeMutablePointer<Contact>, _ xfA: Transform, _ xfB: Transform) {
        guard c.pointee.pointCount > 0 else { return }
        let frame = Narrowphase.frame(kind: c.pointee.kind, localNormal: c.pointee.localNormal,
                                      localPoint: c.pointee.localPoint, xfA, xfB)
        let radiusA = c.pointee.radiusA, radiusB = c.pointee.radiusB
        let ev0 = Narrowphase.evaluate(frame, point: c.pointee.p0.localPoint, radiusA: radiusA, radiusB: radiusB, xfA, xfB)
        c.pointee.p0.worldPoint = ev0.point
        c.pointee.normal = ev0.normal
        if c.pointee.pointCount == 2 {
            let ev1 = Narrowphase.evaluate(frame, point: c.pointee.p1.localPoint, radiusA: radiusA, radiusB: radiusB, xfA, xfB)
            c.pointee.p1.worldPoint = ev1.point
            c.pointee.normal = ev1.normal
        }
    }

    /// Recomputes contact `c`'s manifold, keeping the impulses of points whose feature ids persist.
    @inline(__always)
    func collide(_ c: UnsafeMutablePointer<Contact>) {
        let motions = store.motions, bodies = store.bodies
        let vertices = store.vertices, normals = store.normals
        let segV = segmentVertices, segN = segmentNormals
        let a = Int(c.pointee.a), b = Int(c.pointee.b)
        let xfA = ContactSolver.transform(motions[a]), xfB = ContactSolver.transform(motions[b])
        let reach = bodies[a].reach + bodies[b].reach
        let speculative = PhysicsWorld.speculativeMargin + reach
        if c.pointee.segment < 0 {
            // B in A's frame: only the pair's relative motion can change its manifold.
            let pose = Transform(p: xfA.q.applyInverse(xfB.p - xfA.p), q: xfA.q.relative(to: xfB.q))
            let extent = max(bodies[a].material.isAnchored ? 0 : bodies[a].boundingRadius,
                             bodies[b].material.isAnchored ? 0 : bodies[b].boundingRadius)
            if Self.recycle(c, relativePose: pose, xfA, xfB, extent: extent, reach: reach) { return }
            c.pointee.cachedPose = pose
            c.pointee.hasCachedPose = true
        }
        var m = Manifold()
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
                    let poly = PolygonRef(vertices: vertices + Int(bodies[b].vertexStart), normals: normals + Int(bodies[b].vertexStart), count: bodies[b].vertexCount)
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
                let poly = PolygonRef(vertices: vertices + Int(bodies[b].vertexStart), normals: normals + Int(bodies[b].vertexStart), count: bodies[b].vertexCount)
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
            let polyA = PolygonRef(vertices: vertices + Int(bodies[a].vertexStart), normals: normals + Int(bodies[a].vertexStart), count: bodies[a].vertexCount)
            if bodies[b].isCircle {
                Narrowphase.polygonCircle(polyA, xfA, radius: bodies[b].radius, xfB, speculative: speculative, into: &m)
            } else {
                let polyB = PolygonRef(vertices: vertices + Int(bodies[b].vertexStart), normals: normals + Int(bodies[b].vertexStart), count: bodies[b].vertexCount)
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
        Self.locatePoints(c, xfA, xfB)
        var minSeparation = Double.infinity
        if m.count >= 1 { minSeparation = m.point0.separation }
        if m.count == 2 { minSeparation = min(minSeparation, m.point1.separation) }
        c.pointee.isTouching = minSeparation <= ContactSolver.linearSlop
    }

    /// Appends to `candidates` the contacts (of the first `count`) between an awake dynamic body
    /// and a sleeping one, whose islands wake if the contact has points.
    func sleepersTouched(_ contacts: UnsafePointer<Contact>, count: Int, into candidates: inout [Int32]) {
        let bodies = store.bodies
        for k in 0..<count {
            let a = bodies[Int(contacts[k].a)], b = bodies[Int(contacts[k].b)]
            let awakeA = a.isAwakeDynamic, awakeB = b.isAwakeDynamic
            if awakeA == awakeB { continue }
            let other = awakeA ? b : a
            if other.material.isAnchored || !other.isAlive || other.isAwake { continue }
            candidates.append(Int32(k))
        }
    }

    /// Collides each of the first `count` contacts that has an awake dynamic body, appending
    /// those with points to `active`.
    func collideAwake(_ contacts: UnsafeMutablePointer<Contact>, count: Int, into active: StepArray<Int32>,
                      ends: UnsafeMutablePointer<ContactEnds>) {
        let bodies = store.bodies, motions = store.motions
        // Written through a buffer sized for every contact, then trimmed (an append each was a
        // uniqueness check each).
        var end = active.count
        active.append(repeating: 0, count: count)
        active.withUnsafeMutableBufferPointer { active in
            for k in 0..<count {
                if !(bodies[Int(contacts[k].a)].isAwakeDynamic || bodies[Int(contacts[k].b)].isAwakeDynamic) { continue }
                collide(contacts + k)
                if contacts[k].pointCount > 0 {
                    active[end] = Int32(k); end += 1
                    let a = contacts[k].a, b = contacts[k].b
                    ends[k] = ContactEnds(a: a, movesA: motions[Int(a)].invMass > 0, b: b, movesB: motions[Int(b)].invMass > 0)
                }
            }
        }
        active.removeLast(active.count - end)
    }
}
