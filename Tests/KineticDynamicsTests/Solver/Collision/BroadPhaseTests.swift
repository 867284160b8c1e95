// The persistent broad phase and contact recycling: a resting stack keeps its pairs and manifolds
// without finding them again, anything that moves far enough gets them found again, and a pair
// that comes into reach is never missed.

import Kinetic
import Testing
@testable import KineticDynamics

@Suite struct BroadPhaseTests {
    /// A 4-box stack on an anchored floor body, settled.
    static func restingStack() -> (PhysicsWorld, [BodyID]) {
        let world = PhysicsWorld()
        world.allowsSleeping = false
        let floor = world.addBody(PhysicsWorld.box(width: 400, height: 20), at: Point(x: 0, y: 210),
                                  material: BodyMaterial(friction: 0.6, isAnchored: true))
        var boxes = [floor]
        for k in 0..<4 {
            boxes.append(world.addBody(PhysicsWorld.box(width: 40, height: 40), at: Point(x: 0, y: 180 - 40 * Double(k)),
                                       material: BodyMaterial(friction: 0.6)))
        }
        for body in boxes { world.setCollisionMasks(items: 1, boundaries: 0, of: body) }
        for _ in 0..<240 {
            for body in boxes.dropFirst() { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: body) }
            world.step()
        }
        return (world, boxes)
    }

    @Test func aRestingStackKeepsItsPairsAndRecyclesItsManifolds() {
        let (world, boxes) = Self.restingStack()
        let poses = world.contacts.map(\.cachedPose)
        let keys = world.contacts.map(\.key)
        #expect(world.contacts.filter { $0.pointCount == 2 }.count == 4)      // floor–box and box–box faces
        for _ in 0..<60 {
            for body in boxes.dropFirst() { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: body) }
            world.step()
            // No fat box moved: the pairs were not looked for again, and no manifold was recomputed.
            #expect(!world.broadPhase.hasMoved)
            #expect(world.contacts.map(\.key) == keys)
            #expect(world.contacts.map(\.cachedPose.p) == poses.map(\.p))
        }
        // The recycled points still measure where the bodies are: a stack resting within a slop.
        for c in world.contacts where c.pointCount == 2 {
            #expect(abs(c.p0.separation) < ContactSolver.linearSlop && abs(c.p1.separation) < ContactSolver.linearSlop)
            #expect(c.isTouching)
        }
        #expect(abs(world.position(of: boxes[4]).x) < 0.01)
    }

    @Test func aMovedBodyGetsItsPairsAndManifoldFoundAgain() {
        let (world, boxes) = Self.restingStack()
        let top = boxes[4]
        let before = world.contacts.first { $0.b == top.raw || $0.a == top.raw }!
        // Lifted 6 pt, past the recycling distance (5) but inside the fat boxes' margins.
        let x = world.position(of: top).x, y = world.position(of: top).y
        world.setPosition(Point(x: x, y: y - 6), angle: 0, of: top)
        world.step()
        let lifted = world.contacts.first { $0.key == before.key }!
        #expect(lifted.cachedPose.p != before.cachedPose.p)      // recomputed, not recycled
        #expect(lifted.pointCount == 0)                           // 6 pt apart: beyond the speculative reach
        // Lifted 40 pt: the fat boxes part, and so does the pair.
        world.setPosition(Point(x: x, y: y - 40), angle: 0, of: top)
        world.step()
        #expect(!world.contacts.contains { $0.key == before.key })
        for _ in 0..<120 {
            for body in boxes.dropFirst() { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: body) }
            world.step()
        }
        let landed = world.contacts.first { $0.key == before.key }!
        #expect(landed.pointCount == 2 && landed.isTouching)
    }

    @Test func aFastBodyIsNeverRecycledAndDoesNotPassThrough() {
        let world = PhysicsWorld()
        let wall = world.addBody(PhysicsWorld.box(width: 20, height: 400), at: Point(x: 300, y: 0),
                                 material: BodyMaterial(isAnchored: true))
        let ball = world.addBody(.circle(radius: 10), at: Point(x: 0, y: 0))
        for body in [wall, ball] { world.setCollisionMasks(items: 1, boundaries: 0, of: body) }
        world.setVelocity(Vector(dx: 3_000, dy: 0), of: ball)
        for _ in 0..<30 {
            world.step()
            #expect(world.position(of: ball).x < 300 - 10 - 10 + ContactSolver.linearSlop * 2)
        }
        #expect(world.velocity(of: ball).dx <= 0)
    }

    @Test func theSameWorldGivesTheSamePairsAndBitsAfterARestore() {
        let (world, boxes) = Self.restingStack()
        let state = world.state
        func run() -> [Double] {
            world.setPosition(Point(x: 7, y: world.position(of: boxes[4]).y - 12), angle: 0.1, of: boxes[4])
            for _ in 0..<90 {
                for body in boxes.dropFirst() { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: body) }
                world.step()
            }
            return boxes.flatMap { [world.position(of: $0).x, world.position(of: $0).y, world.angle(of: $0)] }
        }
        let first = run()
        world.restore(state)
        let second = run()
        #expect(first.map(\.bitPattern) == second.map(\.bitPattern))
    }

    /// After every step of 80 circles and boxes falling into a closed box, tossed about, the
    /// contacts are exactly the pairs a full sweep finds over the current fat boxes, though most
    /// steps searched only around the bodies whose fat boxes moved.
    @Test func theSearchAroundMovedBodiesFindsWhatAFullSweepFinds() {
        let world = PhysicsWorld()
        _ = world.addBoundary(points: [Point(x: 0, y: 0), Point(x: 600, y: 0), Point(x: 600, y: 600), Point(x: 0, y: 600)],
                              isClosed: true, mask: 1)
        var bodies: [BodyID] = []
        for k in 0..<80 {
            let shape = k % 2 == 0 ? ShapeGeometry.circle(radius: 8 + Double(k % 5)) : PhysicsWorld.box(width: 18, height: 14)
            let body = world.addBody(shape, at: Point(x: 40 + Double(k % 10) * 55, y: 60 + Double(k / 10) * 40),
                                     angle: Double(k) * 0.3, material: BodyMaterial(restitution: 0.3, friction: 0.4))
            world.setCollisionMasks(items: 1, boundaries: 1, of: body)
            bodies.append(body)
        }
        var partialSteps = 0
        for step in 0..<600 {
            for body in bodies { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: body) }
            if step % 150 == 75 { world.applyImpulse(Vector(dx: 40, dy: -60), at: nil, to: bodies[step % 80]) }
            world.step()
            if world.broadPhase.isFewMoved && !world.broadPhase.moved.isEmpty { partialSteps += 1 }
            var sweep = world.broadPhase
            var keys: [UInt64] = []
            world.bodies.records.withUnsafeBufferPointer { b in
                world.boundaries.segments.withUnsafeBufferPointer { sweep.findPairs(into: &keys, bodies: b, segments: $0) }
            }
            #expect(world.contacts.map(\.key) == keys.sorted(), "step \(step)")
            if world.contacts.map(\.key) != keys.sorted() { return }
        }
        #expect(partialSteps > 100)
    }

    /// A world of 40 balls resting apart on an anchored floor and one more resting on ball
    /// `under`: as many contacts whichever ball it rests on, but another pair.
    static func ballOnBall(under: Int) -> (PhysicsWorld, [BodyID]) {
        let world = PhysicsWorld()
        world.allowsSleeping = false
        let floor = world.addBody(PhysicsWorld.box(width: 4000, height: 20), at: Point(x: 1000, y: 210),
                                  material: BodyMaterial(friction: 0.6, isAnchored: true))
        var balls: [BodyID] = []
        for k in 0..<40 {
            balls.append(world.addBody(.circle(radius: 10), at: Point(x: 50 * Double(k), y: 190), material: BodyMaterial(friction: 0.6)))
        }
        let top = world.addBody(.circle(radius: 10), at: Point(x: 50 * Double(under), y: 170), material: BodyMaterial(friction: 0.6))
        balls.append(top)
        for body in [floor] + balls { world.setCollisionMasks(items: 1, boundaries: 0, of: body) }
        for _ in 0..<60 {
            for body in balls { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: body) }
            world.step()
        }
        return (world, balls)
    }

    /// A snapshot's contacts restored into a world whose contacts are as many but other pairs:
    /// the next steps, with only the nudged ball's pairs looked for again, equal those of the
    /// world the snapshot came from, bit for bit (the pair merge must not go by the keys of the
    /// contacts it merged last).
    @Test func aRestoredWorldMergesItsPairsWithTheRestoredContacts() {
        let (original, balls) = Self.ballOnBall(under: 20)
        let (other, _) = Self.ballOnBall(under: 10)
        #expect(original.contacts.count == other.contacts.count)
        #expect(original.contacts.map(\.key) != other.contacts.map(\.key))
        other.restore(original.state)
        for world in [original, other] { world.setVelocity(Vector(dx: 40, dy: 0), of: balls[40]) }
        for step in 0..<30 {
            for world in [original, other] {
                for body in balls { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: body) }
                world.step()
            }
            let a = balls.map { original.position(of: $0) }, b = balls.map { other.position(of: $0) }
            guard a.map(\.x.bitPattern) == b.map(\.x.bitPattern), a.map(\.y.bitPattern) == b.map(\.y.bitPattern) else {
                Issue.record("the worlds part at step \(step + 1)")
                return
            }
        }
    }
}
