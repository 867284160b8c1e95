// Item properties: the last added behaviour wins per property, resistance, anchoring, pending velocities, bad input.
import Testing
#if canImport(Glibc)
import Glibc
#endif
import Kinetic
import KineticDynamics

@Suite struct DynamicItemBehaviorTests {
    @Test func theLastAddedBehaviourWinsPerProperty() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 300))
        let first = DynamicItemBehavior(items: [item])
        first.density = 4
        first.resistance = 0
        let second = DynamicItemBehavior(items: [item])
        second.density = 1                                   // set (to the default): wins over 4
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.magnitude = 1
        h.animator.addBehavior(first)
        h.animator.addBehavior(second)
        h.animator.addBehavior(push)
        h.run(until: 0.1)
        #expect((second.linearVelocity(for: item).x - 100).magnitude < 1e-9, "mass 1, not 4")
        h.animator.removeBehavior(second)
        push.active = true
        h.run(until: 0.2)
        #expect((first.linearVelocity(for: item).x - 125).magnitude < 1e-9, "mass 4 again: +25")
    }

    @Test func resistanceDampsTheVelocityExponentially() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 300))
        let behavior = DynamicItemBehavior(items: [item])
        behavior.resistance = 2
        behavior.addLinearVelocity(Vector(dx: 300, dy: 0), for: item)
        h.animator.addBehavior(behavior)
        h.run(until: 0.5)
        let v = behavior.linearVelocity(for: item).x
        let reference = 300 * 0.36787944117144233        // 300·e^(−2·0.5)
        #expect(relativeError(v, reference) < 0.01, "v \(v), closed form \(reference)")
    }

    /// UIKit documents resistance as dv/dt = −r·v. Before: each step divided by 1 + r·h, so from
    /// 100 pt/s at r = 10 the item kept 0.82 pt/s after 0.5 s instead of 100·e⁻⁵ = 0.67.
    @Test(arguments: [60.0, 120.0, 240.0])
    func resistanceIsExactAtAnyStepRate(stepRate: Double) {
        let h = DynamicsHarness(stepRate: stepRate)
        let item = square(at: Point(x: 160, y: 300))
        let behavior = DynamicItemBehavior(items: [item])
        behavior.resistance = 10
        behavior.addLinearVelocity(Vector(dx: 100, dy: 0), for: item)
        h.animator.addBehavior(behavior)
        h.run(until: 0.5, rate: stepRate)
        let v = behavior.linearVelocity(for: item).x
        let reference = 100 * exp(-5.0)
        #expect(relativeError(v, reference) < 1e-9, "step rate \(stepRate): v \(v), closed form \(reference)")
    }

    @Test func anchoredItemsDoNotMove() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 300))
        let behavior = DynamicItemBehavior(items: [item])
        behavior.isAnchored = true
        h.animator.addBehavior(behavior)
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.run(until: 0.5)
        #expect(item.center == Point(x: 160, y: 300))
    }

    @Test func velocitiesAddedBeforeTheAnimatorAreAppliedWhenAdded() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 300))
        let behavior = DynamicItemBehavior(items: [item])
        behavior.addLinearVelocity(Vector(dx: 10, dy: 0), for: item)
        behavior.addLinearVelocity(Vector(dx: 0, dy: 20), for: item)
        behavior.addAngularVelocity(1.5, for: item)
        #expect(behavior.linearVelocity(for: item) == Vector(dx: 10, dy: 20))
        h.animator.addBehavior(behavior)
        #expect(behavior.linearVelocity(for: item) == Vector(dx: 10, dy: 20))
        #expect(behavior.angularVelocity(for: item) == 1.5)
        h.run(until: 1)
        #expect((item.center.x - 170).magnitude < 1e-9 && (item.center.y - 320).magnitude < 1e-9)
    }

    @Test func rotationCanBeDisallowed() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 300))
        let behavior = DynamicItemBehavior(items: [item])
        behavior.allowsRotation = false
        behavior.addAngularVelocity(2, for: item)
        h.animator.addBehavior(behavior)
        h.run(until: 0.5)
        #expect(item.transform.rotation == 0)
    }

    @Test func badPropertiesAreRejectedAndChangeNothing() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 300))
        let behavior = DynamicItemBehavior(items: [item])
        h.animator.addBehavior(behavior)
        behavior.density = -1
        behavior.density = .nan
        behavior.resistance = -0.1
        behavior.elasticity = .infinity
        behavior.friction = -1
        behavior.angularResistance = .nan
        behavior.charge = .nan
        behavior.addLinearVelocity(Vector(dx: .nan, dy: 0), for: item)
        behavior.addLinearVelocity(Vector(dx: 1, dy: 0), for: square(at: .zero))
        behavior.addItem(item)
        #expect(behavior.density == 1 && behavior.resistance == 0 && behavior.elasticity == 0)
        #expect(behavior.friction == 0 && behavior.angularResistance == 0 && behavior.charge == 0)
        #expect(behavior.linearVelocity(for: item) == .zero)
        #expect(h.diagnostics.count == 10)
        #expect(h.diagnostics.allSatisfy { $0.kind == .invalidArgument })
    }

    @Test func hugeVelocitiesAreClampedNeverInfinite() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 300))
        let behavior = DynamicItemBehavior(items: [item])
        h.animator.addBehavior(behavior)
        behavior.addLinearVelocity(Vector(dx: 1e308, dy: 1e308), for: item)
        behavior.addLinearVelocity(Vector(dx: 1e308, dy: 1e308), for: item)
        let v = behavior.linearVelocity(for: item)
        #expect(v.x.isFinite && v.y.isFinite)
        h.run(until: 1)
        #expect(item.center.x.isFinite && item.center.y.isFinite)
    }
}
