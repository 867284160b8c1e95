// Issue 11's bad inputs that had no diagnostic or a wrong outcome: each now has both.
import Testing
@testable import Kinetic
import KineticTestSupport

@Suite("Bad input diagnostics")
struct BadInputDiagnosticsTests {
    /// (1, 0, 0, 1) is vertical at fraction 0.5: the property's velocity there used to be
    /// infinite. It is the curve's mean slope over the surrounding 1/1000, and the animator
    /// reports the curve when it is created.
    @Test func aCurveWithAVerticalTangentGivesAFiniteVelocityAndADiagnostic() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, controlPoint1: Point(x: 1, y: 0), controlPoint2: Point(x: 0, y: 1),
                                 engine: engine) { x.value = 100 }
        #expect(engine.diagnostics.count == 1 && engine.diagnostics.last?.kind == .invalidArgument)
        a.startAnimation()
        engine.tick(at: 0.5)
        // The reference: the curve's progress by the double-double bisection, 5e-4 either side.
        let secant = (bezierProgress(1, 0, 0, 1, at: 0.5005) - bezierProgress(1, 0, 0, 1, at: 0.4995)) / 1e-3
        #expect(x.velocity.isFinite && abs(x.velocity - 100 * secant) <= 1e-6 * 100 * secant)
        #expect(abs(x.presentationValue - 50) <= 1e-9)
        // A common curve has no vertical tangent and no diagnostic.
        _ = PropertyAnimator(duration: 1, curve: .easeInOut, engine: engine)
        #expect(engine.diagnostics.count == 1)
    }

    /// After `tick(at: 1e300)` the clock used to stay at 1e300 for ever (1e300 + 0.016 ==
    /// 1e300), silently. Times beyond `maximumTime` are rejected with a diagnostic.
    @Test func aTickBeyondTheMaximumTimeIsRejected() {
        let engine = AnimationEngine()
        engine.tick(at: 1e300)
        #expect(engine.time == 0 && engine.diagnostics.last?.kind == .invalidArgument)
        engine.tick(at: AnimationEngine.maximumTime)
        #expect(engine.time == AnimationEngine.maximumTime)
        // At the maximum a frame still moves the clock by its own length, to the microsecond.
        let later = AnimationEngine(time: AnimationEngine.maximumTime - 1)
        later.tick(at: AnimationEngine.maximumTime - 1 + 1.0 / 60)
        #expect(abs(later.time - (AnimationEngine.maximumTime - 1) - 1.0 / 60) <= 1e-6)
        let bad = AnimationEngine(time: 1e300)
        #expect(bad.time == 0 && bad.diagnostics.count == 1)
    }

    /// `advance(to:)` is the one check of a host's frame time: NaN and ±∞ give nil with a
    /// `.timeWentBackwards` diagnostic each, a time beyond `maximumTime` nil with
    /// `.invalidArgument`; the clock, the tick count and the animation stay as they were.
    @Test func advanceRefusesATimeTheClockCannotTake() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }.startAnimation()
        #expect(engine.advance(to: 0.25) == 0.25)
        let ticks = engine.tickCount
        for t in [Double.nan, .infinity, -.infinity, 2 * AnimationEngine.maximumTime] {
            #expect(engine.advance(to: t) == nil)
        }
        #expect(engine.diagnostics.map(\.kind) == [.timeWentBackwards, .timeWentBackwards, .timeWentBackwards, .invalidArgument])
        #expect(engine.time == 0.25 && engine.tickCount == ticks && x.presentationValue == 25)
        // An earlier time is no error: it is held at the engine's time.
        #expect(engine.advance(to: 0.1) == 0.25 && engine.tickCount == ticks && engine.diagnostics.count == 4)
        #expect(engine.advance(to: 0.5) == 0.5 && x.presentationValue == 50)
    }

    @Test func aNaNInitialValueStartsAtZeroWithADiagnostic() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(Double.nan, engine: engine)
        #expect(x.value == 0 && engine.diagnostics.last?.kind == .invalidArgument)
        let p = AnimatedProperty(Point(x: 1, y: .infinity), engine: engine)
        #expect(p.value == .zero && engine.diagnostics.count == 2)
        _ = AnimatedProperty(3.0, engine: engine)
        #expect(engine.diagnostics.count == 2)
    }

    @Test(arguments: [Double.infinity, -3, .nan, -.infinity])
    func aBadStartDelayIsZeroWithADiagnostic(delay: Double) {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        a.startAnimation(afterDelay: delay)
        #expect(a.delay == 0 && a.isRunning)
        #expect(engine.diagnostics.count == 1 && engine.diagnostics.last?.kind == .invalidArgument)
        engine.tick(at: 0.25)
        #expect(abs(x.presentationValue - 25) <= 1e-9)
        // A valid delay, zero included, is not reported.
        let b = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 0 }
        b.startAnimation(afterDelay: 0)
        #expect(engine.diagnostics.count == 1)
    }

    /// A finite value above about 1.3e154 used to be rejected as "non-finite". It is still
    /// rejected (its squared magnitude overflows, and settling and velocity use it), with a
    /// diagnostic that says why; the type tells the two apart.
    @Test func aHugeFiniteValueIsRejectedAsTooLargeNotAsNonFinite() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(1.0, engine: engine)
        x.value = 1e200
        #expect(x.value == 1 && engine.diagnostics.last?.message.contains("too large") == true)
        x.value = .nan
        #expect(x.value == 1 && engine.diagnostics.last?.message.contains("not finite") == true)
        x.value = 1e150
        #expect(x.value == 1e150 && engine.diagnostics.count == 2)
        #expect(Point(x: 1e200, y: 0).hasFiniteComponents && !Point(x: 1e200, y: 0).isFinite)
        #expect(Point(x: 1.7e308, y: -1.7e308).hasFiniteComponents)
        #expect(!Point(x: .nan, y: 0).hasFiniteComponents && !Point(x: 0, y: -.infinity).hasFiniteComponents)
        #expect(AffineTransform(scaleX: 1e300, y: 1).hasFiniteComponents)
    }
}
