import Testing
@testable import Kinetic
import KineticTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reduced motion: under `.reduced` a geometric change is never drawn between its start and its
/// end (it lands when its stretch begins) while opacity and colour animate as written; under
/// `.none` everything, delays included, is at its end at the first tick with completions once;
/// physics keeps working, and changing the policy moves nothing.
@Suite("Motion policy")
struct MotionPolicyTests {
    /// Frame times for `seconds` at `fps`, or, with `fps` 0, a jittered clock (frames 4 to 30 ms
    /// apart, seeded).
    static func frames(_ fps: Double, through seconds: Double, from start: Double = 0) -> [Double] {
        guard fps == 0 else { return (1...Int((seconds * fps).rounded(.up))).map { start + Double($0) / fps } }
        var rng = SeededGenerator(seed: 41)
        var t = start, times: [Double] = []
        while t < start + seconds {
            t += 0.004 + 0.026 * rng.unit()
            times.append(t)
        }
        return times
    }

    // MARK: None

    @Test func noneAppliesTheChangesAtTheFirstTickAndRunsTheCompletionOnce() {
        let engine = AnimationEngine()
        engine.motionPolicy = .none
        let x = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let animator = PropertyAnimator(duration: 2, dampingRatio: 0.3, engine: engine) { x.value = 100 }
        animator.addCompletion { completions.append($0) }
        animator.startAnimation()
        #expect(x.presentationValue == 0)       // never at the call
        engine.tick(at: 1.0 / 60)
        #expect(x.presentationValue == 100)
        #expect(animator.state == .inactive && completions == [.end])
        engine.tick(at: 1)
        #expect(completions == [.end])
    }

    @Test func noneCollapsesEveryDelay() {
        let engine = AnimationEngine()
        engine.motionPolicy = .none
        let a = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let b = AnimatedProperty(0.0, engine: engine)
        let items = (0..<4).map { _ in AnimatedProperty(0.0, engine: engine) }
        var done: [String] = []
        let delayed = PropertyAnimator(duration: 1, curve: .easeIn, engine: engine) { a.value = Point(x: 10, y: 20) }
        delayed.addCompletion { _ in done.append("delayed") }
        delayed.startAnimation(afterDelay: 3)
        engine.animate(withDuration: 0.5, delay: 2, animations: { b.value = 1 }, completion: { _ in done.append("class") })
        let timeline = Timeline(engine: engine)
        timeline.add(count: 4, stagger: Stagger(interval: 0.5), duration: 1) { i in items[i].value = 5 }
        timeline.addCompletion { _ in done.append("timeline") }
        timeline.startAnimation()
        #expect(a.presentationValue == .zero && b.presentationValue == 0 && items.allSatisfy { $0.presentationValue == 0 })
        engine.tick(at: 0.01)
        #expect(a.presentationValue == Point(x: 10, y: 20) && b.presentationValue == 1)
        #expect(items.allSatisfy { $0.presentationValue == 5 })
        #expect(done.sorted() == ["class", "delayed", "timeline"])
        engine.tick(at: 5)
        #expect(done.count == 3)
    }

    // MARK: Reduced

    /// Runs one animator on `policy` (a spring of damping 0.3 over 1 s moving a point, a size
    /// and an alpha), sampling every frame.
    static func springRun(_ policy: MotionPolicy, frames: [Double])
        -> [(center: Point, size: Size, alpha: Double, alphaVelocity: Double, state: AnimatingState)] {
        let engine = AnimationEngine()
        engine.motionPolicy = policy
        let center = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let size = AnimatedProperty(Size(width: 10, height: 10), engine: engine)
        let alpha = AnimatedProperty(0.2, engine: engine)
        let animator = PropertyAnimator(duration: 1, dampingRatio: 0.3, engine: engine) {
            center.value = Point(x: 300, y: -40)
            size.value = Size(width: 80, height: 20)
            alpha.value = 1
        }
        animator.startAnimation()
        return frames.map { t in
            engine.tick(at: t)
            return (center.presentationValue, size.presentationValue, alpha.presentationValue, alpha.velocity, animator.state)
        }
    }

    @Test(arguments: [30.0, 60.0, 120.0, 0])
    func reducedLandsGeometryAtTheStartAndFadesAsUnderFullMotion(fps: Double) {
        let times = Self.frames(fps, through: 1.2)
        let reduced = Self.springRun(.reduced, frames: times)
        let full = Self.springRun(.full, frames: times)
        for (i, t) in times.enumerated() {
            // Geometry: at its end from the first frame on, with no velocity, never between.
            #expect(reduced[i].center == Point(x: 300, y: -40) && reduced[i].size == Size(width: 80, height: 20), "t = \(t)")
            // Opacity: the same spring, bit for bit, as under full motion, overshoot included.
            #expect(reduced[i].alpha == full[i].alpha && reduced[i].alphaVelocity == full[i].alphaVelocity, "t = \(t)")
            #expect(reduced[i].state == full[i].state, "t = \(t)")
        }
        #expect(full.contains { $0.alpha > 1 })           // the written spring overshoots
        #expect(full.contains { $0.center.x > 0 && $0.center.x < 300 })
    }

    @Test func aGeometricChangeWaitsForItsOwnStretchAndNothingMovesAtTheCall() {
        let engine = AnimationEngine()
        engine.motionPolicy = .reduced
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let late = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { p.value = Point(x: 50, y: 0) }
        animator.addAnimations({ late.value = Point(x: 0, y: 70) }, delayFactor: 0.5)
        animator.startAnimation(afterDelay: 0.25)
        #expect(p.presentationValue == .zero && late.presentationValue == .zero)     // the call moves nothing
        engine.tick(at: 0.25)                     // the delay is kept: fraction 0, not begun
        #expect(p.presentationValue == .zero)
        engine.tick(at: 0.2501)
        #expect(p.presentationValue == Point(x: 50, y: 0) && p.velocity == .zero)
        #expect(late.presentationValue == .zero)
        engine.tick(at: 0.75)                     // fraction 0.5: the late stretch has not begun
        #expect(late.presentationValue == .zero)
        engine.tick(at: 0.7501)
        #expect(late.presentationValue == Point(x: 0, y: 70))
    }

    @Test func theDefaultRoleIsGeometryForWhatFollowsTheSpringAndForTransforms() {
        #expect(Point.defaultMotionRole == .geometry && Size.defaultMotionRole == .geometry)
        #expect(Rect.defaultMotionRole == .geometry && Vector.defaultMotionRole == .geometry)
        #expect(AffineTransform.defaultMotionRole == .geometry && !AffineTransform.followsSpringInComposedTiming)
        #expect(Double.defaultMotionRole == .appearance && Color.defaultMotionRole == .appearance)
        #expect(CornerRadii.defaultMotionRole == .appearance)
        #expect(Springy.defaultMotionRole == .geometry)
    }

    @Test func aDoubleThatPlacesSomethingLandsWhenItsRoleIsGeometry() {
        let engine = AnimationEngine()
        engine.motionPolicy = .reduced
        let offset = AnimatedProperty(0.0, engine: engine)
        offset.motionRole = .geometry
        let alpha = AnimatedProperty(0.0, engine: engine)
        #expect(alpha.motionRole == .appearance && AnimatedProperty(Point(x: 0, y: 0), engine: engine).motionRole == .geometry)
        #expect(AnimatedProperty(AffineTransform.identity, engine: engine).motionRole == .geometry)
        #expect(AnimatedProperty(Color.black, engine: engine).motionRole == .appearance)
        PropertyAnimator(duration: 1, curve: .linear, engine: engine) {
            offset.value = 200
            alpha.value = 1
        }.startAnimation()
        engine.tick(at: 0.25)
        #expect(offset.presentationValue == 200)
        #expect(alpha.presentationValue == 0.25)
    }

    @Test(arguments: [30.0, 60.0, 120.0, 0])
    func pauseScrubReverseAndContinueNeverShowAGeometricValueBetween(fps: Double) {
        let engine = AnimationEngine()
        engine.motionPolicy = .reduced
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let alpha = AnimatedProperty(0.0, engine: engine)
        var completions: [AnimatingPosition] = []
        let animator = PropertyAnimator(duration: 1, curve: .easeInOut, engine: engine) {
            p.value = Point(x: 100, y: 100)
            alpha.value = 1
        }
        animator.addCompletion { completions.append($0) }
        let start = Point(x: 0, y: 0), end = Point(x: 100, y: 100)
        func check(_ when: String) {
            #expect(p.presentationValue == start || p.presentationValue == end, "\(when): \(p.presentationValue)")
            #expect(p.velocity == .zero, "\(when)")
        }
        animator.startAnimation()
        var t = 0.0
        for time in Self.frames(fps, through: 0.3) {
            t = time
            engine.tick(at: t)
            check("running at \(t)")
        }
        #expect(p.presentationValue == end)
        // Reversed on the run: the change is undone when the playhead is back at its start.
        animator.isReversed = true
        check("reversed")
        while animator.fractionComplete > 0.05 {
            t += 1.0 / 60
            engine.tick(at: t)
            check("reversing at \(t)")
            #expect(p.presentationValue == end)
        }
        animator.pauseAnimation()
        // A linear scrub shows the change at its start or its end only; the opacity follows it.
        var lastAlpha = alpha.presentationValue
        for f in [0.7, 0.2, 1e-9, 0.0, 0.5] {
            animator.fractionComplete = f
            check("scrubbed to \(f)")
            #expect(p.presentationValue == (f > 0 ? end : start), "scrubbed to \(f)")
            #expect(alpha.presentationValue != lastAlpha)
            lastAlpha = alpha.presentationValue
        }
        // Continued back on new timing: a new change, from here to the start, which lands as its
        // stretch begins: not at the call, at the next tick.
        animator.continueAnimation(withTimingParameters: .cubic(.easeOut), durationFactor: 1)
        #expect(p.presentationValue == end)
        check("continued")
        while animator.state == .active {
            t += 1.0 / 60
            engine.tick(at: t)
            check("continuing at \(t)")
            #expect(p.presentationValue == start)
        }
        #expect(completions == [.start] && p.presentationValue == start && p.modelValue == start)
        #expect(alpha.presentationValue == 0)
    }

    @Test func keyframesAndComposedTimingLandAtTheRunsStartWithNoKeyframeBetween() {
        let engine = AnimationEngine()
        engine.motionPolicy = .reduced
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let q = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let alpha = AnimatedProperty(0.0, engine: engine)
        engine.animateKeyframes(withDuration: 1, options: .calculationModeCubic, animations: {
            engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { p.value = Point(x: 100, y: 0) }
            engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { p.value = Point(x: 100, y: 100) }
        })
        let composed = PropertyAnimator(duration: 0.8, timingParameters: TimingCurve(
            cubic: CubicTimingParameters(animationCurve: .easeIn), spring: SpringTimingParameters(dampingRatio: 0.4)), engine: engine) {
            q.value = Point(x: -30, y: 5)
            alpha.value = 1
        }
        composed.startAnimation()
        for t in Self.frames(60, through: 1.1) {
            engine.tick(at: t)
            #expect(p.presentationValue == Point(x: 100, y: 100), "t = \(t)")
            #expect(q.presentationValue == Point(x: -30, y: 5), "t = \(t)")
            if t < 0.8 {
                // The cubic part of the composed timing still drives the opacity.
                let expected = Reference.cubic(0.42, 0, 1, 1, at: t / 0.8).progress
                #expect(abs(alpha.presentationValue - expected) < 1e-9, "t = \(t)")
            }
        }
    }

    @Test func aPathLandsAtItsEndWithTheHeadingOfItsEndTangent() {
        let engine = AnimationEngine()
        engine.motionPolicy = .reduced
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let heading = AnimatedProperty(0.0, engine: engine)
        heading.motionRole = .geometry
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 0))
        path.addCurve(to: Point(x: 200, y: 0), controlPoint1: Point(x: 50, y: 150), controlPoint2: Point(x: 150, y: 150))
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { p.move(along: path, orientation: heading) }
        animator.startAnimation()
        #expect(p.presentationValue == .zero && heading.presentationValue == 0)
        // The end tangent points from (150, 150) to (200, 0): atan2(−150, 50).
        let endAngle = atan2(-150.0, 50.0)
        for t in Self.frames(0, through: 1.1) {
            engine.tick(at: t)
            #expect(p.presentationValue == Point(x: 200, y: 0), "t = \(t)")
            #expect(abs(heading.presentationValue - endAngle) < 1e-12, "t = \(t)")
        }
        #expect(animator.state == .inactive)
    }

    @Test func aStaggeredTimelineLandsEachMemberAtItsOwnStartAndKeepsItsCallbacks() {
        let engine = AnimationEngine()
        engine.motionPolicy = .reduced
        let items = (0..<3).map { _ in AnimatedProperty(Point(x: 0, y: 0), engine: engine) }
        let fades = (0..<3).map { _ in AnimatedProperty(0.0, engine: engine) }
        let timeline = Timeline(engine: engine)
        timeline.add(count: 3, stagger: Stagger(interval: 0.2), duration: 0.6,
                     timing: .spring(SpringTimingParameters(dampingRatio: 0.3))) { i in
            items[i].value = Point(x: 10, y: 0)
            fades[i].value = 1
        }
        var calls = 0
        timeline.addCallback(at: .afterPrevious) { calls += 1 }
        timeline.startAnimation()
        for t in Self.frames(120, through: 1.2) {
            engine.tick(at: t)
            for i in 0..<3 {
                // Member i's stretch begins at 0.2·i s.
                let begun = t > 0.2 * Double(i) + 1e-12
                #expect(items[i].presentationValue == (begun ? Point(x: 10, y: 0) : .zero), "item \(i) at \(t)")
                if !begun { #expect(fades[i].presentationValue == 0) }
            }
        }
        #expect(timeline.state == .inactive && calls == 1)
        #expect(fades.allSatisfy { $0.presentationValue == 1 })
    }

    @Test func changingThePolicyMidFlightMovesNothingAndTheRunKeepsItsTiming() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = Point(x: 100, y: 0) }
        animator.startAnimation()
        engine.tick(at: 0.25)
        for policy in [MotionPolicy.none, .reduced, .full, .none] {
            let shown = x.presentation
            engine.motionPolicy = policy
            #expect(x.presentation == shown)
        }
        engine.tick(at: 0.5)
        #expect(abs(x.presentationValue.x - 50) < 1e-9)
        // The next run honours the policy of its start.
        engine.motionPolicy = .reduced
        let next = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = Point(x: 0, y: 0) }
        engine.tick(at: 1.0)
        #expect(x.presentationValue == Point(x: 100, y: 0))
        next.startAnimation()
        engine.tick(at: 1.01)
        #expect(x.presentationValue == .zero)
    }

    @Test func physicsKeepsWorkingUnderEveryPolicy() {
        for policy in [MotionPolicy.reduced, .none] {
            let engine = AnimationEngine()
            engine.motionPolicy = policy
            let x = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
            let spring = SpringAnimation(property: x, spring: SpringTimingParameters(mass: 1, stiffness: 100, damping: 20),
                                         target: Point(x: 10, y: 0))
            spring.start()
            engine.tick(at: 0.1)
            // x(t) = 10 − 10·(1 + ω t)·e^(−ω t), critically damped with ω = 10.
            let expected = 10 - 10 * (1 + 1) * exp(-1.0)
            #expect(abs(x.presentationValue.x - expected) < 1e-9, "\(policy)")
        }
    }
}

/// A value type of a user's that follows the spring of a composed timing (its default role is
/// geometry, as for Kinetic's own such types).
private struct Springy: AnimatableValue {
    var x = 0.0
    static let zero = Springy()
    static func + (lhs: Springy, rhs: Springy) -> Springy { Springy(x: lhs.x + rhs.x) }
    static func - (lhs: Springy, rhs: Springy) -> Springy { Springy(x: lhs.x - rhs.x) }
    static func * (lhs: Springy, rhs: Double) -> Springy { Springy(x: lhs.x * rhs) }
    var magnitudeSquared: Double { x * x }
    static var followsSpringInComposedTiming: Bool { true }
    func forEachComponent(_ body: (Double) -> Void) { body(x) }
}
