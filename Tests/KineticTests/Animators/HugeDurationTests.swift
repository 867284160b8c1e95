// Issue 21: durations up to 1e308 were accepted and gave NaN; a long fitted spring was another
// spring (its stiffness clamped). The longest duration honoured is AnimationEngine.maximumDuration
// (2³² s); everything is exact up to it and a longer one is reported and replaced by it.
import Testing
@testable import Kinetic

@Suite("Huge durations")
struct HugeDurationTests {
    static let maximum = AnimationEngine.maximumDuration

    @Test func theLongestDurationIsTheClocksLongestTime() {
        #expect(Self.maximum == AnimationEngine.maximumTime && Self.maximum == 4_294_967_296)
    }

    /// 1e308 used to be kept: scrubbing then read NaN. It is reported and becomes 2³² s.
    @Test(arguments: [1e308, Double.greatestFiniteMagnitude, 4_294_967_297.0])
    func aLongerAnimatorDurationIsReportedAndClamped(duration: Double) {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: duration, curve: .linear, engine: engine) { x.value = 100 }
        #expect(a.duration == Self.maximum)
        #expect(engine.diagnostics.count == 1 && engine.diagnostics.last?.kind == .invalidArgument)
        a.pauseAnimation()
        a.fractionComplete = 0.25
        #expect(x.presentationValue == 25 && a.fractionComplete == 0.25)
        a.scrubsLinearly = false
        #expect(x.presentationValue == 25 && x.velocity == 0)
        a.startAnimation()
        engine.tick(at: Self.maximum / 4)
        // A quarter more of the duration: half way, moving at 100 per 2³² s.
        #expect(abs(x.presentationValue - 50) <= 1e-9)
        #expect(abs(x.velocity - 100 / Self.maximum) <= 1e-20)
    }

    /// At exactly 2³² s nothing is clamped and the scrubbed, non-linear and reversed readings
    /// are finite and exact.
    @Test func theLongestDurationScrubsAndRunsWithoutNaN() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: Self.maximum, curve: .easeIn, engine: engine) { x.value = 100 }
        #expect(engine.diagnostics.isEmpty)
        a.pauseAnimation()
        a.fractionComplete = 0.5
        #expect(x.presentationValue == 50)
        a.scrubsLinearly = false
        #expect(x.presentationValue.isFinite && x.velocity.isFinite)
        #expect(abs(x.presentationValue - 50) <= 1e-9)
        a.isReversed = true
        a.startAnimation()
        engine.tick(at: 1)
        #expect(x.presentationValue.isFinite && x.velocity.isFinite && x.velocity <= 0)
        #expect(abs(x.presentationValue - 50) <= 1e-6)
    }

    /// A reversed cubic `animate(withDuration: 1e308)` with an added block gave velocity −NaN.
    @Test func aReversedHugeClassAnimationWithAnAddedBlockHasAFiniteVelocity() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let y = AnimatedProperty(0.0, engine: engine)
        let a = engine.animate(withDuration: 1e308, delay: 0, options: [.curveEaseInOut], animations: { x.value = 100 })
        #expect(a.duration == Self.maximum)
        #expect(engine.diagnostics.contains { $0.kind == .invalidArgument })
        engine.tick(at: 10)
        a.pauseAnimation()
        a.isReversed = true
        a.addAnimations { y.value = 50 }
        a.startAnimation()
        engine.tick(at: 20)
        for v in [x.presentationValue, x.velocity, y.presentationValue, y.velocity] { #expect(v.isFinite) }
        #expect(x.velocity <= 0)
    }

    /// A delay or a duration factor longer than 2³² s is reported and clamped as well.
    @Test func longDelaysAndDurationFactorsAreClamped() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        a.startAnimation(afterDelay: 1e300)
        #expect(a.delay == Self.maximum && engine.diagnostics.last?.kind == .invalidArgument)
        let y = AnimatedProperty(0.0, engine: engine)
        let b = PropertyAnimator(duration: 2, curve: .linear, engine: engine) { y.value = 100 }
        b.pauseAnimation()
        b.fractionComplete = 0.5
        let before = engine.diagnostics.count
        b.continueAnimation(withTimingParameters: .cubic(.linear), durationFactor: 1e300)
        #expect(engine.diagnostics.count == before + 1)
        engine.tick(at: Self.maximum / 2)
        // Half of the remaining 50 over 2³² s: 75.
        #expect(abs(y.presentationValue - 75) <= 1e-6, "\(y.presentationValue)")
    }

    /// ζ = 1.127 fitted to 1e5 s overshot (its stiffness was clamped, making it underdamped) and
    /// read 0 from 1e200 s. A spring fitted to T is the spring fitted to 1 s slowed by T: the
    /// same progress at the same fraction, to 1e-12, up to 2³² s, never above 1.
    @Test(arguments: [1e5, 1e8, 4_294_967_296.0])
    func anOverdampedSpringFittedToALongDurationIsTheSameSpringSlowedDown(duration: Double) {
        let unit = SpringTimingParameters(dampingRatio: 1.127, duration: 1)
        let long = SpringTimingParameters(dampingRatio: 1.127, duration: duration)
        #expect(abs(long.dampingRatio - 1.127) <= 1e-12)
        for k in 1...100 {
            let f = Double(k) / 100
            let p = long.progress(at: f * duration)
            #expect(p <= 1, "overshoot at \(f)")
            #expect(abs(p - unit.progress(at: f)) <= 1e-12, "fraction \(f): \(p) vs \(unit.progress(at: f))")
            #expect(abs(long.velocity(at: f * duration) * duration - unit.velocity(at: f)) <= 1e-12)
        }
    }

    /// Beyond 2³² s a spring's duration is clamped (it has no engine to report to): 1e200 s
    /// is the 2³² s spring, not a spring that reads 0.
    @Test func aSpringDurationBeyondTheMaximumIsThatOfTheMaximum() {
        let clamped = SpringTimingParameters(dampingRatio: 1.127, duration: 1e200)
        let longest = SpringTimingParameters(dampingRatio: 1.127, duration: Self.maximum)
        #expect(clamped == longest)
        #expect(abs(clamped.progress(at: Self.maximum / 2) - SpringTimingParameters(dampingRatio: 1.127, duration: 1).progress(at: 0.5)) <= 1e-12)
    }

    /// An animator on a spring fitted to 2³² s runs that spring: half way, the unit spring's
    /// progress at 0.5.
    @Test func anAnimatorOnAFittedSpringOfTheLongestDurationIsExact() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: Self.maximum, timingParameters: .spring(SpringTimingParameters(dampingRatio: 1.127)),
                                 engine: engine) { x.value = 100 }
        a.startAnimation()
        engine.tick(at: Self.maximum / 2)
        let unit = SpringTimingParameters(dampingRatio: 1.127, duration: 1)
        #expect(abs(x.presentationValue - 100 * unit.progress(at: 0.5)) <= 1e-9)
    }
}
