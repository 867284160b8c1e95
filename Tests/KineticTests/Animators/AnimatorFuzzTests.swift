import Testing
@testable import Kinetic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KineticTestSupport

/// A property-based test: random sequences of every animator operation (legal or not) and
/// clock ticks, with the invariants checked after every step.
///
/// One of them is continuity at an instant (DESIGN invariant 6): no call moves any presentation
/// value except an explicit stop or finish, a model write outside any animation, a scrub to a
/// new `fractionComplete` and a tick (time passing). Writing back the `fractionComplete` just
/// read is checked like every other call. The one documented exception: activating an
/// inactive animator whose `isReversed` is true shows its end values at once (it then runs
/// back to the start, as UIKit's does).
///
/// The calls cover UIKit's class-method family too (`animate(withDuration:…)` with options
/// including `.repeat` and `.autoreverse`, both spring variants, `runningPropertyAnimator`
/// with options, `animateKeyframes` in every calculation mode), made at the top level or
/// nested in the animation blocks that animators run; each class completion must run exactly
/// once, by the time its animator is inactive. Observers are registered and cancelled at
/// random (sometimes from inside their own call): a cancelled observer is never called again,
/// and an animator carries no observer but the live ones the fuzz holds plus, while active,
/// those of its pending class completions (nothing accumulates). A class-method call is
/// checked for jumps like every other call: none moves a presentation value at its instant.
///
/// Issue 21's calls are among them: a spring animator started reversed from its end, checked to
/// leave its end at rest over the first microsecond (a property of its own, so no other motion
/// hides a jump); durations, delays and duration factors beyond 2³² s (clamped with a
/// diagnostic, never a NaN); and a stiff undamped physics spring (ω ≈ 3.2·10⁷ rad/s) on a
/// property of its own, retargeted at random, whose phase passes the old 8·10⁸ limit of the sine
/// kernel after 25 s of the engine's clock. (Not as an animator's timing: a timeline is a
/// fraction of its run, whose last-bit changes when an animator re-anchors are ~10⁻¹³ s of a
/// 600 s run, a phase of ω·10⁻¹³ ≈ 3·10⁻⁶ rad: visible at the 1e-9 bar of the continuity check.)
///
/// 60,000 operations run in the normal test run (10–17 s in a debug build on a loaded 2-core machine). For a long campaign set
/// `KINETIC_FUZZ_OPERATIONS` (for example `KINETIC_FUZZ_OPERATIONS=5000000 swift test --filter
/// AnimatorFuzz`) and optionally `KINETIC_FUZZ_SEED`. The bar of issue 21 is a million
/// operations in a release build with 0 failures:
///
///     KINETIC_FUZZ_OPERATIONS=1000000 swift test -c release -Xswiftc -enable-testing --filter "AnimatorFuzz|PercentDrivenFuzz"
@Suite("Animator fuzzing")
struct AnimatorFuzzTests {
    /// The bookkeeping of one animator's current cycle (from inactive to inactive).
    final class Cycle {
        var open = false
        var completions: [AnimatingPosition] = []
        /// How the cycle is expected to end: nil = no completion (stopAnimation(true)).
        var expected: AnimatingPosition?? = .none
        /// The class-method completions attached to the animator in this cycle.
        var classCalls: [ClassCall] = []
        /// The observers the fuzz registered on the animator.
        var observers: [FuzzObserver] = []
    }

    /// A class-method completion handler: how many times it ran.
    final class ClassCall {
        var runs = 0
        /// `runningPropertyAnimator`'s completion is the animator's own: `stopAnimation(true)`
        /// drops it (the others then run with `finished == false`).
        var isAnimatorCompletion = false
    }

    /// An observer the fuzz registered: which list it is on, and whether it was cancelled.
    final class FuzzObserver {
        let kind: Int
        var token: ObservationToken?
        var cancelled = false
        var calledAfterCancel = false
        init(kind: Int) { self.kind = kind }
    }

    static func environmentInteger(_ name: String) -> Int? {
        guard let raw = getenv(name) else { return nil }
        return Int(String(cString: raw))
    }

    /// Every presentation component the fuzz animates: x, the point's two coordinates and the
    /// transform's decomposition (translation, rotation, scale, skew).
    static func presentation(_ x: AnimatedProperty<Double>, _ p: AnimatedProperty<Point>,
                             _ t: AnimatedProperty<AffineTransform>) -> [Double] {
        let m = t.presentationValue
        return [x.presentationValue, p.presentationValue.x, p.presentationValue.y,
                m.translationX, m.translationY, m.rotation, m.scaleX, m.scaleY, m.shear]
    }

    @Test func randomOperationsKeepEveryInvariant() {
        let operations = Self.environmentInteger("KINETIC_FUZZ_OPERATIONS") ?? 60_000
        let seed = UInt64(Self.environmentInteger("KINETIC_FUZZ_SEED") ?? 20_261_123)
        var rng = SeededGenerator(seed: seed)
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let t = AnimatedProperty(AffineTransform.identity, engine: engine)
        // Animated only by the springs op 22 starts reversed from their end.
        let r = AnimatedProperty(0.0, engine: engine)
        // Animated only by a stiff undamped physics spring (op 20): ω ≈ 3.2e7 rad/s on the
        // engine's clock, whose phase passes the sine kernel's old 8e8 limit after 25 s.
        let q = AnimatedProperty(0.0, engine: engine)
        var stiff: SpringAnimation<Double>?
        var animators: [PropertyAnimator] = []
        var cycles: [ObjectIdentifier: Cycle] = [:]
        // Every animator with a cycle, held until it is inactive and no longer ours, so that an
        // identifier is never reused by a new animator while its bookkeeping is kept.
        var held: [ObjectIdentifier: PropertyAnimator] = [:]
        var classCallsMade = 0
        var classCallsChecked = 0
        var observersRegistered = 0
        var observersCancelled = 0
        var failures = 0
        var jumpsChecked = 0
        var completionsChecked = 0
        var maxTracks = 0

        func randomTiming() -> TimingParameters {
            switch rng.int(5) {
            case 0: return .cubic(.linear)
            case 1: return .cubic(.easeInOut)
            case 2: return .cubic(CubicTimingParameters(controlPoint1: Point(x: rng.unit(), y: rng.unit() * 3 - 1),
                                                       controlPoint2: Point(x: rng.unit(), y: rng.unit() * 3 - 1)))
            case 3: return .spring(SpringTimingParameters(dampingRatio: 0.2 + rng.unit(),
                                                          initialVelocity: Vector(x: rng.unit() * 4 - 2, y: rng.unit() * 4 - 2)))
            default: return .spring(SpringTimingParameters(mass: 1, stiffness: 50 + 300 * rng.unit(), damping: 5 + 30 * rng.unit()))
            }
        }
        func randomOptions() -> AnimationOptions {
            var options = AnimationOptions()
            let all: [AnimationOptions] = [.repeat, .autoreverse, .beginFromCurrentState, .allowUserInteraction,
                                           .overrideInheritedDuration, .overrideInheritedCurve, .overrideInheritedOptions]
            // `.repeat` (forever) is rarer than the others: such animations only end when stopped.
            for option in all where rng.int(option == .repeat ? 12 : 4) == 0 { options.formUnion(option) }
            options.formUnion([.curveEaseInOut, .curveEaseIn, .curveEaseOut, .curveLinear][rng.int(4)])
            return options
        }
        func keyframeOptions() -> AnimationOptions {
            randomOptions().union([.calculationModeLinear, .calculationModeDiscrete, .calculationModePaced,
                                   .calculationModeCubic, .calculationModeCubicPaced][rng.int(5)])
        }
        /// Makes one of the class-method calls, with a fresh completion registered on the
        /// animator it returns (the one its handler is attached to).
        func classCall(_ kind: Int, _ duration: Double, _ delay: Double, _ options: AnimationOptions,
                       _ block: @escaping () -> Void) {
            let call = ClassCall()
            let handler: (Bool) -> Void = { _ in call.runs += 1 }
            let returned: PropertyAnimator
            switch kind {
            case 0: returned = engine.animate(withDuration: duration, delay: delay, options: options,
                                              animations: block, completion: handler)
            case 1: returned = engine.animate(withDuration: duration, delay: delay, usingSpringWithDamping: 0.2 + duration,
                                              initialSpringVelocity: delay * 4 - 0.5, options: options,
                                              animations: block, completion: handler)
            case 2: returned = engine.animate(springDuration: duration, bounce: delay * 2 - 0.3, delay: delay,
                                              options: options, animations: block, completion: handler)
            case 3: returned = PropertyAnimator.runningPropertyAnimator(withDuration: duration, delay: delay, options: options,
                                                                        animations: block,
                                                                        completion: { _ in call.runs += 1 }, engine: engine)
            default: returned = engine.animateKeyframes(withDuration: duration, delay: delay, options: options,
                                                        animations: block, completion: handler)
            }
            classCallsMade += 1
            call.isAnimatorCompletion = kind == 3
            let id = ObjectIdentifier(returned)
            if held[id] == nil { register(returned) }
            cycles[id]!.classCalls.append(call)
        }
        func randomBlock() -> () -> Void {
            let choice = rng.int(4)
            let a = rng.unit() * 400 - 200, b = rng.unit() * 400 - 200
            let keyframed = rng.int(4) == 0
            let start = rng.unit(), length = rng.unit()
            // Sometimes the change is a class-method animation nested in the block.
            let nested = rng.int(8) == 0 ? rng.int(5) : -1
            let nestedDuration = rng.int(8) == 0 ? 0 : 0.05 + rng.unit() * 2, nestedDelay = rng.int(3) == 0 ? rng.unit() * 0.3 : 0
            let nestedOptions = nested == 4 ? keyframeOptions() : randomOptions()
            let keyframes = (0..<(1 + rng.int(3))).map { _ in (rng.unit(), rng.unit(), rng.unit() * 400 - 200) }
            return {
                let change = {
                    switch choice {
                    case 0: x.value = a
                    case 1: p.value = Point(x: a, y: b)
                    case 2: t.value = t.value.concatenating(AffineTransform(rotationAngle: a / 50))
                    default: x.value += a; p.value = Point(x: b, y: a)
                    }
                }
                if nested == 4 {
                    classCall(4, nestedDuration, nestedDelay, nestedOptions) {
                        for (s, d, v) in keyframes {
                            engine.addKeyframe(withRelativeStartTime: s, relativeDuration: d) {
                                x.value = v
                                p.value = Point(x: v, y: -v)
                            }
                        }
                    }
                } else if nested >= 0 {
                    classCall(nested, nestedDuration, nestedDelay, nestedOptions, change)
                } else if keyframed {
                    engine.addKeyframe(withRelativeStartTime: start, relativeDuration: length, animations: change)
                } else {
                    change()
                }
            }
        }
        /// A duration or delay at or beyond the longest honoured (2³² s): clamped, reported.
        func hugeSeconds() -> Double {
            [1e308, .greatestFiniteMagnitude, AnimationEngine.maximumDuration, 1e12, 4.3e9][rng.int(5)]
        }
        /// A timing for a run of 2³² s: a curve, or a spring with no initial velocity. (A spring
        /// fitted to 2³² s has ω₀ ≈ 10⁻⁹ rad/s; an initial velocity of 2 distances per second
        /// throws it 10⁹ distances out, exactly as the closed form says, but the sum of such
        /// offsets then carries rounding noise above the continuity check's 1e-9 bar.)
        func hugeRunTiming() -> TimingParameters {
            switch rng.int(3) {
            case 0: return .cubic(.easeInOut)
            case 1: return .cubic(.linear)
            default: return .spring(SpringTimingParameters(dampingRatio: 0.2 + rng.unit()))
            }
        }
        func randomFraction() -> Double {
            switch rng.int(10) {
            case 0: return .nan
            case 1: return -rng.unit()
            case 2: return 1 + rng.unit()
            default: return rng.unit()
            }
        }
        func makeAnimator() -> PropertyAnimator {
            let huge = rng.int(40) == 0
            let duration = huge ? hugeSeconds() : rng.int(8) == 0 ? 0 : 0.05 + rng.unit() * 2
            let a = PropertyAnimator(duration: duration, timingParameters: huge ? hugeRunTiming() : randomTiming(),
                                     engine: engine, animations: rng.bool() ? randomBlock() : nil)
            a.scrubsLinearly = rng.int(3) != 0
            a.pausesOnCompletion = rng.int(5) == 0
            a.isInterruptible = rng.int(10) != 0
            if rng.int(4) == 0 {
                a.repeatCount = [1.5, 2, 3, 0.5][rng.int(4)]
                a.autoreverses = rng.bool()
            }
            register(a)
            return a
        }
        func register(_ a: PropertyAnimator) {
            let cycle = Cycle()
            cycles[ObjectIdentifier(a)] = cycle
            held[ObjectIdentifier(a)] = a
            addCycleCompletion(a, cycle)
        }
        func addCycleCompletion(_ a: PropertyAnimator, _ cycle: Cycle) {
            a.addCompletion { position in cycle.completions.append(position) }
        }
        func fail(_ message: String) {
            failures += 1
            if failures <= 20 { Issue.record(Comment(rawValue: message)) }
        }

        for step in 0..<operations {
            if animators.count < 4 && rng.int(20) == 0 { animators.append(makeAnimator()) }
            // Keep some of the animators the class methods return (at most 6 held in all).
            if animators.count < 6, rng.int(10) == 0,
               let b = engine.animators.first(where: { b in !animators.contains(where: { $0 === b }) }) {
                animators.append(b)
            }
            // The animators we hold, and those only the engine holds (dropped while active):
            // an app may still reach those through a property or a gesture.
            var candidates = animators
            for b in engine.animators where !candidates.contains(where: { $0 === b }) { candidates.append(b) }
            // Animators a class-method call nested in a block started (the block ran inside an
            // animator's call or tick): they get a cycle like the others.
            for b in candidates where held[ObjectIdentifier(b)] == nil { register(b) }
            guard !candidates.isEmpty else { continue }
            // Class animations that repeat forever never end on their own: past 10 active
            // animators the op is a stop of one of the engine's (so tracks stay bounded).
            let crowded = engine.animators.count > 10
            let a = crowded ? engine.animators[rng.int(engine.animators.count)] : candidates[rng.int(candidates.count)]
            let cycle = cycles[ObjectIdentifier(a)]!
            let wasActive = a.state != .inactive
            let activatesReversed = !wasActive && a.isReversed
            var endedBy: AnimatingPosition?? = .none    // set when this op may end the cycle
            var mayMove = false                         // set for the ops allowed to move values
            let before = Self.presentation(x, p, t) + [r.presentationValue, q.presentationValue]
            let stateBefore = "\(a.state) running \(a.isRunning) reversed \(a.isReversed) fraction \(a.fractionComplete) linear \(a.scrubsLinearly)"
            let op = crowded ? 4 : rng.int(24)
            switch op {
            case 0, 1: a.startAnimation()
            case 2: a.startAnimation(afterDelay: rng.int(4) == 0 ? .nan : rng.unit() * 0.3)
            case 3: a.pauseAnimation()
            case 4:
                mayMove = true
                let withoutFinishing = rng.bool()
                a.stopAnimation(withoutFinishing)
                if withoutFinishing { endedBy = .some(nil) }
            case 5:
                let position: AnimatingPosition = [.start, .end, .current][rng.int(3)]
                a.finishAnimation(at: position)
                endedBy = .some(position)
                mayMove = true
            case 6:
                let f = randomFraction()
                mayMove = !f.isNaN                      // a scrub to a new value moves; NaN is rejected
                a.fractionComplete = f
            case 7: a.isReversed.toggle()
            case 8: a.continueAnimation(withTimingParameters: rng.bool() ? nil : randomTiming(),
                                        durationFactor: rng.int(5) == 0 ? -1 : rng.unit() * 2)
            case 9: a.addAnimations(randomBlock(), delayFactor: rng.int(3) == 0 ? randomFraction() : 0)
            case 10: a.pausesOnCompletion.toggle()
            case 11: a.scrubsLinearly.toggle()
            case 12:
                // A jump outside any animation block.
                mayMove = true
                x.value = rng.unit() * 100
            case 13:
                if rng.int(8) == 0, let index = animators.firstIndex(where: { $0 === a }) {
                    animators.remove(at: index)     // drop our reference; the engine may keep it
                }
            case 14:
                // Writing back what was read changes nothing, in every state and mode.
                a.fractionComplete = a.fractionComplete
            case 17 where rng.bool():
                // Media timing: a new speed (some invalid) re-anchors without a jump.
                a.speed = [0.25, 0.5, 2, 3, rng.unit() * 4, 0, -1, .nan][rng.int(8)]
            case 17:
                // Repeats (rejected unless inactive), some fractional, rarely forever.
                a.repeatCount = rng.int(16) == 0 ? .infinity : [0, 1, 1.5, 2, 3, 0.4, rng.unit() * 3][rng.int(7)]
                a.autoreverses = rng.bool()
            case 18:
                // Open timing: continue on a user's provider, composed (spring for the point).
                let provider: TimingCurve
                switch rng.int(3) {
                case 0: provider = TimingCurve(cubic: .easeOut, spring: SpringTimingParameters(dampingRatio: 0.3 + rng.unit()))
                case 1: provider = TimingCurve(cubic: .linear,
                                               spring: SpringTimingParameters(mass: 1, stiffness: 50 + 300 * rng.unit(), damping: 5 + 30 * rng.unit()))
                default: provider = TimingCurve(animationCurve: .easeIn)
                }
                a.continueAnimation(withTimingParameters: provider, durationFactor: rng.int(5) == 0 ? -1 : rng.unit() * 2)
            case 19:
                // UIKit's class-method family at the top level: animate (cubic curve, spring,
                // iOS 17 spring), runningPropertyAnimator, animateKeyframes in a calculation mode,
                // with random options (repeat and autoreverse among them).
                let kind = rng.int(5)
                let duration = rng.int(8) == 0 ? 0 : 0.05 + rng.unit() * 2
                let delay = rng.int(3) == 0 ? rng.unit() * 0.3 : 0
                let options = kind == 4 ? keyframeOptions() : randomOptions()
                if kind == 4 {
                    let keyframes = (0..<(1 + rng.int(4))).map { _ in (rng.unit(), rng.unit(), rng.unit() * 400 - 200) }
                    let rotation = rng.unit() - 0.5
                    classCall(4, duration, delay, options) {
                        for (s, d, v) in keyframes {
                            engine.addKeyframe(withRelativeStartTime: s, relativeDuration: d) {
                                x.value = v
                                p.value = Point(x: -v, y: v / 2)
                                t.value = t.value.concatenating(AffineTransform(rotationAngle: rotation))
                            }
                        }
                    }
                } else {
                    classCall(kind, duration, delay, options, randomBlock())
                }
            case 21:
                // Observers: register one (state, running, reversed or fraction), or cancel one
                // (sometimes twice); some cancel themselves from inside their own call.
                if rng.int(3) != 0 || cycle.observers.isEmpty {
                    let observer = FuzzObserver(kind: rng.int(4))
                    let selfCancelling = rng.int(6) == 0
                    let body: () -> Void = {
                        if observer.cancelled { observer.calledAfterCancel = true }
                        if selfCancelling { observer.cancelled = true; observer.token?.cancel() }
                    }
                    switch observer.kind {
                    case 0: observer.token = a.observeState { _ in body() }
                    case 1: observer.token = a.observeRunning { _ in body() }
                    case 2: observer.token = a.observeReversed { _ in body() }
                    default: observer.token = a.observeFractionComplete { _ in body() }
                    }
                    cycle.observers.append(observer)
                    observersRegistered += 1
                } else {
                    let index = rng.int(cycle.observers.count)
                    let observer = cycle.observers[index]
                    observer.cancelled = true
                    observer.token?.cancel()
                    if rng.bool() { observer.token?.cancel() }
                    cycle.observers.remove(at: index)
                    observersCancelled += 1
                }
                if cycle.observers.count > 12 {
                    let oldest = cycle.observers.removeFirst()
                    oldest.cancelled = true
                    oldest.token?.cancel()
                    observersCancelled += 1
                }
            case 22 where rng.int(4) == 0:
                // Issue 21: a spring animator started reversed from its end shows its end at once
                // (documented), then leaves it at rest: 1 µs later r has moved by less than 1e-9
                // of the distance (it moved 0.1 % when the spring's timeline was cut short).
                mayMove = true
                let free = r.tracks.isEmpty
                let distance = rng.unit() * 400 - 200
                let spring: TimingParameters = rng.bool()
                    ? .spring(SpringTimingParameters(mass: 0.5 + 4 * rng.unit(), stiffness: 50 + 800 * rng.unit(), damping: 2 + 30 * rng.unit()))
                    : .spring(SpringTimingParameters(dampingRatio: 0.1 + rng.unit()))
                let b = PropertyAnimator(duration: 0.05 + rng.unit() * 2, timingParameters: spring, engine: engine) { r.value += distance }
                register(b)
                if animators.count < 6 { animators.append(b) }
                b.isReversed = true
                b.startAnimation()
                let shown = r.presentationValue
                engine.tick(at: engine.time + 1e-6)
                if free && !(abs(r.presentationValue - shown) <= 1e-9 * Swift.max(1, abs(distance))) {
                    fail("step \(step): a spring started reversed from its end moved \(r.presentationValue - shown) of \(distance) in 1 µs")
                }
            case 20 where rng.int(6) == 0:
                // Issue 21: the stiff undamped spring, retargeted (additively: no jump) or restarted
                // from where q is (no jump either).
                let target = rng.unit() * 400 - 200
                // (An undamped spring's tracks never end: a few retargets, then a fresh start.)
                if let s = stiff, s.isRunning, q.tracks.count < 6, rng.int(4) != 0 {
                    s.target = target
                } else {
                    stiff?.stop()
                    let s = SpringAnimation(property: q, spring: SpringTimingParameters(mass: 1e-6, stiffness: 1e9, damping: 0),
                                            target: target)
                    s.start()
                    stiff = s
                }
                if !(abs(q.presentationValue) <= 1e5) { fail("step \(step): the stiff spring is at \(q.presentationValue)") }
            case 23:
                // Issue 21: durations, delays and duration factors beyond 2³² s are clamped (a
                // diagnostic), never a NaN: a class animation, a delayed start, a continuation.
                switch rng.int(3) {
                case 0: classCall(rng.bool() ? 0 : 3, hugeSeconds(), 0, randomOptions(), randomBlock())   // cubic curves
                case 1: a.startAnimation(afterDelay: hugeSeconds())
                default: a.continueAnimation(withTimingParameters: hugeRunTiming(), durationFactor: hugeSeconds())
                }
            default:
                mayMove = true
                let dt = rng.int(10) == 0 ? 0 : rng.unit() * 0.1
                engine.tick(at: engine.time + dt)
            }

            if !mayMove && !activatesReversed {
                jumpsChecked += 1
                let after = Self.presentation(x, p, t) + [r.presentationValue, q.presentationValue]
                for (u, v) in zip(before, after) where !(abs(u - v) <= 1e-9 * Swift.max(1, abs(u))) {
                    fail("step \(step): op \(op) moved a presentation value at one instant (\(stateBefore)): \(before) → \(after)")
                    break
                }
            }

            // A cycle that ended: by the op itself, or by a tick completing it.
            for b in candidates {
                guard let c = cycles[ObjectIdentifier(b)] else { continue }
                if b.state != .inactive { c.open = true; continue }
                guard c.open || (b === a && wasActive) else { continue }
                // It ended. stopAnimation(true) runs nothing; anything else runs the handler once.
                let stoppedWithoutFinishing = b === a && endedBy == .some(nil)
                if stoppedWithoutFinishing {
                    if !c.completions.isEmpty { fail("step \(step): a completion ran after stopAnimation(true)") }
                } else if c.completions.count != 1 {
                    fail("step \(step): \(c.completions.count) completions for one cycle (op \(op))")
                } else if b === a, case .some(.some(let position)) = endedBy, c.completions[0] != position {
                    fail("step \(step): finished at \(position) but the completion heard \(c.completions[0])")
                }
                completionsChecked += 1
                // Every class-method completion attached in the cycle has run, exactly once.
                for call in c.classCalls {
                    classCallsChecked += 1
                    if call.runs != (call.isAnimatorCompletion && stoppedWithoutFinishing ? 0 : 1) { fail("step \(step): a class-method completion ran \(call.runs) times in one cycle (op \(op))") }
                }
                c.classCalls.removeAll()
                c.open = false
                c.completions.removeAll()
                addCycleCompletion(b, c)
            }
            for (id, b) in held {
                guard let c = cycles[id] else { continue }
                for call in c.classCalls where call.runs > 1 {
                    fail("step \(step): a class-method completion ran \(call.runs) times")
                }
                // Nothing accumulates: the only observers are the fuzz's live ones, plus the
                // state observers of class completions still pending on an active animator.
                var live = [0, 0, 0, 0]
                for o in c.observers {
                    if o.calledAfterCancel { fail("step \(step): an observer was called after it was cancelled") }
                    if !o.cancelled { live[o.kind] += 1 }
                }
                c.observers.removeAll { $0.cancelled }
                let pending = b.state == .inactive ? 0 : c.classCalls.filter { $0.runs == 0 }.count
                if b.observers.running.count != live[1] || b.observers.reversed.count != live[2]
                    || b.observers.fraction.count != live[3] || b.observers.state.count > live[0] + pending
                    || (b.state == .inactive && b.observers.state.count != live[0]) {
                    fail("step \(step): \(b.observers.state.count) state, \(b.observers.running.count) running, \(b.observers.reversed.count) reversed, \(b.observers.fraction.count) fraction observers, \(live) live, \(pending) pending class calls (\(b.state))")
                }
            }
            // Forget the animators nobody can reach any more (inactive and not ours).
            for (id, b) in held where b.state == .inactive && !animators.contains(where: { $0 === b }) {
                held[id] = nil
                cycles[id] = nil
            }
            for b in animators {
                if let c = cycles[ObjectIdentifier(b)], b.state != .inactive, !c.completions.isEmpty {
                    fail("step \(step): a completion ran while the animator was still \(b.state)")
                }
                if b.state != .active && b.isRunning { fail("step \(step): running while \(b.state)") }
                let f = b.fractionComplete
                if !(f >= 0 && f <= 1) { fail("step \(step): fractionComplete \(f)") }
                if b.state == .inactive && (x.hasTracks(of: b) || p.hasTracks(of: b) || t.hasTracks(of: b) || r.hasTracks(of: b)) {
                    fail("step \(step): an inactive animator still has tracks")
                }
            }
            let values = [x.presentationValue, x.velocity, x.value,
                          p.presentationValue.x, p.presentationValue.y, p.velocity.x, p.velocity.y,
                          t.presentationValue.rotation, t.velocity.rotation, r.presentationValue, r.velocity,
                          q.presentationValue, q.velocity]
            if values.contains(where: { !$0.isFinite }) { fail("step \(step): a value is not finite: \(values)") }
            if engine.animators.isEmpty {
                if x.presentationValue != x.value || p.presentationValue != p.value || t.presentationValue != t.value
                    || r.presentationValue != r.value {
                    fail("step \(step): presentation differs from the model with every animator inactive")
                }
            }
            maxTracks = max(maxTracks, x.tracks.count + p.tracks.count + t.tracks.count + r.tracks.count)
            if failures > 20 { break }
        }
        print("animator fuzzing: \(operations) operations, seed \(seed), \(completionsChecked) cycles checked, \(jumpsChecked) calls checked for jumps, \(classCallsMade) class-method calls (\(classCallsChecked) completions checked), \(observersRegistered) observers registered and \(observersCancelled) cancelled, at most \(maxTracks) tracks, \(failures) failures")
        #expect(failures == 0)
        #expect(completionsChecked > operations / 100)
        #expect(classCallsChecked > operations / 1000)
    }
}
