// The contact sweeps four lanes at a time give the bits they give one contact at a time: the same
// worlds stepped with bundles of four lanes and of one agree to the last bit of every position,
// rotation and velocity, after every step (so the results cannot depend on a machine's vector
// width either).

import Kinetic
import Testing
@testable import KineticDynamics

@Suite struct ContactBundleTests {
    /// A world of `scene`, stepped `steps` times with `width`-lane bundles; the bit patterns of
    /// every body's pose and velocity after each step, and the bundles' lane counts seen.
    static func run(_ scene: (PhysicsWorld) -> [BodyID], width: Int, steps: Int) -> (bits: [[UInt64]], lanes: Set<Int32>) {
        let world = PhysicsWorld()
        world.bundleWidth = width
        let bodies = scene(world)
        var bits: [[UInt64]] = []
        var lanes: Set<Int32> = []
        for _ in 0..<steps {
            for body in bodies { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: body) }
            world.step()
            bits.append(world.bodies.motions.flatMap { m in
                [m.position.x, m.position.y, m.rotation.c, m.rotation.s, m.velocity.x, m.velocity.y, m.angularVelocity]
                    .map(\.bitPattern)
            })
            let starts = Array(world.stepBuffers.colouring.bundleStarts.elements)
            lanes.formUnion(zip(starts.dropFirst(), starts).map { $0 - $1 })
        }
        return (bits, lanes)
    }

    /// A floor and walls.
    static func box(_ world: PhysicsWorld) {
        _ = world.addBoundary(points: [Point(x: 0, y: 0), Point(x: 1000, y: 0), Point(x: 1000, y: 600), Point(x: 0, y: 600)],
                              isClosed: true, mask: 1)
    }

    /// Boxes in a pyramid with friction (two-point manifolds), some bouncy, one spinning in.
    static func pyramid(_ world: PhysicsWorld) -> [BodyID] {
        box(world)
        var bodies: [BodyID] = []
        for row in 0..<8 {
            for i in 0..<(8 - row) {
                let material = BodyMaterial(restitution: (row + i) % 3 == 0 ? 0.6 : 0, friction: i % 4 == 3 ? 0 : 0.6)
                bodies.append(world.addBody(PhysicsWorld.box(width: 40, height: 40),
                                            at: Point(x: 300 + 20 * Double(row) + 41 * Double(i), y: 580 - 41 * Double(row)),
                                            material: material))
            }
        }
        let thrown = world.addBody(.circle(radius: 15), at: Point(x: 100, y: 300), material: BodyMaterial(restitution: 0.8, friction: 0.3))
        world.setVelocity(Vector(dx: 900, dy: 100), of: thrown)
        world.setAngularVelocity(12, of: thrown)
        return bodies + [thrown]
    }

    /// A pile of circles of mixed sizes and materials (one-point manifolds, restitution).
    static func circles(_ world: PhysicsWorld) -> [BodyID] {
        box(world)
        var bodies: [BodyID] = []
        for i in 0..<120 {
            let radius = 6 + Double(i % 5) * 2
            bodies.append(world.addBody(.circle(radius: radius), at: Point(x: 50 + Double(i % 30) * 30 + Double(i / 30) * 7, y: 100 + Double(i / 30) * 40),
                                        material: BodyMaterial(restitution: i % 4 == 0 ? 0.7 : 0, friction: Double(i % 3) * 0.3)))
        }
        return bodies
    }

    /// A long plank carrying 45 small balls: the plank's contacts find every colour taken and
    /// go to the overflow, which bundles of four leave one lane each; and a pinned chain.
    static func overflowAndJoints(_ world: PhysicsWorld) -> [BodyID] {
        box(world)
        let plank = world.addBody(PhysicsWorld.box(width: 900, height: 20), at: Point(x: 500, y: 560), material: BodyMaterial(friction: 0.4))
        var bodies = [plank]
        for i in 0..<45 {
            bodies.append(world.addBody(.circle(radius: 9), at: Point(x: 70 + Double(i) * 19.5, y: 540),
                                        material: BodyMaterial(restitution: 0.2, friction: 0.5)))
        }
        var previous = world.addBody(.circle(radius: 8), at: Point(x: 100, y: 100))
        bodies.append(previous)
        _ = world.addJoint(JointDefinition(kind: .pin(angleRange: nil), bodyA: previous, bodyB: nil,
                                           localAnchorA: Vector(dx: 0, dy: -20), anchorB: Point(x: 100, y: 80)))
        for i in 1..<6 {
            let link = world.addBody(.circle(radius: 8), at: Point(x: 100 + Double(i) * 20, y: 100))
            _ = world.addJoint(JointDefinition(kind: .pin(angleRange: nil), bodyA: link, bodyB: previous,
                                               localAnchorA: Vector(dx: -10, dy: 0), anchorB: Point(x: 10, y: 0)))
            bodies.append(link)
            previous = link
        }
        return bodies
    }

    @Test(arguments: [("pyramid", 0), ("circles", 1), ("overflow and joints", 2)])
    func fourLanesGiveTheBitsOfOne(name: String, index: Int) {
        let scene = [Self.pyramid, Self.circles, Self.overflowAndJoints][index]
        let one = Self.run(scene, width: 1, steps: 240)
        let four = Self.run(scene, width: 4, steps: 240)
        #expect(one.lanes == [1])
        #expect(four.lanes.contains(4), "\(name): no bundle of four lanes")
        for step in one.bits.indices {
            guard one.bits[step] == four.bits[step] else {
                Issue.record("\(name): the bodies differ after step \(step + 1)")
                return
            }
        }
    }

    @Test func thePlanksContactsOverflowTheColours() {
        let world = PhysicsWorld()
        let bodies = Self.overflowAndJoints(world)
        for _ in 0..<30 {
            for body in bodies { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: body) }
            world.step()
        }
        let overflow = world.stepBuffers.colouring.colours.prefix(world.stepBuffers.activeContacts.count).filter { Int($0) == ContactColouring.colourCount }
        #expect(overflow.count >= 10)
    }
    /// A point's separation turns its anchors, fixed in the world for the step, by the bodies'
    /// rotations since the step began, through the lever arms the impulses use: (Δ·r)·n =
    /// s·(r × n) − c·(r × t) with t = (n_y, −n_x). Checked against the rotated anchor itself.
    @Test func theSeparationTurnsTheAnchorsByTheRotationSinceTheStepBegan() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53) * 2 - 1
        }
        for _ in 0..<200 {
            let r = (x: 40 * next(), y: 40 * next())
            let angle = 3 * next(), turn = 0.5 * next()
            let n = (x: Elementary.cos(angle), y: Elementary.sin(angle))
            let rn = r.x * n.y - r.y * n.x, rt = r.x * -n.x - r.y * n.y
            let delta = Rotation(angle: turn)
            let turned = (x: delta.c * r.x - delta.s * r.y, y: delta.s * r.x + delta.c * r.y)
            let expected = turned.x * n.x + turned.y * n.y
            // B's anchor turned, A's not: the gap is (Δ_B·r_B)·n − r_A·n with r_A = 0.
            let one = Lanes(repeating: 1), zero = Lanes(repeating: 0)
            let s = separation(base: zero, centres: zero, a: (one, zero), b: (Lanes(repeating: delta.c), Lanes(repeating: delta.s)),
                               anchorA: (zero, zero), anchorB: (Lanes(repeating: rn), Lanes(repeating: rt)))
            #expect(abs(s[0] - expected) < 1e-12, "r \(r) n \(n) turn \(turn): \(s[0]) vs \(expected)")
        }
    }

    /// That rotation is the identity for every body between steps (the bodies a step's contacts
    /// meet asleep or static included), so a step's separations start from the manifold's.
    @Test(arguments: [("pyramid", 0), ("overflow and joints", 2)])
    func theRotationSinceTheStepBeganIsTheIdentityBetweenSteps(name: String, index: Int) {
        let world = PhysicsWorld()
        let bodies = [Self.pyramid, Self.circles, Self.overflowAndJoints][index](world)
        var turned = 0
        for _ in 0..<240 {
            for body in bodies { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: body) }
            world.step()
            if world.bodies.motions.contains(where: { $0.rotation.s != 0 }) { turned += 1 }
            for (i, m) in world.bodies.motions.enumerated() where m.deltaRotation.c != 1 || m.deltaRotation.s != 0 {
                Issue.record("\(name): body \(i) keeps a rotation \(m.deltaRotation) after the step")
                return
            }
        }
        #expect(turned > 0, "\(name): nothing turned")
    }
}
