import Testing
@testable import Kinetic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KineticTestSupport

/// The closed form of the decay: `x(t) = x0 + v0·(e^(kt) − 1)/k`, `x'(t) = v0·e^(kt)`,
/// `k = 1000·ln(rate)`.
private func decayMotion(rate: Double, x0: Double, v0: Double, at t: Double) -> (x: Double, v: Double) {
    let k = 1000 * log(rate)
    let tt = max(t, 0)
    return (x0 + v0 * expm1(k * tt) / k, v0 * exp(k * tt))
}

private func ownTrackCount<Value>(_ property: AnimatedProperty<Value>, _ owner: AnyObject) -> Int {
    property.tracks.filter { $0.segment.owner === owner }.count
}

@Suite("Physics animations")
struct PhysicsAnimationTests {
    static let m = 1.0, k = 100.0, c = 10.0
    static let spring = SpringTimingParameters(mass: m, stiffness: k, damping: c)

    // MARK: Spring

    @Test func springFromRestMatchesTheClosedForm() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let s = SpringAnimation(property: x, spring: Self.spring, target: 100)
        #expect(!s.isRunning)
        #expect(x.value == 0)                     // nothing happens before start
        s.start()
        #expect(s.isRunning)
        #expect(x.value == 100)                   // the model is the target
        #expect(x.presentationValue == 0)
        #expect(x.velocity == 0)
        #expect(engine.hasRunningAnimations)
        var maxError = 0.0
        for i in 1...90 {
            let t = Double(i) / 60
            engine.tick(at: t)
            let expected = springOffset(mass: Self.m, stiffness: Self.k, damping: Self.c, d0: -100, v0: 0, at: t)
            maxError = max(maxError, abs(x.presentationValue - (100 + expected.x)), abs(x.velocity - expected.v))
        }
        #expect(maxError <= 1e-10)
        // Also with another mass, and starting later on the clock (the segment's start time).
        let engine2 = AnimationEngine(time: 3.25)
        let y = AnimatedProperty(-20.0, engine: engine2)
        let heavy = SpringTimingParameters(mass: 2, stiffness: 300, damping: 20)
        let s2 = SpringAnimation(property: y, spring: heavy, target: 30, velocity: 75)
        s2.start()
        #expect(y.velocity == 75)
        for i in 1...60 {
            let t = Double(i) / 40
            engine2.tick(at: 3.25 + t)
            let e = springOffset(mass: 2, stiffness: 300, damping: 20, d0: -50, v0: 75, at: (3.25 + t) - 3.25)
            #expect(abs(y.presentationValue - (30 + e.x)) <= 1e-10)
            #expect(abs(y.velocity - e.v) <= 1e-10)
        }
    }

    @Test func retargetMidFlightIsContinuousAndIsTheSuperposition() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let s = SpringAnimation(property: x, spring: Self.spring, target: 100)
        var reasons: [PhysicsCompletionReason] = []
        s.addCompletion { reasons.append($0) }
        s.start()
        for i in 1...18 { engine.tick(at: Double(i) / 60) }
        engine.tick(at: 0.31)                     // not on the 60 Hz grid
        let before = x.presentation
        s.target = -50
        let after = x.presentation
        let dp = abs(after.value - before.value), dv = abs(after.velocity - before.velocity)
        print("spring retarget at t = 0.31: |Δposition| = \(dp), |Δvelocity| = \(dv)")
        #expect(dp <= 1e-12)
        #expect(dv <= 1e-9)
        #expect(s.isRunning)
        #expect(reasons.isEmpty)                  // a retarget does not complete
        #expect(x.value == -50)
        #expect(s.target == -50)
        #expect(ownTrackCount(x, s) == 1)
        // After: the old spring (released from −100 at 0) plus a new one released from 150 at 0.31.
        var maxError = 0.0
        for i in 0...200 {
            let t = 0.31 + Double(i) / 100
            engine.tick(at: t)
            if !s.isRunning { break }
            let a = springOffset(mass: Self.m, stiffness: Self.k, damping: Self.c, d0: -100, v0: 0, at: t)
            let b = springOffset(mass: Self.m, stiffness: Self.k, damping: Self.c, d0: 150, v0: 0, at: t - 0.31)
            maxError = max(maxError, abs(x.presentationValue - (-50 + a.x + b.x)), abs(x.velocity - (a.v + b.v)))
        }
        print("spring retarget: max |presentation − superposition| = \(maxError)")
        #expect(maxError <= 1e-10)
    }

    @Test func hundredRetargetsKeepOneTrackAndStayExact() {
        var rng = SeededGenerator(seed: 0x5EED)
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let spring = SpringTimingParameters(mass: 1, stiffness: 180, damping: 12)
        let s = SpringAnimation(property: x, spring: spring, target: 200)
        var reasons: [PhysicsCompletionReason] = []
        s.addCompletion { reasons.append($0) }
        s.start()
        // The superposition: target + Σ springs released from (previous − new target) at tᵢ.
        var releases: [(time: Double, delta: Double)] = [(0, -200)]
        var target = 200.0
        func expected(at t: Double) -> (x: Double, v: Double) {
            var x = target, v = 0.0
            for r in releases {
                let o = springOffset(mass: 1, stiffness: 180, damping: 12, d0: r.delta, v0: 0, at: t - r.time)
                x += o.x; v += o.v
            }
            return (x, v)
        }
        var t = 0.0, frame = 0
        var maxError = 0.0, maxJumpP = 0.0, maxJumpV = 0.0, maxTracks = 0
        for _ in 0..<100 {
            // A few frames at 120 Hz, then a retarget between frames.
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                frame += 1
                t = Double(frame) / 120
                engine.tick(at: t)
                let e = expected(at: t)
                maxError = max(maxError, abs(x.presentationValue - e.x), abs(x.velocity - e.v) / 10)
            }
            let tr = t + Double.random(in: 0..<(1.0 / 120), using: &rng)
            engine.tick(at: tr)
            let newTarget = Double.random(in: -500...500, using: &rng)
            let before = x.presentation
            s.target = newTarget
            let after = x.presentation
            maxJumpP = max(maxJumpP, abs(after.value - before.value))
            maxJumpV = max(maxJumpV, abs(after.velocity - before.velocity))
            releases.append((tr, target - newTarget))
            target = newTarget
            maxTracks = max(maxTracks, x.tracks.count)
            #expect(ownTrackCount(x, s) == 1)
        }
        print("100 retargets: max |Δposition| = \(maxJumpP), max |Δvelocity| = \(maxJumpV), max error vs superposition = \(maxError), max tracks = \(maxTracks)")
        #expect(maxTracks <= 2)
        #expect(maxJumpP <= 1e-12 * 1000)
        #expect(maxJumpV <= 1e-9)
        #expect(maxError <= 1e-9)
        #expect(reasons.isEmpty)
        // Let it settle: exactly on the last target, one completion.
        while s.isRunning && frame < 100_000 {
            frame += 1
            engine.tick(at: Double(frame) / 120)
        }
        #expect(reasons == [.settled])
        #expect(x.presentationValue == target)
        #expect(x.velocity == 0)
        #expect(x.tracks.isEmpty)
    }

    @Test func gestureVelocityHandoffToAPointSpring() {
        let engine = AnimationEngine()
        let pane = AnimatedProperty(Point(x: 160, y: 500), engine: engine)
        // A pan moves the property directly, frame by frame.
        for i in 1...10 {
            engine.tick(at: Double(i) / 60)
            pane.value = Point(x: 160 + 1.3 * Double(i), y: 500 - 20.7 * Double(i))
        }
        let release = pane.presentation
        #expect(release.velocity == .zero)
        let v = Point(x: 80.5, y: -1241.25)
        let target = Point(x: 160, y: 100)
        let spring = SpringTimingParameters(mass: 1, stiffness: 300, damping: 28)
        let s = SpringAnimation(property: pane, spring: spring, target: target, velocity: v)
        // Keep it running for the whole second we compare (with the default thresholds it settles within it).
        s.restingDistance = 1e-12
        s.restingSpeed = 1e-12
        #expect(s.velocity == v)                  // pending before start
        s.start()
        let after = pane.presentation
        let dp = (after.value - release.value).magnitude
        print("gesture handoff: |Δposition| = \(dp), velocity = \(after.velocity) (given \(v))")
        #expect(dp <= 1e-12)
        #expect(after.velocity == v)              // exactly the gesture's velocity
        let t0 = engine.time
        let d0 = release.value - target
        for i in 1...60 {
            let t = t0 + Double(i) / 60
            engine.tick(at: t)
            let ex = springOffset(mass: 1, stiffness: 300, damping: 28, d0: d0.x, v0: v.x, at: t - t0)
            let ey = springOffset(mass: 1, stiffness: 300, damping: 28, d0: d0.y, v0: v.y, at: t - t0)
            #expect(pane.presentationValue.isApproximatelyEqual(to: Point(x: target.x + ex.x, y: target.y + ey.x), tolerance: 1e-10))
            #expect(pane.velocity.isApproximatelyEqual(to: Point(x: ex.v, y: ey.v), tolerance: 1e-9))
        }
    }

    @Test func velocityAndSpringChangesMidFlightAreContinuous() {
        let engine = AnimationEngine()
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let s = SpringAnimation(property: p, spring: Self.spring, target: Point(x: 100, y: -40))
        s.start()
        engine.tick(at: 0.2)
        var before = p.presentation
        s.velocity = Point(x: -300, y: 250)
        var after = p.presentation
        #expect((after.value - before.value).magnitude == 0)
        #expect((after.velocity - Point(x: -300, y: 250)).magnitude <= 1e-12)
        #expect(p.value == Point(x: 100, y: -40))
        engine.tick(at: 0.35)
        before = p.presentation
        s.spring = SpringTimingParameters(mass: 1, stiffness: 400, damping: 5)
        after = p.presentation
        #expect((after.value - before.value).magnitude == 0)
        #expect((after.velocity - before.velocity).magnitude <= 1e-12)
        #expect(ownTrackCount(p, s) == 1)
        // The motion after is the new spring from that state.
        let d0 = before.value - Point(x: 100, y: -40)
        engine.tick(at: 0.6)
        let ex = springOffset(mass: 1, stiffness: 400, damping: 5, d0: d0.x, v0: before.velocity.x, at: 0.25)
        let ey = springOffset(mass: 1, stiffness: 400, damping: 5, d0: d0.y, v0: before.velocity.y, at: 0.25)
        #expect(p.presentationValue.isApproximatelyEqual(to: Point(x: 100 + ex.x, y: -40 + ey.x), tolerance: 1e-10))
    }

    @Test func startingWithoutVelocityCarriesTheCurrentMotionOn() {
        // A spring taken over by a new spring towards another target.
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = SpringAnimation(property: x, spring: Self.spring, target: 100, velocity: 40)
        var aReasons: [PhysicsCompletionReason] = []
        a.addCompletion { aReasons.append($0) }
        a.start()
        engine.tick(at: 0.4)
        let before = x.presentation
        let b = SpringAnimation(property: x, spring: SpringTimingParameters(mass: 1, stiffness: 50, damping: 14), target: -10)
        b.start()
        let after = x.presentation
        #expect(abs(after.value - before.value) <= 1e-12)
        #expect(abs(after.velocity - before.velocity) <= 1e-12)
        #expect(aReasons == [.interrupted])
        #expect(!a.isRunning)
        #expect(x.tracks.count == 1)
        a.target = 500                              // a retarget of an ended animation is remembered only
        #expect(x.value == -10)
        engine.tick(at: 0.5)
        #expect(aReasons == [.interrupted])
        #expect(!engine.physicsAnimations.contains { $0 === a })
        #expect(engine.physicsAnimations.contains { $0 === b })
    }

    @Test func undampedSpringNeverSettles() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let s = SpringAnimation(property: x, spring: SpringTimingParameters(mass: 1, stiffness: 100, damping: 0), target: 1)
        var reasons: [PhysicsCompletionReason] = []
        s.addCompletion { reasons.append($0) }
        s.start()
        var extreme = 0.0
        for i in 1...6000 {
            engine.tick(at: Double(i) / 60)
            #expect(x.presentationValue.isFinite)
            extreme = max(extreme, abs(x.presentationValue - 1))
        }
        #expect(s.isRunning)
        #expect(reasons.isEmpty)
        #expect(abs(extreme - 1) <= 1e-3)           // energy is conserved: amplitude stays 1
        s.stop()
        #expect(reasons == [.stopped])
        // An undamped spring already inside the thresholds does settle.
        let y = AnimatedProperty(1.0, engine: engine)
        let t = SpringAnimation(property: y, spring: SpringTimingParameters(mass: 1, stiffness: 100, damping: 0), target: 1.0005)
        t.start()
        engine.tick(at: 200)
        #expect(!t.isRunning)
        #expect(y.presentationValue == 1.0005)
    }

    // MARK: Decay

    @Test func decayMatchesTheClosedFormAndRestsAtTheProjection() {
        let engine = AnimationEngine(time: 0.5)
        let x = AnimatedProperty(10.0, engine: engine)
        let d = DecayAnimation(property: x, velocity: 1000)
        var reasons: [PhysicsCompletionReason] = []
        var completedAt = -1.0
        d.addCompletion { reasons.append($0); completedAt = engine.time }
        let params = DecayTimingParameters(decelerationRate: .normal)
        let projection = params.restingPosition(from: 10.0, velocity: 1000.0)
        #expect(d.restingPosition == projection)
        d.start()
        #expect(x.value == projection)              // the model is the resting position
        #expect(abs(x.presentationValue - 10) <= 1e-12)
        #expect(abs(x.velocity - 1000) <= 1e-12 * 1000)
        #expect(abs(projection - (10 - 1000 / (1000 * log(0.998)))) <= 1e-12 * projection)
        var maxError = 0.0
        var frame = 30
        while d.isRunning {
            frame += 1
            let t = Double(frame) / 60
            engine.tick(at: t)
            if !d.isRunning { break }
            let e = decayMotion(rate: 0.998, x0: 10, v0: 1000, at: t - 0.5)
            let lib = params.sample(from: 10.0, velocity: 1000.0, at: t - 0.5)
            maxError = max(maxError, abs(x.presentationValue - e.x), abs(x.velocity - e.v),
                           abs(x.presentationValue - lib.position), abs(x.velocity - lib.velocity))
        }
        print("decay: max error vs closed form = \(maxError)")
        #expect(maxError <= 1e-9)
        #expect(reasons == [.settled])
        let rest = params.timeToRest(velocity: 1000.0)
        #expect(completedAt - 0.5 >= rest - 1e-9)
        #expect(completedAt - 0.5 < rest + 1.0 / 60 + 1e-9)
        #expect(x.presentationValue == projection)
        #expect(x.velocity == 0)
        #expect(x.tracks.isEmpty)
        #expect(d.restingPosition == projection)
        engine.tick(at: 100)
        #expect(reasons == [.settled])
    }

    @Test func decayInTwoDimensions() {
        let engine = AnimationEngine()
        let p = AnimatedProperty(Point(x: 5, y: -5), engine: engine)
        let v = Point(x: 1500, y: -600)
        let d = DecayAnimation(property: p, velocity: v, decelerationRate: .fast)
        d.start()
        #expect(p.velocity.isApproximatelyEqual(to: v, tolerance: 1e-12 * 1500))
        for i in 1...30 {
            let t = Double(i) / 60
            engine.tick(at: t)
            let ex = decayMotion(rate: 0.99, x0: 5, v0: 1500, at: t)
            let ey = decayMotion(rate: 0.99, x0: -5, v0: -600, at: t)
            #expect(p.presentationValue.isApproximatelyEqual(to: Point(x: ex.x, y: ey.x), tolerance: 1e-9))
        }
        engine.tick(at: 10)
        #expect(!d.isRunning)
        #expect(p.presentationValue == DecayTimingParameters(decelerationRate: .fast).restingPosition(from: Point(x: 5, y: -5), velocity: v))
    }

    @Test func decayToSpringHandoffIsContinuous() {
        let engine = AnimationEngine()
        let p = AnimatedProperty(Point(x: 0, y: 300), engine: engine)
        let flick = DecayAnimation(property: p, velocity: Point(x: 2400, y: -350))
        var decayReasons: [PhysicsCompletionReason] = []
        flick.addCompletion { decayReasons.append($0) }
        flick.start()
        for i in 1...15 { engine.tick(at: Double(i) / 60) }
        let before = p.presentation
        // Snap to the nearest page.
        let page = Point(x: 640, y: 300)
        let snap = SpringAnimation(property: p, spring: Self.spring, target: page)
        #expect(snap.velocity == before.velocity)    // what start() would carry on with
        var springReasons: [PhysicsCompletionReason] = []
        snap.addCompletion { springReasons.append($0) }
        snap.start()
        let after = p.presentation
        let dp = (after.value - before.value).magnitude, dv = (after.velocity - before.velocity).magnitude
        print("decay → spring handoff: |Δposition| = \(dp), |Δvelocity| = \(dv)")
        #expect(dp <= 1e-12 * 1000)
        #expect(dv <= 1e-9)
        #expect(decayReasons == [.interrupted])
        #expect(!flick.isRunning)
        #expect(p.tracks.count == 1)
        #expect(p.value == page)
        // The motion after is the spring from that state.
        let t0 = engine.time
        let d0 = before.value - page
        for i in 1...30 {
            let t = t0 + Double(i) / 60
            engine.tick(at: t)
            let ex = springOffset(mass: Self.m, stiffness: Self.k, damping: Self.c, d0: d0.x, v0: before.velocity.x, at: t - t0)
            let ey = springOffset(mass: Self.m, stiffness: Self.k, damping: Self.c, d0: d0.y, v0: before.velocity.y, at: t - t0)
            #expect(p.presentationValue.isApproximatelyEqual(to: Point(x: page.x + ex.x, y: page.y + ey.x), tolerance: 1e-9))
        }
        engine.tick(at: 20)
        #expect(springReasons == [.settled])
        #expect(decayReasons == [.interrupted])
        #expect(p.presentationValue == page)
        // And back: a spring handed to a decay keeps position; the decay's velocity is its own.
        let s2 = SpringAnimation(property: p, spring: Self.spring, target: Point(x: 0, y: 0))
        s2.start()
        engine.tick(at: 20.1)
        let mid = p.presentation
        let d2 = DecayAnimation(property: p, velocity: mid.velocity)
        d2.start()
        #expect((p.presentationValue - mid.value).magnitude <= 1e-12 * 1000)
        #expect((p.velocity - mid.velocity).magnitude <= 1e-9)
        #expect(!s2.isRunning)
    }

    // MARK: Lifecycle

    @Test func completionRunsExactlyOnce() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let s = SpringAnimation(property: x, spring: Self.spring, target: 10)
        var count = 0
        var reasons: [PhysicsCompletionReason] = []
        s.addCompletion { count += 1; reasons.append($0) }
        s.addCompletion { _ in count += 100 }
        s.start()
        s.start()                                   // already running: nothing
        for i in 1...600 { engine.tick(at: Double(i) / 60) }
        #expect(count == 101)
        #expect(reasons == [.settled])
        #expect(!s.isRunning)
        #expect(x.presentationValue == 10)
        #expect(x.tracks.isEmpty)
        #expect(!engine.hasRunningAnimations)
        s.stop()                                    // not running: nothing
        s.target = 20                               // remembered, no completion
        #expect(count == 101)
        #expect(s.target == 20)
        // Restarted, it runs the handlers added for the new run, once.
        s.addCompletion { reasons.append($0) }
        s.start()
        for i in 601...1200 { engine.tick(at: Double(i) / 60) }
        #expect(reasons == [.settled, .settled])
        #expect(count == 101)
        #expect(x.presentationValue == 20)
        // A completion handler may start the animation again.
        var chain = 0
        let y = AnimatedProperty(0.0, engine: engine)
        let r = SpringAnimation(property: y, spring: Self.spring, target: 1)
        func again(_ reason: PhysicsCompletionReason) {
            chain += 1
            if chain < 3 { r.target = Double(chain + 1); r.addCompletion(again); r.start() }
        }
        r.addCompletion(again)
        r.start()
        for i in 1201...3000 { engine.tick(at: Double(i) / 60) }
        #expect(chain == 3)
        #expect(y.presentationValue == 3)
    }

    @Test func stopKeepsThePresentation() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let s = SpringAnimation(property: x, spring: Self.spring, target: Point(x: 100, y: 100))
        var reasons: [PhysicsCompletionReason] = []
        s.addCompletion { reasons.append($0) }
        s.start()
        engine.tick(at: 0.2)
        let here = x.presentationValue
        s.stop()
        #expect(reasons == [.stopped])
        #expect(!s.isRunning)
        #expect(x.value == here)
        #expect(x.presentationValue == here)
        #expect(x.velocity == .zero)
        #expect(x.tracks.isEmpty)
        #expect(s.target == Point(x: 100, y: 100))
        engine.tick(at: 1)
        #expect(reasons == [.stopped])
        #expect(x.presentationValue == here)
        #expect(!engine.hasRunningAnimations)

        let d = DecayAnimation(property: x, velocity: Point(x: 500, y: 0))
        var dReasons: [PhysicsCompletionReason] = []
        d.addCompletion { dReasons.append($0) }
        d.start()
        engine.tick(at: 1.3)
        let there = x.presentationValue
        d.stop()
        d.stop()
        #expect(dReasons == [.stopped])
        #expect((x.value - there).magnitude <= 1e-12 * 1000)
        #expect(x.velocity == .zero)
        engine.tick(at: 3)
        #expect(dReasons == [.stopped])
    }

    @Test func removingTheAnimationsInterrupts() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let s = SpringAnimation(property: x, spring: Self.spring, target: 50)
        var reasons: [PhysicsCompletionReason] = []
        s.addCompletion { reasons.append($0) }
        s.start()
        engine.tick(at: 0.1)
        x.removeAllAnimations()
        #expect(x.presentationValue == 50)
        engine.tick(at: 0.2)
        #expect(reasons == [.interrupted])
        #expect(!s.isRunning)
    }

    @Test func theGivenVelocityIsThePropertysEvenWithAnAnimatorOnIt() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 2, curve: .linear, engine: engine) { x.value = 100 }
        a.startAnimation()
        engine.tick(at: 0.5)
        #expect(abs(x.velocity - 50) <= 1e-12)
        let before = x.presentationValue
        let s = SpringAnimation(property: x, spring: Self.spring, target: 300, velocity: -20)
        s.start()
        #expect(abs(x.presentationValue - before) <= 1e-12)
        #expect(abs(x.velocity - -20) <= 1e-12)
        #expect(x.tracks.count == 2)                // the animator's track is left alone
    }

    // MARK: Bad input

    @Test func badInputIsRejectedAndNeverPoisonsState() {
        let engine = AnimationEngine()
        let p = AnimatedProperty(Point(x: 1, y: 2), engine: engine)
        let s = SpringAnimation(property: p, spring: Self.spring, target: Point(x: 10, y: 20))
        s.start()
        engine.tick(at: 0.1)
        let state = p.presentation
        var count = engine.diagnostics.count
        func rejected() -> Bool {
            defer { count = engine.diagnostics.count }
            return engine.diagnostics.count == count + 1 && engine.diagnostics.last?.kind == .invalidArgument
        }
        s.target = Point(x: .nan, y: 0)
        #expect(rejected())
        s.target = Point(x: 0, y: .infinity)
        #expect(rejected())
        s.velocity = Point(x: .nan, y: .nan)
        #expect(rejected())
        s.velocity = Point(x: 1e200, y: 0)          // too large to measure
        #expect(rejected())
        s.restingDistance = -1
        #expect(rejected())
        s.restingSpeed = .nan
        #expect(rejected())
        #expect(s.restingDistance == 0.001 && s.restingSpeed == 0.01)
        #expect(s.target == Point(x: 10, y: 20))
        #expect(p.presentation == state)
        #expect(ownTrackCount(p, s) == 1)
        engine.tick(at: 5)
        #expect(p.presentationValue == Point(x: 10, y: 20))

        // Initializers.
        let x = AnimatedProperty(3.0, engine: engine)
        let bad = SpringAnimation(property: x, spring: Self.spring, target: .nan, velocity: -.infinity)
        #expect(engine.diagnostics.count == count + 2)
        count = engine.diagnostics.count
        #expect(bad.target == 3)
        bad.start()
        #expect(x.velocity == 0 && x.presentationValue == 3)
        let decay = DecayAnimation(property: x, velocity: .nan)
        #expect(rejected())
        #expect(decay.initialVelocity == 0)
        decay.start()
        #expect(x.presentationValue == 3 && x.velocity == 0)
        engine.tick(at: 5.1)
        #expect(!decay.isRunning)
        #expect(x.presentationValue == 3)
        // Degenerate spring constants are sanitized by the timing parameters: still finite.
        let y = AnimatedProperty(0.0, engine: engine)
        let weird = SpringAnimation(property: y, spring: SpringTimingParameters(mass: 0, stiffness: -1, damping: .nan), target: 1)
        weird.start()
        for i in 1...120 { engine.tick(at: 5.1 + Double(i) / 60); #expect(y.presentationValue.isFinite) }
    }

    // MARK: Frame-rate independence

    @Test func frameRateIndependence() {
        // The same script on three clocks: 30 Hz, 120 Hz and jittery frames. Actions happen at
        // shared instants; values at every shared instant must be identical to the bit.
        let times120 = (0...300).map { Double($0) / 120 }
        var rng = SeededGenerator(seed: 42)
        func run(_ ticks: [Double]) -> [Double: (value: Point, velocity: Point)] {
            let engine = AnimationEngine()
            let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
            let s = SpringAnimation(property: p, spring: SpringTimingParameters(mass: 1, stiffness: 150, damping: 9),
                                    target: Point(x: 100, y: 50), velocity: Point(x: -300, y: 80))
            s.start()
            var samples: [Double: (value: Point, velocity: Point)] = [:]
            for t in ticks {
                engine.tick(at: t)
                if t == times120[60] { s.target = Point(x: -40, y: 10) }
                if t == times120[92] { s.velocity = Point(x: 500, y: 500) }
                if t == times120[152] { DecayAnimation(property: p, velocity: p.velocity, decelerationRate: .fast).start() }
                if t == times120[200] { SpringAnimation(property: p, spring: Self.spring, target: Point(x: 7, y: 7)).start() }
                samples[t] = p.presentation
            }
            return samples
        }
        let fast = run(times120)
        let slow = run(times120.enumerated().filter { $0.offset % 4 == 0 }.map(\.element))
        var jittery: [Double] = []
        for (i, t) in times120.enumerated() {
            if i % 4 == 0 || i % 30 == 0 { jittery.append(t); continue }
            if Bool.random(using: &rng) { jittery.append(t - Double.random(in: 0..<(1.0 / 240), using: &rng)) }
        }
        let jitter = run(jittery)
        var compared = 0
        for (i, t) in times120.enumerated() where i % 4 == 0 {
            let a = fast[t]!, b = slow[t]!, c = jitter[t]!
            #expect(a.value == b.value && a.velocity == b.velocity, "t = \(t)")
            #expect(a.value == c.value && a.velocity == c.velocity, "t = \(t)")
            compared += 1
        }
        #expect(compared == 76)
    }
}
