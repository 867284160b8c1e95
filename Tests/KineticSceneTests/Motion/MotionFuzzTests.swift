// Issue 23 items 1-3: presence, layout and matched-geometry calls at random, with continuity
// checked after every call.
import Testing
import Kinetic
@testable import KineticScene
import KineticTestSupport

/// Rows inserted and removed by a `Presence` in two containers (some transitions scaling and
/// sliding), laid out by a `StackLayout` in animation blocks, moved to the other container
/// mid-flight, their animators paused, reversed and continued; containers scrolled on
/// animators; and a matched-geometry flight between two other nodes started, caught, scrubbed
/// back to what was read, thrown with a velocity and reversed, or driven by an animator of its
/// own (which the animator calls pause, reverse, continue and share with presence blocks, and
/// which is scrubbed, stopped outright or finished where it is); ticks at 30, 60 and 120 Hz and
/// at random steps. A flight must end with its driver and leave no proxy or hidden end behind.
///
/// After every call but a tick, no row, end or proxy may move on screen and — except for the
/// calls that may stop a velocity (a pause, a continuation on a curve) — no velocity may
/// change; the one exempt value is a row just inserted from outside the tree (it was not
/// drawn) and a proxy just created. After every step each row is where the presence says
/// (present in the container it was last inserted into, or exiting and still drawn, or gone),
/// and nothing on screen is NaN.
///
/// 5,000 operations in the normal test run (about 10 s in a debug build); `KINETIC_FUZZ_OPERATIONS` sets the count,
/// `KINETIC_FUZZ_SEED` the seed.
@Suite("Motion fuzzing")
struct MotionFuzzTests {
    struct Snapshot {
        var position: [Double] = []
        var velocity: [Double] = []
    }

    @Test func randomPresenceLayoutAndFlightCallsNeverJump() {
        let operations = PercentDrivenFuzzTests.environmentInteger("KINETIC_FUZZ_OPERATIONS") ?? 5_000
        var rng = SeededGenerator(seed: UInt64(PercentDrivenFuzzTests.environmentInteger("KINETIC_FUZZ_SEED") ?? 23_2026))
        var failures = 0
        var checks = 0
        func fail(_ message: String) {
            failures += 1
            if failures <= 20 { Issue.record(Comment(rawValue: message)) }
        }
        let engine = AnimationEngine()
        let root = Node(frame: Rect(x: 0, y: 0, width: 400, height: 800), name: "root", engine: engine)
        let containers = (0..<2).map { Node(frame: Rect(x: Double($0) * 200, y: 50, width: 200, height: 700), name: "c\($0)", engine: engine) }
        let ends = (0..<2).map { Node(frame: Rect(x: Double($0) * 150, y: 400 - Double($0) * 300, width: 250, height: 300), name: "e\($0)", engine: engine) }
        for c in containers + ends { root.addChild(c) }
        let cell = Node(frame: Rect(x: 10, y: 10, width: 60, height: 60), name: "cell", engine: engine)
        let photo = Node(frame: Rect(x: 0, y: 50, width: 250, height: 200), name: "photo", engine: engine)
        cell.matchID = "m"; photo.matchID = "m"
        cell.backgroundColor = Color(red: 1, green: 0.5, blue: 0); cell.cornerRadius = 8
        photo.backgroundColor = Color(red: 0, green: 0.5, blue: 1)
        ends[0].addChild(cell); ends[1].addChild(photo)
        let rows = (0..<8).map { Node(frame: Rect(x: 0, y: 0, width: 180, height: 40), name: "row\($0)", engine: engine) }
        let presence = Presence(engine: engine, transition: .scaleAndFade, timing: .spring(testSpring), duration: 1)
        let transitions: [PresenceTransition] = [.opacity, .scaleAndFade, .slide(Point(x: 0, y: 30)), .identity]
        var expected: [Int?] = Array(repeating: nil, count: rows.count)
        var exitCount = Array(repeating: 0, count: rows.count)
        var animators: [PropertyAnimator] = []
        var flight: MatchedGeometryTransition?
        var time = 0.0
        let layout = StackLayout(spacing: 4, origin: Point(x: 10, y: 10))
        let spring = TimingParameters.spring(testSpring)

        func containerIndex(_ node: Node?) -> Int? { containers.firstIndex { $0 === node } }
        func snapshot() -> Snapshot {
            var s = Snapshot()
            for n in rows + [cell, photo] + (flight?.flights.map(\.proxy) ?? []) where n.parent != nil {
                let f = n.screenFrame(), p = n.presentation
                s.position += [f.minX, f.minY, f.width, f.height, p.alpha, p.transform.scaleX]
                let v = n.screenCenterVelocity
                s.velocity += [v.x, v.y, n.$alpha.velocity]
            }
            if let flight {
                s.velocity.append(flight.$progress.velocity)
                s.position.append(flight.$progress.presentationValue)
            }
            return s
        }
        func same(_ a: [Double], _ b: [Double], tolerance: Double) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance * Swift.max(1, abs($0)) }
        }
        func keep(_ a: PropertyAnimator?) {
            guard let a else { return }
            if !animators.contains(where: { $0 === a }) { animators.append(a) }

        }

        for step in 0..<operations {
            let before = snapshot()
            var checkPosition = true, checkVelocity = true
            var op = rng.int(12)
            var label = ""
            switch op {
            case 0, 1, 2:
                op = 0
                let dt = [1.0 / 30, 1.0 / 60, 1.0 / 120, rng.unit() * 0.08][rng.int(4)]
                time += dt
                while animators.count > 12 {
                    // Let a forgotten paused animator finish, so tracks do not pile up.
                    let old = animators.removeFirst()
                    if old.state == .active, !old.isRunning { old.continueAnimation(withTimingParameters: nil, durationFactor: 0) }
                }
                engine.tick(at: time)
                checkPosition = false; checkVelocity = false
                label = "tick \(time)"
            case 3:
                let i = rng.int(rows.count)
                let row = rows[i]
                let t = transitions[rng.int(transitions.count)]
                let shared = rng.int(3) == 0 ? animators.last : nil
                // A block added to a running animator starts on its timing's slope there.
                if shared != nil { checkVelocity = false }
                label = "remove row\(i)"
                if let a = presence.remove(row, transition: t, animator: shared) {
                    exitCount[i] += 1
                    let mine = exitCount[i]
                    a.addCompletion { _ in
                        // An exit reversed to its start leaves the row present.
                        if exitCount[i] == mine, presence.isPresent(row) { expected[i] = containerIndex(row.parent) }
                    }
                    expected[i] = nil
                    keep(a)
                }
            case 4:
                let i = rng.int(rows.count), c = rng.int(2)
                let row = rows[i]
                label = "insert row\(i) into c\(c)"
                let wasDrawn = row.parent != nil
                let moves = wasDrawn && row.parent !== containers[c]
                let shared = rng.int(3) == 0 ? animators.last : nil
                if moves || shared != nil { checkVelocity = false }
                // A row that was not drawn appears at its hidden look: leave it out.
                let a = presence.insert(row, into: containers[c], at: rng.int(4), transition: transitions[rng.int(transitions.count)],
                                        animator: shared)
                keep(a)
                expected[i] = c
                if !wasDrawn {
                    let after = snapshot()
                    // Compare everything but the new row's entries (rows are listed in order).
                    let drawnBefore = rows[..<i].filter { $0.parent != nil }.count
                    var p = after.position, v = after.velocity
                    p.removeSubrange(drawnBefore * 6..<drawnBefore * 6 + 6)
                    v.removeSubrange(drawnBefore * 3..<drawnBefore * 3 + 3)
                    checks += 1
                    if !same(before.position, p, tolerance: 1e-9) || !same(before.velocity, v, tolerance: 1e-6) {
                        fail("step \(step): \(label) moved another node")
                    }
                    checkPosition = false; checkVelocity = false
                }
            case 5:
                let c = rng.int(2)
                label = "layout c\(c)"
                let a = PropertyAnimator(duration: 1, timingParameters: spring, engine: engine) {
                    layout.apply(to: containers[c], including: presence.isPresent)
                }
                a.startAnimation()
                keep(a)
            case 6:
                guard let a = animators.randomElement(using: &rng) else { continue }
                label = "pause"
                if a.isRunning { a.pauseAnimation() }
                checkVelocity = false
            case 7:
                guard let a = animators.randomElement(using: &rng), a.state == .active, !a.isRunning else { continue }
                label = "continue"
                if rng.bool() { a.isReversed.toggle() }
                a.continueAnimation(withTimingParameters: rng.bool() ? nil : .cubic(.easeOut), durationFactor: rng.unit())
                checkVelocity = false
            case 8:
                let k = rng.int(4)
                let node = (containers + ends)[k]
                label = "scroll \(node.name)"
                let a = PropertyAnimator(duration: 0.4, timingParameters: spring, engine: engine) {
                    node.bounds.origin.y = (rng.unit() - 0.5) * 200
                }
                a.startAnimation()
                keep(a)
            case 9:
                // A present row moved to the other container mid-flight, laid out there.
                guard let i = (0..<rows.count).filter({ presence.isPresent(rows[$0]) }).randomElement(using: &rng) else { continue }
                let row = rows[i], c = 1 - (containerIndex(row.parent) ?? 0)
                label = "move row\(i) to c\(c)"
                let a = PropertyAnimator(duration: 1, timingParameters: spring, engine: engine) {
                    row.move(to: containers[c], at: 0)
                    layout.apply(to: containers[c], including: presence.isPresent)
                }
                a.startAnimation()
                keep(a)
                expected[i] = c
                checkVelocity = false              // the containers may move at other speeds
            default:
                if flight == nil || flight!.isFinished {
                    label = "new flight"
                    let f = MatchedGeometryTransition(from: ends[0], to: ends[1], overlay: root, spring: testSpring)
                    if rng.int(3) == 0 {
                        // Driven by an animator of its own timing, which the animator ops above
                        // then pause, reverse, continue and share with presence blocks.
                        label = "new flight driven"
                        let a = PropertyAnimator(duration: 0.3 + rng.unit(), timingParameters: rng.bool() ? spring : .cubic(.easeInOut),
                                                 engine: engine)
                        f.animate(with: a)
                        a.startAnimation()
                        keep(a)
                    } else if rng.bool() { f.startAnimation() } else { f.fractionComplete = rng.unit() }
                    // Compare the rows and the ends; the proxy is new.
                    let after = snapshot()
                    let kept = rows.filter { $0.parent != nil }.count * 6 + 12
                    checks += 1
                    if !same(Array(before.position.prefix(kept)), Array(after.position.prefix(kept)), tolerance: 1e-9) {
                        fail("step \(step): a new flight moved something")
                    }
                    flight = f
                    checkPosition = false; checkVelocity = false
                } else if let f = flight, let driver = f.driver as? PropertyAnimator {
                    switch rng.int(3) {
                    case 0:
                        // No completion: the flight ends at the next tick, nothing moves now.
                        label = "flight driver stopped"
                        if driver.state == .active { driver.stopAnimation(true) }
                        checkVelocity = false
                    case 1:
                        label = "flight driver finished where it is"
                        if driver.state == .active { driver.stopAnimation(false) }
                        if driver.state == .stopped { driver.finishAnimation(at: .current) }
                        if !f.isFinished { fail("step \(step): \(label) left the flight running") }
                        checkPosition = false; checkVelocity = false
                    default:
                        label = "flight driver scrubbed"
                        if driver.state == .active, driver.isRunning { driver.pauseAnimation() }
                        if driver.state != .stopped { driver.fractionComplete = rng.unit() }
                        checkPosition = false; checkVelocity = false
                    }
                } else if let f = flight {
                    switch rng.int(5) {
                    case 0:
                        label = "flight pause"
                        f.pause()
                        checkVelocity = false
                    case 1:
                        label = "flight reverse"
                        f.reverse()

                    case 2:
                        let v = (rng.unit() - 0.5) * 10
                        let toEnd = rng.bool()
                        label = "flight continue \(toEnd) \(v)"
                        let remaining = (toEnd ? 1 : 0) - f.$progress.presentationValue
                        f.continueAnimation(toEnd: toEnd, progressVelocity: v)
                        checkVelocity = false
                        // Within the clamp the velocity handed on is the one given.
                        if abs(remaining) > 1e-6, abs(v / remaining) < MatchedGeometryTransition.maximumRelativeVelocity,
                           abs(f.$progress.velocity - v) > 1e-6 * Swift.max(1, abs(v)) {
                            fail("step \(step): \(label) gave velocity \(f.$progress.velocity)")
                        }
                    case 3:
                        label = "flight write back"
                        if !f.isAnimating { f.fractionComplete = f.fractionComplete }
                    default:
                        label = "flight scrub"
                        f.fractionComplete = rng.unit()
                        checkPosition = false; checkVelocity = false
                    }
                }
            }
            // Continuity.
            if checkPosition || checkVelocity {
                let after = snapshot()
                checks += 1
                if checkPosition, !same(before.position, after.position, tolerance: 1e-9) {
                    fail("step \(step): \(label) moved a presentation value")
                }
                if checkVelocity, !same(before.velocity, after.velocity, tolerance: 1e-6) {
                    fail("step \(step): \(label) changed a velocity")
                }
            }
            // Consistency.
            for (i, row) in rows.enumerated() {
                if let c = expected[i] {
                    if !(presence.isPresent(row) && row.parent === containers[c]) {
                        fail("step \(step) after \(label): row\(i) should be present in c\(c)")
                        expected[i] = containerIndex(row.parent)
                    }
                } else if presence.isExiting(row) {
                    if row.parent == nil { fail("step \(step) after \(label): row\(i) exiting but not drawn") }
                } else if row.parent != nil, !presence.isPresent(row) {
                    fail("step \(step) after \(label): row\(i) in a bad state")
                } else if row.parent != nil {
                    expected[i] = containerIndex(row.parent)
                }
            }
            // A flight ends with its driver, and an ended flight leaves nothing behind.
            if let f = flight {
                if !f.isFinished, let d = f.driver, d.state == .inactive, op == 0 {
                    fail("step \(step) after \(label): the flight outlived its driver")
                }
                if f.isFinished, f.flights.contains(where: { $0.proxy.parent != nil || $0.source.isHidden || $0.destination.isHidden }) {
                    fail("step \(step) after \(label): a finished flight left a proxy or a hidden end")
                }
            }
            if snapshot().position.contains(where: { !$0.isFinite }) { fail("step \(step): \(label) left a NaN on screen") }
        }
        #expect(failures == 0)
        #expect(checks > operations / 3)
        print("Motion fuzz: \(operations) operations, \(checks) continuity checks, \(failures) failures")
    }
}
