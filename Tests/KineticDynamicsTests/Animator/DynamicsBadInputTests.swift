// Bad input that used to pass silently: an item in two animators, a zero-size item, far anchors.
import Testing
import Kinetic
import KineticDynamics

@Suite struct DynamicsBadInputTests {
    /// Before: both animators wrote the item every tick and the last one silently won.
    @Test func anItemInTwoAnimatorsIsReportedOnce() {
        let engine = AnimationEngine()
        let bounds = Rect(x: 0, y: 0, width: 320, height: 640)
        let first = DynamicAnimator(referenceBounds: bounds, engine: engine)
        let second = DynamicAnimator(referenceBounds: bounds, engine: engine)
        let item = square(at: Point(x: 160, y: 300), side: 40)
        let down = GravityBehavior(items: [item])
        let up = GravityBehavior(items: [item])
        up.angle = -Double.pi / 2
        first.addBehavior(down)
        second.addBehavior(up)
        #expect(engine.diagnostics.isEmpty)
        for k in 1...30 { engine.tick(at: Double(k) / 60) }
        let reports = engine.diagnostics.filter { $0.message.contains("moved outside") }
        #expect(!reports.isEmpty, "\(engine.diagnostics)")
        #expect(reports.count <= 2, "once per animator and item: \(engine.diagnostics)")
        #expect(reports.allSatisfy { $0.kind == .invalidArgument })
        #expect(item.center.x == 160 && item.center.y.isFinite)
    }

    /// Moving an item yourself and telling the animator (`updateItem(usingCurrentState:)`) is
    /// legitimate; moving it without telling is reported like a second animator.
    @Test func movingAnItemWithoutUpdateItemIsReportedAndWithItIsNot() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 100), side: 40)
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.run(until: 0.2)
        item.center = Point(x: 100, y: 100)
        h.animator.updateItem(usingCurrentState: item)
        h.run(until: 0.4)
        #expect(h.diagnostics.isEmpty, "\(h.diagnostics)")
        #expect(item.center.x == 100 && item.center.y > 100)
        item.center = Point(x: 200, y: 100)
        h.run(until: 0.6)
        #expect(h.diagnostics.count == 1, "\(h.diagnostics)")
        #expect(item.center.x == 100, "the animator's simulation is written over the item")
        h.run(until: 0.8)
        #expect(h.diagnostics.count == 1, "reported once")
    }

    /// Before: a 0 × 0 item was silently simulated as a 0.001-pt square.
    @Test func aZeroSizeItemIsReportedAndStillSimulated() {
        let h = DynamicsHarness()
        let item = BasicDynamicItem(center: Point(x: 160, y: 100), size: Size(width: 0, height: 0))
        h.animator.addBehavior(GravityBehavior(items: [item]))
        #expect(h.diagnostics.count == 1, "\(h.diagnostics)")
        #expect(h.diagnostics.first?.kind == .invalidArgument)
        h.run(until: 0.2)
        #expect((item.center.y - (100 + 500 * 0.04)).magnitude < 0.5, "falls as a point: \(item.center)")
        #expect(h.diagnostics.count == 1)
    }

    /// Before: anchors were only checked for finiteness, so an anchor at y = 1e18 flung the item
    /// to 1e17 pt within 0.05 s (item centres are limited to ±1e9 pt, anchors were not).
    @Test func anchorsBeyondTheCoordinateLimitAreRejected() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 300), side: 40)
        let spring = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 160, y: 1e18))
        h.animator.addBehavior(spring)
        #expect(h.diagnostics.count == 1, "\(h.diagnostics)")
        #expect(spring.anchorPoint == Point(x: 160, y: 300), "the item's centre is used")
        spring.anchorPoint = Point(x: 160, y: 310)
        spring.anchorPoint = Point(x: 0, y: 1e18)
        #expect(h.diagnostics.count == 2)
        #expect(spring.anchorPoint == Point(x: 160, y: 310), "unchanged")
        h.run(until: 0.05)
        #expect(item.center.distance(to: Point(x: 160, y: 300)) < 20, "\(item.center)")

        let snap = SnapBehavior(item: item, snapTo: Point(x: -1e18, y: 0))
        #expect(snap.snapPoint == item.center)
        snap.snapPoint = Point(x: 1e10, y: 0)
        #expect(snap.snapPoint == item.center)
        h.animator.addBehavior(snap)
        #expect(h.diagnostics.count == 4, "\(h.diagnostics)")

        let field = FieldBehavior.radialGravityField(position: Point(x: 0, y: 0))
        field.position = Point(x: 0, y: 2e9)
        #expect(field.position == Point(x: 0, y: 0))
        h.animator.addBehavior(field)
        #expect(h.diagnostics.count == 5, "\(h.diagnostics)")
        let sliding = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: Point(x: 1e300, y: 0),
                                                           axisOfTranslation: Vector(dx: 1, dy: 0))
        #expect(sliding.anchorPoint == item.center)
        let offset = AttachmentBehavior(item: item, offsetFromCenter: Vector(dx: 0, dy: 1e12), attachedToAnchor: .zero)
        h.animator.addBehavior(sliding)
        h.animator.addBehavior(offset)
        #expect(h.diagnostics.count == 7, "\(h.diagnostics)")
    }
}
