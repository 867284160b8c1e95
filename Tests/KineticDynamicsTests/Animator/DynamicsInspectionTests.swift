// Dynamic animators and POP animations describe themselves to the engine's inspector.
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

    @Test func popAnimationsAreListedWithTheirSpringDecayOrCurve() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let x = AnimatedProperty(0.0, engine: engine)
        let y = AnimatedProperty(0.0, engine: engine)
        let z = AnimatedProperty(0.0, engine: engine)
        let spring = POPSpringAnimation(property: x)
        spring.dynamicsTension = 300
        spring.dynamicsFriction = 20
        spring.toValue = 100
        spring.name = "pane"
        let decay = POPDecayAnimation(property: y)
        decay.velocity = 500
        let basic = POPBasicAnimation(property: z, timingFunction: .easeOut)
        basic.toValue = 1
        #expect([spring.animationID, decay.animationID, basic.animationID] == [1, 2, 3])
        pop.addAnimation(basic, to: z, forKey: "z")
        pop.addAnimation(decay, to: y, forKey: "y")
        pop.addAnimation(spring, to: x, forKey: "x")
        engine.tick(at: 0.1)
        let live = engine.liveAnimations().filter { $0.kind == .pop }
        #expect(live.map(\.id) == [1, 2, 3])
        // Listed once each: the spring and decay a POP animation runs inside are not listed too.
        #expect(engine.liveAnimations().map(\.id) == [1, 2, 3])
        #expect(live[0].name == "pane")
        #expect(live[0].timing == .spring(mass: 1, stiffness: 300, damping: 20, duration: spring.spring.settlingDuration))
        #expect(live[1].timing == .decay(rate: 0.998))
        #expect(live[2].timing == .cubic(c1x: 0, c1y: 0, c2x: 0.58, c2y: 1, duration: basic.duration))
        #expect(live.allSatisfy { $0.state == .running && $0.isRunning })
        #expect(live[2].properties[0].presentation == [z.presentationValue])
    }
}
