// Contact manifolds between two convex shapes (Box2D 2.3's design): up to two points stored in the
// bodies' local frames, so the position solver can re-evaluate them as the bodies move, each
// with a feature id that survives from step to step for warm starting.
import Kinetic

enum Narrowphase {
    /// Circle A against circle B; points farther apart than `speculative` give none.
    @inline(__always)
    static func circles(radiusA: Double, _ xfA: Transform, radiusB: Double, _ xfB: Transform,
                        speculative: Double, into m: inout Manifold) {
        m.count = 0
        let d = xfB.p - xfA.p
        let reach = radiusA + radiusB + speculative
        if d.lengthSquared > reach * reach { return }
        m.kind = .circles
        m.localPoint = .zero
        m.localNormal = .zero
        m.count = 1
        m.point0 = ManifoldPoint(localPoint: .zero, separation: d.length - radiusA - radiusB, id: 0)
    }

    /// Polygon A against circle B (centred on B's origin).
    static func polygonCircle(_ poly: PolygonRef, _ xfA: Transform, radius: Double, _ xfB: Transform,
                              speculative: Double, into m: inout Manifold) {
        m.count = 0
        let c = xfA.applyInverse(xfB.p)
        let reach = radius + speculative
        var normalIndex = 0
        var separation = -Double.greatestFiniteMagnitude
        for i in 0..<poly.count {
            let s = dot(poly.normals[i], c - poly.vertices[i])
            if s > reach { return }
            if s > separation { separation = s; normalIndex = i }
        }
        let v1 = poly.vertices[normalIndex]
        let v2 = poly.vertices[normalIndex + 1 < poly.count ? normalIndex + 1 : 0]
        m.kind = .faceA
        m.count = 1
        if separation < 1e-12 {
            m.localNormal = poly.normals[normalIndex]
            m.localPoint = (v1 + v2) * 0.5
            m.point0 = ManifoldPoint(localPoint: .zero, separation: separation - radius, id: 0)
            return
        }
        let u1 = dot(c - v1, v2 - v1)
        let u2 = dot(c - v2, v1 - v2)
        if u1 <= 0 || u2 <= 0 {
            // Beyond an end of the face: against that vertex.
            let vertex = u1 <= 0 ? v1 : v2
            let d = c - vertex
            let dist = d.length
            if dist > reach { m.count = 0; return }
            m.localNormal = d.normalized
            m.localPoint = vertex
            m.point0 = ManifoldPoint(localPoint: .zero, separation: dist - radius, id: 0)
        } else {
            let faceCenter = (v1 + v2) * 0.5
            let n = poly.normals[normalIndex]
            let s = dot(c - faceCenter, n)
            if s > reach { m.count = 0; return }
            m.localNormal = n
            m.localPoint = faceCenter
            m.point0 = ManifoldPoint(localPoint: .zero, separation: s - radius, id: 0)
        }
    }

    /// The face of `p1` with the largest separation from `p2`, and that separation.
    @inline(__always)
    private static func maxSeparation(_ p1: PolygonRef, _ xf1: Transform, _ p2: PolygonRef, _ xf2: Transform) -> (Int, Double) {
        // Work in p2's frame.
        let q = xf2.q.relative(to: xf1.q)       // xf2.q⁻¹ · xf1.q
        let t = xf2.q.applyInverse(xf1.p - xf2.p)
        var bestIndex = 0
        var best = -Double.greatestFiniteMagnitude
        for i in 0..<p1.count {
            let n = q.apply(p1.normals[i])
            let offset = dot(n, q.apply(p1.vertices[i]) + t)
            var si = Double.greatestFiniteMagnitude
            for j in 0..<p2.count {
                let sij = dot(n, p2.vertices[j])
                if sij < si { si = sij }
            }
            si -= offset
            if si > best { best = si; bestIndex = i }
        }
        return (bestIndex, best)
    }

    private struct ClipVertex { var v: Vec2; var id: UInt32 }

    /// Polygon A against polygon B: SAT picks the reference face (A's unless B's separates by
    /// more than 0.05 pt), the incident edge is clipped to its side planes, and the clipped points
    /// within `speculative` of the face are kept. `referenceA` keeps A's face as the reference.
    static func polygons(_ polyA: PolygonRef, _ xfA: Transform, _ polyB: PolygonRef, _ xfB: Transform,
                         speculative: Double, referenceA: Bool = false, into m: inout Manifold) {
        m.count = 0
        let (edgeA, sepA) = maxSeparation(polyA, xfA, polyB, xfB)
        if sepA > speculative { return }
        let (edgeB, sepB) = maxSeparation(polyB, xfB, polyA, xfA)
        if sepB > speculative && !referenceA { return }
        let flip = !referenceA && sepB > sepA + 0.05
        clipIncidentEdge(flip ? polyB : polyA, flip ? xfB : xfA, edge: flip ? edgeB : edgeA,
                         against: flip ? polyA : polyB, flip ? xfA : xfB, flip: flip, speculative: speculative, into: &m)
    }

    /// Polygon B against face `edge` of polygon A whatever the separations (a boundary segment's
    /// face towards the side a body came from, when the body's centre is past it).
    static func polygonAgainstFace(_ polyA: PolygonRef, _ xfA: Transform, edge: Int, _ polyB: PolygonRef, _ xfB: Transform,
                                   speculative: Double, into m: inout Manifold) {
        m.count = 0
        clipIncidentEdge(polyA, xfA, edge: edge, against: polyB, xfB, flip: false, speculative: speculative, into: &m)
    }

    /// The manifold of reference face `edge1` of `poly1` and the incident edge of `poly2` (Box2D's
    /// b2CollidePolygons after the face is chosen); `flip` when poly1 is B.
    @inline(__always)
    private static func clipIncidentEdge(_ poly1: PolygonRef, _ xf1: Transform, edge edge1: Int, against poly2: PolygonRef, _ xf2: Transform,
                                         flip: Bool, speculative: Double, into m: inout Manifold) {
        // Incident edge: the face of poly2 most anti-parallel to the reference normal.
        let normal1In2 = xf2.q.applyInverse(xf1.q.apply(poly1.normals[edge1]))
        var incident = 0
        var minDot = Double.greatestFiniteMagnitude
        for i in 0..<poly2.count {
            let d = dot(normal1In2, poly2.normals[i])
            if d < minDot { minDot = d; incident = i }
        }
        let i1 = incident, i2 = incident + 1 < poly2.count ? incident + 1 : 0
        let i11 = edge1, i12 = edge1 + 1 < poly1.count ? edge1 + 1 : 0
        // A point's id is the pair of vertices at its end of the overlap, A's first, whichever
        // polygon gives the reference face (Box2D v3's ids): the incident edge runs against the
        // reference one, so its first vertex meets the face's second end. When the reference
        // face changes sides (two resting faces whose separations differ by a hair) the same
        // corner keeps its id and its warm start.
        @inline(__always) func id(reference r: Int, incident i: Int) -> UInt32 {
            flip ? UInt32(i) << 8 | UInt32(r) : UInt32(r) << 8 | UInt32(i)
        }
        let c0 = ClipVertex(v: xf2.apply(poly2.vertices[i1]), id: id(reference: i12, incident: i1))
        let c1 = ClipVertex(v: xf2.apply(poly2.vertices[i2]), id: id(reference: i11, incident: i2))

        let v11 = poly1.vertices[edge1]
        let v12 = poly1.vertices[edge1 + 1 < poly1.count ? edge1 + 1 : 0]
        let localTangent = (v12 - v11).normalized
        let localNormal = cross(localTangent, 1)
        let planePoint = (v11 + v12) * 0.5
        let tangent = xf1.q.apply(localTangent)
        let normal = cross(tangent, 1)
        let w11 = xf1.apply(v11), w12 = xf1.apply(v12)
        let frontOffset = dot(normal, w11)
        let sideOffset1 = -dot(tangent, w11)
        let sideOffset2 = dot(tangent, w12)

        guard let (a0, a1) = clip(c0, c1, -tangent, sideOffset1),
              let (b0, b1) = clip(a0, a1, tangent, sideOffset2)
        else { return }

        m.kind = flip ? .faceB : .faceA
        m.localNormal = localNormal
        m.localPoint = planePoint
        var count = 0
        let s0 = dot(normal, b0.v) - frontOffset
        if s0 <= speculative {
            m.point0 = ManifoldPoint(localPoint: xf2.applyInverse(b0.v), separation: s0, id: b0.id)
            count = 1
        }
        let s1 = dot(normal, b1.v) - frontOffset
        if s1 <= speculative {
            let mp = ManifoldPoint(localPoint: xf2.applyInverse(b1.v), separation: s1, id: b1.id)
            if count == 0 { m.point0 = mp } else { m.point1 = mp }
            count += 1
        }
        m.count = count
    }

    /// Sutherland–Hodgman against one plane; nil when fewer than two points survive. A cut point
    /// keeps the id of the vertex it replaces (the pair at that end of the overlap).
    @inline(__always)
    private static func clip(_ v0: ClipVertex, _ v1: ClipVertex, _ normal: Vec2, _ offset: Double) -> (ClipVertex, ClipVertex)? {
        let d0 = dot(normal, v0.v) - offset
        let d1 = dot(normal, v1.v) - offset
        if d0 <= 0 && d1 <= 0 { return (v0, v1) }
        if d0 * d1 < 0 {
            let t = d0 / (d0 - d1)
            let v = v0.v + (v1.v - v0.v) * t
            return d0 <= 0 ? (v0, ClipVertex(v: v, id: v1.id)) : (ClipVertex(v: v, id: v0.id), v1)
        }
        return nil
    }

    /// What a manifold's points share at given poses: for a face manifold the face's world
    /// normal (A's face, or B's for `faceB`) and a world point of its plane; for circles A's
    /// centre. `evaluate` finishes each point from it.
    struct Frame {
        let kind: ManifoldKind
        let normal: Vec2
        let origin: Vec2
    }

    @inline(__always)
    static func frame(kind: ManifoldKind, localNormal: Vec2, localPoint: Vec2, _ xfA: Transform, _ xfB: Transform) -> Frame {
        switch kind {
        case .circles: return Frame(kind: kind, normal: .zero, origin: xfA.apply(localPoint))
        case .faceA: return Frame(kind: kind, normal: xfA.q.apply(localNormal), origin: xfA.apply(localPoint))
        case .faceB: return Frame(kind: kind, normal: xfB.q.apply(localNormal), origin: xfB.apply(localPoint))
        }
    }

    /// The world normal (A → B), a world point midway between the surfaces, and the separation of
    /// manifold point `local` at the poses `frame` was taken at (Box2D's b2WorldManifold /
    /// b2PositionSolverManifold).
    @inline(__always)
    static func evaluate(_ frame: Frame, point local: Vec2, radiusA: Double, radiusB: Double,
                         _ xfA: Transform, _ xfB: Transform) -> (normal: Vec2, point: Vec2, separation: Double) {
        switch frame.kind {
        case .circles:
            let pA = frame.origin
            let pB = xfB.apply(local)
            let d = pB - pA
            let dist = d.length
            let n = dist > 1e-12 ? d * (1 / dist) : Vec2(1, 0)
            let sep = dist - radiusA - radiusB
            let mid = (pA + n * radiusA + pB - n * radiusB) * 0.5
            return (n, mid, sep)
        case .faceA:
            let n = frame.normal
            let clipPoint = xfB.apply(local)
            let sep = dot(clipPoint - frame.origin, n) - radiusA - radiusB
            return (n, clipPoint - n * (radiusB + sep * 0.5), sep)
        case .faceB:
            let nB = frame.normal
            let clipPoint = xfA.apply(local)
            let sep = dot(clipPoint - frame.origin, nB) - radiusA - radiusB
            let n = -nB
            return (n, clipPoint + n * (radiusA + sep * 0.5), sep)
        }
    }
}
