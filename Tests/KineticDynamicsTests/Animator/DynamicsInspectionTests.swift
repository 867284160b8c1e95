// Dynamic animators describe themselves to the engine's inspector.
import Testing
import Kinetic
import KineticDynamics

/// A dynamic item whose centre is an animated property (as a scene's node is).
private final class PropertyItem: DynamicItem, AnimatedPropertyOwner {
    let centerProperty: AnimatedProperty<Point>
    var transform = AffineTransform.identity
    let bounds = Rect(x: 0, y: 0, width: 40, height: 40)
    let propertyLabelPrefix = "ball"
    init(engine: AnimationEngine) {
        centerProperty = AnimatedProperty(Point(x: 100, y: 100), engine: engine)
        centerProperty.setLabel("center", owner: self)
    }
    var center: Point {
        get { centerProperty.value }
        set { centerProperty.value = newValue }
    }
    var inspectableProperties: [any InspectableProperty] { [centerProperty] }
}

@Suite("Dynamics inspection")
struct DynamicsInspectionTests {
    @Test func aDynamicAnimatorListsItsItemsPropertiesWhileItRuns() {
        let h = DynamicsHarness()
        let item = PropertyItem(engine: h.engine)
        #expect(h.animator.animationID == 1)
        #expect(h.engine.liveAnimations().isEmpty)
        h.animator.addBehavior(GravityBehavior(items: [item]))
        let reader = DynamicItemBehavior(items: [item])   // default properties: reads the velocity
        h.animator.addBehavior(reader)
        h.run(until: 0.5)
        let live = h.engine.liveAnimations()
        #expect(live.count == 1)
        let dynamics = live[0]
        #expect(dynamics.id == 1 && dynamics.kind == .dynamics && dynamics.state == .running && dynamics.isRunning)
        #expect(dynamics.timing == .none && dynamics.fractionComplete == nil)
        #expect(dynamics.name == "ball.center")
        // Gravity has pulled the ball down; the values are the property's own.
        let center = dynamics.properties[0]
        #expect(center.model == [item.center.x, item.center.y] && center.model[1] > 100)
        #expect(center.presentation == center.model)
        // Its velocity is the body's (the centre is written without animating: the property's own is 0).
        let v = reader.linearVelocity(for: item)
        #expect(center.velocity == [v.dx, v.dy] && v.dy > 100)
        #expect(h.engine.inspectableProperties(ofAnimation: 1).map { $0 === item.centerProperty } == [true])
    }
}
