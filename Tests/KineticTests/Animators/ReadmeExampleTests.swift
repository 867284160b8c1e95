import Testing
import Kinetic
import KineticTestSupport

/// The README's animator example, as written there, with what it should do.
@Test func readmeAnimatorExample() {
    let engine = AnimationEngine()
    let drawer = AnimatedProperty(Point(x: 160, y: 560), engine: engine)
    var positions: [AnimatingPosition] = []

    let animator = PropertyAnimator(duration: 1, curve: .easeOut, engine: engine) {
        drawer.value.y -= 305
    }
    animator.addCompletion { position in positions.append(position) }
    animator.startAnimation()
    #expect(drawer.value == Point(x: 160, y: 255))

    engine.tick(at: 0.25)
    #expect(abs(drawer.presentationValue.y - (560 - 305 * bezierProgress(0, 0, 0.58, 1, at: 0.25))) <= 1e-9)
    animator.pauseAnimation()
    animator.fractionComplete = 0.6
    #expect(abs(drawer.presentationValue.y - (560 - 305 * 0.6)) <= 1e-9)
    animator.isReversed = true
    animator.continueAnimation(withTimingParameters: .spring(SpringTimingParameters(dampingRatio: 1)),
                               durationFactor: 0)
    #expect(abs(drawer.presentationValue.y - (560 - 305 * 0.6)) <= 1e-9)   // no jump
    engine.tick(at: 5)
    #expect(positions == [.start] && drawer.value == Point(x: 160, y: 560) && drawer.presentationValue == drawer.value)
    #expect(engine.diagnostics.isEmpty)
}
