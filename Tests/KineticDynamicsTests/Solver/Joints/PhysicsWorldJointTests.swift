// Joints hold their constraints while bodies swing under gravity.

import Kinetic
import Testing
@testable import KineticDynamics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct PhysicsWorldJointTests {
    static let gravity = Vector(dx: 0, dy: 1000)

    /// Steps `seconds` with gravity on `bodies`, calling `check` after each step.
    static func swing(_ world: PhysicsWorld, _ bodies: [BodyID], seconds: Double, check: () -> Void) {
        world.allowsSleeping = false
        for _ in 0..<Int(seconds * world.stepRate) {
            for b in bodies { world.applyAcceleration(gravity, to: b) }
            world.step()
            check()
        }
    }

    /// Box2D v3's joint_grid, 20 × 20: circles of radius 40 pt, 100 pt apart, each pinned half
    /// way to the one above and the one on the left; the 3 middle bodies of the top row pinned to
    /// the world. It sags into a hanging net under gravity, the only force that does work, so its
    /// energy may only fall. With rigid pins and a position pass (which lifts bodies without
    /// touching their velocities) it gained 2.95e6 in 4 s, 4.4 times the 6.8e5 the sag released.
    @Test func aHangingGridOfPinsGainsNoEnergy() {
        let world = PhysicsWorld()
        let n = 20
        var grid: [BodyID] = []
        for k in 0..<n {
            for i in 0..<n {
                let body = world.addBody(.circle(radius: 40), at: Point(x: 100 * Double(k), y: 100 * Double(i)))
                if i == 0 && abs(k - n / 2) <= 1 {
                    _ = world.addJoint(JointDefinition(kind: .pin(angleRange: nil), bodyA: body, bodyB: nil,
                                                       anchorB: Point(x: 100 * Double(k), y: 0)))
                }
                if i > 0 {
                    _ = world.addJoint(JointDefinition(kind: .pin(angleRange: nil), bodyA: body, bodyB: grid[grid.count - 1],
                                                       localAnchorA: Vector(dx: 0, dy: -50), anchorB: Point(x: 0, y: 50)))
                }
                if k > 0 {
                    _ = world.addJoint(JointDefinition(kind: .pin(angleRange: nil), bodyA: body, bodyB: grid[grid.count - n],
                                                       localAnchorA: Vector(dx: -50, dy: 0), anchorB: Point(x: 50, y: 0)))
                }
                grid.append(body)
            }
        }
        // Energy: kinetic minus m·g·y (y grows downwards). Only gravity does work, so it may
        // only fall; `released` is the most potential energy the sag gave up, the scale.
        func energy() -> (total: Double, potential: Double) {
            grid.reduce((0, 0)) { e, b in
                let v = world.velocity(of: b), w = world.angularVelocity(of: b), m = world.mass(of: b)
                let potential = -m * Self.gravity.dy * world.position(of: b).y
                return (e.total + 0.5 * m * (v.dx * v.dx + v.dy * v.dy) + 0.5 * world.inertia(of: b) * w * w + potential,
                        e.potential + potential)
            }
        }
        let start = energy()
        var gained = -Double.infinity, released = 0.0
        Self.swing(world, grid, seconds: 4) {
            let e = energy()
            gained = max(gained, e.total - start.total)
            released = max(released, start.potential - e.potential)
        }
        #expect(gained < 0, "gained \(gained) of \(released)")
    }

    @Test func ropeNeverStretchesBeyondItsLength() {
        let world = PhysicsWorld()
        let anchor = Point(x: 0, y: 0)
        let ball = world.addBody(.circle(radius: 10), at: Point(x: 80, y: 0))
        world.setVelocity(Vector(dx: 0, dy: -300), of: ball)
        _ = world.addJoint(JointDefinition(kind: .limit(minimum: 0, maximum: 100), bodyA: ball, bodyB: nil, anchorB: anchor))
        var longest = 0.0, shortest = Double.infinity
        Self.swing(world, [ball], seconds: 3) {
            let d = world.position(of: ball).distance(to: anchor)
            longest = max(longest, d); shortest = min(shortest, d)
        }
        #expect(longest < 100.5, "longest \(longest)")
        #expect(shortest < 95)                      // slack at times: a rope, not a rod
    }

    @Test func rangeKeepsTheDistanceBetweenItsBounds() {
        let world = PhysicsWorld()
        let a = world.addBody(.circle(radius: 10), at: Point(x: 0, y: 0))
        let b = world.addBody(.circle(radius: 10), at: Point(x: 60, y: 0))
        _ = world.addJoint(JointDefinition(kind: .pin(angleRange: nil), bodyA: a, bodyB: nil, anchorB: Point(x: 0, y: 0)))
        _ = world.addJoint(JointDefinition(kind: .limit(minimum: 50, maximum: 90), bodyA: a, bodyB: b))
        world.setVelocity(Vector(dx: -400, dy: -800), of: b)
        Self.swing(world, [a, b], seconds: 3) {
            let d = world.position(of: a).distance(to: world.position(of: b))
            #expect(d > 49.5 && d < 90.5, "distance \(d)")
        }
    }

    @Test func rigidDistanceJointKeepsItsLength() {
        let world = PhysicsWorld()
        let bob = world.addBody(PhysicsWorld.box(width: 20, height: 20), at: Point(x: 120, y: 0))
        _ = world.addJoint(JointDefinition(kind: .distance(length: 120, frequency: 0, dampingRatio: 0), bodyA: bob, bodyB: nil,
                                           localAnchorA: Vector(dx: -10, dy: 0), anchorB: .zero))
        Self.swing(world, [bob], seconds: 3) {
            let anchor = world.position(of: bob) + Point(x: -10 * cos(world.angle(of: bob)), y: -10 * sin(world.angle(of: bob)))
            #expect(abs(anchor.distance(to: .zero) - 120) < 0.5)
        }
    }

    @Test func pinnedPendulumKeepsItsPivotAndPeriod() {
        // A rod (L × w) pinned at one end swings with T = 2π √(I_pivot / (m g L/2)),
        // I_pivot = m (L²/3 + w²/12), times (1 + θ₀²/16) for the amplitude θ₀.
        let world = PhysicsWorld()
        let length = 200.0, width = 10.0, theta0 = 0.1
        let angle = Double.pi / 2 - theta0
        let rod = world.addBody(PhysicsWorld.box(width: length, height: width),
                                at: Point(x: length / 2 * cos(angle), y: length / 2 * sin(angle)), angle: angle)
        _ = world.addJoint(JointDefinition(kind: .pin(angleRange: nil), bodyA: rod, bodyB: nil,
                                           localAnchorA: Vector(dx: -length / 2, dy: 0), anchorB: .zero))
        var worst = 0.0
        var crossings: [Double] = []
        var previous = world.position(of: rod).x
        var t = 0.0
        Self.swing(world, [rod], seconds: 4) {
            t += world.stepDuration
            let a = world.angle(of: rod)
            let pivot = world.position(of: rod) - Point(x: length / 2 * cos(a), y: length / 2 * sin(a))
            worst = max(worst, pivot.distance(to: .zero))
            let x = world.position(of: rod).x
            if previous > 0 && x <= 0 || previous < 0 && x >= 0 {
                crossings.append(t - world.stepDuration * x / (x - previous))
            }
            previous = x
        }
        #expect(worst < 0.5, "pivot drift \(worst)")
        let period = 2 * (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        let expected = 2 * Double.pi * ((length * length / 3 + width * width / 12) / (1000 * length / 2)).squareRoot() * (1 + theta0 * theta0 / 16)
        #expect(abs(period - expected) / expected < 0.01, "period \(period) vs \(expected)")
    }

    @Test func pinAngleRangeStopsTheRotation() {
        let world = PhysicsWorld()
        let door = world.addBody(PhysicsWorld.box(width: 100, height: 10), at: Point(x: 50, y: 0))
        _ = world.addJoint(JointDefinition(kind: .pin(angleRange: -0.5...0.5), bodyA: door, bodyB: nil,
                                           localAnchorA: Vector(dx: -50, dy: 0), anchorB: .zero))
        var largest = 0.0
        Self.swing(world, [door], seconds: 2) { largest = max(largest, world.angle(of: door)) }
        #expect(largest < 0.5 + 0.04 && largest > 0.45, "largest angle \(largest)")
    }

    /// A door resting on its limit under gravity carries the limit's impulse from step to step.
    /// When `updateJoint` takes the range away (the same kind: the impulses are kept for warm
    /// starting), that impulse has nothing left to act for: with gravity gone and the door
    /// stopped, it must stay still. (Before, the pin kept warm-starting the old limit's impulse
    /// every substep: the door spun up to 6.5 rad/s and turned 1.65 rad in half a second.)
    @Test func removingAPinsRangeLeavesNoLimitImpulse() {
        let world = PhysicsWorld()
        let door = world.addBody(PhysicsWorld.box(width: 100, height: 10), at: Point(x: 50, y: 0))
        let hinge = world.addJoint(JointDefinition(kind: .pin(angleRange: -0.5...0.5), bodyA: door, bodyB: nil,
                                                   localAnchorA: Vector(dx: -50, dy: 0), anchorB: .zero))
        Self.swing(world, [door], seconds: 2) {}
        #expect(abs(world.angle(of: door) - 0.5) < 0.04)       // resting on the limit
        world.updateJoint(hinge, to: JointDefinition(kind: .pin(angleRange: nil), bodyA: door, bodyB: nil,
                                                     localAnchorA: Vector(dx: -50, dy: 0), anchorB: .zero))
        world.setVelocity(.zero, of: door)
        world.setAngularVelocity(0, of: door)
        let angle = world.angle(of: door)
        world.step(60)
        #expect(abs(world.angularVelocity(of: door)) < 1e-9, "spin \(world.angularVelocity(of: door))")
        // Only the soft pin closing the gap gravity held open turns it (0.00037 rad).
        #expect(abs(world.angle(of: door) - angle) < 1e-3)
    }

    @Test func fixedJointWeldsTwoBodies() {
        let world = PhysicsWorld()
        let a = world.addBody(PhysicsWorld.box(width: 40, height: 40), at: Point(x: 0, y: 0))
        let b = world.addBody(PhysicsWorld.box(width: 40, height: 40), at: Point(x: 40, y: 0), angle: 0.3)
        _ = world.addJoint(JointDefinition(kind: .pin(angleRange: nil), bodyA: a, bodyB: nil, localAnchorA: Vector(dx: -20, dy: -20), anchorB: Point(x: -20, y: -20)))
        _ = world.addJoint(JointDefinition(kind: .fixed, bodyA: a, bodyB: b, localAnchorA: Vector(dx: 20, dy: 0), anchorB: Point(x: -20, y: 0)))
        Self.swing(world, [a, b], seconds: 3) {
            let relative = Rotation(angle: world.angle(of: a)).relative(to: Rotation(angle: world.angle(of: b))).angle
            #expect(abs(relative - 0.3) < 0.02, "relative angle \(relative)")
            let qa = Rotation(angle: world.angle(of: a)), qb = Rotation(angle: world.angle(of: b))
            let pa = Vec2(world.position(of: a)) + qa.apply(Vec2(20, 0)), pb = Vec2(world.position(of: b)) + qb.apply(Vec2(-20, 0))
            #expect((pa - pb).length < 0.5)
        }
    }

    @Test func slidingJointKeepsToItsAxisWithinItsRange() {
        let world = PhysicsWorld()
        let carriage = world.addBody(PhysicsWorld.box(width: 30, height: 20), at: Point(x: 0, y: 0))
        // A 30° rail through the origin; gravity pulls the carriage down along it.
        let axis = Vector(dx: 0.8660254037844386, dy: 0.5)
        _ = world.addJoint(JointDefinition(kind: .sliding(axis: axis, range: -50...120), bodyA: carriage, bodyB: nil, anchorB: .zero))
        world.applyImpulse(Vector(dx: 0, dy: 3), at: Point(x: 10, y: 0), to: carriage)
        var farthest = 0.0
        Self.swing(world, [carriage], seconds: 2) {
            let p = Vec2(world.position(of: carriage))
            let along = dot(p, Vec2(axis)), across = cross(Vec2(axis), p)
            farthest = max(farthest, along)
            #expect(abs(across) < 0.5, "off the rail by \(across)")
            #expect(abs(world.angle(of: carriage)) < 0.01)
            #expect(along > -50.5 && along < 120.5, "along \(along)")
        }
        #expect(farthest > 119)
    }

    @Test func frictionTorqueSlowsAFreeSpin() {
        // A constant friction torque τ stops a spin ω₀ in I·ω₀/τ seconds.
        let world = PhysicsWorld()
        world.allowsSleeping = false
        let wheel = world.addBody(.circle(radius: 50), at: .zero)
        _ = world.addJoint(JointDefinition(kind: .pin(angleRange: nil), bodyA: wheel, bodyB: nil, anchorB: .zero, frictionTorque: 500))
        world.setAngularVelocity(10, of: wheel)
        let stopTime = world.inertia(of: wheel) * 10 / 500
        world.step(Int(stopTime / 2 * world.stepRate))
        #expect(abs(world.angularVelocity(of: wheel) - 5) < 0.1)
        world.step(Int(stopTime * world.stepRate))
        #expect(world.angularVelocity(of: wheel) == 0)
    }
}
