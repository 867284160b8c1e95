import Testing
@testable import Kinetic
import KineticTestSupport

/// Continuity, measured: the jump in position and velocity at every kind of interruption.
/// Springs must not jump at all (≤ 1e-9); cubic curves never jump in position, and their
/// velocity jump is printed (it is inherent: a curve starts from its own slope).
@Suite("Continuity")
struct ContinuityTests {
    typealias Jump = (position: Double, velocity: Double)

    /// Runs `interrupt` at the engine's current time and returns the jumps it causes.
    private func jump<V: AnimatableValue>(_ property: AnimatedProperty<V>, _ interrupt: () -> Void) -> Jump {
        let before = property.presentation
        interrupt()
        let after = property.presentation
        return ((after.value - before.value).magnitude, (after.velocity - before.velocity).magnitude)
    }

    private func report(_ name: String, _ j: Jump) {
        print("continuity: \(name): |Δposition| = \(j.position), |Δvelocity| = \(j.velocity)")
    }

    @Test func springRetargetsAndReversalsDoNotJump() {
        let spring = SpringTimingParameters(mass: 1, stiffness: 180, damping: 16)
        let engine = AnimationEngine()
        let center = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        PropertyAnimator(duration: 1, timingParameters: .spring(spring), engine: engine) {
            center.value = Point(x: 300, y: 120)
        }.startAnimation()
        // Retarget sideways at 0.1 s, reverse by retargeting home at 0.25 s, retarget again at 0.4 s.
        var worst: Jump = (0, 0)
        for (time, target) in [(0.1, Point(x: 200, y: 400)), (0.25, Point(x: 0, y: 0)), (0.4, Point(x: -50, y: 80))] {
            engine.tick(at: time)
            let j = jump(center) {
                PropertyAnimator(duration: 1, timingParameters: .spring(spring), engine: engine) {
                    center.value = target
                }.startAnimation()
            }
            report("spring retarget at \(time) s", j)
            worst = (max(worst.position, j.position), max(worst.velocity, j.velocity))
        }
        #expect(worst.position <= 1e-12 && worst.velocity <= 1e-9)
        engine.tick(at: 10)
        #expect(center.presentationValue == Point(x: -50, y: 80) && engine.animators.isEmpty)
    }

    /// Interrupting a spring: stop it where it is and hand its velocity to a new spring toward
    /// a new target (the velocity in UIKit's relative units: per unit of the new distance).
    @Test func springInterruptionWithVelocityHandoffDoesNotJump() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let spring = SpringTimingParameters(mass: 1, stiffness: 250, damping: 18)
        let first = PropertyAnimator(duration: 1, timingParameters: .spring(spring), engine: engine) { x.value = 400 }
        first.startAnimation()
        engine.tick(at: 0.12)
        let j = jump(x) {
            let velocity = x.velocity
            first.stopAnimation(true)
            let target = 100.0
            let relative = velocity / (target - x.value)
            PropertyAnimator(duration: 1, timingParameters: .spring(spring.withInitialVelocity(Vector(x: relative, y: relative))),
                             engine: engine) { x.value = target }.startAnimation()
        }
        report("spring stopped and handed to a new spring", j)
        #expect(j.position <= 1e-12 && j.velocity <= 1e-9)
    }

    /// A pan moves the property directly; on release its tracked velocity goes to a spring.
    @Test func gestureHandoffToASpringAnimator() {
        let engine = AnimationEngine()
        let center = AnimatedProperty(Point(x: 100, y: 600), engine: engine)
        var tracker = VelocityTracker<Point>()
        for i in 0...12 {
            let t = Double(i) / 120
            engine.tick(at: t)
            center.value = Point(x: 100 + 240 * t, y: 600 - 1800 * t)
            tracker.addSample(center.value, at: t)
        }
        let gestureVelocity = tracker.velocity(at: engine.time)
        #expect(gestureVelocity.isApproximatelyEqual(to: Point(x: 240, y: -1800), tolerance: 1e-6))
        let target = Point(x: 160, y: 100)
        let start = center.value
        let distance = target - start
        let relative = Vector(x: gestureVelocity.x / distance.x, y: gestureVelocity.y / distance.y)
        let spring = SpringTimingParameters(dampingRatio: 0.8, response: 0.4, initialVelocity: relative)
        let before = center.presentation
        PropertyAnimator(duration: 0.6, timingParameters: .spring(spring), engine: engine) { center.value = target }
            .startAnimation()
        let after = center.presentation
        let j: Jump = ((after.value - before.value).magnitude, (after.velocity - gestureVelocity).magnitude)
        report("pan released into a spring (velocity against the gesture's)", j)
        #expect(j.position == 0 && j.velocity <= 1e-9)
    }

    /// Cubic curves: a retarget or a brick-wall reversal keeps the position; the velocity jump
    /// is what it is, and is reported.
    @Test func cubicInterruptionsKeepThePositionAndReportTheVelocityJump() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .easeInOut, engine: engine) { x.value = 100 }
        a.startAnimation()
        engine.tick(at: 0.5)
        let retarget = jump(x) {
            PropertyAnimator(duration: 1, curve: .easeInOut, engine: engine) { x.value = 0 }.startAnimation()
        }
        report("ease-in-out retargeted home at its midpoint (additive)", retarget)
        #expect(retarget.position == 0 && retarget.velocity == 0)    // the new curve starts at rest
        engine.tick(at: 0.7)
        let wall = jump(x) { a.isReversed = true }
        report("brick-wall reversal of the first animator at 0.7 s", wall)
        #expect(wall.position == 0)
        // The first animator's velocity flips sign: the jump is twice its velocity there.
        let slope = (bezierProgress(0.42, 0, 0.58, 1, at: 0.7 + 1e-6) - bezierProgress(0.42, 0, 0.58, 1, at: 0.7 - 1e-6)) / 2e-6
        #expect(abs(wall.velocity - 2 * 100 * slope) <= 1e-4)
        // Continuing a paused linear animation on an ease-in curve: velocity drops to the curve's start slope (0).
        let engine2 = AnimationEngine()
        let y = AnimatedProperty(0.0, engine: engine2)
        let b = PropertyAnimator(duration: 1, curve: .linear, engine: engine2) { y.value = 100 }
        b.startAnimation()
        engine2.tick(at: 0.5)
        let running = y.presentation
        b.pauseAnimation()
        b.continueAnimation(withTimingParameters: .cubic(.easeIn), durationFactor: 0)
        let continued = y.presentation
        report("linear paused and continued on ease-in", ((continued.value - running.value).magnitude, (continued.velocity - running.velocity).magnitude))
        #expect(continued.value == running.value && continued.velocity == 0)
    }
}
