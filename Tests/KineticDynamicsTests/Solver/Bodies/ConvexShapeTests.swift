// Shape preparation: hulls, winding, vertex limits and mass properties against closed forms.

import Kinetic
import Testing
@testable import KineticDynamics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct ConvexShapeTests {
    static func polygon(_ points: [(Double, Double)]) -> ShapeGeometry {
        .polygon(points.map { Vector(dx: $0.0, dy: $0.1) })
    }

    @Test func eitherWindingGivesTheSameCounterClockwiseShape() {
        let a = ConvexShape.make(Self.polygon([(-10, -5), (10, -5), (10, 5), (-10, 5)]))!
        let b = ConvexShape.make(Self.polygon([(-10, 5), (10, 5), (10, -5), (-10, -5)]))!
        #expect(a.area == 200 && b.area == 200)
        #expect(abs(a.secondMoment - 200 * (400 + 100) / 12) < 1e-9)
        #expect(a.secondMoment == b.secondMoment)
        for (v, n) in zip(a.vertices, a.normals) {
            // Outward unit normals: every other vertex is behind each face.
            #expect(abs(n.length - 1) < 1e-15)
            for w in a.vertices { #expect(dot(w - v, n) <= 1e-12) }
        }
    }

    @Test func aConcaveOutlineCollidesAsItsHull() {
        // An arrow head: the notch vertex (0, 0) is dropped.
        let s = ConvexShape.make(Self.polygon([(-10, -10), (10, 0), (-10, 10), (0, 0)]))!
        #expect(s.vertices.count == 3)
        #expect(abs(s.area - 200) < 1e-12)
    }

    @Test func duplicateAndCollinearVerticesAreRemoved() {
        let s = ConvexShape.make(Self.polygon([(0, 0), (5, 0), (10, 0), (10, 10), (10, 10.1), (0, 10), (0, 0.1)]))!
        #expect(s.vertices.count == 4)
    }

    @Test func moreThanSixteenVerticesAreReducedKeepingTheArea() {
        // A 40-gon of radius 50: 16 of its vertices keep all but a few percent of the area.
        let points = (0..<40).map { k -> (Double, Double) in
            let a = Double(k) * 2 * Double.pi / 40
            return (50 * cos(a), 50 * sin(a))
        }
        let s = ConvexShape.make(Self.polygon(points))!
        #expect(s.vertices.count == 16)
        #expect(s.area > 0.95 * Double.pi * 2500)
    }

    @Test func unusableShapesAreRejected() {
        #expect(ConvexShape.make(.circle(radius: 0)) == nil)
        #expect(ConvexShape.make(.circle(radius: .nan)) == nil)
        #expect(ConvexShape.make(Self.polygon([(0, 0), (10, 0), (20, 0)])) == nil)
        #expect(ConvexShape.make(Self.polygon([(0, 0), (10, 0), (.infinity, 5)])) == nil)
        #expect(!PhysicsWorld.isUsable(Self.polygon([(0, 0), (1, 1)])))
        // The world still makes a body: a circle of the outline's extent.
        let world = PhysicsWorld()
        let body = world.createBody(shape: Self.polygon([(0, 0), (30, 40)]), position: .zero, angle: 0, material: BodyMaterial())
        #expect(abs(world.mass(of: body) - Double.pi * 2500 / 10_000) < 1e-12)
    }

    @Test func offCentrePolygonsTurnAboutTheItemCentre() {
        // Mass properties are taken about the origin (the item's centre), not the centroid:
        // I = ρ/10⁴ · ∫|r|² dA for the square [10, 30]² is m (w²/6 + |c|²) with c = (20, 20).
        let world = PhysicsWorld()
        let body = world.createBody(shape: Self.polygon([(10, 10), (30, 10), (30, 30), (10, 30)]), position: .zero, angle: 0, material: BodyMaterial())
        let m = 400.0 / 10_000
        #expect(abs(world.mass(of: body) - m) < 1e-15)
        #expect(abs(world.inertia(of: body) - m * (400.0 / 6 + 800)) < 1e-12)
    }
}

/// Manifold point ids: the warm start of a resting contact survives its reference face
/// changing sides.
@Suite struct ManifoldIDTests {
    /// A 100-pt box on another, offset by half its width and 0.1 pt into it; the upper one turned
    /// by `angle`. Returns the manifold's kind and its points as (id, world point).
    static func manifold(upperAngle angle: Double) -> (kind: ManifoldKind, points: [(UInt32, Vec2)]) {
        let box = ConvexShape.make(.polygon([Vector(dx: -50, dy: -50), Vector(dx: 50, dy: -50),
                                             Vector(dx: 50, dy: 50), Vector(dx: -50, dy: 50)]))!
        let xfA = Transform(p: Vec2(0, 0), q: .identity)
        let xfB = Transform(p: Vec2(50, 99.9), q: Rotation(angle: angle))
        var m = Manifold()
        box.vertices.withUnsafeBufferPointer { v in
            box.normals.withUnsafeBufferPointer { n in
                let poly = PolygonRef(vertices: v.baseAddress!, normals: n.baseAddress!, count: box.vertices.count)
                Narrowphase.polygons(poly, xfA, poly, xfB, speculative: 4, into: &m)
            }
        }
        let all = [m.point0, m.point1].prefix(m.count)
        // A face's points are in the other body's frame (B's for faceA, A's for faceB).
        let incident = m.kind == .faceA ? xfB : xfA
        return (m.kind, all.map { ($0.id, incident.apply($0.localPoint)) })
    }

    @Test func aCornerKeepsItsIDWhenTheReferenceFaceChangesSides() {
        let level = Self.manifold(upperAngle: 0)
        let turned = Self.manifold(upperAngle: -0.002)
        // Level, A's top face is the reference; turned back by 2 mrad, B's bottom face separates by
        // 0.1 pt more (50 pt × 0.002) and becomes the reference.
        #expect(level.kind == .faceA)
        #expect(turned.kind == .faceB)
        #expect(level.points.count == 2 && turned.points.count == 2)
        // The ends of the overlap: x = 0 (B's corner) and x = 50 (A's corner), each with the
        // same id in both manifolds.
        for (id, p) in level.points {
            let match = turned.points.filter { $0.0 == id }
            #expect(match.count == 1)
            if let q = match.first { #expect(abs(q.1.x - p.x) < 0.5) }
        }
        #expect(Set(level.points.map { $0.0 }).count == 2)
    }
}
