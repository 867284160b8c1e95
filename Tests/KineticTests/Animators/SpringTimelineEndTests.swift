// Issue 21: a spring animator's timeline used to stop 0.1 % short of the spring's rest (the
// spring was cut where it counts as settled), which showed as a jump when it ran back from its end.
import Testing
@testable import Kinetic

@Suite("A spring timeline ends where the spring does")
struct SpringTimelineEndTests {
    static let spring = SpringTimingParameters(mass: 3.51, stiffness: 751.9, damping: 11.4)

    /// The audit's case: reversed from its end, the value moved 0.258 (0.09 % of 380.99) in the
    /// first microsecond with velocity 0. Now it leaves the end at rest: within 1 µs it moves by
    /// less than 1e-9, and its velocity is 0 there and stays below the spring's own speed.
    @Test func aSpringRunBackFromItsEndLeavesItAtRest() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, timingParameters: .spring(Self.spring), engine: engine) { x.value = 380.99 }
        a.isReversed = true
        a.startAnimation()
        #expect(x.presentationValue == 380.99 && x.velocity == 0)
        engine.tick(at: 1e-6)
        #expect(abs(x.presentationValue - 380.99) <= 1e-9, "moved \(x.presentationValue - 380.99)")
        #expect(abs(x.velocity) <= 1e-3)
        // Every frame of the way back: the step is what the velocities on either side allow.
        let duration = a.animationDuration
        var previous = (value: x.presentationValue, velocity: x.velocity, time: engine.time)
        var frame = 1
        while a.state == .active {
            engine.tick(at: Double(frame) / 240)
            frame += 1
            let dt = engine.time - previous.time
            let step = x.presentationValue - previous.value
            let bound = Swift.max(abs(previous.velocity), abs(x.velocity)) * dt + 380.99 * 2e-3 * dt / duration + 1e-9
            if a.state == .active { #expect(abs(step) <= bound * 2, "t = \(engine.time): step \(step), bound \(bound)") }
            previous = (x.presentationValue, x.velocity, engine.time)
        }
        #expect(x.presentationValue == 0)
    }

    /// Forwards, the end is reached continuously too: a microsecond before it the value is
    /// within 1e-9 of the end with velocity below 1e-3, where it used to be 0.1 % short.
    @Test func aSpringRunForwardsReachesItsEndAtRest() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, timingParameters: .spring(Self.spring), engine: engine) { x.value = 380.99 }
        a.startAnimation()
        let end = a.animationDuration
        engine.tick(at: end - 1e-6)
        #expect(a.state == .active)
        #expect(abs(x.presentationValue - 380.99) <= 1e-9, "short by \(380.99 - x.presentationValue)")
        #expect(abs(x.velocity) <= 1e-3)
        engine.tick(at: end)
        #expect(x.presentationValue == 380.99 && a.state == .inactive)
    }

    /// Before the last tenth of the run the spring is the spring, bit for bit: the closed form
    /// scaled by the distance (the numbers a forward run showed before the fix).
    @Test func theFirstNineTenthsAreTheSpringItself() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, timingParameters: .spring(Self.spring), engine: engine) { x.value = 380.99 }
        a.startAnimation()
        let end = a.animationDuration
        for k in 1...9 {
            let t = end * Double(k) / 10 * 0.999
            engine.tick(at: t)
            let s = Self.spring.sample(at: t)
            #expect(abs(x.presentationValue - 380.99 * s.progress) <= 1e-9 * 380.99, "t = \(t)")
            #expect(abs(x.velocity - 380.99 * s.velocity) <= 1e-9 * 380.99, "t = \(t)")
        }
    }

    /// The velocity drawn is the derivative of the values drawn, also in the blended last tenth.
    @Test func theVelocityIsTheSlopeOfTheValuesInTheLastTenth() {
        let spring = SpringTimingParameters(dampingRatio: 0.3, initialVelocity: Vector(x: 3, y: 0))
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 2, timingParameters: .spring(spring), engine: engine) { x.value = 100 }
        a.startAnimation()
        let h = 1e-6
        for t in stride(from: 1.81, through: 1.99, by: 0.02) {
            engine.tick(at: t - h)
            let before = x.presentationValue
            engine.tick(at: t)
            let velocity = x.velocity
            engine.tick(at: t + h)
            let after = x.presentationValue
            #expect(abs((after - before) / (2 * h) - velocity) <= 1e-4, "t = \(t)")
        }
    }
}
