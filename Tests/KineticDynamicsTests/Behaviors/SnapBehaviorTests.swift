// Snap: the item comes to rest at the snap point, unrotated, and the animator pauses.
import Testing
import Kinetic
import KineticDynamics

@Suite struct SnapBehaviorTests {
    @Test func snapRestsAtThePointWithRotationZero() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 50, y: 50), side: 60)
        item.transform = AffineTransform(rotationAngle: 0.7)
        let snap = SnapBehavior(item: item, snapTo: Point(x: 200, y: 400))
        #expect(snap.damping == 0.5)
        h.animator.addBehavior(snap)
        h.run(until: 3)
        #expect(item.center.distance(to: Point(x: 200, y: 400)) < 0.5, "\(item.center)")
        #expect(item.transform.rotation.magnitude < 0.01)
        h.run(until: 6)
        #expect(!h.animator.isRunning, "at rest, the animator pauses")
    }

    @Test func movingTheSnapPointResumesAndMovesTheItem() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 100, y: 100), side: 60)
        let snap = SnapBehavior(item: item, snapTo: Point(x: 100, y: 100))
        h.animator.addBehavior(snap)
        h.run(until: 2)
        #expect(!h.animator.isRunning)
        snap.snapPoint = Point(x: 250, y: 300)
        #expect(h.animator.isRunning)
        h.run(until: 5)
        #expect(item.center.distance(to: Point(x: 250, y: 300)) < 0.5)
    }

    @Test func badSnapInputIsRejected() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 100, y: 100))
        let snap = SnapBehavior(item: item, snapTo: Point(x: .nan, y: 3))
        #expect(snap.snapPoint == Point(x: 100, y: 100))
        snap.damping = 1.5
        snap.damping = .nan
        #expect(snap.damping == 0.5)
        h.animator.addBehavior(snap)
        #expect(h.diagnostics.count == 3, "kept until the behaviour joined an animator")
    }
}
