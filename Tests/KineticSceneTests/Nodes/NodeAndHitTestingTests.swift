import Testing
import Kinetic
@testable import KineticScene

/// A 400 × 800 scene with a drawer of 400 × 350 whose top edge is at y = 700 (centre y 875),
/// as the book chapter's drawer peeking 45 points above the bottom of an 800-point screen.
func drawerScene() -> (AnimationEngine, Scene, Node) {
    let engine = AnimationEngine()
    let scene = Scene(size: Size(width: 400, height: 800), engine: engine)
    let drawer = Node(frame: Rect(x: 0, y: 700, width: 400, height: 350), name: "drawer", engine: engine)
    drawer.backgroundColor = Color(rgb: 0x3366CC)
    scene.root.addChild(drawer)
    return (engine, scene, drawer)
}

@Suite("Nodes")
struct NodeTests {
    @Test func frameIsDerivedFromCenterBoundsAndTransform() {
        let engine = AnimationEngine()
        let node = Node(frame: Rect(x: 10, y: 20, width: 100, height: 50), engine: engine)
        #expect(node.center == Point(x: 60, y: 45))
        #expect(node.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        node.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(node.frame == Rect(x: -40, y: 20 - 25, width: 200, height: 100))
        node.transform = .identity
        node.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(node.center == Point(x: 5, y: 5))
        #expect(node.bounds.size == Size(width: 10, height: 10))
    }

    @Test func anyAnimatorAnimatesNodePropertiesImplicitly() {
        let (engine, _, drawer) = drawerScene()
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) {
            drawer.center.y -= 305
            drawer.alpha = 0.5
            drawer.cornerRadius = 20
        }
        animator.startAnimation()
        #expect(drawer.center.y == 570)                    // the model moves at once
        engine.tick(at: 0.25)
        // Linear: a quarter of the way, exactly.
        #expect(drawer.presentation.center.y == 875 - 305 * 0.25)
        #expect(drawer.presentation.alpha == 1 - 0.5 * 0.25)
        #expect(drawer.presentation.cornerRadius == 5)
        #expect(drawer.$center.velocity.y == -305)
        engine.tick(at: 1)
        #expect(drawer.presentation.center.y == 570)
        #expect(!drawer.isAnimating)
    }

    @Test func conversionUsesPresentationValuesByDefault() {
        let (engine, scene, drawer) = drawerScene()
        let button = Node(frame: Rect(x: 150, y: 8, width: 100, height: 30), name: "button", engine: engine)
        drawer.addChild(button)
        PropertyAnimator(duration: 1, curve: .linear, engine: engine) { drawer.center.y -= 300 }.startAnimation()
        engine.tick(at: 0.5)
        // Presentation: drawer top at 700 − 150 = 550, so the button's origin is at y 558.
        #expect(button.convert(.zero, to: nil) == Point(x: 150, y: 558))
        #expect(button.convert(.zero, to: nil, geometry: .model) == Point(x: 150, y: 408))
        #expect(scene.root.convert(Point(x: 150, y: 558), to: button) == .zero)
        #expect(button.convert(Point(x: 150, y: 558), from: nil) == .zero)
    }

    @Test func nestedTransformsConvertExactly() {
        let engine = AnimationEngine()
        let outer = Node(frame: Rect(x: 0, y: 0, width: 200, height: 200), engine: engine)
        outer.transform = AffineTransform(rotationAngle: .pi / 2)   // about its centre (100, 100)
        let inner = Node(frame: Rect(x: 100, y: 0, width: 100, height: 100), engine: engine)
        inner.transform = AffineTransform(scaleX: 0.5, y: 0.5)      // about its centre (150, 50)
        outer.addChild(inner)
        // inner's (0,0) → scaled about (50,50): (25,25) → in outer: (125, 25) → rotated 90° about
        // (100,100) (clockwise on a y-down screen: (x, y) ↦ (100 − (y − 100), 100 + (x − 100))):
        // (175, 125).
        let p = inner.convert(.zero, to: nil)!
        #expect(p.isApproximatelyEqual(to: Point(x: 175, y: 125), tolerance: 1e-12))
        #expect(inner.convert(p, from: nil)!.isApproximatelyEqual(to: .zero, tolerance: 1e-12))
    }

    @Test func treeRejectsCyclesAndClearsParents() {
        let engine = AnimationEngine()
        let a = Node(engine: engine), b = Node(engine: engine)
        #expect(a.addChild(b))
        #expect(!b.addChild(a))
        #expect(!a.addChild(a))
        #expect(b.parent === a)
        b.removeFromParent()
        #expect(b.parent == nil)
        #expect(a.children.isEmpty)
        do {
            let c = Node(engine: engine)
            c.addChild(b)
        }
        #expect(b.parent == nil)         // the parent was deallocated and cleared the reference
    }

    @Test func nonFiniteValuesAreRejectedByTheCore() {
        let (engine, _, drawer) = drawerScene()
        drawer.center = Point(x: .nan, y: 0)
        drawer.frame = Rect(x: 0, y: .infinity, width: 1, height: 1)
        #expect(drawer.center == Point(x: 200, y: 875))
        #expect(engine.diagnostics.count == 2)
    }
}

@Suite("Hit testing")
struct HitTestingTests {
    /// The drawer animates up 305 points in 1 s, linearly. At t = 0.5 its presentation spans
    /// y 547.5...897.5 and its model y 395...745.
    func flyingDrawer(manual: Bool) -> (AnimationEngine, Scene, Node, PropertyAnimator) {
        let (engine, scene, drawer) = drawerScene()
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { drawer.center.y -= 305 }
        animator.isManualHitTestingEnabled = manual
        animator.startAnimation()
        return (engine, scene, drawer, animator)
    }

    @Test func aTapCatchesTheNodeWhereItIsSeen() {
        let (engine, scene, drawer, animator) = flyingDrawer(manual: false)
        var taps = 0
        drawer.addGestureRecognizer(TapGestureRecognizer { tap in
            taps += 1
            #expect(tap.state == .ended)
            animator.pauseAnimation()
        })
        // The down at 0.5 s ticks the engine to 0.5 s: presentation centre y = 875 − 152.5.
        #expect(scene.send(.down(1, Point(x: 200, y: 780), at: 0.5)))
        #expect(drawer.presentation.center.y == 722.5)  // spans 547.5...897.5; the model 395...745
        #expect(scene.hitNode(forPointer: 1) === drawer)
        #expect(scene.send(.up(1, Point(x: 200, y: 780), at: 0.55)))
        #expect(taps == 1)
        // Paused at 0.55 s: 875 − 0.55 · 305.
        engine.tick(at: 1.5)
        #expect(drawer.presentation.center.y == 875 - 0.55 * 305)
        #expect(animator.state == .active && !animator.isRunning)
    }

    @Test func theModelPositionMissesUnlessManualHitTesting() {
        do {
            let (engine, scene, drawer, _) = flyingDrawer(manual: false)
            engine.tick(at: 0.5)
            #expect(scene.hitTest(Point(x: 200, y: 450)) === scene.root)   // model only
            #expect(scene.hitTest(Point(x: 200, y: 780)) === drawer)       // presentation only (the screen ends at 800)
            #expect(drawer.hitTestingGeometry == .presentation)
        }
        do {
            let (engine, scene, drawer, _) = flyingDrawer(manual: true)
            engine.tick(at: 0.5)
            #expect(drawer.hitTestingGeometry == .model)
            #expect(scene.hitTest(Point(x: 200, y: 450)) === drawer)
            #expect(scene.hitTest(Point(x: 200, y: 780)) === scene.root)
        }
    }

    @Test func hitTestingRespectsNestedTransformsClippingAndFlags() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 400, height: 400), engine: engine)
        let card = Node(frame: Rect(x: 100, y: 100, width: 200, height: 200), name: "card", engine: engine)
        card.transform = AffineTransform(rotationAngle: .pi / 4)
        let badge = Node(frame: Rect(x: 150, y: -20, width: 80, height: 40), name: "badge", engine: engine)
        card.addChild(badge)
        scene.root.addChild(card)
        // The card's centre, and a point inside its rotated square but outside the unrotated one.
        #expect(scene.hitTest(Point(x: 200, y: 200)) === card)
        #expect(scene.hitTest(Point(x: 200, y: 70)) === card)          // a rotated corner: 200 − 141.4 < 70
        #expect(scene.hitTest(Point(x: 290, y: 110)) === scene.root)   // inside the unrotated square only
        // badge's (190, 0) of card → the part of the badge inside the card is hit; the part
        // outside the card's bounds is not (as in UIKit), and clipping agrees with it.
        let inside = card.convert(Point(x: 170, y: 10), to: nil)!
        let outside = card.convert(Point(x: 170, y: -10), to: nil)!
        #expect(scene.hitTest(inside) === badge)
        #expect(scene.hitTest(outside) === scene.root)
        badge.isUserInteractionEnabled = false
        #expect(scene.hitTest(inside) === card)
        card.alpha = 0.005
        #expect(scene.hitTest(inside) === scene.root)
        card.alpha = 1
        card.isHidden = true
        #expect(scene.hitTest(inside) === scene.root)
    }

    @Test func anAnimatorWithoutUserInteractionMakesItsNodesUnhittable() {
        let (engine, scene, drawer) = drawerScene()
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { drawer.center.y -= 305 }
        animator.isUserInteractionEnabled = false
        animator.startAnimation()
        engine.tick(at: 0.5)
        #expect(scene.hitTest(Point(x: 200, y: 780)) === scene.root)
        engine.tick(at: 1)
        #expect(scene.hitTest(Point(x: 200, y: 700)) === drawer)
    }
}
