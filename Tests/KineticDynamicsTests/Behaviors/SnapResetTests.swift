// Writing a snap behaviour's value that is already there changes nothing.
import Testing
import Kinetic
import KineticDynamics

/// A snap point or damping set to its own value every frame leaves the trajectory as it is, to
/// the bit (issue 42, item 12: before, setting the snap point to itself every frame moved the
/// item by up to 0.0018 pt: each write rebuilt the joint and woke the item).
@Suite struct SnapResetTests {
    struct Frame: Equatable {
        var center: Point
        var rotation: Double
        var running: Bool
    }

    /// A thrown, spinning square snapping to (200, 400), 4 s at 60 Hz (it comes to rest and the
    /// animator pauses before the end), with `rewrite` called before every frame.
    static func trajectory(_ rewrite: (SnapBehavior) -> Void) -> [Frame] {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 60, y: 90), side: 50)
        item.transform = AffineTransform(rotationAngle: 0.4)
        let snap = SnapBehavior(item: item, snapTo: Point(x: 200, y: 400))
        snap.damping = 0.3
        let material = DynamicItemBehavior(items: [item])
        h.animator.addBehavior(material)
        h.animator.addBehavior(snap)
        material.addLinearVelocity(Vector(dx: 900, dy: -400), for: item)
        material.addAngularVelocity(6, for: item)
        var frames: [Frame] = []
        for k in 1...240 {
            rewrite(snap)
            h.engine.tick(at: Double(k) / 60)
            frames.append(Frame(center: item.center, rotation: item.transform.rotation, running: h.animator.isRunning))
        }
        #expect(h.diagnostics.isEmpty, "\(h.diagnostics)")
        return frames
    }

    static func largestOffset(_ a: [Frame], _ b: [Frame]) -> Double {
        zip(a, b).map { $0.center.distance(to: $1.center) }.max() ?? 0
    }

    @Test func settingTheSnapPointToItselfChangesNothing() {
        let untouched = Self.trajectory { _ in }
        #expect(untouched.last?.running == false, "the item comes to rest and the animator pauses")
        #expect(untouched.last.map { $0.center.distance(to: Point(x: 200, y: 400)) < 0.5 } == true)
        let rewritten = Self.trajectory { snap in snap.snapPoint = snap.snapPoint }
        #expect(rewritten == untouched, "largest offset \(Self.largestOffset(rewritten, untouched)) pt")
    }

    @Test func settingTheDampingToItselfChangesNothing() {
        let untouched = Self.trajectory { _ in }
        let rewritten = Self.trajectory { snap in snap.damping = snap.damping }
        #expect(rewritten == untouched, "largest offset \(Self.largestOffset(rewritten, untouched)) pt")
    }

    @Test func movingTheSnapPointStillMovesTheItem() {
        let untouched = Self.trajectory { _ in }
        var count = 0
        let moved = Self.trajectory { snap in
            count += 1
            if count == 120 { snap.snapPoint = Point(x: 201, y: 400) }
        }
        #expect(moved.prefix(119) == untouched.prefix(119))
        #expect(Self.largestOffset(moved, untouched) > 0.5)
        #expect(moved.last.map { $0.center.distance(to: Point(x: 201, y: 400)) < 0.5 } == true)
    }
}
