// A node labels its animatable properties for inspectors, without keeping itself alive.
import Testing
import Kinetic
import KineticScene

@Suite("Node property labels")
struct NodeInspectionTests {
    @Test func propertiesAreLabelledByTheNodesNameAndFoundByLabel() {
        let engine = AnimationEngine()
        let root = Node(name: "root", engine: engine)
        let drawer = Node(name: "drawer", engine: engine)
        root.addChild(drawer)
        #expect(drawer.$center.label == "drawer.center" && drawer.$backgroundColor.label == "drawer.backgroundColor")
        #expect(drawer.animatableProperties.map(\.label) == [
            "drawer.center", "drawer.bounds", "drawer.transform", "drawer.alpha", "drawer.cornerRadius",
            "drawer.backgroundColor", "drawer.blurRadius", "drawer.textColor", "drawer.shadowColor",
            "drawer.shadowOpacity", "drawer.shadowRadius", "drawer.shadowOffset"])
        #expect(root.animatableProperty(labelled: "drawer.alpha") === drawer.$alpha)
        #expect(root.animatableProperty(labelled: "drawer.nope") == nil)
        drawer.name = "pane"
        #expect(drawer.$center.label == "pane.center")
    }

    @Test func aPropertyThatOutlivesItsNodeKeepsItsOwnName() {
        let engine = AnimationEngine()
        var node: Node? = Node(name: "card", engine: engine)
        let alpha = node!.$alpha
        let animator = PropertyAnimator(duration: 1, timingParameters: .cubic(.linear), engine: engine) { alpha.value = 0 }
        animator.startAnimation()
        weak let gone = node
        node = nil
        #expect(gone == nil)
        // The node is gone; the animation in flight still names its property.
        #expect(alpha.label == "alpha")
        #expect(engine.liveAnimations().map(\.name) == ["alpha"])
    }
}
