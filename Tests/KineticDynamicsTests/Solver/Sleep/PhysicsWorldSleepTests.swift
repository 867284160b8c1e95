// Islands fall asleep together and wake on the documented events; collision masks filter pairs.

import Kinetic
import Testing
@testable import KineticDynamics

@Suite struct PhysicsWorldSleepTests {
    static let gravity = Vector(dx: 0, dy: 1000)

    /// A floor at y = 0 and a stack of `count` 40-pt boxes on it.
    static func stack(_ count: Int) -> (PhysicsWorld, [BodyID]) {
        let world = PhysicsWorld()
        _ = world.addBoundary(points: [Point(x: -500, y: 0), Point(x: 500, y: 0)], isClosed: false, mask: 1)
        let boxes = (0..<count).map { k in
            world.addBody(PhysicsWorld.box(width: 40, height: 40), at: Point(x: 0, y: -20 - 40 * Double(k)), material: BodyMaterial(friction: 0.5))
        }
        return (world, boxes)
    }

    static func run(_ world: PhysicsWorld, _ bodies: [BodyID], steps: Int) {
        for _ in 0..<steps {
            for b in bodies { world.applyAcceleration(gravity, to: b) }
            world.step()
        }
    }

    @Test func aRestingStackSleepsAfterHalfASecondAndKeepsItsPlace() {
        let (world, boxes) = Self.stack(4)
        var steps = 0
        while !world.isAtRest && steps < 600 {
            Self.run(world, boxes, steps: 1)
            steps += 1
        }
        #expect(world.isAtRest)
        // At least the 0.5 s of rest, but well within 2 s.
        #expect(steps >= 60 && steps < 240, "asleep after \(steps) steps")
        for b in boxes { #expect(!world.isAwake(b) && world.velocity(of: b) == .zero) }
        let top = world.position(of: boxes[3])
        Self.run(world, boxes, steps: 120)
        #expect(world.position(of: boxes[3]) == top)
    }

    @Test func anImpulseWakesTheWholeIsland() {
        let (world, boxes) = Self.stack(3)
        Self.run(world, boxes, steps: 300)
        #expect(world.isAtRest)
        world.applyImpulse(Vector(dx: 0.5, dy: 0), at: nil, to: boxes[2])
        #expect(boxes.allSatisfy { world.isAwake($0) })
        #expect(!world.isAtRest)
    }

    @Test func aBodyFallingOnASleepingStackWakesIt() {
        let (world, boxes) = Self.stack(2)
        Self.run(world, boxes, steps: 300)
        #expect(world.isAtRest)
        let ball = world.addBody(.circle(radius: 10), at: Point(x: 0, y: -300))
        Self.run(world, boxes + [ball], steps: 100)          // lands after ≈ 0.65 s = 78 steps
        #expect(boxes.allSatisfy { world.isAwake($0) })
        Self.run(world, boxes + [ball], steps: 600)
        #expect(world.isAtRest)
        #expect(world.position(of: ball).y < -80 - 9)            // resting on top, not inside
    }

    @Test func destroyingTheSupportWakesWhatRestedOnIt() {
        let (world, boxes) = Self.stack(2)
        Self.run(world, boxes, steps: 300)
        #expect(world.isAtRest)
        world.destroyBody(boxes[0])
        #expect(world.isAwake(boxes[1]))
        Self.run(world, [boxes[1]], steps: 1)
        // The destroyed box's contacts (with the floor and with the box above) ended.
        let ended = world.contactEvents.filter { $0.phase == .ended }.map { $0.body }
        #expect(ended == [boxes[0], boxes[0]])
        Self.run(world, [boxes[1]], steps: 60)
        #expect(abs(world.position(of: boxes[1]).y - -20) < 1.5)   // fell onto the floor
    }

    @Test func itemMasksThatShareNoBitDoNotCollide() {
        let world = PhysicsWorld()
        let a = world.addBody(.circle(radius: 10), at: Point(x: 0, y: 0))
        let b = world.addBody(.circle(radius: 10), at: Point(x: 100, y: 0))
        world.setCollisionMasks(items: 0b01, boundaries: 0, of: a)
        world.setCollisionMasks(items: 0b10, boundaries: 0, of: b)
        world.setVelocity(Vector(dx: 200, dy: 0), of: a)
        world.step(120)
        #expect(abs(world.position(of: a).x - 200) < 1e-9)        // passed straight through b
        #expect(world.position(of: b).x == 100)
        #expect(world.contactEvents.isEmpty)
    }

    @Test func boundaryMaskDecidesWhetherABodyStopsAtTheBoundary() {
        let world = PhysicsWorld()
        _ = world.addBoundary(points: [Point(x: -100, y: 100), Point(x: 100, y: 100)], isClosed: false, mask: 0b100)
        let stopped = world.addBody(.circle(radius: 10), at: Point(x: -50, y: 0))
        let through = world.addBody(.circle(radius: 10), at: Point(x: 50, y: 0))
        world.setCollisionMasks(items: 0, boundaries: 0b110, of: stopped)
        world.setCollisionMasks(items: 0, boundaries: 0b011, of: through)
        Self.run(world, [stopped, through], steps: 120)
        #expect(abs(world.position(of: stopped).y - 90) < 1)
        #expect(world.position(of: through).y > 200)
    }

    @Test func anchoredBodiesDoNotMoveButStillCollide() {
        let world = PhysicsWorld()
        let shelf = world.addBody(PhysicsWorld.box(width: 200, height: 20), at: Point(x: 0, y: 100), material: BodyMaterial(isAnchored: true))
        let ball = world.addBody(.circle(radius: 10), at: Point(x: 0, y: 0))
        Self.run(world, [ball, shelf], steps: 240)
        #expect(world.position(of: shelf) == Point(x: 0, y: 100))
        #expect(abs(world.position(of: ball).y - 80) < 1)
        #expect(world.isAtRest)
    }
}
