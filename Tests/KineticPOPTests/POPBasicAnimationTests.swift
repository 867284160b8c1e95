import Testing
import Kinetic
@testable import KineticPOP
import KineticTestSupport

/// POPBasicAnimation: progress along the cubic in closed form, POP's defaults, pause, bad input.
@Suite("POP basic animation")
struct POPBasicAnimationTests {
    @Test("POP's defaults: 0.4 s on Core Animation's default curve (0.25, 0.1), (0.25, 1)")
    func defaultsAreFourTenthsOnTheDefaultCurve() {
        let basic = POPBasicAnimation(property: AnimatedProperty(0.0, engine: AnimationEngine()))
        #expect(basic.duration == 0.4)
        #expect(basic.timingFunction.controlPoint1 == Point(x: 0.25, y: 0.1))
        #expect(basic.timingFunction.controlPoint2 == Point(x: 0.25, y: 1))
    }

    @Test("progress at t is the cubic's progress at t / duration, then the completion runs once")
    func progressFollowsTheCubic() {
        for (curve, c) in [(CubicTimingParameters.default, (0.25, 0.1, 0.25, 1.0)),
                           (CubicTimingParameters.easeInOut, (0.42, 0.0, 0.58, 1.0)),
                           (CubicTimingParameters(0.2, 1.4, 0.6, -0.3), (0.2, 1.4, 0.6, -0.3))] {
            let engine = AnimationEngine(time: 5)
            let pop = POPAnimator(engine: engine)
            let frame = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
            let basic = POPBasicAnimation(property: frame, timingFunction: curve)
            basic.fromValue = Point(x: 10, y: 20)
            basic.toValue = Point(x: 110, y: -80)
            basic.duration = 0.7
            let log = CompletionLog()
            log.record(basic)
            pop.addAnimation(basic, to: frame, forKey: "frame")
            #expect(frame.presentationValue == Point(x: 10, y: 20))
            for t in POPReference.frames(from: 5, to: 5.69, rate: 60, jitter: true) {
                engine.tick(at: t)
                let p = bezierProgress(c.0, c.1, c.2, c.3, at: (t - 5) / 0.7)
                let expected = Point(x: 10 + 100 * p, y: 20 - 100 * p)
                #expect(frame.presentationValue.isApproximatelyEqual(to: expected, tolerance: 1e-7),
                        "at \(t): \(frame.presentationValue) vs \(expected)")
            }
            #expect(log.total == 0)
            engine.tick(at: 5.7)
            engine.tick(at: 5.8)
            #expect(log.finished == 1 && log.unfinished == 0)
            #expect(frame.presentationValue == Point(x: 110, y: -80))
            #expect(pop.animation(forKey: "frame", on: frame) == nil)
        }
    }

    @Test("with no fromValue it starts from the presentation, even mid-flight of a spring")
    func startsFromThePresentation() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let x = AnimatedProperty(0.0, engine: engine)
        let spring = POPSpringAnimation(property: x)
        spring.toValue = 100
        let springLog = CompletionLog()
        springLog.record(spring)
        pop.addAnimation(spring, to: x, forKey: "x")
        engine.tick(at: 0.05)
        let here = x.presentationValue
        let basic = POPBasicAnimation(property: x, timingFunction: .linear)
        basic.toValue = -10
        basic.duration = 1
        pop.addAnimation(basic, to: x, forKey: "x")
        #expect(abs(x.presentationValue - here) <= 1e-9)
        #expect(springLog.unfinished == 1)
        engine.tick(at: 0.55)
        #expect(abs(x.presentationValue - (here + (-10 - here) * 0.5)) <= 1e-9)
    }

    @Test("pausing holds it; resuming continues with the time that was left")
    func pauseKeepsTheRemainingTime() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let x = AnimatedProperty(0.0, engine: engine)
        let basic = POPBasicAnimation(property: x, timingFunction: .linear)
        basic.toValue = 100
        basic.duration = 1
        pop.addAnimation(basic, to: x, forKey: "x")
        engine.tick(at: 0.25)
        basic.isPaused = true
        engine.tick(at: 2)
        #expect(abs(x.presentationValue - 25) < 1e-9)
        basic.isPaused = false
        engine.tick(at: 2.5)
        #expect(abs(x.presentationValue - 75) < 1e-9)
    }

    @Test("a basic animation whose property another one takes over ends, not finished, at the next tick")
    func takenOverBasicEndsUnfinished() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let card = POPTestObject()
        let alpha = AnimatedProperty(1.0, engine: engine)
        let fadeOut = POPBasicAnimation(property: alpha)
        fadeOut.toValue = 0
        let fadeIn = POPBasicAnimation(property: alpha)
        fadeIn.toValue = 1
        let outLog = CompletionLog(), inLog = CompletionLog()
        outLog.record(fadeOut)
        inLog.record(fadeIn)
        pop.addAnimation(fadeOut, to: card, forKey: "out")
        engine.tick(at: 0.1)
        let here = alpha.presentationValue
        pop.addAnimation(fadeIn, to: card, forKey: "in")        // another key, the same property
        #expect(abs(alpha.presentationValue - here) < 1e-12)
        engine.tick(at: 0.2)
        #expect(outLog.unfinished == 1 && outLog.finished == 0)
        #expect(pop.animationKeys(on: card) == ["in"])
        engine.tick(at: 0.6)
        #expect(inLog.finished == 1 && alpha.presentationValue == 1 && outLog.total == 1)
    }

    @Test("bad input is rejected with a diagnostic and changes nothing")
    func badInputIsRejected() {
        let engine = AnimationEngine()
        let basic = POPBasicAnimation(property: AnimatedProperty(0.0, engine: engine))
        basic.duration = -1
        basic.duration = .nan
        basic.toValue = .nan
        basic.fromValue = -.infinity
        #expect(engine.diagnostics.count == 4)
        #expect(basic.duration == 0.4 && basic.toValue == nil && basic.fromValue == nil)
    }
}
