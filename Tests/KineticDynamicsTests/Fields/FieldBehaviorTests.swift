// Fields: linear gravity equals gravity, the radial falloff law, drag against velocity, vortex perpendicular, regions, noise.
import Testing
import Kinetic
import KineticDynamics

@Suite struct FieldBehaviorTests {
    /// The velocity of an item of mass 1 at `point` after one step of `field` from `velocity`.
    private func velocityAfterOneStep(_ field: FieldBehavior, at point: Point, velocity: Vector = .zero) -> Vector {
        let h = DynamicsHarness(bounds: Rect(x: -1000, y: -1000, width: 2000, height: 2000))
        let item = square(at: point, side: 10)
        let probe = DynamicItemBehavior(items: [item])
        probe.density = 100                                 // 10 × 10 × 100 / 10,000 = mass 1
        probe.addLinearVelocity(velocity, for: item)
        field.addItem(item)
        h.animator.addBehavior(probe)
        h.animator.addBehavior(field)
        h.run(until: 1.0 / 120)
        return probe.linearVelocity(for: item)
    }

    @Test func aLinearGravityFieldIsGravity() {
        let h = DynamicsHarness()
        let a = square(at: Point(x: 100, y: 0)), b = square(at: Point(x: 200, y: 0))
        h.animator.addBehavior(GravityBehavior(items: [a]))
        let field = FieldBehavior.linearGravityField(direction: Vector(dx: 0, dy: 1))
        field.addItem(b)
        h.animator.addBehavior(field)
        h.run(until: 0.5)
        #expect(a.center.y == b.center.y)
        #expect(a.center.y > 100)
    }

    @Test func radialGravityFallsOffWithThePowerOfTheDistance() {
        func speed(at r: Double) -> Double {
            let field = FieldBehavior.radialGravityField(position: .zero)
            field.falloff = 2
            return velocityAfterOneStep(field, at: Point(x: r, y: 0)).x
        }
        let near = speed(at: 100), far = speed(at: 200)
        #expect(near < 0, "pulled towards the position")
        #expect((near - (-1000.0 / 120)).magnitude < 1e-9, "φ = 1 at 100 points")
        #expect((near / far - 4).magnitude < 1e-9, "inverse square: \(near / far)")
    }

    @Test func dragOpposesAndScalesWithVelocity() {
        let field = FieldBehavior.dragField()
        field.strength = 3
        let slow = velocityAfterOneStep(field, at: .zero, velocity: Vector(dx: 120, dy: -60))
        let fast = velocityAfterOneStep(FieldBehavior.dragField().configured { $0.strength = 3 }, at: .zero,
                                        velocity: Vector(dx: 240, dy: -120))
        let dSlow = slow - Vector(dx: 120, dy: -60), dFast = fast - Vector(dx: 240, dy: -120)
        #expect(dSlow.x < 0 && dSlow.y > 0, "against the velocity")
        #expect((dFast.x / dSlow.x - 2).magnitude < 1e-9 && (dFast.y / dSlow.y - 2).magnitude < 1e-9)
        #expect((dSlow.x - (-3 * 120.0 / 120)).magnitude < 1e-9, "F = −s·v on mass 1 for 1/120 s")
    }

    @Test func aVortexPushesPerpendicularToTheRadius() {
        let v = velocityAfterOneStep(FieldBehavior.vortexField(), at: Point(x: 100, y: 0))
        #expect(v.x.magnitude < 1e-12)
        #expect(v.y > 0, "clockwise on screen")
        let w = velocityAfterOneStep(FieldBehavior.vortexField(), at: Point(x: 60, y: 80))
        #expect((w.x * 60 + w.y * 80).magnitude < 1e-9)
    }

    @Test func aRegionLimitsTheField() {
        let field = FieldBehavior.linearGravityField(direction: Vector(dx: 0, dy: 1))
        field.region = .radius(50)
        #expect(velocityAfterOneStep(field, at: Point(x: 100, y: 0)) == .zero)
        let inside = FieldBehavior.linearGravityField(direction: Vector(dx: 0, dy: 1))
        inside.region = DynamicRegion.radius(50).inverted()
        #expect(velocityAfterOneStep(inside, at: Point(x: 100, y: 0)).y > 0)
    }

    @Test func regionsCombine() {
        let ring = DynamicRegion.radius(100).difference(from: .radius(50))
        #expect(ring.contains(Vector(dx: 75, dy: 0)))
        #expect(!ring.contains(Vector(dx: 25, dy: 0)))
        #expect(!ring.contains(Vector(dx: 125, dy: 0)))
        let cross = DynamicRegion.size(Size(width: 100, height: 10)).union(with: .size(Size(width: 10, height: 100)))
        #expect(cross.contains(Vector(dx: 0, dy: 45)) && cross.contains(Vector(dx: 45, dy: 0)))
        #expect(!cross.contains(Vector(dx: 45, dy: 45)))
        #expect(DynamicRegion.radius(10).intersection(with: .size(Size(width: 4, height: 40))).contains(Vector(dx: 0, dy: 9)))
        #expect(!DynamicRegion.radius(.nan).contains(.zero))
        #expect(DynamicRegion.infinite.contains(Vector(dx: 1e300, dy: 0)))
    }

    @Test func noiseIsDeterministicAndBounded() {
        func run() -> [Double] {
            let h = DynamicsHarness()
            let items = (0..<5).map { square(at: Point(x: 40 + 50 * Double($0), y: 300), side: 20) }
            let field = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 2)
            field.strength = 0.5
            for item in items { field.addItem(item) }
            h.animator.addBehavior(field)
            h.run(until: 0.5)
            return items.flatMap { [$0.center.x, $0.center.y] }
        }
        let first = run(), second = run()
        #expect(first == second)
        #expect(first.allSatisfy { $0.isFinite })
        #expect(Set(first).count > 5, "the items moved differently")
    }

    @Test func electricFieldsActOnChargeOnly() {
        let h = DynamicsHarness(bounds: Rect(x: -1000, y: -1000, width: 2000, height: 2000))
        let charged = square(at: Point(x: 100, y: 0)), neutral = square(at: Point(x: 0, y: 100))
        let material = DynamicItemBehavior(items: [charged])
        material.charge = 1
        let field = FieldBehavior.electricField()
        field.addItem(charged)
        field.addItem(neutral)
        h.animator.addBehavior(material)
        h.animator.addBehavior(field)
        h.run(until: 0.1)
        #expect(charged.center.x > 100, "like charges repel")
        #expect(neutral.center == Point(x: 0, y: 100))
    }

    @Test func aCustomFieldAppliesItsForceAndNonFiniteForcesAreIgnored() {
        let custom = FieldBehavior.field { _, _, velocity, mass, _, dt in
            #expect(dt == 1.0 / 120)
            return Vector(dx: 60 * mass, dy: 0)
        }
        #expect((velocityAfterOneStep(custom, at: .zero).x - 0.5).magnitude < 1e-12)
        let broken = FieldBehavior.field { _, _, _, _, _, _ in Vector(dx: .nan, dy: 0) }
        #expect(velocityAfterOneStep(broken, at: .zero) == .zero)
    }

    @Test func badFieldParametersAreRejected() {
        let field = FieldBehavior.noiseField(smoothness: 2, animationSpeed: -1)
        #expect(field.smoothness == 0 && field.animationSpeed == 0)
        field.strength = .nan
        field.minimumRadius = -1
        field.position = Point(x: .infinity, y: 0)
        #expect(field.strength == 1 && field.minimumRadius == 0.001 && field.position == .zero)
        let h = DynamicsHarness()
        h.animator.addBehavior(field)
        #expect(h.diagnostics.count == 5)
    }
}

extension FieldBehavior {
    /// `self` after `change`, for one-line set-ups.
    func configured(_ change: (FieldBehavior) -> Void) -> FieldBehavior {
        change(self)
        return self
    }
}

@Suite struct MoreFieldTests {
    private func velocityAfterOneStep(_ field: FieldBehavior, at point: Point, velocity: Vector = .zero,
                                      charge: Double = 0) -> Vector {
        let h = DynamicsHarness(bounds: Rect(x: -1000, y: -1000, width: 2000, height: 2000))
        let item = square(at: point, side: 10)
        let probe = DynamicItemBehavior(items: [item])
        probe.density = 100                                 // mass 1
        probe.charge = charge
        probe.addLinearVelocity(velocity, for: item)
        field.addItem(item)
        h.animator.addBehavior(probe)
        h.animator.addBehavior(field)
        h.run(until: 1.0 / 120)
        return probe.linearVelocity(for: item)
    }

    @Test func aSpringFieldPullsInProportionToTheDistance() {
        let field = FieldBehavior.springField()
        field.position = Point(x: 100, y: 100)
        field.strength = 4
        let v = velocityAfterOneStep(field, at: Point(x: 130, y: 60))
        #expect((v.x - (-4 * 30.0 / 120)).magnitude < 1e-9 && (v.y - (4 * 40.0 / 120)).magnitude < 1e-9)
    }

    @Test func aVelocityFieldSetsTheVelocity() {
        let field = FieldBehavior.velocityField(direction: Vector(dx: 30, dy: -40))
        field.strength = 2
        #expect(velocityAfterOneStep(field, at: .zero, velocity: Vector(dx: 500, dy: 0)) == Vector(dx: 60, dy: -80))
    }

    @Test func aMagneticFieldTurnsMovingChargesOnly() {
        let v0 = Vector(dx: 200, dy: 0)
        let charged = velocityAfterOneStep(FieldBehavior.magneticField(), at: .zero, velocity: v0, charge: 2)
        #expect(charged.x == 200)
        #expect((charged.y - 2 * 200.0 / 120).magnitude < 1e-9, "F = s·q·v⊥")
        #expect(velocityAfterOneStep(FieldBehavior.magneticField(), at: .zero, velocity: v0) == v0)
    }

    @Test func turbulenceNeedsMotion() {
        let field = FieldBehavior.turbulenceField(smoothness: 0.2, animationSpeed: 1)
        #expect(velocityAfterOneStep(field, at: Point(x: 37, y: 91)) == .zero)
        let moving = velocityAfterOneStep(FieldBehavior.turbulenceField(smoothness: 0.2, animationSpeed: 1),
                                          at: Point(x: 37, y: 91), velocity: Vector(dx: 100, dy: 0))
        #expect(moving != Vector(dx: 100, dy: 0))
    }
}
