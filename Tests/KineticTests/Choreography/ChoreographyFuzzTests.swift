import Testing
@testable import Kinetic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KineticTestSupport

/// Random sequences of the choreography calls (issue 23 items 4–6) with the invariants checked
/// after every step, in the pattern of `AnimatorFuzzTests`: timelines of curve and spring
/// entries, staggered groups and nested timelines, with callbacks; points moved along paths
/// with an orientation; the motion policy switched at any moment; a nested child's progress read
/// and written back while its parent runs (a live nesting: nothing may move).
///
/// Every entry's members have completion handlers (``TimelineEntry``): in each run each member's
/// run at most once, and exactly once unless the run was stopped outright.
///
/// After every call that may not move anything (everything but a tick, a stop, a finish, a
/// scrub to a new value and activating a reversed run), no presentation value has moved (1e-9,
/// relative); every timeline run ends with exactly one completion (none after
/// `stopAnimation(true)`); callbacks run only during ticks; every value stays finite.
///
/// 20,000 operations in the normal run; set `KINETIC_FUZZ_OPERATIONS` (and `KINETIC_FUZZ_SEED`)
/// for a campaign: `KINETIC_FUZZ_OPERATIONS=1000000 swift test -c release -Xswiftc -enable-testing --filter ChoreographyFuzz`.
@Suite("Choreography fuzzing")
struct ChoreographyFuzzTests {
    final class Run {
        var completions: [AnimatingPosition] = []
    }

    /// The members of a timeline's entries and how often each one's handler ran this run.
    final class Members {
        var entries: [TimelineEntry] = []
        var counts: [[Int]] = []

        /// Gives every member a handler for the timeline's next run (or the current one).
        func arm() {
            counts = entries.map { Array(repeating: 0, count: $0.count) }
            for (e, entry) in entries.enumerated() {
                entry.addCompletion { [unowned self] i, _ in self.counts[e][i] += 1 }
            }
        }
    }

    @Test func randomChoreographyKeepsEveryInvariant() {
        let operations = AnimatorFuzzTests.environmentInteger("KINETIC_FUZZ_OPERATIONS") ?? 20_000
        let seed = UInt64(AnimatorFuzzTests.environmentInteger("KINETIC_FUZZ_SEED") ?? 20_261_126)
        var rng = SeededGenerator(seed: seed)
        let engine = AnimationEngine()
        let items = (0..<5).map { _ in AnimatedProperty(0.0, engine: engine) }
        let point = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let angle = AnimatedProperty(0.0, engine: engine)
        var callbacks = 0
        var failures = 0, jumpsChecked = 0, runsChecked = 0, pathMoves = 0, memberChecks = 0, nestedWrites = 0
        var members = Members()
        var children: [Timeline] = []

        func fail(_ message: String) {
            failures += 1
            if failures <= 20 { Issue.record(Comment(rawValue: message)) }
        }
        func randomTiming() -> TimingParameters {
            switch rng.int(4) {
            case 0: return .cubic(.linear)
            case 1: return .cubic(.easeInOut)
            case 2: return .spring(SpringTimingParameters(dampingRatio: 0.2 + rng.unit(),
                                                          initialVelocity: Vector(x: rng.unit() * 4 - 2, y: rng.unit() * 4 - 2)))
            default: return .spring(SpringTimingParameters(mass: 1, stiffness: 50 + 300 * rng.unit(), damping: 5 + 30 * rng.unit()))
            }
        }
        func randomPath() -> BezierPath {
            switch rng.int(3) {
            case 0:
                return BezierPath.circle(center: Point(x: rng.unit() * 200, y: rng.unit() * 200), radius: rng.unit() * 100,
                                         startAngle: rng.unit() * 6)
            case 1:
                return BezierPath.cardinalSpline(through: (0..<(2 + rng.int(4))).map { _ in Point(x: rng.unit() * 300, y: rng.unit() * 300) },
                                                 tension: rng.unit())
            default:
                var path = BezierPath(start: Point(x: rng.unit() * 100, y: rng.unit() * 100))
                path.addQuadCurve(to: Point(x: rng.unit() * 300, y: rng.unit() * 300), controlPoint: Point(x: rng.unit() * 300, y: 0))
                path.addLine(to: Point(x: rng.unit() * 300, y: rng.unit() * 300))
                return path
            }
        }
        func randomBlock() -> () -> Void {
            let target = rng.unit() * 200 - 100, i = rng.int(items.count)
            if rng.int(4) == 0 {
                let path = randomPath(), turns = rng.bool()
                pathMoves += 1
                return { point.move(along: path, orientation: turns ? angle : nil) }
            }
            return { items[i].value = target }
        }
        func makeTimeline() -> Timeline {
            let timeline = Timeline(engine: engine)
            members = Members()
            children = []
            for _ in 0..<(1 + rng.int(4)) {
                switch rng.int(5) {
                case 0:
                    let targets = (0..<items.count).map { _ in rng.unit() * 100 }
                    members.entries.append(timeline.add(count: items.count, stagger: Stagger(interval: rng.unit() * 0.1, from: [.first, .last, .center][rng.int(3)]),
                                 duration: rng.unit() * 0.5, timing: randomTiming(), at: .withPrevious(offset: rng.unit() * 0.2)) { i in
                        items[i].value = targets[i]
                    })
                case 1:
                    let child = Timeline(engine: engine)
                    child.add(duration: rng.unit() * 0.4, timing: randomTiming(), animations: randomBlock())
                    child.addCallback(at: .afterPrevious) { callbacks += 1 }
                    timeline.add(child, at: .afterPrevious(by: rng.unit() * 0.1 - 0.05))
                    children.append(child)
                case 2:
                    timeline.addLabel("l", at: .withPrevious(offset: rng.unit() * 0.3))
                    timeline.addCallback(at: .label("l")) { callbacks += 1 }
                default:
                    members.entries.append(timeline.add(duration: rng.unit() * 0.6, timing: randomTiming(),
                                 at: [TimelinePosition.afterPrevious, .withPrevious, .at(rng.unit())][rng.int(3)],
                                 animations: randomBlock()))
                }
            }
            members.arm()
            timeline.scrubsLinearly = rng.int(3) == 0
            return timeline
        }
        func presentation() -> [Double] {
            items.map(\.presentationValue) + [point.presentationValue.x, point.presentationValue.y, angle.presentationValue]
        }

        var timeline = makeTimeline()
        var run = Run()
        timeline.addCompletion { [run] in run.completions.append($0) }
        // A plain animator that moves the point along paths, beside the timeline.
        var mover: PropertyAnimator?

        for step in 0..<operations {
            if timeline.state == .inactive && rng.int(8) == 0 {
                timeline = makeTimeline()
                run = Run()
                timeline.addCompletion { [run] in run.completions.append($0) }
            }
            let wasActive = timeline.state != .inactive
            let activatesReversed = !wasActive && timeline.isReversed
            var mayMove = false
            var stoppedWithoutFinishing = false
            let before = presentation()
            let callbacksBefore = callbacks
            let op = rng.int(17)
            switch op {
            case 0: timeline.startAnimation()
            case 1: timeline.startAnimation(afterDelay: rng.unit() * 0.2)
            case 2: timeline.pauseAnimation()
            case 3: timeline.isReversed.toggle()
            case 4:
                mayMove = true
                timeline.fractionComplete = rng.unit()
            case 5: timeline.fractionComplete = timeline.fractionComplete
            case 6: timeline.continueAnimation(withTimingParameters: rng.bool() ? nil : randomTiming(), durationFactor: rng.unit())
            case 7:
                mayMove = true
                stoppedWithoutFinishing = rng.bool() && wasActive
                timeline.stopAnimation(stoppedWithoutFinishing)
            case 8:
                mayMove = true
                timeline.finishAnimation(at: [.start, .end, .current][rng.int(3)])
            case 9: engine.motionPolicy = MotionPolicy.allCases[rng.int(3)]
            case 10:
                if mover?.state ?? .inactive == .inactive {
                    let path = randomPath()
                    let m = PropertyAnimator(duration: rng.unit(), timingParameters: randomTiming(), engine: engine) {
                        point.move(along: path, orientation: angle)
                    }
                    pathMoves += 1
                    m.isReversed = false
                    m.startAnimation()
                    mover = m
                }
            case 11:
                if let m = mover, m.state == .active {
                    switch rng.int(4) {
                    case 0: m.pauseAnimation()
                    case 1: m.isReversed.toggle()
                    case 2: m.continueAnimation(withTimingParameters: rng.bool() ? nil : randomTiming(), durationFactor: rng.unit())
                    default: m.startAnimation()
                    }
                }
            case 12:
                // A nested child follows its parent: its progress read back moves nothing.
                if let child = children.randomElement(using: &rng) {
                    nestedWrites += 1
                    child.fractionComplete = child.fractionComplete
                }
            default:
                mayMove = true
                engine.tick(at: engine.time + (rng.int(10) == 0 ? 0 : rng.unit() * 0.1))
            }
            if op != 4 && op < 13 && callbacks != callbacksBefore {
                fail("step \(step): op \(op) ran a callback outside a tick")
            }
            if !mayMove && !activatesReversed {
                jumpsChecked += 1
                let after = presentation()
                for (u, v) in zip(before, after) where !(abs(u - v) <= 1e-9 * Swift.max(1, abs(u))) {
                    fail("step \(step): op \(op) moved a presentation value at one instant: \(before) → \(after)")
                    break
                }
            }
            for (e, counts) in members.counts.enumerated() where counts.contains(where: { $0 > 1 }) {
                fail("step \(step): op \(op): a member of entry \(e) completed \(counts) times in one run")
            }
            if wasActive && timeline.state == .inactive {
                runsChecked += 1
                let expected = stoppedWithoutFinishing ? 0 : 1
                if run.completions.count != expected { fail("step \(step): \(run.completions.count) completions for one run (op \(op))") }
                if !stoppedWithoutFinishing {
                    for (e, counts) in members.counts.enumerated() where counts.contains(where: { $0 != 1 }) {
                        fail("step \(step): op \(op): entry \(e)'s members completed \(counts) times in a run that ended")
                    }
                }
                memberChecks += members.counts.reduce(0) { $0 + $1.count }
                members.arm()
                run = Run()
                timeline.addCompletion { [run] in run.completions.append($0) }
            } else if timeline.state != .inactive && !run.completions.isEmpty {
                fail("step \(step): a completion ran while the timeline was still \(timeline.state)")
            }
            let f = timeline.fractionComplete
            if !(f >= 0 && f <= 1) { fail("step \(step): fractionComplete \(f)") }
            let values = presentation() + items.map(\.velocity) + [point.velocity.x, point.velocity.y, angle.velocity]
            if values.contains(where: { !$0.isFinite }) { fail("step \(step): a value is not finite: \(values)") }
            if failures > 20 { break }
        }
        print("choreography fuzzing: \(operations) operations, seed \(seed), \(runsChecked) timeline runs checked, \(jumpsChecked) calls checked for jumps, \(pathMoves) path moves, \(callbacks) callbacks, \(memberChecks) member completions checked, \(nestedWrites) nested write-backs, \(failures) failures")
        #expect(failures == 0)
        #expect(runsChecked > operations / 200)
    }
}
