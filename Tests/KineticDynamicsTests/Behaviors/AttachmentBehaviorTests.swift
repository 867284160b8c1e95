// Attachments: the spring's damped frequency and decay against ω√(1−ζ²) and e^(−ζωt); lengths; kinds.
import Testing
import Kinetic
import KineticDynamics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct AttachmentBehaviorTests {
    /// Records x(t) − anchor at every step of a 1-D spring and measures the period from the zero
    /// crossings and the decay rate from the peaks.
    private func measureSpring(frequency: Double, damping: Double) -> (period: Double, decay: Double) {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 210, y: 300))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 160, y: 300))
        #expect(spring.length == 50)
        spring.length = 0
        spring.frequency = frequency
        spring.damping = damping
        h.animator.addBehavior(spring)
        var samples: [(Double, Double)] = []
        h.run(until: 3) { t in samples.append((t, item.center.x - 160)) }
        var crossings: [Double] = []
        var peaks: [(Double, Double)] = []
        for i in 1..<samples.count {
            let (t0, x0) = samples[i - 1], (t1, x1) = samples[i]
            if (x0 > 0) != (x1 > 0), x0 != x1 { crossings.append(t0 + (t1 - t0) * x0 / (x0 - x1)) }
            if i + 1 < samples.count, x1.magnitude > x0.magnitude, x1.magnitude >= samples[i + 1].1.magnitude {
                peaks.append((t1, x1.magnitude))
            }
        }
        let halfPeriods = Double(crossings.count - 1)
        let period = 2 * (crossings.last! - crossings.first!) / halfPeriods
        let first = peaks.first!, last = peaks.last!
        let decay = -(log(last.1 / first.1)) / (last.0 - first.0)
        return (period, decay)
    }

    @Test func springOscillatesAtTheDampedFrequencyAndDecaysAtZetaOmega() {
        let f = 1.0, zeta = 0.1
        let omega = 2 * Double.pi * f
        let measured = measureSpring(frequency: f, damping: zeta)
        let period = 2 * Double.pi / (omega * (1 - zeta * zeta).squareRoot())
        #expect(relativeError(measured.period, period) < 0.01, "period \(measured.period), closed form \(period)")
        #expect(relativeError(measured.decay, zeta * omega) < 0.01, "decay \(measured.decay), closed form \(zeta * omega)")
    }

    @Test func lengthDefaultsToTheDistanceAtCreation() {
        let a = square(at: Point(x: 0, y: 0)), b = square(at: Point(x: 30, y: 40))
        #expect(AttachmentBehavior(item: a, attachedTo: b).length == 50)
        #expect(AttachmentBehavior(item: a, attachedToAnchor: Point(x: 0, y: 10)).length == 10)
        #expect(AttachmentBehavior(item: a, offsetFromCenter: Vector(dx: 3, dy: 0), attachedToAnchor: Point(x: 3, y: 4)).length == 4)
        #expect(AttachmentBehavior.limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero).length == 50)
        #expect(AttachmentBehavior(item: a, attachedTo: b).attachedBehaviorType == .items)
        #expect(AttachmentBehavior(item: a, attachedToAnchor: .zero).attachedBehaviorType == .anchor)
    }

    @Test func aRigidPendulumKeepsItsLength() {
        let h = DynamicsHarness()
        let bob = ball(at: Point(x: 260, y: 100), diameter: 20)
        let rod = AttachmentBehavior(item: bob, attachedToAnchor: Point(x: 160, y: 100))
        h.animator.addBehavior(rod)
        h.animator.addBehavior(GravityBehavior(items: [bob]))
        var worst = 0.0
        h.run(until: 2) { _ in worst = max(worst, (bob.center.distance(to: Point(x: 160, y: 100)) - 100).magnitude) }
        #expect(worst < 0.5, "length drifted by \(worst) points")
        #expect(bob.center.y > 100)
    }

    @Test func movingTheAnchorDragsTheItem() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 100, y: 100), side: 50)
        let finger = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 100, y: 100))
        h.animator.addBehavior(finger)
        h.run(until: 1)
        #expect(!h.animator.isRunning, "at rest on its anchor, the animator pauses")
        finger.anchorPoint = Point(x: 200, y: 150)
        #expect(h.animator.isRunning)
        h.run(until: 2)
        #expect(item.center.distance(to: Point(x: 200, y: 150)) < 0.5)
    }

    @Test func slidingAttachmentKeepsTheItemOnItsAxis() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 300), side: 40)
        let slider = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: Point(x: 160, y: 300),
                                                          axisOfTranslation: Vector(dx: 1, dy: 0))
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = Vector(dx: 1, dy: 1)
        h.animator.addBehavior(slider)
        h.animator.addBehavior(push)
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.run(until: 0.5)
        #expect((item.center.y - 300).magnitude < 0.5)
        #expect(item.center.x > 170)
        #expect(item.transform.rotation.magnitude < 1e-3)
    }

    @Test func badParametersAreRejected() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 100, y: 100))
        let a = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 100, y: 200))
        h.animator.addBehavior(a)
        a.length = -1
        a.frequency = .nan
        a.damping = -0.5
        a.anchorPoint = Point(x: .nan, y: 0)
        a.attachmentRange = FloatRange(minimum: 2, maximum: 1)
        #expect(a.length == 100 && a.frequency == 0 && a.damping == 0)
        #expect(a.anchorPoint == Point(x: 100, y: 200))
        #expect(h.diagnostics.count == 5)
        let other = square(at: Point(x: 300, y: 100))
        let b = AttachmentBehavior(item: item, attachedTo: other)
        let anchorBefore = b.anchorPoint
        b.anchorPoint = .zero
        #expect(b.anchorPoint == anchorBefore, "two items have no movable anchor")
        h.animator.addBehavior(b)
        #expect(h.diagnostics.last?.kind == .illegalStateTransition, "reported when the behaviour joins an animator")
    }
}

@Suite struct AttachmentKindsTests {
    @Test func aPinKeepsTheAnchorsTogetherWhileTheItemsTurn() {
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 2000, height: 2000))
        let a = square(at: Point(x: 500, y: 500), side: 40), b = square(at: Point(x: 540, y: 500), side: 40)
        let pin = AttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: Point(x: 520, y: 500))
        let anchored = DynamicItemBehavior(items: [a])
        anchored.isAnchored = true
        h.animator.addBehavior(pin)
        h.animator.addBehavior(anchored)
        h.animator.addBehavior(GravityBehavior(items: [b]))
        var worst = 0.0
        h.run(until: 1.5) { _ in worst = max(worst, (b.center.distance(to: Point(x: 520, y: 500)) - 20).magnitude) }
        #expect(worst < 0.5, "b's anchor left the pin by \(worst)")
        #expect(b.center.y > 505, "b swung down about the pin")
        #expect(pin.attachedBehaviorType == .items && pin.items.count == 2)
    }

    @Test func aLimitIsARope() {
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 2000, height: 2000))
        let a = square(at: Point(x: 500, y: 500), side: 20), b = square(at: Point(x: 500, y: 600), side: 20)
        let rope = AttachmentBehavior.limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero)
        #expect(rope.length == 100)
        let anchored = DynamicItemBehavior(items: [a])
        anchored.isAnchored = true
        let kick = DynamicItemBehavior(items: [b])
        kick.addLinearVelocity(Vector(dx: 0, dy: -300), for: b)      // slack: moves freely up
        h.animator.addBehavior(rope)
        h.animator.addBehavior(anchored)
        h.animator.addBehavior(kick)
        h.animator.addBehavior(GravityBehavior(items: [b]))
        var closest = 1000.0, farthest = 0.0
        h.run(until: 1.5) { _ in
            let d = a.center.distance(to: b.center)
            closest = min(closest, d); farthest = max(farthest, d)
        }
        #expect(closest < 80, "the rope went slack")
        #expect(farthest < 100.5, "never longer than the rope: \(farthest)")
    }

    @Test func aWeldKeepsTheRelativePose() {
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 2000, height: 2000))
        let a = square(at: Point(x: 500, y: 500), side: 40), b = square(at: Point(x: 560, y: 500), side: 40)
        let weld = AttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: Point(x: 530, y: 500))
        let spin = DynamicItemBehavior(items: [a])
        spin.addAngularVelocity(2, for: a)
        h.animator.addBehavior(weld)
        h.animator.addBehavior(spin)
        h.run(until: 1)
        #expect((a.center.distance(to: b.center) - 60).magnitude < 0.5)
        #expect((a.transform.rotation - b.transform.rotation).magnitude < 0.01)
        #expect(a.transform.rotation.magnitude > 0.1, "the pair turned")
    }
}

@Suite struct AttachmentParameterWritesTests {
    /// Setting a parameter of an attachment that is in an animator updates the solver's joint
    /// (the setter once passed its stored value `inout` while the update read it: an exclusivity
    /// abort). Every write takes effect and is read back.
    @Test func settingParametersInAnAnimatorTakesEffect() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 100, y: 100))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 100, y: 200))
        h.animator.addBehavior(spring)
        spring.length = 40
        spring.frequency = 2
        spring.damping = 0.5
        spring.frictionTorque = 3
        #expect(spring.length == 40 && spring.frequency == 2 && spring.damping == 0.5 && spring.frictionTorque == 3)
        h.run(until: 3)
        #expect((item.center.y - 160).magnitude < 1, "settles 40 pt from the anchor: \(item.center.y)")
        #expect(h.diagnostics.isEmpty)
    }
}
