// The packed vertex pool: each body's vertices in a range of their own, which moves when a new
// shape has more vertices and stays with a destroyed body's slot when the slot is reused.

import Kinetic
import Testing
@testable import KineticDynamics

@Suite struct VertexPoolTests {
    /// A regular polygon of `count` vertices and circumradius `radius`, with a flat bottom.
    static func polygon(_ count: Int, radius: Double) -> ShapeGeometry {
        .polygon((0..<count).map { k in
            let (s, c) = Elementary.sinCos(Double.pi / Double(count) + 2 * Double.pi * Double(k) / Double(count))
            return Vector(dx: radius * c, dy: radius * s)
        })
    }

    /// Drops `bodies` on a floor at y = 500 for 2 s and returns where they rest.
    static func settle(_ world: PhysicsWorld, _ bodies: [BodyID]) -> [Point] {
        for _ in 0..<240 {
            for b in bodies { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: b) }
            world.step()
        }
        return bodies.map { world.position(of: $0) }
    }

    @Test func aShapeWithMoreVerticesCollidesWithItsOwnAndLeavesTheOthers() {
        let world = PhysicsWorld()
        _ = world.addBoundary(points: [Point(x: -1000, y: 500), Point(x: 1000, y: 500)], isClosed: false, mask: 1)
        let a = world.addBody(PhysicsWorld.box(width: 40, height: 40), at: Point(x: 0, y: 400))
        let b = world.addBody(PhysicsWorld.box(width: 40, height: 40), at: Point(x: 300, y: 400))
        let before = world.bodies.vertexPool.count
        // Four vertices to twelve: a's vertices move to the end of the pool.
        world.setShape(Self.polygon(12, radius: 50), of: a)
        #expect(world.bodies.vertexPool.count == before + 12)
        let rest = Self.settle(world, [a, b])
        // The dodecagon rests on a flat side, 50·cos(15°) above the floor; the box beside it on its own.
        let apothem = 50 * Elementary.sinCos(Double.pi / 12).cos
        #expect(abs(rest[0].y - (500 - apothem)) < 1, "dodecagon at \(rest[0].y)")
        #expect(abs(rest[1].y - 480) < 1, "box at \(rest[1].y)")
        // Back to fewer vertices: the range it has is reused.
        world.setShape(PhysicsWorld.box(width: 60, height: 60), of: a)
        #expect(world.bodies.vertexPool.count == before + 12)
        #expect(abs(Self.settle(world, [a, b])[0].y - 470) < 1)
    }

    @Test func aReusedSlotKeepsItsRange() {
        let world = PhysicsWorld()
        _ = world.addBoundary(points: [Point(x: -1000, y: 500), Point(x: 1000, y: 500)], isClosed: false, mask: 1)
        let a = world.addBody(Self.polygon(8, radius: 30), at: Point(x: 0, y: 400))
        let b = world.addBody(PhysicsWorld.box(width: 40, height: 40), at: Point(x: 300, y: 400))
        world.destroyBody(a)
        world.step()
        let count = world.bodies.vertexPool.count
        // The freed slot's eight-vertex range takes the new body's four.
        let c = world.addBody(PhysicsWorld.box(width: 20, height: 20), at: Point(x: 0, y: 400))
        #expect(world.bodies.vertexPool.count == count)
        let rest = Self.settle(world, [b, c])
        #expect(abs(rest[0].y - 480) < 1, "box at \(rest[0].y)")
        #expect(abs(rest[1].y - 490) < 1, "small box at \(rest[1].y)")
    }
}
