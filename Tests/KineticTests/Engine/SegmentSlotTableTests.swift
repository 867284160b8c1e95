import Testing
@testable import Kinetic
import KineticTestSupport

/// The engine's packed storage (``SegmentSlotTable``, ``AnimatorTimingTable``) and its frame
/// pass: slots are reused, nothing grows in steady use, and every value read through the packed
/// lanes is bit for bit what each segment computes from its own description (the path the
/// engine took before the lanes existed).
@Suite("Segment slot table")
struct SegmentSlotTableTests {
    /// Presentation and velocity of `property` computed segment by segment, with no lane.
    static func reference<Value: AnimatableValue>(_ property: AnimatedProperty<Value>) -> (value: Value, velocity: Value) {
        var value = property.modelValue, velocity = Value.zero
        for track in property.tracks {
            let c = track.segment.computeCoefficients()
            value += track.delta * c.released + track.initialVelocity * c.kicked
            velocity += track.delta * c.releasedVelocity + track.initialVelocity * c.kickedVelocity
        }
        return (value, velocity)
    }

    @Test func aFreedSlotIsTheNextOneTaken() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .easeIn, engine: engine) { x.value = 10 }
        a.startAnimation()
        let first = x.tracks[0].slot
        #expect(engine.slots.liveCount == 1)
        engine.tick(at: 1)
        #expect(a.state == .inactive)
        #expect(x.tracks.isEmpty)
        // The segment went with its animator's run: its slot is free and taken again next.
        #expect(engine.slots.liveCount == 0)
        a.addAnimations { x.value = 20 }
        a.startAnimation()
        #expect(x.tracks[0].slot == first)
        #expect(engine.slots.count == 1)
    }

    @Test func presetCurvesShareOneBoxAndOtherCurvesGetTheirOwn() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let z = AnimatedProperty(0.0, engine: engine)
        PropertyAnimator(duration: 1, curve: .easeInOut, engine: engine) { x.value = 1 }.startAnimation()
        PropertyAnimator(duration: 2, timingParameters: .cubic(.easeInOut), engine: engine) { y.value = 1 }.startAnimation()
        let custom = CubicTimingParameters(0.3, 0.1, 0.2, 1)
        PropertyAnimator(duration: 1, timingParameters: .cubic(custom), engine: engine) { z.value = 1 }.startAnimation()
        let bx = engine.slots.rows[x.tracks[0].slot].curve!.takeUnretainedValue()
        let by = engine.slots.rows[y.tracks[0].slot].curve!.takeUnretainedValue()
        let bz = engine.slots.rows[z.tracks[0].slot].curve!.takeUnretainedValue()
        #expect(bx === CurveBox.easeInOut && by === CurveBox.easeInOut)
        #expect(bz !== CurveBox.easeInOut && bz.curve == custom)
        engine.tick(at: 0.5)
        #expect(x.presentationValue == 1 - (1 - CubicTimingParameters.easeInOut.progress(at: 0.5)))
    }

    @Test func tenThousandStartCompleteCyclesDoNotGrowTheTables() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        var t = 0.0
        var completions = 0
        for i in 0..<10_000 {
            let a = PropertyAnimator(duration: 0.05, curve: .easeInOut, engine: engine) {
                x.value = Double(i)
                p.value = Point(x: Double(i), y: -Double(i))
            }
            a.addCompletion { _ in completions += 1 }
            a.startAnimation()
            let spring = SpringAnimation(property: x, spring: SpringTimingParameters(mass: 1, stiffness: 400, damping: 40),
                                         target: Double(i) + 1)
            if i % 3 == 0 { spring.start() }
            t += 0.03
            engine.tick(at: t)
            t += 0.03
            engine.tick(at: t)
            if spring.isRunning { spring.stop() }
            #expect(engine.slots.liveCount == 0)
            #expect(engine.records.count <= 1)
        }
        #expect(completions == 10_000)
        // At most the segments of one run (the root segment and a spring's) were ever alive at once.
        #expect(engine.slots.count <= 2)
    }

    @Test func readsEqualTheSegmentsOwnComputationOnARandomWorkload() {
        var rng = SeededGenerator(seed: 0x5107_7AB1)
        let engine = AnimationEngine()
        let doubles = (0..<6).map { AnimatedProperty(Double($0), engine: engine) }
        let points = (0..<4).map { AnimatedProperty(Point(x: Double($0), y: 1), engine: engine) }
        var animators: [PropertyAnimator] = []
        var physics: [AnyObject] = []
        var t = 0.0
        var mismatches = 0
        var readsThroughPass = 0

        func check() {
            for d in doubles {
                let r = Self.reference(d)
                if d.presentationValue != r.value || d.velocity != r.velocity { mismatches += 1 }
            }
            for p in points {
                let r = Self.reference(p)
                if p.presentation.value != r.value || p.presentation.velocity != r.velocity { mismatches += 1 }
            }
        }
        func timing() -> TimingParameters {
            switch rng.int(5) {
            case 0: return .cubic(.easeInOut)
            case 1: return .cubic(.easeOut)
            case 2: return .cubic(CubicTimingParameters(rng.unit(), rng.unit() * 2 - 0.5, rng.unit(), rng.unit() * 2 - 0.5))
            case 3: return .spring(SpringTimingParameters(dampingRatio: 0.2 + rng.unit()))
            default: return .spring(SpringTimingParameters(mass: 1, stiffness: 100 + 300 * rng.unit(), damping: 5 + 20 * rng.unit(),
                                                           initialVelocity: Vector(dx: rng.unit() * 4 - 2, dy: 0)))
            }
        }
        func change() {
            for d in doubles where rng.bool() { d.value = rng.unit() * 100 }
            for p in points where rng.bool() { p.value = Point(x: rng.unit() * 100, y: rng.unit() * 100) }
        }

        for step in 0..<3_000 {
            switch rng.int(14) {
            case 0, 1:
                let a = PropertyAnimator(duration: 0.2 + rng.unit(), timingParameters: timing(), engine: engine) { change() }
                if rng.int(4) == 0 { a.repeatCount = Double(1 + rng.int(3)); a.autoreverses = rng.bool() }
                if rng.int(4) == 0 { a.speed = 0.5 + rng.unit() }
                a.startAnimation(afterDelay: rng.bool() ? 0 : rng.unit() * 0.2)
                animators.append(a)
            case 2:
                animators.randomElement(using: &rng)?.pauseAnimation()
            case 3:
                animators.randomElement(using: &rng)?.startAnimation()
            case 4:
                if let a = animators.randomElement(using: &rng) { a.isReversed.toggle() }
            case 5:
                if let a = animators.randomElement(using: &rng), a.state == .active, !a.isRunning {
                    a.fractionComplete = rng.unit()
                }
            case 6:
                if let a = animators.randomElement(using: &rng), a.state == .active, !a.isRunning {
                    a.continueAnimation(withTimingParameters: rng.bool() ? timing() : nil, durationFactor: rng.unit())
                }
            case 7:
                if let a = animators.randomElement(using: &rng), a.state == .active { a.addAnimations({ change() }, delayFactor: rng.unit() * 0.5) }
            case 8:
                if let a = animators.randomElement(using: &rng), a.state == .active { a.stopAnimation(rng.bool()) }
            case 9:
                if let a = animators.randomElement(using: &rng), a.state == .stopped { a.finishAnimation(at: [.start, .end, .current][rng.int(3)]) }
            case 10:
                let d = doubles[rng.int(doubles.count)]
                let s = SpringAnimation(property: d, spring: SpringTimingParameters(mass: 1, stiffness: 200, damping: 10 + 20 * rng.unit()),
                                        target: rng.unit() * 50, velocity: rng.unit() * 100 - 50)
                s.start()
                physics.append(s)
            case 11:
                let p = points[rng.int(points.count)]
                let decay = DecayAnimation(property: p, velocity: Point(x: rng.unit() * 1000 - 500, y: rng.unit() * 500),
                                           decay: DecayTimingParameters(rate: 0.99 + 0.009 * rng.unit()))
                decay.start()
                physics.append(decay)
            case 12:
                // Keyframes on a fresh animator.
                let d = doubles[rng.int(doubles.count)]
                let a = PropertyAnimator(duration: 0.5 + rng.unit(), timingParameters: timing(), engine: engine) {
                    engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { d.value = rng.unit() * 10 }
                    engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { d.value = rng.unit() * 10 }
                }
                a.startAnimation()
                animators.append(a)
            default:
                // Reads between a call and the next tick go through the lanes too.
                check()
            }
            check()
            t += rng.bool() ? 1.0 / 60 : rng.unit() * 0.3
            engine.tick(at: t)
            // Straight after the tick nothing has invalidated the pass: count the slots it filled.
            for d in doubles {
                for track in d.tracks where engine.slots.rows[track.slot].stamp == engine.revision { readsThroughPass += 1 }
            }
            check()
            animators.removeAll { $0.state == .inactive && rng.int(3) == 0 }
            if step % 500 == 0 { physics.removeAll() }
        }
        #expect(mismatches == 0)
        // The workload exercised the pass, not only the segments' own path.
        #expect(readsThroughPass > 1_000)
    }

    @Test func anObserverAddedByAnEarlierCompletionHearsTheSameAsBefore() {
        // The pass skips a running animator with no fraction observer; one added to it by the
        // completion of an animator earlier in the engine's order hears it at the same tick.
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let y = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 1 }
        let b = PropertyAnimator(duration: 4, curve: .linear, engine: engine) { y.value = 1 }
        var heard: [Double] = []
        a.addCompletion { _ in _ = b.observeFractionComplete { heard.append($0) } }
        a.startAnimation()
        b.startAnimation()
        engine.tick(at: 0.5)
        engine.tick(at: 1)
        // b's fraction changed since its last report (0.125 at 0.5 s), so it is told 0.25 now.
        #expect(heard == [0.25])
        engine.tick(at: 2)
        #expect(heard == [0.25, 0.5])
    }

    @Test func aCompletionThatPausesALaterAnimatorKeepsItFromCompleting() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let y = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .easeIn, engine: engine) { x.value = 1 }
        let b = PropertyAnimator(duration: 1, curve: .easeOut, engine: engine) { y.value = 2 }
        var bCompleted = false
        b.addCompletion { _ in bCompleted = true }
        a.addCompletion { _ in b.pauseAnimation() }
        a.startAnimation()
        b.startAnimation()
        engine.tick(at: 1)
        #expect(a.state == .inactive)
        #expect(!bCompleted)
        #expect(b.state == .active && !b.isRunning)
        #expect(y.presentationValue == 2)
        #expect(b.fractionComplete == 1)
    }
}
