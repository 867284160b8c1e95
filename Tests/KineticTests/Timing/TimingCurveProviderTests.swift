import Testing
import KineticTestSupport
@testable import Kinetic

/// A provider written as a user would (UIKit's `UITimingCurveProvider`): any class.
final class UserTiming: TimingCurveProvider {
    let timingCurveType: TimingCurveType
    let cubicTimingParameters: CubicTimingParameters?
    let springTimingParameters: SpringTimingParameters?
    init(_ type: TimingCurveType, cubic: CubicTimingParameters? = nil, spring: SpringTimingParameters? = nil) {
        timingCurveType = type
        cubicTimingParameters = cubic
        springTimingParameters = spring
    }
}

/// Animators on user-supplied timing, checked against closed forms written here: the Bézier
/// curve by bisection (``bezierProgress``) and the underdamped spring's textbook solution
/// (``springOffset``). The spring m = 1, k = 200, c = 10 is underdamped (ζ ≈ 0.354).
@Suite("Timing curve providers")
struct TimingCurveProviderTests {
    static let spring = SpringTimingParameters(mass: 1, stiffness: 200, damping: 10)

    private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func aUserCubicProviderDrivesTheAnimatorThroughItsCurve() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let provider = UserTiming(.cubic, cubic: CubicTimingParameters(0.3, 0.1, 0.6, 1.2))
        let a = PropertyAnimator(duration: 2, timingParameters: provider, engine: engine) { x.value = 100 }
        a.startAnimation()
        for t in [0.2, 0.7, 1.3, 1.9] {
            engine.tick(at: t)
            #expect(near(x.presentationValue, 100 * bezierProgress(0.3, 0.1, 0.6, 1.2, at: t / 2)), "t = \(t)")
        }
        #expect(a.timingParameters == .cubic(CubicTimingParameters(0.3, 0.1, 0.6, 1.2)) && a.composedSpringParameters == nil)
        #expect(engine.diagnostics.isEmpty)
    }

    @Test func aUserSpringProviderRunsForItsSettlingDurationOnTheSpringsClosedForm() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 0.3, timingParameters: UserTiming(.spring, spring: Self.spring),
                                 engine: engine) { x.value = 100 }
        #expect(a.animationDuration == Self.spring.settlingDuration && a.animationDuration > 0.3)
        a.startAnimation()
        for t in [0.05, 0.2, 0.45, 0.8] {
            engine.tick(at: t)
            let s = springOffset(mass: 1, stiffness: 200, damping: 10, d0: -100, v0: 0, at: t)
            #expect(near(x.presentationValue, 100 + s.x, 1e-8) && near(x.velocity, s.v, 1e-7), "t = \(t)")
        }
    }

    @Test func aComposedProviderSpringsGeometryAndCurvesTheRest() {
        let engine = AnimationEngine()
        let center = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let frame = AnimatedProperty(Rect(x: 0, y: 0, width: 10, height: 10), engine: engine)
        let alpha = AnimatedProperty(1.0, engine: engine)
        let tint = AnimatedProperty(Color(red: 0, green: 0, blue: 0, alpha: 1), engine: engine)
        let provider = UserTiming(.composed, cubic: .easeIn, spring: Self.spring)
        let a = PropertyAnimator(duration: 0.3, timingParameters: provider, engine: engine) {
            center.value = Point(x: 100, y: -50)
            frame.value = Rect(x: 0, y: 0, width: 30, height: 10)
            alpha.value = 0
            tint.value = Color(red: 1, green: 0, blue: 0, alpha: 1)
        }
        // Both parts run over the spring's settling duration.
        let d = Self.spring.settlingDuration
        #expect(a.animationDuration == d)
        #expect(a.timingParameters == .cubic(.easeIn) && a.composedSpringParameters == Self.spring)
        a.startAnimation()
        for t in [0.04, 0.15, 0.35, 0.6] {
            engine.tick(at: t)
            let s = springOffset(mass: 1, stiffness: 200, damping: 10, d0: 1, v0: 0, at: t)
            // Geometry: the spring's closed form, per component.
            #expect(near(center.presentationValue.x, 100 - 100 * s.x, 1e-8), "t = \(t)")
            #expect(near(center.presentationValue.y, -50 + 50 * s.x, 1e-8))
            #expect(near(center.velocity.x, -100 * s.v, 1e-6))
            #expect(near(frame.presentationValue.size.width, 30 - 20 * s.x, 1e-8))
            // Everything else: the cubic curve over the same duration.
            let p = bezierProgress(0.42, 0, 1, 1, at: t / d)
            #expect(near(alpha.presentationValue, 1 - p, 1e-9), "t = \(t)")
            #expect(near(tint.presentationValue.red, p, 1e-9))
        }
        engine.tick(at: d)
        #expect(a.state == .inactive && center.presentationValue == Point(x: 100, y: -50) && alpha.presentationValue == 0)
    }

    @Test func continuingOnAComposedProviderSpringsGeometryFromWhereItIs() {
        let engine = AnimationEngine()
        let center = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let alpha = AnimatedProperty(1.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) {
            center.value = Point(x: 100, y: 0)
            alpha.value = 0
        }
        a.startAnimation()
        engine.tick(at: 0.25)
        a.pauseAnimation()
        #expect(near(center.presentationValue.x, 25) && near(alpha.presentationValue, 0.75))
        let provider = UserTiming(.composed, cubic: .linear, spring: Self.spring)
        a.continueAnimation(withTimingParameters: provider, durationFactor: 0)
        // Nothing moved at the call.
        #expect(near(center.presentationValue.x, 25) && near(alpha.presentationValue, 0.75))
        let d = Self.spring.settlingDuration
        for dt in [0.05, 0.2, 0.5] {
            engine.tick(at: 0.25 + dt)
            let s = springOffset(mass: 1, stiffness: 200, damping: 10, d0: -75, v0: 0, at: dt)
            #expect(near(center.presentationValue.x, 100 + s.x, 1e-8), "dt = \(dt)")
            #expect(near(alpha.presentationValue, 0.75 * (1 - dt / d), 1e-9), "dt = \(dt)")
        }
        engine.tick(at: 0.25 + d)
        #expect(a.state == .inactive && center.value.x == 100 && alpha.value == 0)
    }

    @Test func builtinAndReadyMadeProvidersMatchTheEnumAPI() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, timingParameters: TimingCurve(animationCurve: .easeOut), engine: engine) { x.value = 100 }
        let b = PropertyAnimator(duration: 1, timingParameters: .cubic(.easeOut), engine: engine) { y.value = 100 }
        a.startAnimation(); b.startAnimation()
        engine.tick(at: 0.4)
        #expect(x.presentationValue == y.presentationValue && near(x.presentationValue, 100 * bezierProgress(0, 0, 0.58, 1, at: 0.4)))
        #expect(TimingCurve(cubic: .easeIn, spring: Self.spring).timingCurveType == .composed)
        #expect(TimingCurve(spring: Self.spring).timingCurveType == .spring)
    }

    @Test func providersMissingTheirParametersAreReported() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        // Nothing usable: UIKit's default curve, with a diagnostic.
        let a = PropertyAnimator(duration: 1, timingParameters: UserTiming(.spring), engine: engine) { x.value = 100 }
        #expect(a.timingParameters == .cubic(.easeInOut) && engine.diagnostics.count == 1)
        // Composed with one part: that part alone.
        let b = PropertyAnimator(duration: 1, timingParameters: UserTiming(.composed, spring: Self.spring), engine: engine)
        #expect(b.timingParameters == .spring(Self.spring) && b.composedSpringParameters == nil && engine.diagnostics.count == 2)
        // Continuing on nothing usable is rejected: still paused, nothing moves.
        a.startAnimation()
        engine.tick(at: 0.5)
        a.pauseAnimation()
        let before = x.presentationValue
        a.continueAnimation(withTimingParameters: UserTiming(.cubic), durationFactor: 0)
        #expect(a.state == .active && !a.isRunning && x.presentationValue == before && engine.diagnostics.count == 3)
        engine.tick(at: 1)
        #expect(x.presentationValue == before)
    }
}

extension TimingCurveProviderTests {
    @Test func aComposedAnimatorPausesScrubsAndReversesWithoutAJump() {
        let engine = AnimationEngine()
        let center = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let alpha = AnimatedProperty(1.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let a = PropertyAnimator(duration: 0.3, timingParameters: TimingCurve(cubic: .linear, spring: Self.spring),
                                 engine: engine) {
            center.value = Point(x: 100, y: 0)
            alpha.value = 0
        }
        a.addCompletion { completions.append($0) }
        a.startAnimation()
        engine.tick(at: 0.1)
        a.pauseAnimation()
        let c = center.presentationValue, o = alpha.presentationValue
        a.fractionComplete = a.fractionComplete          // write back what was read: nothing moves
        #expect(abs(center.presentationValue.x - c.x) < 1e-9 && abs(alpha.presentationValue - o) < 1e-12)
        a.isReversed = true
        a.startAnimation()
        #expect(abs(center.presentationValue.x - c.x) < 1e-9 && abs(alpha.presentationValue - o) < 1e-12)
        engine.tick(at: 0.15)                            // half way back, along both parts
        let back = springOffset(mass: 1, stiffness: 200, damping: 10, d0: 1, v0: 0, at: 0.05)
        #expect(abs(center.presentationValue.x - 100 * (1 - back.x)) < 1e-8)
        #expect(abs(alpha.presentationValue - (1 - 0.05 / a.animationDuration)) < 1e-12)
        engine.tick(at: 0.2)                             // back at the start: completes there
        #expect(completions == [.start] && center.value.x == 0 && alpha.value == 1)
    }
}
