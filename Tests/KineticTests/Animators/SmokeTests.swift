import Testing
@testable import Kinetic

@Suite("Animator smoke")
struct AnimatorSmokeTests {
    @Test func linearAnimationRunsAndCompletes() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var positions: [AnimatingPosition] = []
        let a = PropertyAnimator(duration: 2, curve: .linear, engine: engine) { x.value = 100 }
        a.addCompletion { positions.append($0) }
        a.startAnimation()
        #expect(x.value == 100)
        #expect(x.presentationValue == 0)
        engine.tick(at: 0.5)
        #expect(abs(x.presentationValue - 25) < 1e-12)
        #expect(abs(x.velocity - 50) < 1e-12)
        engine.tick(at: 2)
        #expect(a.state == .inactive)
        #expect(positions == [.end])
        #expect(x.presentationValue == 100)
    }

    @Test func pauseReverseStop() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var positions: [AnimatingPosition] = []
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 10 }
        a.addCompletion { positions.append($0) }
        a.startAnimation()
        engine.tick(at: 0.4)
        a.isReversed = true
        engine.tick(at: 0.6)
        #expect(abs(x.presentationValue - 2) < 1e-12)
        #expect(abs(x.velocity + 10) < 1e-12)
        engine.tick(at: 1.0)
        #expect(positions == [.start])
        #expect(x.value == 0)
        let b = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 10 }
        b.startAnimation()
        engine.tick(at: 1.5)
        b.stopAnimation(false)
        #expect(b.state == .stopped)
        #expect(abs(x.value - 5) < 1e-12)
        b.finishAnimation(at: .end)
        #expect(x.value == 10)
    }

    @Test func springRetargetKeepsVelocity() {
        let engine = AnimationEngine()
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let spring = SpringTimingParameters(mass: 1, stiffness: 200, damping: 15, initialVelocity: Vector(dx: 1, dy: -2))
        let a = PropertyAnimator(duration: 1, timingParameters: .spring(spring), engine: engine) { p.value = Point(x: 100, y: 50) }
        a.startAnimation()
        #expect((p.velocity - Point(x: 100, y: -100)).magnitude < 1e-9)
        engine.tick(at: 0.2)
        let before = p.presentation
        let b = PropertyAnimator(duration: 1, timingParameters: .spring(SpringTimingParameters(mass: 1, stiffness: 200, damping: 15)), engine: engine) { p.value = Point(x: 0, y: 0) }
        b.startAnimation()
        let after = p.presentation
        #expect(before.value == after.value)
        #expect((before.velocity - after.velocity).magnitude < 1e-9)
    }

    @Test func twentyHalfTurns() {
        let engine = AnimationEngine()
        let t = AnimatedProperty(AffineTransform.identity, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) {
            for _ in 0..<20 { t.value = t.value.rotated(by: .pi) }
        }
        a.startAnimation()
        engine.tick(at: 0.5)
        #expect(abs(t.presentationValue.rotation - 10 * .pi) < 1e-9)
        #expect(abs(t.velocity.rotation - 20 * .pi) < 1e-9)
    }
}
