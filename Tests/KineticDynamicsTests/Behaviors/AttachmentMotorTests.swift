// Motors on pin and sliding attachments, against the closed forms of a torque-limited spin-up and a stall.
import Testing
import Kinetic
@testable import KineticDynamics

@Suite struct AttachmentMotorTests {
    /// A wheel pinned at its centre to an anchored item.
    private func pinnedWheel(stepRate: Double = 120) -> (DynamicsHarness, BasicDynamicItem, AttachmentBehavior, DynamicItemBehavior) {
        let h = DynamicsHarness(stepRate: stepRate)
        let wheel = ball(at: Point(x: 160, y: 300), diameter: 100)
        let base = square(at: Point(x: 160, y: 300), side: 10)
        let anchored = DynamicItemBehavior(items: [base])
        anchored.isAnchored = true
        let wheelProperties = DynamicItemBehavior(items: [wheel])
        let pin = AttachmentBehavior.pinAttachment(with: wheel, attachedTo: base, attachmentAnchor: Point(x: 160, y: 300))
        h.animator.addBehavior(anchored)
        h.animator.addBehavior(wheelProperties)
        h.animator.addBehavior(pin)
        return (h, wheel, pin, wheelProperties)
    }

    /// With at most τ, a wheel of inertia I = m·r²/2 spins up at τ/I exactly, then turns at the
    /// motor speed and stays there.
    @Test func aPinnedWheelSpinsUpAtTorqueOverInertiaToTheMotorSpeed() {
        let (h, wheel, pin, properties) = pinnedWheel()
        pin.maximumMotorTorque = 2000
        pin.motorSpeed = 6
        pin.isMotorEnabled = true
        // A disc of radius 50 and density 1: m = π·50²/10,000, I = m·50²/2.
        let mass = Double.pi * 2500 / 10_000
        let inertia = mass * 2500 / 2
        let alpha = 2000 / inertia                  // 2.037 rad/s²
        h.run(until: 1)
        #expect(relativeError(properties.angularVelocity(for: wheel), alpha * 1) < 1e-9)
        #expect((wheel.center.x - 160).magnitude < 1e-9 && (wheel.center.y - 300).magnitude < 1e-9)
        h.run(until: 2)
        #expect(relativeError(properties.angularVelocity(for: wheel), alpha * 2) < 1e-9)
        // At 6 rad/s after 6/α = 2.95 s; then held.
        h.run(until: 4)
        #expect((properties.angularVelocity(for: wheel) - 6).magnitude < 1e-9)
        // The rotation is the integral ½αt₁² + 6·(4 − t₁), t₁ = 6/α, within the integrators'
        // first-order terms: symplectic Euler leads by ½·α·h·t₁ = 0.025 rad, and each step
        // turns by atan(ω·h) instead of ω·h (−0.006 rad).
        let t1 = 6 / alpha
        let turned = 0.5 * alpha * t1 * t1 + 6 * (4 - t1)
        let angle = wheel.transform.rotation
        let expected = turned.remainder(dividingBy: 2 * Double.pi)
        #expect((angle - expected).magnitude < 0.03)
        #expect(h.diagnostics.isEmpty)
    }

    /// A bar hanging from a pin, lifted by a motor with less torque than gravity's largest:
    /// it stalls where m·g·d·sin θ = τ (θ = 30° for τ = half the largest), at 60 and 120 steps
    /// per second alike.
    @Test(arguments: [60.0, 120.0]) func aTorqueLimitedMotorStallsAgainstItsLoad(stepRate: Double) {
        let h = DynamicsHarness(stepRate: stepRate)
        let bar = BasicDynamicItem(center: Point(x: 160, y: 350), size: Size(width: 20, height: 100))
        let base = square(at: Point(x: 160, y: 300), side: 10)
        let anchored = DynamicItemBehavior(items: [base])
        anchored.isAnchored = true
        let damped = DynamicItemBehavior(items: [bar])
        // Angular resistance damps the swing (the bar turns as it swings). Linear resistance
        // would shift the stall: a body held still by a constraint gets gravity's impulse as
        // g·(1 − e^(−r·h))/r per step instead of g·h, θ 0.007 rad higher at r = 3 and 120 Hz.
        damped.angularResistance = 20
        let pin = AttachmentBehavior.pinAttachment(with: bar, attachedTo: base, attachmentAnchor: Point(x: 160, y: 300))
        // m = 20·100/10,000 = 0.2, g = 1000, d = 50: gravity's largest torque is 10,000.
        pin.maximumMotorTorque = 5000
        pin.motorSpeed = 1
        pin.isMotorEnabled = true
        for behavior in [anchored, damped, pin, GravityBehavior(items: [bar])] as [DynamicBehavior] {
            h.animator.addBehavior(behavior)
        }
        // The damped approach is slow at the end: sleeping would stop it a little short.
        h.animator.allowsSleeping = false
        h.run(until: 8, rate: 60)
        let theta = bar.transform.rotation
        #expect((theta.magnitude - Double.pi / 6).magnitude < 0.003, "stalled at \(theta)")
        #expect(theta > 0, "a positive speed turns clockwise on screen")
        // The bar's centre is on the circle of radius 50 about the pivot, at θ.
        let (sin, cos) = Elementary.sinCos(theta)
        #expect((bar.center.x - (160 - 50 * sin)).magnitude < 0.05)
        #expect((bar.center.y - (300 + 50 * cos)).magnitude < 0.05)
    }

    /// With τ above gravity's largest torque the same bar goes over the top.
    @Test func enoughTorqueTurnsTheBarRound() {
        let h = DynamicsHarness()
        let bar = BasicDynamicItem(center: Point(x: 160, y: 350), size: Size(width: 20, height: 100))
        let base = square(at: Point(x: 160, y: 300), side: 10)
        let anchored = DynamicItemBehavior(items: [base])
        anchored.isAnchored = true
        let pin = AttachmentBehavior.pinAttachment(with: bar, attachedTo: base, attachmentAnchor: Point(x: 160, y: 300))
        pin.maximumMotorTorque = 12_000
        pin.motorSpeed = 2
        pin.isMotorEnabled = true
        let properties = DynamicItemBehavior(items: [bar])
        for behavior in [anchored, properties, pin, GravityBehavior(items: [bar])] as [DynamicBehavior] {
            h.animator.addBehavior(behavior)
        }
        var highest = 0.0
        h.run(until: 3) { _ in highest = Swift.max(highest, 300 - bar.center.y) }
        #expect(highest > 49.9, "the bar's centre reached the top, 50 above the pivot")
    }

    /// A slider's motor: v = F·t/m until the motor speed, then held; the item stays on its axis.
    @Test func aSlidingMotorPushesAtForceOverMassToItsSpeed() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 100, y: 300), side: 100)          // mass 1
        let slider = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: Point(x: 100, y: 300),
                                                          axisOfTranslation: Vector(dx: 1, dy: 0))
        slider.maximumMotorForce = 50
        slider.motorSpeed = 100
        slider.isMotorEnabled = true
        let properties = DynamicItemBehavior(items: [item])
        h.animator.addBehavior(slider)
        h.animator.addBehavior(properties)
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.run(until: 1)
        #expect(relativeError(properties.linearVelocity(for: item).dx, 50) < 1e-9)
        // ½·50·1², and symplectic Euler's lead of ½·a·h·t at the solver's substep (1/240 s: 2
        // substeps of the 120 Hz step; the motor's impulse comes per substep).
        #expect((item.center.x - (100 + 25 + 0.5 * 50 / 240)).magnitude < 1e-9)
        h.run(until: 3)
        #expect((properties.linearVelocity(for: item).dx - 100).magnitude < 1e-9)
        #expect((item.center.y - 300).magnitude < 1e-6, "gravity is taken by the axis")
        // Turned off, the item coasts at the speed it has.
        slider.isMotorEnabled = false
        h.run(until: 3.5)
        #expect((properties.linearVelocity(for: item).dx - 100).magnitude < 1e-9)
    }

    /// The same motor at 30, 60 and 120 frames per second: the same bits (fixed steps).
    @Test func motorsAreFrameRateIndependent() {
        var results: [[Double]] = []
        for rate in [30.0, 60.0, 120.0] {
            let (h, wheel, pin, properties) = pinnedWheel()
            pin.maximumMotorTorque = 2000
            pin.motorSpeed = 6
            pin.isMotorEnabled = true
            h.run(until: 2, rate: rate)
            results.append([properties.angularVelocity(for: wheel), wheel.transform.rotation])
        }
        #expect(results[0] == results[1] && results[1] == results[2])
    }

    @Test func badMotorParametersAreRejected() {
        let (h, _, pin, _) = pinnedWheel()
        pin.maximumMotorTorque = -1
        pin.maximumMotorForce = .nan
        pin.motorSpeed = .infinity
        #expect(pin.maximumMotorTorque == 0 && pin.maximumMotorForce == 0 && pin.motorSpeed == 0)
        let spring = AttachmentBehavior(item: square(at: .zero), attachedToAnchor: Point(x: 0, y: 50))
        h.animator.addBehavior(spring)
        spring.isMotorEnabled = true
        #expect(!spring.isMotorEnabled)
        #expect(h.diagnostics.map(\.kind) == [.invalidArgument, .invalidArgument, .invalidArgument, .illegalStateTransition])
    }
}
