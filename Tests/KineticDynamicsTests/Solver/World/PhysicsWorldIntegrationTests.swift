// The world's integration against closed forms: free fall, damping, determinism and input safety.

import Kinetic
import Testing
@testable import KineticDynamics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct PhysicsWorldIntegrationTests {
    @Test func freeFallFollowsHalfGTSquared() {
        let world = PhysicsWorld()
        let ball = world.addBody(.circle(radius: 10), at: .zero)
        for _ in 0..<60 {
            world.applyAcceleration(Vector(dx: 0, dy: 1000), to: ball)
            world.step()
        }
        let y = world.position(of: ball).y
        let expected = 0.5 * 1000 * 0.5 * 0.5       // 125 pt
        #expect(abs(y - expected) / expected < 0.005, "y = \(y)")
        #expect(abs(world.velocity(of: ball).dy - 500) < 1e-9)
    }

    @Test func massIsDensityTimesAreaOverTenThousand() {
        let world = PhysicsWorld()
        let square = world.addBody(PhysicsWorld.box(width: 100, height: 100), at: .zero)
        #expect(abs(world.mass(of: square) - 1) < 1e-12)
        // I = m (w² + h²) / 12 about the centre.
        #expect(abs(world.inertia(of: square) - 20_000.0 / 12) < 1e-9)
        let disc = world.addBody(.circle(radius: 50), at: .zero, material: BodyMaterial(density: 2))
        let m = 2 * Double.pi * 2500 / 10_000
        #expect(abs(world.mass(of: disc) - m) < 1e-12)
        #expect(abs(world.inertia(of: disc) - m * 2500 / 2) < 1e-9)
    }

    @Test func linearDampingDecaysExactlyAsEToTheMinusDT() {
        let world = PhysicsWorld()
        let body = world.addBody(.circle(radius: 5), at: .zero, material: BodyMaterial(linearDamping: 2))
        world.setVelocity(Vector(dx: 100, dy: 0), of: body)
        world.step(120)
        // dv/dt = −d·v solved exactly over each step: v = v₀·e^(−d·t) at any step rate (before:
        // v₀·(1 + h·d)^−n, 1.6 % high after 1 s at 120 Hz).
        let expected = 100 * exp(-2.0)
        #expect(abs(world.velocity(of: body).dx - expected) < 1e-12 * 100)
    }

    @Test func identicalRunsGiveIdenticalBits() {
        func run() -> [Double] {
            let world = PhysicsWorld()
            _ = world.addBoundary(points: [Point(x: 0, y: 0), Point(x: 400, y: 0), Point(x: 400, y: 400), Point(x: 0, y: 400)], isClosed: true, mask: 1)
            var ids: [BodyID] = []
            for k in 0..<30 {
                let shape: ShapeGeometry = k % 2 == 0 ? .circle(radius: 12) : PhysicsWorld.box(width: 20, height: 30)
                ids.append(world.addBody(shape, at: Point(x: 50 + Double(k % 6) * 55, y: 50 + Double(k / 6) * 45), angle: Double(k) * 0.3,
                                         material: BodyMaterial(restitution: 0.3, friction: 0.4)))
            }
            for _ in 0..<240 {
                for id in ids { world.applyAcceleration(Vector(dx: 0, dy: 1000), to: id) }
                world.step()
            }
            return ids.flatMap { [world.position(of: $0).x, world.position(of: $0).y, world.angle(of: $0), world.velocity(of: $0).dx] }
        }
        let a = run(), b = run()
        #expect(a.map(\.bitPattern) == b.map(\.bitPattern))
    }

    @Test func stepCountAloneDecidesTheState() {
        // N steps give the same positions however the caller batches them (one world per batching).
        func run(batches: [Int]) -> [UInt64] {
            let world = PhysicsWorld(stepRate: 60)
            let body = world.addBody(.circle(radius: 10), at: .zero)
            world.setVelocity(Vector(dx: 30, dy: -200), of: body)
            for n in batches {
                for _ in 0..<n {
                    world.applyAcceleration(Vector(dx: 0, dy: 1000), to: body)
                    world.step()
                }
            }
            let p = world.position(of: body)
            return [p.x.bitPattern, p.y.bitPattern]
        }
        #expect(run(batches: [90]) == run(batches: [1, 44, 45]))
        #expect(run(batches: [90]) == run(batches: Array(repeating: 1, count: 90)))
    }

    @Test func enormousForcesNeverProduceNonFiniteState() {
        let world = PhysicsWorld()
        _ = world.addBoundary(points: [Point(x: -500, y: 500), Point(x: 500, y: 500)], isClosed: false, mask: 1)
        let a = world.addBody(.circle(radius: 10), at: .zero)
        let b = world.addBody(PhysicsWorld.box(width: 20, height: 20), at: Point(x: 15, y: 0), material: BodyMaterial(density: 1e-300))
        let pin = world.addJoint(JointDefinition(kind: .pin(angleRange: nil), bodyA: a, bodyB: b, anchorB: Point(x: -5, y: 0)))
        _ = pin
        for k in 0..<200 {
            let sign = k % 2 == 0 ? 1.0 : -1.0
            world.applyForce(Vector(dx: 1e300 * sign, dy: 1e300), at: Point(x: 3, y: 4), to: a)
            world.applyForce(Vector(dx: -1e300, dy: 1e300 * sign), at: nil, to: b)
            world.applyTorque(1e300, to: b)
            world.applyImpulse(Vector(dx: 1e300, dy: -1e300), at: Point(x: 1, y: 1), to: a)
            world.applyAcceleration(Vector(dx: 1e300, dy: 1e300), to: b)
            world.step()
            for body in [a, b] {
                let p = world.position(of: body), v = world.velocity(of: body)
                #expect(p.x.isFinite && p.y.isFinite && v.dx.isFinite && v.dy.isFinite)
                #expect(world.angle(of: body).isFinite && world.angularVelocity(of: body).isFinite)
            }
        }
    }

    @Test func nonFiniteInputsAreIgnored() {
        let world = PhysicsWorld()
        let body = world.addBody(.circle(radius: 10), at: Point(x: 1, y: 2))
        world.setPosition(Point(x: .nan, y: 0), angle: 0, of: body)
        world.setVelocity(Vector(dx: .infinity, dy: 0), of: body)
        world.applyForce(Vector(dx: .nan, dy: 1), at: nil, to: body)
        world.step()
        #expect(world.position(of: body) == Point(x: 1, y: 2))
        #expect(world.velocity(of: body) == .zero)
    }
}
