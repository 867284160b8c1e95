// A bounce against a wall with a larger body close behind: the step after it gives no energy.
import Kinetic
import Testing
@testable import KineticDynamics

/// A small disc hits a wall with a larger one right behind it, both elastic (elasticity 1),
/// nothing else acting: the discs' kinetic energy may only fall. The restitution that sends the
/// small disc back off the wall is not warm started again in the next step: that impulse would
/// throw it back off the wall into the larger disc, which would leave faster than it came.
@Suite struct PinchedBounceTests {
    /// Wall at x = 300. The small disc (radius 6) is 4 pt from it at 1,000 pt/s; the larger one
    /// (radius 30) touches it from behind at `speed`, `offset` pt off its line.
    static func pinch(speed: Double, offset: Double) -> (world: PhysicsWorld, small: BodyID, large: BodyID) {
        let world = PhysicsWorld()
        _ = world.addBoundary(points: [Point(x: 300, y: -1000), Point(x: 300, y: 1000)], isClosed: false, mask: 1)
        let x = 300 - 6 - 4.0
        let small = world.addBody(.circle(radius: 6), at: Point(x: x, y: 0), material: BodyMaterial(restitution: 1))
        let large = world.addBody(.circle(radius: 30), at: Point(x: x - 36, y: offset), material: BodyMaterial(restitution: 1))
        world.setVelocity(Vector(dx: 1000, dy: 0), of: small)
        world.setVelocity(Vector(dx: speed, dy: 0), of: large)
        return (world, small, large)
    }

    @Test(arguments: [(1200.0, 0.0), (1200.0, 10.0)])
    func energyNeverGrowsAfterThePinchedBounce(speed: Double, offset: Double) {
        let (world, small, large) = Self.pinch(speed: speed, offset: offset)
        // Mass = density × area / 10,000 and I = m·r²/2 for a disc of density 1.
        let bodies = [(small, 6.0), (large, 30.0)].map { body, r in
            (body: body, mass: Double.pi * r * r / 10_000, inertia: Double.pi * r * r / 10_000 * r * r / 2)
        }
        for b in bodies {
            #expect(relativeError(world.mass(of: b.body), b.mass) < 1e-12)
            #expect(relativeError(world.inertia(of: b.body), b.inertia) < 1e-12)
        }
        func energy() -> Double {
            bodies.reduce(0) { sum, b in
                let v = world.velocity(of: b.body), w = world.angularVelocity(of: b.body)
                return sum + 0.5 * b.mass * (v.dx * v.dx + v.dy * v.dy) + 0.5 * b.inertia * w * w
            }
        }
        let initial = energy()
        #expect(abs(initial - 0.5 * (bodies[0].mass * 1000 * 1000 + bodies[1].mass * speed * speed)) < 1e-9 * initial)
        var worst = (ratio: 1.0, step: 0)
        for step in 1...60 {
            world.step()
            if energy() / initial > worst.ratio { worst = (energy() / initial, step) }
        }
        #expect(worst.ratio <= 1 + 1e-9, "\(worst.ratio)× the initial energy at step \(worst.step)")
    }

    /// The mechanism: in the step the small disc bounces off the wall, its wall contact keeps no
    /// normal or tangent impulse for the next step's warm start.
    @Test func aBouncedPointKeepsNoImpulseForTheWarmStart() {
        let (world, small, _) = Self.pinch(speed: 1200, offset: 0)
        world.step()
        #expect(world.velocity(of: small).dx < -900, "the small disc bounced: \(world.velocity(of: small))")
        let wall = world.contacts.filter { $0.segment >= 0 && $0.b == small.raw }
        #expect(wall.count == 1)
        for contact in wall {
            #expect(contact.p0.normalImpulse == 0 && contact.p0.tangentImpulse == 0,
                    "kept \(contact.p0.normalImpulse), \(contact.p0.tangentImpulse)")
        }
    }
}
