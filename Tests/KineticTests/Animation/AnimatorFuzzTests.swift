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
/// 100,000 operations run in the normal test run. For a long campaign set
/// `KINETIC_FUZZ_OPERATIONS` (for example `KINETIC_FUZZ_OPERATIONS=5000000 swift test --filter
/// AnimatorFuzz`) and optionally `KINETIC_FUZZ_SEED`.
@Suite("Animator fuzzing")
struct AnimatorFuzzTests {
    /// The bookkeeping of one animator's current cycle (from inactive to inactive).
    final class Cycle {
        var open = false
        var completions: [AnimatingPosition] = []
        /// How the cycle is expected to end: nil = no completion (stopAnimation(true)).
        var expected: AnimatingPosition?? = .none
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
        let operations = Self.environmentInteger("KINETIC_FUZZ_OPERATIONS") ?? 100_000
        let seed = UInt64(Self.environmentInteger("KINETIC_FUZZ_SEED") ?? 20_261_123)
        var rng = SeededGenerator(seed: seed)
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let t = AnimatedProperty(AffineTransform.identity, engine: engine)
        var animators: [PropertyAnimator] = []
        var cycles: [ObjectIdentifier: Cycle] = [:]
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
        func randomBlock() -> () -> Void {
            let choice = rng.int(4)
            let a = rng.unit() * 400 - 200, b = rng.unit() * 400 - 200
            let keyframed = rng.int(4) == 0
            let start = rng.unit(), length = rng.unit()
            return {
                let change = {
                    switch choice {
                    case 0: x.value = a
                    case 1: p.value = Point(x: a, y: b)
                    case 2: t.value = t.value.concatenating(AffineTransform(rotationAngle: a / 50))
                    default: x.value += a; p.value = Point(x: b, y: a)
                    }
                }
                if keyframed {
                    engine.addKeyframe(withRelativeStartTime: start, relativeDuration: length, animations: change)
                } else {
                    change()
                }
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
            let a = PropertyAnimator(duration: rng.int(8) == 0 ? 0 : 0.05 + rng.unit() * 2, timingParameters: randomTiming(),
                                     engine: engine, animations: rng.bool() ? randomBlock() : nil)
            a.scrubsLinearly = rng.int(3) != 0
            a.pausesOnCompletion = rng.int(5) == 0
            a.isInterruptible = rng.int(10) != 0
            if rng.int(4) == 0 {
                a.repeatCount = [1.5, 2, 3, 0.5][rng.int(4)]
                a.autoreverses = rng.bool()
            }
            let cycle = Cycle()
            cycles[ObjectIdentifier(a)] = cycle
            addCycleCompletion(a, cycle)
            return a
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
            // The animators we hold, and those only the engine holds (dropped while active):
            // an app may still reach those through a property or a gesture.
            var candidates = animators
            for b in engine.animators where !candidates.contains(where: { $0 === b }) { candidates.append(b) }
            guard !candidates.isEmpty else { continue }
            let a = candidates[rng.int(candidates.count)]
            let cycle = cycles[ObjectIdentifier(a)]!
            let wasActive = a.state != .inactive
            let activatesReversed = !wasActive && a.isReversed
            var endedBy: AnimatingPosition?? = .none    // set when this op may end the cycle
            var mayMove = false                         // set for the ops allowed to move values
            let before = Self.presentation(x, p, t)
            let stateBefore = "\(a.state) running \(a.isRunning) reversed \(a.isReversed) fraction \(a.fractionComplete) linear \(a.scrubsLinearly)"
            let op = rng.int(19)
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
            default:
                mayMove = true
                let dt = rng.int(10) == 0 ? 0 : rng.unit() * 0.1
                engine.tick(at: engine.time + dt)
            }

            if !mayMove && !activatesReversed {
                jumpsChecked += 1
                let after = Self.presentation(x, p, t)
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
                c.open = false
                c.completions.removeAll()
                addCycleCompletion(b, c)
            }
            for b in animators {
                if let c = cycles[ObjectIdentifier(b)], b.state != .inactive, !c.completions.isEmpty {
                    fail("step \(step): a completion ran while the animator was still \(b.state)")
                }
                if b.state != .active && b.isRunning { fail("step \(step): running while \(b.state)") }
                let f = b.fractionComplete
                if !(f >= 0 && f <= 1) { fail("step \(step): fractionComplete \(f)") }
                if b.state == .inactive && (x.hasTracks(of: b) || p.hasTracks(of: b) || t.hasTracks(of: b)) {
                    fail("step \(step): an inactive animator still has tracks")
                }
            }
            let values = [x.presentationValue, x.velocity, x.value,
                          p.presentationValue.x, p.presentationValue.y, p.velocity.x, p.velocity.y,
                          t.presentationValue.rotation, t.velocity.rotation]
            if values.contains(where: { !$0.isFinite }) { fail("step \(step): a value is not finite: \(values)") }
            if engine.animators.isEmpty {
                if x.presentationValue != x.value || p.presentationValue != p.value || t.presentationValue != t.value {
                    fail("step \(step): presentation differs from the model with every animator inactive")
                }
            }
            maxTracks = max(maxTracks, x.tracks.count + p.tracks.count + t.tracks.count)
            if failures > 20 { break }
        }
        print("animator fuzzing: \(operations) operations, seed \(seed), \(completionsChecked) cycles checked, \(jumpsChecked) calls checked for jumps, at most \(maxTracks) tracks, \(failures) failures")
        #expect(failures == 0)
        #expect(completionsChecked > operations / 100)
    }
}
