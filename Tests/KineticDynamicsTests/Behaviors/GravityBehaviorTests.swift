// Gravity: free fall against y = ½·1000·t², and the angle/magnitude description of the direction.
import Testing
import Kinetic
import KineticDynamics

@Suite struct GravityBehaviorTests {
    @Test func freeFallFollowsHalfGTSquared() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 100))
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.run(until: 0.5, rate: 60)
        let fallen = item.center.y - 100
        let reference = 0.5 * 1000 * 0.5 * 0.5          // 125 points
        #expect(relativeError(fallen, reference) < 0.005, "fell \(fallen) points, closed form \(reference)")
        #expect(item.center.x == 160)
    }

    @Test func velocityAfterOneSecondIsOneThousandPointsPerSecond() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 100))
        let probe = DynamicItemBehavior(items: [item])
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.animator.addBehavior(probe)
        h.run(until: 1)
        #expect((probe.linearVelocity(for: item).y - 1000).magnitude < 1e-9)
    }

    @Test func gravityFollowsItemsAddedAndRemovedBetweenSteps() {
        // The behaviour caches its items' bodies: the cache must follow item and body changes.
        let h = DynamicsHarness()
        let a = square(at: Point(x: 100, y: 100), side: 20)
        let b = square(at: Point(x: 300, y: 100), side: 20)
        let probe = DynamicItemBehavior(items: [a, b])
        let gravity = GravityBehavior(items: [a])
        h.animator.addBehavior(probe)
        h.animator.addBehavior(gravity)
        h.run(until: 0.25)
        #expect((probe.linearVelocity(for: a).y - 250).magnitude < 1e-9)
        #expect(probe.linearVelocity(for: b).y == 0)
        gravity.removeItem(a)
        gravity.addItem(b)
        h.run(until: 0.5)
        #expect((probe.linearVelocity(for: a).y - 250).magnitude < 1e-9, "a no longer accelerates")
        #expect((probe.linearVelocity(for: b).y - 250).magnitude < 1e-9, "b accelerates for 0.25 s")
        // b's body is destroyed and c gets a new one (its handle may reuse b's slot).
        gravity.removeItem(b)
        probe.removeItem(b)
        let c = square(at: Point(x: 500, y: 100), side: 20)
        probe.addItem(c)
        gravity.addItem(c)
        h.run(until: 0.75)
        #expect((probe.linearVelocity(for: c).y - 250).magnitude < 1e-9)
        #expect((probe.linearVelocity(for: a).y - 250).magnitude < 1e-9)
    }

    @Test func angleAndMagnitudeDescribeTheDirection() {
        let gravity = GravityBehavior()
        #expect(gravity.gravityDirection == Vector(dx: 0, dy: 1))
        #expect((gravity.angle - Double.pi / 2).magnitude < 1e-15)
        #expect(gravity.magnitude == 1)
        gravity.setAngle(0, magnitude: 2)
        #expect(gravity.gravityDirection == Vector(dx: 2, dy: 0))
        gravity.magnitude = 0
        gravity.magnitude = 3
        #expect(gravity.gravityDirection == Vector(dx: 3, dy: 0))
    }

    /// Apple's documentation of `magnitude`: setting it to 0 makes the vector (0, 0) and resets
    /// `angle` to 0 radians, so a magnitude set afterwards points along +x unless the angle is set
    /// again. Before: the angle was remembered (gravity came back downwards).
    @Test func aZeroMagnitudeResetsTheAngleAsUIKitDocuments() {
        let gravity = GravityBehavior()
        gravity.magnitude = 0
        #expect(gravity.gravityDirection == Vector(dx: 0, dy: 0))
        #expect(gravity.angle == 0)
        gravity.magnitude = 2
        #expect(gravity.gravityDirection == Vector(dx: 2, dy: 0))
        gravity.setAngle(Double.pi / 2, magnitude: 0)
        #expect(gravity.angle == 0)
        gravity.angle = Double.pi
        gravity.magnitude = 1
        #expect((gravity.gravityDirection.x + 1).magnitude < 1e-15 && gravity.gravityDirection.y.magnitude < 1e-15)
    }

    @Test func nonFiniteGravityIsRejected() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 100))
        let gravity = GravityBehavior(items: [item])
        h.animator.addBehavior(gravity)
        gravity.magnitude = .nan
        gravity.gravityDirection = Vector(dx: .infinity, dy: 0)
        gravity.setAngle(.nan, magnitude: 1)
        #expect(gravity.gravityDirection == Vector(dx: 0, dy: 1))
        #expect(h.diagnostics.filter { $0.kind == .invalidArgument }.count == 3)
    }
}
