// Push: UIKit's magnitude convention (1 on a 100 × 100 item of density 1 = 100 pt/s² or Δv 100 pt/s).
import Testing
import Kinetic
import KineticDynamics

@Suite struct PushBehaviorTests {
    @Test func continuousPushOfMagnitudeOneAcceleratesAUnitMassAtOneHundred() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 100, y: 300))
        let probe = DynamicItemBehavior(items: [item])
        let push = PushBehavior(items: [item], mode: .continuous)
        push.pushDirection = Vector(dx: 1, dy: 0)
        h.animator.addBehavior(push)
        h.animator.addBehavior(probe)
        h.run(until: 1, rate: 60)
        #expect((probe.linearVelocity(for: item).x - 100).magnitude < 1e-9)   // a·t
        let moved = item.center.x - 100
        #expect(relativeError(moved, 50) < 0.02, "moved \(moved), ½·100·1² = 50")
        #expect(h.animator.isRunning, "an active continuous push keeps the animator running")
    }

    @Test func heavierItemsAccelerateInProportion() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 100, y: 300))
        let probe = DynamicItemBehavior(items: [item])
        probe.density = 4
        let push = PushBehavior(items: [item], mode: .continuous)
        push.magnitude = 1
        h.animator.addBehavior(push)
        h.animator.addBehavior(probe)
        h.run(until: 1)
        #expect((probe.linearVelocity(for: item).x - 25).magnitude < 1e-9)
    }

    @Test func instantaneousPushChangesTheVelocityByOneHundredOnceAndDeactivates() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 100, y: 300))
        let probe = DynamicItemBehavior(items: [item])
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.setAngle(Double.pi / 2, magnitude: 1)
        #expect(push.active)
        h.animator.addBehavior(probe)
        h.animator.addBehavior(push)
        h.run(until: 0.25)
        let v = probe.linearVelocity(for: item)
        #expect((v.y - 100).magnitude < 1e-9)
        #expect(v.x.magnitude < 1e-9)
        #expect(!push.active)
        push.active = true
        h.run(until: 0.5)
        #expect((probe.linearVelocity(for: item).y - 200).magnitude < 1e-9, "activating again pushes again")
    }

    @Test func anOffCentrePushTurnsTheItem() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 300))
        let probe = DynamicItemBehavior(items: [item])
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = Vector(dx: 0, dy: 1)
        push.setTargetOffsetFromCenter(Vector(dx: 50, dy: 0), for: item)
        #expect(push.targetOffsetFromCenter(for: item) == Vector(dx: 50, dy: 0))
        h.animator.addBehavior(probe)
        h.animator.addBehavior(push)
        h.run(until: 0.1)
        // Impulse 100 at r = 50 on a unit square (I = m·(w²+h²)/12 = 10000/6): ω = 50·100/I = 3 rad/s.
        #expect((probe.angularVelocity(for: item) - 3).magnitude < 1e-6)
    }

    @Test func enormousMagnitudesNeverProduceNaN() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 300))
        let push = PushBehavior(items: [item], mode: .continuous)
        push.setAngle(0.3, magnitude: 1e300)
        let kick = PushBehavior(items: [item], mode: .instantaneous)
        kick.pushDirection = Vector(dx: -1e300, dy: 1e300)
        let walls = CollisionBehavior(items: [item])
        walls.translatesReferenceBoundsIntoBoundary = true
        h.animator.addBehavior(push)
        h.animator.addBehavior(kick)
        h.animator.addBehavior(walls)
        h.run(until: 1)
        #expect(item.center.x.isFinite && item.center.y.isFinite)
        #expect(item.transform.rotation.isFinite)
    }
}
