// KineticScene checks for the Embedded smoke test (same module as KineticSmoke.swift): a drawer
// animated up 305 points in 1 s linearly, caught by a tap at its presentation position at
// t = 0.5 (expected values by hand: 875 − 0.5 · 305 = 722.5; the tap hits; a tap at the model
// position misses; the render list is the drawer's one rect, the root being clear; the SVG is
// non-empty).

import Kinetic
import KineticScene

func sceneChecks() -> [(StaticString, Double, Double)] {
    let engine = AnimationEngine()
    let scene = Scene(size: Size(width: 400, height: 800), engine: engine)
    let drawer = Node(frame: Rect(x: 0, y: 700, width: 400, height: 350), name: "drawer", engine: engine)
    drawer.backgroundColor = Color(rgb: 0x3366CC)
    scene.root.addChild(drawer)
    var taps = 0.0
    drawer.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
    let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { drawer.center.y -= 305 }
    animator.startAnimation()
    _ = scene.send(.down(1, Point(x: 200, y: 780), at: 0.5))
    let y = drawer.presentation.center.y
    _ = scene.send(.up(1, Point(x: 200, y: 780), at: 0.5))
    let missed = scene.hitTest(Point(x: 200, y: 450)) === scene.root ? 1.0 : 0.0
    let list = scene.renderList()
    let svg = SVGRenderer.render(list)
    return [
        ("scene: drawer presentation y at 0.5 s", y, 722.5),
        ("scene: taps at the presentation position", taps, 1),
        ("scene: the model position misses", missed, 1),
        ("scene: render list commands", Double(list.commands.count), 1),
        ("scene: SVG written", svg.utf8.count > 100 ? 1 : 0, 1),
    ]
}
