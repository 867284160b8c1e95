// Writing an attachment's parameter that is already there changes nothing.
import Testing
import Kinetic
import KineticDynamics

/// Every parameter of a spring attachment and of a pin with a motor set to its own value every
/// frame leaves the trajectory as it is, to the bit (as a snap point's: issue 42, item 12).
/// Before, each write rebuilt the joint and woke the items.
@Suite struct AttachmentResetTests {
    struct Frame: Equatable {
        var centers: [Point]
        var rotations: [Double]
        var running: Bool
    }

    /// A thrown square on a spring to an anchor, and a wheel pinned to a second square with a
    /// motor, 4 s at 60 Hz, with `rewrite` called before every frame.
    static func trajectory(_ rewrite: (AttachmentBehavior, AttachmentBehavior) -> Void) -> [Frame] {
        let h = DynamicsHarness()
        let a = square(at: Point(x: 60, y: 90), side: 50)
        let b = square(at: Point(x: 200, y: 300), side: 40)
        let c = square(at: Point(x: 230, y: 300), side: 40)
        let spring = AttachmentBehavior(item: a, attachedToAnchor: Point(x: 150, y: 150))
        spring.frequency = 1.5
        spring.damping = 0.2
        spring.length = 80
        let pin = AttachmentBehavior.pinAttachment(with: b, attachedTo: c, attachmentAnchor: Point(x: 215, y: 300))
        pin.isMotorEnabled = true
        pin.motorSpeed = 3
        pin.maximumMotorTorque = 5_000
        pin.frictionTorque = 10
        pin.attachmentRange = FloatRange(minimum: -2, maximum: 2)
        let material = DynamicItemBehavior(items: [a, b, c])
        h.animator.addBehavior(material)
        h.animator.addBehavior(spring)
        h.animator.addBehavior(pin)
        material.addLinearVelocity(Vector(dx: 700, dy: -300), for: a)
        material.addAngularVelocity(4, for: a)
        var frames: [Frame] = []
        for k in 1...240 {
            rewrite(spring, pin)
            h.engine.tick(at: Double(k) / 60)
            frames.append(Frame(centers: [a.center, b.center, c.center],
                                rotations: [a.transform.rotation, b.transform.rotation, c.transform.rotation],
                                running: h.animator.isRunning))
        }
        #expect(h.diagnostics.isEmpty, "\(h.diagnostics)")
        return frames
    }

    @Test func settingEveryParameterToItselfChangesNothing() {
        let untouched = Self.trajectory { _, _ in }
        let rewritten = Self.trajectory { spring, pin in
            spring.anchorPoint = spring.anchorPoint
            spring.length = spring.length
            spring.frequency = spring.frequency
            spring.damping = spring.damping
            pin.frictionTorque = pin.frictionTorque
            pin.attachmentRange = pin.attachmentRange
            pin.isMotorEnabled = pin.isMotorEnabled
            pin.motorSpeed = pin.motorSpeed
            pin.maximumMotorTorque = pin.maximumMotorTorque
        }
        let offset = zip(rewritten, untouched).flatMap { zip($0.centers, $1.centers).map { $0.distance(to: $1) } }.max() ?? 0
        let same = rewritten == untouched
        #expect(same, "largest offset \(offset) pt")
    }

    @Test func changingAParameterStillChangesTheMotion() {
        let untouched = Self.trajectory { _, _ in }
        var count = 0
        let changed = Self.trajectory { spring, _ in
            count += 1
            if count == 60 { spring.frequency = 3 }
        }
        let samePrefix = changed.prefix(59) == untouched.prefix(59), sameEnd = changed.last == untouched.last
        #expect(samePrefix && !sameEnd)
    }
}
