// POP animations describe themselves to the engine's inspector.
import Testing
import Kinetic
import KineticPOP

@Suite("POP inspection")
struct POPInspectionTests {
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
