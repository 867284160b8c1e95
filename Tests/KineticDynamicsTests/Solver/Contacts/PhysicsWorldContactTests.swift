// Contacts against closed forms: elastic bounces keep their height, a head-on collision obeys the
// 1-D momentum and restitution laws, fast bodies do not tunnel, stacks stand, events pair up.

import Kinetic
import Testing
@testable import KineticDynamics

@Suite struct PhysicsWorldContactTests {
    @Test func elasticBallKeepsItsDropHeightOverTenBounces() {
        let world = PhysicsWorld()
        let floorY = 500.0
        _ = world.addBoundary(points: [Point(x: -1000, y: floorY), Point(x: 1000, y: floorY)], isClosed: false, mask: 1)
        let ball = world.addBody(.circle(radius: 10), at: Point(x: 0, y: 100), material: BodyMaterial(restitution: 1))
        let dropHeight = floorY - 10 - 100
        var apexes: [Double] = []
        var previousVy = 0.0
        var steps = 0
        while apexes.count < 10 && steps < 20_000 {
            world.applyAcceleration(Vector(dx: 0, dy: 1000), to: ball)
            world.step()
            steps += 1
            let vy = world.velocity(of: ball).dy
            if previousVy < 0 && vy >= 0 { apexes.append(floorY - 10 - world.position(of: ball).y) }
            previousVy = vy
        }
        #expect(apexes.count == 10)
        for apex in apexes { #expect(apex >= 0.99 * dropHeight && apex <= 1.01 * dropHeight, "apex \(apex) of \(dropHeight)") }
    }

    @Test(arguments: [0.0, 0.5, 1.0])
    func headOnCollisionConservesMomentumAndMatchesTheClosedForm(restitution e: Double) {
        let world = PhysicsWorld()
        let a = world.addBody(.circle(radius: 20), at: Point(x: 0, y: 0), material: BodyMaterial(density: 1, restitution: e))
        let b = world.addBody(.circle(radius: 10), at: Point(x: 200, y: 0), material: BodyMaterial(density: 3, restitution: e))
        let ua = 400.0, ub = -150.0
        world.setVelocity(Vector(dx: ua, dy: 0), of: a)
        world.setVelocity(Vector(dx: ub, dy: 0), of: b)
        let ma = world.mass(of: a), mb = world.mass(of: b)
        let p0 = ma * ua + mb * ub
        world.step(120)
        let va = world.velocity(of: a).dx, vb = world.velocity(of: b).dx
        let p1 = ma * va + mb * vb
        #expect(abs(p1 - p0) / abs(p0) < 1e-9)
        let expectedA = (ma * ua + mb * ub + mb * e * (ub - ua)) / (ma + mb)
        let expectedB = (ma * ua + mb * ub + ma * e * (ua - ub)) / (ma + mb)
        #expect(abs(va - expectedA) < 1e-6, "va \(va) vs \(expectedA)")
        #expect(abs(vb - expectedB) < 1e-6, "vb \(vb) vs \(expectedB)")
        #expect(world.velocity(of: a).dy == 0 && world.velocity(of: b).dy == 0)
    }

    @Test(arguments: [PhysicsWorld.box(width: 20, height: 20), ShapeGeometry.circle(radius: 10)])
    func fastBodyDoesNotTunnelThroughABoundary(shape: ShapeGeometry) {
        let world = PhysicsWorld()
        _ = world.addBoundary(points: [Point(x: 300, y: -1000), Point(x: 300, y: 1000)], isClosed: false, mask: 1)
        let ball = world.addBody(shape, at: Point(x: 0, y: 0))
        world.setVelocity(Vector(dx: 10_000, dy: 37), of: ball)
        for _ in 0..<120 {
            world.step()
            #expect(world.position(of: ball).x < 300 - 9.5)
        }
        #expect(world.velocity(of: ball).dx <= 0)
    }

    @Test func fastBallDoesNotTunnelThroughAThinBody() {
        let world = PhysicsWorld()
        let wall = world.addBody(PhysicsWorld.box(width: 4, height: 400), at: Point(x: 300, y: 0), material: BodyMaterial(isAnchored: true))
        _ = wall
        let ball = world.addBody(.circle(radius: 10), at: Point(x: 0, y: 0))
        world.setVelocity(Vector(dx: 10_000, dy: 0), of: ball)
        world.step(60)
        #expect(world.position(of: ball).x < 300)
    }

    @Test func fastBallHitsAThinMovableBody() {
        // Two dynamic bodies: the speculative reach is the sum of both motions.
        let world = PhysicsWorld()
        let plank = world.addBody(PhysicsWorld.box(width: 4, height: 200), at: Point(x: 300, y: 0))
        let ball = world.addBody(.circle(radius: 10), at: Point(x: 0, y: 0))
        world.setVelocity(Vector(dx: 10_000, dy: 0), of: ball)
        world.setVelocity(Vector(dx: -2_000, dy: 0), of: plank)
        world.step(6)
        #expect(world.position(of: ball).x < world.position(of: plank).x)
        #expect(world.velocity(of: plank).dx > 0)                 // it was hit
    }

    @Test func pyramidOfTwentyRowsStands() {
        let world = PhysicsWorld()
        _ = world.addBoundary(points: [Point(x: -2000, y: 0), Point(x: 2000, y: 0)], isClosed: false, mask: 1)
        let rows = 20, size = 40.0
        var boxes: [BodyID] = []
        for row in 0..<rows {
            let count = rows - row
            for k in 0..<count {
                let x = (Double(k) - Double(count - 1) / 2) * size * 1.05
                let y = -size / 2 - Double(row) * size
                boxes.append(world.addBody(PhysicsWorld.box(width: size, height: size), at: Point(x: x, y: y),
                                           material: BodyMaterial(friction: 0.6)))
            }
        }
        let top = boxes.last!
        var settled = Point.zero
        let h = world.stepDuration
        var steps = 0
        let total = Int(60 / h)
        var firstRest = -1
        while steps < total {
            if world.isAtRest && firstRest < 0 { firstRest = steps }
            for b in boxes { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: b) }
            world.step()
            steps += 1
            if steps == Int(2 / h) { settled = world.position(of: top) }
        }
        if steps < Int(2 / h) { settled = world.position(of: top) }
        #expect(world.isAtRest, "awake after \(steps) steps")
        #expect(firstRest > 0 && Double(firstRest) * h < 10, "asleep after \(Double(firstRest) * h) s")
        #expect(world.position(of: top).distance(to: settled) < 1)
        #expect(abs(world.position(of: top).y - (-size / 2 - Double(rows - 1) * size)) < 20)
        for b in boxes { #expect(world.position(of: b).y < 0 && abs(world.position(of: b).x) < 600) }
    }

    @Test func contactEventsBeginAndEndOncePerPair() {
        let world = PhysicsWorld()
        let floor = world.addBoundary(points: [Point(x: -500, y: 200), Point(x: 0, y: 200), Point(x: 500, y: 200)], isClosed: false, mask: 1)
        let ball = world.addBody(.circle(radius: 10), at: Point(x: 0, y: 0), material: BodyMaterial(restitution: 0.8))
        var log: [ContactEvent] = []
        for _ in 0..<90 {
            world.applyAcceleration(Vector(dx: 0, dy: 1000), to: ball)
            world.step()
            log += world.contactEvents
        }
        #expect(log.count >= 2)
        #expect(log.first?.phase == .began)
        #expect(log.first?.body == ball && log.first?.partner == .boundary(floor))
        // A speculative contact may act up to |v|·h before the surfaces meet: the point is between them.
        if let p = log.first?.point { #expect(abs(p.y - 200) < 10 && abs(p.x) < 1) }
        // Strictly alternating: one event per (ball, floor) pair even on the shared vertex.
        for (k, e) in log.enumerated() { #expect(e.phase == (k % 2 == 0 ? .began : .ended)) }
    }

    /// Recording switched off for spans (as the animator does while no delegate listens) and on
    /// again: every recorded step has exactly the events of a world that always recorded, the
    /// off steps none, and the motion is bit for bit the same.
    @Test func contactEventsSwitchedOffAndOnAgainAreThoseOfAWorldAlwaysRecording() {
        func makeWorld() -> (PhysicsWorld, [BodyID]) {
            let world = PhysicsWorld()
            _ = world.addBoundary(points: [Point(x: -300, y: 200), Point(x: 0, y: 200), Point(x: 300, y: 200)], isClosed: false, mask: 1)
            var balls: [BodyID] = []
            for k in 0..<6 {
                let ball = world.addBody(.circle(radius: 10), at: Point(x: Double(k) * 18 - 45, y: Double(-30 * k)),
                                         material: BodyMaterial(restitution: 0.6))
                balls.append(ball)
            }
            return (world, balls)
        }
        let (always, alwaysBalls) = makeWorld()
        let (sometimes, sometimesBalls) = makeWorld()
        var recordedEvents = 0, skippedEvents = 0
        for step in 0..<360 {
            // Off in spans of varied length, including ones that start and end mid-contact.
            sometimes.recordsContactEvents = !((20..<45).contains(step) || (70..<71).contains(step) || (100..<230).contains(step))
            for (a, b) in zip(alwaysBalls, sometimesBalls) {
                always.applyAcceleration(Vector(dx: 0, dy: 1000), to: a)
                sometimes.applyAcceleration(Vector(dx: 0, dy: 1000), to: b)
            }
            always.step()
            sometimes.step()
            if sometimes.recordsContactEvents {
                #expect(sometimes.contactEvents == always.contactEvents, "step \(step)")
                recordedEvents += always.contactEvents.count
            } else {
                #expect(sometimes.contactEvents.isEmpty, "step \(step)")
                skippedEvents += always.contactEvents.count
            }
            for (a, b) in zip(alwaysBalls, sometimesBalls) { #expect(always.position(of: a) == sometimes.position(of: b)) }
        }
        #expect(recordedEvents >= 6 && skippedEvents >= 6, "recorded \(recordedEvents), skipped \(skippedEvents)")
    }

    @Test(arguments: [PhysicsWorld.box(width: 40, height: 40), ShapeGeometry.circle(radius: 20)])
    func bodiesSlideOverTheSeamsOfAFlatBoundary(shape: ShapeGeometry) {
        // Three collinear segments: without ghost-vertex handling the box's leading face catches
        // the next segment's start and stops.
        let world = PhysicsWorld()
        _ = world.addBoundary(points: [Point(x: -1000, y: 0), Point(x: 0, y: 0), Point(x: 150, y: 0), Point(x: 1000, y: 0)],
                              isClosed: false, mask: 1)
        let body = world.addBody(shape, at: Point(x: -300, y: -20))
        world.setVelocity(Vector(dx: 300, dy: 0), of: body)
        var lowest = 0.0, highest = -Double.infinity
        for _ in 0..<240 {
            world.applyAcceleration(Vector(dx: 0, dy: 1000), to: body)
            world.step()
            highest = max(highest, world.velocity(of: body).dy.magnitude)
            lowest = min(lowest, world.position(of: body).y)
        }
        #expect(abs(world.velocity(of: body).dx - 300) < 1, "vx \(world.velocity(of: body).dx)")
        #expect(abs(world.position(of: body).x - 300) < 3)
        #expect(highest < 10, "vertical speed \(highest)")
    }

    @Test func boxTipsOverTheOuterCornerOfAPlatform() {
        // The chain bends away at (0, 0): that vertex is a real corner and must still collide.
        let world = PhysicsWorld()
        _ = world.addBoundary(points: [Point(x: -400, y: 0), Point(x: 0, y: 0), Point(x: 0, y: 400)], isClosed: false, mask: 1)
        let box = world.addBody(PhysicsWorld.box(width: 40, height: 40), at: Point(x: -30, y: -20))
        world.setVelocity(Vector(dx: 100, dy: 0), of: box)
        for _ in 0..<240 {
            world.applyAcceleration(Vector(dx: 0, dy: 1000), to: box)
            world.step()
            // Once below the corner, no vertex of the box is inside the wall (x < 0).
            let p = world.position(of: box), q = Rotation(angle: world.angle(of: box))
            if p.y > 30 {
                for v in [Vec2(-20, -20), Vec2(20, -20), Vec2(20, 20), Vec2(-20, 20)] {
                    #expect(q.apply(v).x + p.x > -1)
                }
            }
        }
        // It slid off the edge, rotating about the corner, and fell past it on the outside.
        #expect(world.position(of: box).x > 0)
        #expect(world.position(of: box).y > 0)
    }
}

/// The contacts' graph colouring (the order the solver meets them in).
@Suite struct ContactColouringTests {
    /// A 10-row pyramid of 40-pt boxes, side by side, on a floor, after `steps` steps: its
    /// active contacts in solve order with their colours, and which bodies move.
    static func pyramid(steps: Int) -> (order: [Int32], colours: [UInt8], contacts: [(Int32, Int32)], moving: (Int32) -> Bool) {
        let world = PhysicsWorld()
        _ = world.addBoundary(points: [Point(x: -1000, y: 500), Point(x: 1000, y: 500)], isClosed: false, mask: 1)
        var boxes: [BodyID] = []
        for row in 0..<10 {
            for i in 0..<(10 - row) {
                boxes.append(world.addBody(PhysicsWorld.box(width: 40, height: 40),
                                           at: Point(x: 20 * Double(row) + 40 * Double(i), y: 480 - 40 * Double(row))))
            }
        }
        for _ in 0..<steps {
            for b in boxes { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: b) }
            world.step()
        }
        let order = Array(world.stepBuffers.activeContacts.elements)
        let contacts = order.map { (world.contacts[Int($0)].a, world.contacts[Int($0)].b) }
        let motions = world.bodies.motions
        return (order, Array(world.stepBuffers.colouring.colours.prefix(order.count)), contacts, { motions[Int($0)].invMass > 0 })
    }

    @Test func aColoursContactsShareNoMovingBodyAndTheOrderRepeats() {
        let (order, colours, contacts, moving) = Self.pyramid(steps: 30)
        // 55 boxes: 10 on the floor, 45 side-by-side pairs, 2 × 45 resting on the row below.
        #expect(order.count >= 140)
        #expect(Set(order).count == order.count)
        #expect(colours.count == order.count)
        for k in colours.indices.dropFirst() { #expect(colours[k - 1] <= colours[k]) }
        var seen: [UInt8: Set<Int32>] = [:]
        for (k, (a, b)) in contacts.enumerated() where Int(colours[k]) < ContactColouring.colourCount {
            for body in [a, b] where moving(body) {
                #expect(seen[colours[k], default: []].insert(body).inserted, "body \(body) twice in colour \(colours[k])")
            }
        }
        // A pyramid's contacts need a handful of colours, not one each.
        #expect(Int(colours.last ?? 0) < 12)
        let again = Self.pyramid(steps: 30)
        #expect(again.order == order && again.colours == colours)
    }
}
