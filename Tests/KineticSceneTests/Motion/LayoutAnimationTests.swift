// Issue 23 item 2: frames changed in an animation block animate from where each node is drawn.
import Testing
import Kinetic
@testable import KineticScene
import KineticTestSupport

@Suite("Layout animation")
struct LayoutAnimationTests {
    @Test(arguments: [30.0, 60.0, 120.0])
    func aNodeMovedToAnotherParentKeepsItsPlaceAndFliesToItsNewFrame(fps: Double) {
        let engine = AnimationEngine()
        let root = Node(frame: Rect(x: 0, y: 0, width: 400, height: 800), name: "root", engine: engine)
        let left = Node(frame: Rect(x: 0, y: 100, width: 200, height: 600), name: "left", engine: engine)
        let right = Node(frame: Rect(x: 200, y: 50, width: 200, height: 600), name: "right", engine: engine)
        right.bounds.origin.y = 30                                    // scrolled by 30
        root.addChild(left); root.addChild(right)
        let card = Node(frame: Rect(x: 10, y: 10, width: 80, height: 40), name: "card", engine: engine)
        left.addChild(card)
        // In flight already: a move down 100 on the test spring.
        let first = PropertyAnimator(duration: 1, timingParameters: .spring(testSpring), engine: engine) { card.center.y += 100 }
        first.startAnimation()
        engine.tick(at: 0.1)
        let seen = card.screenFrame(), velocity = card.$center.velocity
        let animator = PropertyAnimator(duration: 1, timingParameters: .spring(testSpring), engine: engine) {
            card.move(to: right)
            card.frame = Rect(x: 20, y: 40, width: 160, height: 60)
        }
        animator.startAnimation()
        // Nothing moved at the call, and the velocity carried on.
        #expect(card.parent === right && right.children.count == 1 && left.children.isEmpty)
        #expect(card.screenFrame().isApproximatelyEqual(to: seen, tolerance: 1e-9))
        #expect(card.$center.velocity.isApproximatelyEqual(to: velocity, tolerance: 1e-9))
        // Screen position = the new frame's on screen + both tracks' offsets, in closed form:
        // the first move's offset (−100 at 0, its spring from 0) and the move's (from where it
        // was seen at 0.1).
        let target = Rect(x: 220, y: 60, width: 160, height: 60)      // 200 + 20, 50 − 30 + 40
        let delta = seen.center - target.center                        // the second track's start
        var frame = Int(0.1 * fps) + 1
        while Double(frame) / fps < closedFormEnd {
            let t = Double(frame) / fps
            engine.tick(at: t)
            let expectedY = target.center.y - 100 * springX(t).x + (delta.y + 100 * springX(0.1).x) * springX(t - 0.1).x
            let expectedX = target.center.x + delta.x * springX(t - 0.1).x
            #expect(card.screenFrame().center.isApproximatelyEqual(to: Point(x: expectedX, y: expectedY), tolerance: 1e-9))
            frame += 1
        }
        engine.tick(at: 10)
        #expect(card.screenFrame() == target && card.frame == Rect(x: 20, y: 40, width: 160, height: 60))
    }

    /// Issue 41 item 2: a node handed mid-flight from a parent scaled 2 to one scaled 0.5 is
    /// drawn, at every later frame, at the same screen frame and with the same screen velocity
    /// (of its centre and of its size) as its twin in an identical scene that was never moved.
    @Test(arguments: [30.0, 60.0, 120.0])
    func aNodeMovedAcrossAScaleKeepsItsDrawnFrameAndVelocity(fps: Double) {
        struct World {
            let engine = AnimationEngine()
            let big: Node, small: Node, card: Node
            init() {
                let root = Node(frame: Rect(x: 0, y: 0, width: 400, height: 800), name: "root", engine: engine)
                big = Node(frame: Rect(x: 0, y: 100, width: 200, height: 300), name: "big", engine: engine)
                small = Node(frame: Rect(x: 200, y: 400, width: 200, height: 300), name: "small", engine: engine)
                big.transform = AffineTransform(scaleX: 2, y: 2)
                small.transform = AffineTransform(scaleX: 0.5, y: 0.5)
                root.addChild(big); root.addChild(small)
                card = Node(frame: Rect(x: 10, y: 10, width: 60, height: 30), name: "card", engine: engine)
                big.addChild(card)
                // In flight: the centre down and right, the size growing, on two curves.
                let card = card
                PropertyAnimator(duration: 1, timingParameters: .spring(testSpring), engine: engine) {
                    card.center = Point(x: 90, y: 140)
                }.startAnimation()
                PropertyAnimator(duration: 0.8, curve: .easeInOut, engine: engine) {
                    card.bounds.size = Size(width: 100, height: 50)
                }.startAnimation()
            }
            /// The card's screen velocity: its centre's and its size's.
            var screenVelocity: (center: Point, size: Size) {
                let parent = card.parent!.screenMatrix()
                let v = card.$center.velocity, s = card.$bounds.velocity.size
                return (parent.applyToVector(v), Size(width: s.width * abs(parent.a), height: s.height * abs(parent.d)))
            }
        }
        let moved = World(), twin = World()
        let start = Int(0.1 * fps) + 1
        for w in [moved, twin] { w.engine.tick(at: Double(start) / fps) }
        #expect(moved.card.move(to: moved.small))
        #expect(moved.card.parent === moved.small && moved.small.children.count == 1)
        #expect(moved.card.frame.width != twin.card.frame.width)      // its model size did change
        for frame in start..<(start + 60) {
            if frame > start { for w in [moved, twin] { w.engine.tick(at: Double(frame) / fps) } }
            #expect(moved.card.screenFrame().isApproximatelyEqual(to: twin.card.screenFrame(), tolerance: 1e-9),
                    "frame \(frame): \(moved.card.screenFrame()) against \(twin.card.screenFrame())")
            let a = moved.screenVelocity, b = twin.screenVelocity
            #expect(a.center.isApproximatelyEqual(to: b.center, tolerance: 1e-7), "frame \(frame): \(a.center) against \(b.center)")
            #expect(abs(a.size.width - b.size.width) < 1e-7 && abs(a.size.height - b.size.height) < 1e-7,
                    "frame \(frame): \(a.size) against \(b.size)")
        }
        // Both land on the same screen frame: the card's target, twice as large on screen as in
        // its model, now a quarter of the size in the moved card's model.
        for w in [moved, twin] { w.engine.tick(at: 10) }
        #expect(moved.card.screenFrame().isApproximatelyEqual(to: twin.card.screenFrame(), tolerance: 1e-9))
        #expect(moved.card.bounds.size.isApproximatelyEqual(to: Size(width: 400, height: 200), tolerance: 1e-9))
    }

    @Test func siblingsReflowWhenOneIsInsertedAndAgainMidFlightWithoutAJump() {
        let engine = AnimationEngine()
        let list = Node(frame: Rect(x: 0, y: 0, width: 300, height: 800), name: "list", engine: engine)
        let rows = (0..<4).map { Node(frame: Rect(x: 0, y: 0, width: 300, height: 50), name: "row\($0)", engine: engine) }
        for r in rows { list.addChild(r) }
        let layout = StackLayout(spacing: 10, origin: Point(x: 0, y: 20))
        #expect(layout.apply(to: list) == 230)
        #expect(rows.map(\.frame.minY) == [20, 80, 140, 200])
        let fresh = Node(frame: Rect(x: 0, y: 0, width: 300, height: 50), name: "new", engine: engine)
        list.insertChild(fresh, at: 1)
        let a1 = PropertyAnimator(duration: 1, timingParameters: .spring(testSpring), engine: engine) { layout.apply(to: list) }
        a1.startAnimation()
        #expect(rows.map(\.presentation.frame.minY) == [20, 80, 140, 200])    // from where they are drawn
        engine.tick(at: 0.1)
        #expect(abs(rows[2].presentation.frame.minY - (200 - 60 * springX(0.1).x)) < 1e-9)
        // Removed again mid-flight: they turn back, with their velocity.
        let y = rows.map(\.presentation.frame.minY), v = rows.map(\.$center.velocity.y)
        fresh.removeFromParent()
        let a2 = PropertyAnimator(duration: 1, timingParameters: .spring(testSpring), engine: engine) { layout.apply(to: list) }
        a2.startAnimation()
        for i in 0..<4 {
            #expect(abs(rows[i].presentation.frame.minY - y[i]) < 1e-12 && abs(rows[i].$center.velocity.y - v[i]) < 1e-9)
        }
        engine.tick(at: 0.3)
        let expected = 140 - 60 * springX(0.3).x + 60 * springX(0.2).x
        #expect(abs(rows[2].presentation.frame.minY - expected) < 1e-9)
        engine.tick(at: 10)
        #expect(rows.map(\.presentation.frame.minY) == [20, 80, 140, 200])
    }

    @Test func moveRefusesACycleAndScreenFrameFollowsTransforms() {
        let engine = AnimationEngine()
        let a = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "a", engine: engine)
        let b = Node(frame: Rect(x: 10, y: 10, width: 20, height: 20), name: "b", engine: engine)
        a.addChild(b)
        #expect(!a.move(to: b) && b.parent === a && a.parent == nil)
        a.transform = AffineTransform(scaleX: 2, y: 2)                  // about a's centre (50, 50)
        #expect(b.screenFrame().isApproximatelyEqual(to: Rect(x: -30, y: -30, width: 40, height: 40), tolerance: 1e-12))
        let bad = StackLayout(spacing: .nan, origin: Point(x: .infinity, y: 0), crossExtent: -1)
        #expect(bad == StackLayout(spacing: 0, origin: .zero, crossExtent: nil))
    }
}
