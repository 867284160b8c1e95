import Testing
import Kinetic
@testable import KineticPOP
import KineticTestSupport

/// POPSpringAnimation: exact motion, seamless replacement, POP's rest rule, completions, bad input.
@Suite("POP spring animation")
struct POPSpringAnimationTests {
    /// The objc.io pane: speed 15, bounciness 6, a 2D pan velocity, the same key every time.
    private func objcioSpring(_ center: AnimatedProperty<Point>, to target: Point, velocity: Point?) -> POPSpringAnimation<Point> {
        let spring = POPSpringAnimation(property: center)
        spring.springSpeed = 15
        spring.springBounciness = 6
        spring.toValue = target
        spring.velocity = velocity
        return spring
    }

    @Test("the motion is the closed form of m·x'' + c·x' + k·(x − to) = 0 at every tick, at any frame rate")
    func motionMatchesClosedFormAtAnyFrameRate() {
        let from = Point(x: 160, y: 500), to = Point(x: 160, y: 100), v0 = Point(x: 420, y: -1800)
        var atProbe: [Point] = []
        for (rate, jitter) in [(30.0, false), (60.0, false), (120.0, false), (60.0, true)] {
            let engine = AnimationEngine(time: 2)
            let pop = POPAnimator(engine: engine)
            let center = AnimatedProperty(from, engine: engine)
            let spring = objcioSpring(center, to: to, velocity: v0)
            spring.restingThreshold = 1e-12     // keep it moving for the whole comparison
            let log = CompletionLog()
            log.record(spring)
            pop.addAnimation(spring, to: center, forKey: "animation")
            #expect(center.velocity.isApproximatelyEqual(to: v0, tolerance: 1e-12))   // 2D velocity taken as given
            var checked = 0
            for t in POPReference.frames(from: 2, to: 2.9, rate: rate, jitter: jitter) {
                engine.tick(at: t)
                let ref = POPReference.spring(mass: 1, tension: spring.dynamicsTension, friction: spring.dynamicsFriction,
                                              from: from, to: to, velocity: v0, t: t - 2)
                #expect(center.presentationValue.isApproximatelyEqual(to: ref.value, tolerance: 1e-9),
                        "\(rate) Hz at \(t): \(center.presentationValue) vs \(ref.value)")
                #expect(center.velocity.isApproximatelyEqual(to: ref.velocity, tolerance: 1e-8))
                checked += 1
            }
            #expect(checked >= 27 && log.total == 0)   // still moving after 0.9 s
            // One instant shared by every schedule: 0.95 s after the start.
            engine.tick(at: 2.95)
            atProbe.append(center.presentationValue)
        }
        let dynamics = POPSpringConversion.dynamics(bounciness: 6, speed: 15)
        let ref = POPReference.spring(mass: 1, tension: dynamics.tension, friction: dynamics.friction,
                                      from: from, to: to, velocity: v0, t: 0.95)
        for p in atProbe { #expect(p.isApproximatelyEqual(to: ref.value, tolerance: 1e-9)) }
        // The four schedules agree with each other to rounding.
        for p in atProbe { #expect(p.isApproximatelyEqual(to: atProbe[0], tolerance: 1e-10)) }
    }

    /// POP integrates its spring with RK4 at 1 ms steps (POPSpringSolver.h). Stepping that
    /// integrator from the same state lands within its own error (about 1e-6 of the distance
    /// over a second) of Kinetic's exact motion, for POP's dynamics and a mass other than 1:
    /// tension, friction, mass and the sign conventions mean the same thing in both.
    @Test("POP's own RK4 integrator at 1 ms steps agrees with the exact motion")
    func popIntegratorAgrees() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let x = AnimatedProperty(Point(x: 400, y: -30), engine: engine)
        let spring = POPSpringAnimation(property: x)
        spring.dynamicsTension = 520
        spring.dynamicsFriction = 21
        spring.dynamicsMass = 1.6
        spring.toValue = Point(x: 0, y: 0)
        spring.velocity = Point(x: 1800, y: 250)
        spring.restingThreshold = 1e-12
        pop.addAnimation(spring, to: x, forKey: "x")
        var px = (p: -400.0, v: -1800.0), py = (p: 30.0, v: -250.0)       // solver: p = to − x, v = −x'
        var worst = 0.0
        for n in 1...1000 {
            px = POPReference.popRK4Step(p: px.p, v: px.v, k: 520, b: 21, m: 1.6, dt: 0.001)
            py = POPReference.popRK4Step(p: py.p, v: py.v, k: 520, b: 21, m: 1.6, dt: 0.001)
            if n % 10 == 0 {
                engine.tick(at: Double(n) / 1000)
                let popValue = Point(x: -px.p, y: -py.p)
                worst = max(worst, (x.presentationValue - popValue).magnitude)
            }
        }
        print("POP spring: worst |POP's RK4 at 1 ms − Kinetic| over 1 s = \(worst)")
        #expect(worst < 1e-5)
    }

    @Test("adding under the same key replaces the spring with no jump in position or velocity")
    func replacingUnderTheSameKeyIsContinuous() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let pane = POPTestObject()
        let center = AnimatedProperty(Point(x: 160, y: 500), engine: engine)
        let first = objcioSpring(center, to: Point(x: 160, y: 100), velocity: Point(x: 300, y: -1500))
        let firstLog = CompletionLog()
        firstLog.record(first)
        pop.addAnimation(first, to: pane, forKey: "animation")
        for t in POPReference.frames(from: 0, to: 0.137, rate: 60) { engine.tick(at: t) }
        let before = center.presentation
        #expect(before.velocity.magnitude > 100)   // really in flight

        // A tap: a new spring with no velocity and other dynamics takes over at this instant.
        let second = POPSpringAnimation(property: center)
        second.springBounciness = 12
        second.springSpeed = 4
        second.toValue = Point(x: -50, y: 300)
        let secondLog = CompletionLog()
        secondLog.record(second)
        pop.addAnimation(second, to: pane, forKey: "animation")
        let after = center.presentation
        #expect((after.value - before.value).magnitude <= 1e-9)
        #expect((after.velocity - before.velocity).magnitude <= 1e-9)
        #expect(firstLog.unfinished == 1 && firstLog.finished == 0)
        #expect(first.state == .finished)
        #expect(pop.animation(forKey: "animation", on: pane) === second)
        #expect(pop.animationKeys(on: pane) == ["animation"])

        // From there the motion is the closed form of the new spring from that state.
        let t0 = engine.time
        for t in POPReference.frames(from: t0, to: t0 + 0.5, rate: 120) {
            engine.tick(at: t)
            let ref = POPReference.spring(mass: 1, tension: second.dynamicsTension, friction: second.dynamicsFriction,
                                          from: before.value, to: Point(x: -50, y: 300), velocity: before.velocity, t: t - t0)
            #expect(center.presentationValue.isApproximatelyEqual(to: ref.value, tolerance: 1e-9))
        }
        // Run to rest: the first never reports again, the second reports once, finished.
        var t = engine.time
        while t < t0 + 20 { t += 1.0 / 60; engine.tick(at: t) }
        #expect(firstLog.total == 1 && secondLog.finished == 1 && secondLog.unfinished == 0)
        #expect(center.presentationValue == Point(x: -50, y: 300))
        #expect(pop.animationKeys(on: pane).isEmpty)
    }

    @Test("a replacement with its own velocity starts with exactly that velocity, from the same position")
    func replacementWithGivenVelocityUsesIt() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let center = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        pop.addAnimation(objcioSpring(center, to: Point(x: 300, y: 0), velocity: nil), to: center, forKey: "c")
        engine.tick(at: 0.1)
        let before = center.presentationValue
        pop.addAnimation(objcioSpring(center, to: Point(x: 0, y: 0), velocity: Point(x: -40, y: 700)), to: center, forKey: "c")
        #expect((center.presentationValue - before).magnitude <= 1e-9)
        #expect(center.velocity.isApproximatelyEqual(to: Point(x: -40, y: 700), tolerance: 1e-9))
    }

    @Test("retargeting toValue while running keeps position and velocity")
    func retargetingIsContinuous() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let center = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let spring = objcioSpring(center, to: Point(x: 300, y: 200), velocity: Point(x: 0, y: -500))
        pop.addAnimation(spring, to: center, forKey: "c")
        engine.tick(at: 0.2)
        let before = center.presentation
        spring.toValue = Point(x: -100, y: 50)
        let after = center.presentation
        #expect((after.value - before.value).magnitude <= 1e-9)
        #expect((after.velocity - before.velocity).magnitude <= 1e-9)
        #expect(spring.toValue == Point(x: -100, y: 50))
        spring.springBounciness = 15      // a new spring mid-flight: still continuous
        #expect((center.presentation.velocity - before.velocity).magnitude <= 1e-9)
    }

    @Test("the spring completes at the first tick where POP's rest rule holds, landing exactly on toValue")
    func completesByPOPsRestRule() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let x = AnimatedProperty(0.0, engine: engine)
        let spring = POPSpringAnimation(property: x)
        spring.toValue = 100
        spring.restingThreshold = 0.01
        let log = CompletionLog()
        log.record(spring)
        pop.addAnimation(spring, to: x, forKey: "x")
        let k = spring.dynamicsTension, c = spring.dynamicsFriction
        func atRest(_ t: Double) -> Bool {
            let r = POPReference.underdamped(mass: 1, stiffness: k, damping: c, d0: -100, v0: 0, t: t)
            let a = -(k * r.d + c * r.v)
            return abs(r.d) < 0.005 && r.v * r.v < 0.25 && a * a < 0.0625
        }
        var completedAt: Double?
        var previous = 0.0
        for t in POPReference.frames(from: 0, to: 5, rate: 60) {
            engine.tick(at: t)
            if completedAt == nil && log.total > 0 {
                completedAt = t
                #expect(atRest(t))
                #expect(!atRest(previous))
            }
            previous = t
        }
        #expect(completedAt != nil)
        #expect(log.finished == 1 && log.unfinished == 0)
        #expect(x.presentationValue == 100 && x.velocity == 0)
        #expect(spring.state == .finished && pop.animation(forKey: "x", on: x) == nil)
    }

    @Test("removing, removing all, and replacing each report finished = false exactly once")
    func completionFlagsOnRemoval() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let object = POPTestObject()
        let a = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let b = AnimatedProperty(0.0, engine: engine)
        let springA = objcioSpring(a, to: Point(x: 100, y: 100), velocity: nil)
        let springB = POPSpringAnimation(property: b)
        springB.toValue = 50
        let logA = CompletionLog(), logB = CompletionLog()
        logA.record(springA)
        logB.record(springB)
        pop.addAnimation(springA, to: object, forKey: "a")
        pop.addAnimation(springB, to: object, forKey: "b")
        #expect(pop.animationKeys(on: object) == ["a", "b"])
        engine.tick(at: 0.05)
        // Remove one: it stops where it is, velocity zero, completion false.
        let held = a.presentationValue
        pop.removeAnimation(forKey: "a", from: object)
        #expect(logA.unfinished == 1 && logA.finished == 0)
        #expect(a.presentationValue == held && a.velocity == Point(x: 0, y: 0))
        #expect(pop.animationKeys(on: object) == ["b"])
        engine.tick(at: 0.1)
        #expect(a.presentationValue == held)
        pop.removeAnimation(forKey: "a", from: object)     // nothing left there: nothing happens
        // Remove all.
        pop.removeAllAnimations(from: object)
        #expect(logB.unfinished == 1 && logB.finished == 0)
        #expect(pop.animationKeys(on: object).isEmpty)
        for t in stride(from: 0.2, through: 3, by: 0.1) { engine.tick(at: t) }
        #expect(logA.total == 1 && logB.total == 1)
    }

    @Test("a completion block may add the next animation under the same key")
    func completionMayChainUnderTheSameKey() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let x = AnimatedProperty(0.0, engine: engine)
        let first = POPSpringAnimation(property: x)
        first.toValue = 10
        let second = POPSpringAnimation(property: x)
        second.toValue = 0
        var order: [String] = []
        first.completionBlock = { _, done in
            order.append("first \(done)")
            pop.addAnimation(second, to: x, forKey: "x")
        }
        second.completionBlock = { _, done in order.append("second \(done)") }
        pop.addAnimation(first, to: x, forKey: "x")
        var t = 0.0
        while t < 6 { t += 1.0 / 60; engine.tick(at: t) }
        #expect(order == ["first true", "second true"])
        #expect(x.presentationValue == 0)
    }

    @Test("pausing holds the presentation; resuming continues with the same velocity")
    func pauseHoldsAndResumeContinues() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let center = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let spring = objcioSpring(center, to: Point(x: 200, y: -100), velocity: Point(x: 50, y: 50))
        let log = CompletionLog()
        log.record(spring)
        pop.addAnimation(spring, to: center, forKey: "c")
        engine.tick(at: 0.08)
        let before = center.presentation
        spring.isPaused = true
        #expect(spring.state == .paused && spring.isPaused)
        #expect(spring.velocity == before.velocity)
        engine.tick(at: 0.5)
        engine.tick(at: 1.5)
        #expect(center.presentationValue == before.value && log.total == 0)
        spring.isPaused = false
        #expect((center.presentation.value - before.value).magnitude <= 1e-9)
        #expect((center.presentation.velocity - before.velocity).magnitude <= 1e-9)
        let t0 = engine.time
        engine.tick(at: t0 + 0.1)
        let ref = POPReference.spring(mass: 1, tension: spring.dynamicsTension, friction: spring.dynamicsFriction,
                                      from: before.value, to: Point(x: 200, y: -100), velocity: before.velocity, t: 0.1)
        #expect(center.presentationValue.isApproximatelyEqual(to: ref.value, tolerance: 1e-9))
    }

    @Test("removedOnCompletion false keeps the animation under its key; unpausing runs it again")
    func keptAnimationCanBeReused() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let x = AnimatedProperty(0.0, engine: engine)
        let spring = POPSpringAnimation(property: x)
        spring.toValue = 10
        spring.removedOnCompletion = false
        let log = CompletionLog()
        log.record(spring)
        pop.addAnimation(spring, to: x, forKey: "x")
        var t = 0.0
        while t < 4 { t += 1.0 / 60; engine.tick(at: t) }
        #expect(log.finished == 1 && spring.state == .finished && spring.isPaused)
        #expect(pop.animation(forKey: "x", on: x) === spring)
        spring.toValue = 20
        spring.isPaused = false
        #expect(spring.state == .running)
        while t < 8 { t += 1.0 / 60; engine.tick(at: t) }
        #expect(log.finished == 2 && x.presentationValue == 20)
        pop.removeAnimation(forKey: "x", from: x)        // already reported: no second call
        #expect(log.total == 2 && pop.animation(forKey: "x", on: x) == nil)
    }

    @Test("bad input is rejected with a diagnostic and changes nothing")
    func badInputIsRejected() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let center = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let spring = objcioSpring(center, to: Point(x: 100, y: 0), velocity: Point(x: 0, y: 10))
        let tension = spring.dynamicsTension, friction = spring.dynamicsFriction
        let nan = Double.nan
        var expected = 0
        func rejected(_ change: () -> Void) {
            change()
            expected += 1
            #expect(engine.diagnostics.count == expected)
            #expect(engine.diagnostics.last?.kind == .invalidArgument)
        }
        rejected { spring.velocity = Point(x: nan, y: 0) }
        rejected { spring.toValue = Point(x: 0, y: .infinity) }
        rejected { spring.fromValue = Point(x: nan, y: nan) }
        rejected { spring.springBounciness = nan }
        rejected { spring.springSpeed = -1 }
        rejected { spring.dynamicsTension = 0 }
        rejected { spring.dynamicsFriction = -3 }
        rejected { spring.dynamicsMass = .infinity }
        rejected { spring.restingThreshold = 0 }
        #expect(spring.velocity == Point(x: 0, y: 10) && spring.toValue == Point(x: 100, y: 0) && spring.fromValue == nil)
        #expect(spring.springBounciness == 6 && spring.springSpeed == 15)
        #expect(spring.dynamicsTension == tension && spring.dynamicsFriction == friction && spring.dynamicsMass == 1)

        // While running: nothing moves.
        pop.addAnimation(spring, to: center, forKey: "c")
        engine.tick(at: 0.1)
        let before = center.presentation
        rejected { spring.velocity = Point(x: .infinity, y: 0) }
        rejected { spring.toValue = Point(x: nan, y: 0) }
        rejected { spring.toValue = nil }
        rejected { spring.springSpeed = nan }
        #expect(center.presentation.value == before.value && center.presentation.velocity == before.velocity)
        #expect(spring.toValue == Point(x: 100, y: 0))

        // An animation on another engine's property is not added.
        let other = AnimationEngine()
        let foreign = POPSpringAnimation(property: AnimatedProperty(0.0, engine: other))
        pop.addAnimation(foreign, to: center, forKey: "foreign")
        expected += 1
        #expect(engine.diagnostics.count == expected && foreign.state == .idle)
        #expect(pop.animation(forKey: "foreign", on: center) == nil)
    }
}
