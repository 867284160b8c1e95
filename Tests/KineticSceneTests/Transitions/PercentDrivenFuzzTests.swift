// Issue 21: the percent-driven driver's calls at random, with continuity after every call.
import Testing
import Kinetic
@testable import KineticScene
import KineticTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Random push and pop transitions driven by a `PercentDrivenInteractiveTransition`: interactive
/// or animated starts, the built-in (interruptible) transition or one whose animator is not
/// interruptible, and at random `update` (some NaN or out of range), `pause`, `finish`,
/// `cancel`, the animator's `stopAnimation(true)` followed by `addAnimations`, and ticks. After
/// every call but a tick, a scrub and the start of a transition (which places the incoming
/// screen, a model write outside any animation) no presentation value may move. Every
/// transition that is not abandoned (`stopAnimation(true)` drops the controller's completion, so
/// it never completes, as in UIKit) completes exactly once; an abandoned one's scene is dropped
/// after a few more calls. It found that `pause()` after `stopAnimation(true)` of a cancelling
/// run showed the end values (the inactive animator was still reversed).
///
/// The grid and the detail share a match id, so about half the pushes and pops are matched
/// (`push(_:matchingGeometry:)`): the flight is driven by the transition's animator, so every
/// driver call above drives it too, and it must end with its transition, leaving no proxy and
/// no hidden end. The motion policy is switched at random (a call that moves nothing).
///
/// 4,000 operations in the normal test run; `KINETIC_FUZZ_OPERATIONS` (read by the animator
/// fuzz too) sets the count, `KINETIC_FUZZ_SEED` the seed.
@Suite("Percent-driven transition fuzzing")
struct PercentDrivenFuzzTests {
    final class Delegate: NavigationStackDelegate {
        let interaction = PercentDrivenInteractiveTransition()
        var rigid = false
        func navigationStack(_ stack: NavigationStack, animationControllerFor operation: NavigationOperation,
                             from: Screen, to: Screen) -> (any AnimatedTransitioning)? {
            rigid ? RigidPop() : nil
        }
        func navigationStack(_ stack: NavigationStack,
                             interactionControllerFor animationController: any AnimatedTransitioning) -> (any InteractiveTransitioning)? {
            interaction
        }
    }

    static func environmentInteger(_ name: String) -> Int? {
        guard let raw = getenv(name) else { return nil }
        return Int(String(cString: raw))
    }

    @Test func randomDriverCallsNeverJumpAndEveryTransitionEnds() {
        let operations = Self.environmentInteger("KINETIC_FUZZ_OPERATIONS") ?? 4_000
        var rng = SeededGenerator(seed: UInt64(Self.environmentInteger("KINETIC_FUZZ_SEED") ?? 20_261_126))
        var failures = 0, jumpsChecked = 0, transitions = 0, completed = 0, abandoned = 0
        func fail(_ message: String) {
            failures += 1
            if failures <= 20 { Issue.record(Comment(rawValue: message)) }
        }
        var (engine, _, stack, grid, detail) = twoScreens()
        var delegate = Delegate()
        stack.delegate = delegate
        /// A cell on the grid and a photo on the detail with one match id.
        func addMatch() -> (cell: Node, photo: Node) {
            let cell = Node(frame: Rect(x: 20, y: 130, width: 100, height: 100), name: "cell", engine: engine)
            let photo = Node(frame: Rect(x: 0, y: 200, width: 400, height: 400), name: "photo", engine: engine)
            cell.matchID = "photo"; photo.matchID = "photo"
            grid.node.addChild(cell); detail.node.addChild(photo)
            return (cell, photo)
        }
        var (cell, photo) = addMatch()
        var flights = 0, policyChanges = 0
        var runs: [Int] = []                  // completion count of each transition of this scene
        var open = -1                         // the transition in flight (index into runs), if any
        var dropped = false                   // its completion was dropped by stopAnimation(true)
        var opsSinceDrop = 0
        func presentation() -> [Double] {
            var values = [grid.node.presentation.center.x, detail.node.presentation.center.x,
                          grid.node.presentation.center.y, detail.node.presentation.center.y]
            if let proxy = stack.matchedGeometry?.flights.first?.proxy {
                let f = proxy.screenFrame()
                values += [f.minX, f.minY, f.width, f.height]
            }
            return values
        }
        for step in 0..<operations {
            if dropped {
                opsSinceDrop += 1
                if opsSinceDrop > 8 {
                    // Abandon the scene. (It is not freed: the stack and its context hold each
                    // other until the transition completes, which it never will. Reported.)
                    engine.invalidate()
                    (engine, _, stack, grid, detail) = twoScreens()
                    delegate = Delegate()
                    stack.delegate = delegate
                    (cell, photo) = addMatch()
                    runs = []; open = -1; dropped = false; opsSinceDrop = 0
                    abandoned += 1
                    continue
                }
            }
            let before = presentation()
            var mayMove = false
            var call = "start"
            let animatorBefore = delegate.interaction.animator.map { "\($0.state) running \($0.isRunning) reversed \($0.isReversed)" } ?? "none"
            if open < 0 || stack.transition == nil {
                if open >= 0 && !dropped && runs[open] != 1 { fail("step \(step): transition \(open) completed \(runs[open]) times") }
                if open >= 0 && !dropped { completed += 1 }
                // Start a transition: pop when the detail is on top, else push it back.
                mayMove = true
                delegate.rigid = rng.int(4) == 0
                delegate.interaction.wantsInteractiveStart = rng.int(4) != 0
                let index = runs.count
                runs.append(0)
                open = index
                dropped = false
                transitions += 1
                let matched = rng.bool()
                if stack.screens.count == 2 {
                    _ = stack.pop(matchingGeometry: matched) { _ in runs[index] += 1 }
                } else {
                    _ = stack.push(detail, matchingGeometry: matched) { _ in runs[index] += 1 }
                }
                if stack.matchedGeometry != nil { flights += 1 }
            } else {
                let driver = delegate.interaction
                let choice = rng.int(10)
                call = ["update", "update", "pause", "finish", "cancel", "stop(true) + addAnimations", "tick", "tick", "tick", "policy"][choice]
                switch choice {
                case 9:
                    engine.motionPolicy = MotionPolicy.allCases[rng.int(3)]
                    policyChanges += 1
                case 0, 1:
                    mayMove = true                // a scrub to a new percentage moves
                    driver.update(rng.int(10) == 0 ? .nan : rng.unit() * 1.4 - 0.2)
                case 2: driver.pause()
                case 3: driver.finish()
                case 4: driver.cancel()
                case 5 where rng.int(3) == 0:
                    if let a = driver.animator, a.state == .active {
                        a.stopAnimation(true)
                        if a.state == .inactive { dropped = true }
                        a.addAnimations { detail.node.center.x = 100 + 400 * rng.unit() }
                    }
                default:
                    mayMove = true
                    engine.tick(at: engine.time + (rng.int(8) == 0 ? 1e-6 : rng.unit() * 0.08))
                }
            }
            if !mayMove {
                jumpsChecked += 1
                let after = presentation()
                for (u, v) in zip(before, after) where !(abs(u - v) <= 1e-9 * Swift.max(1, abs(u))) {
                    fail("step \(step): \(call) (animator \(animatorBefore), rigid \(delegate.rigid)) moved a presentation value at one instant: \(before) → \(after)")
                    break
                }
            }
            for v in presentation() where !v.isFinite { fail("step \(step): a value is not finite") }
            // A matched flight ends with its transition: no proxy, no hidden end once it is over.
            if stack.transition == nil && !dropped {
                if stack.matchedGeometry != nil { fail("step \(step): \(call) left a flight after its transition") }
                if cell.isHidden || photo.isHidden || stack.container.children.contains(where: { $0.name.hasSuffix(".flight") }) {
                    fail("step \(step): \(call) left a proxy or a hidden end")
                }
            }
            if failures > 20 { break }
        }
        print("percent-driven fuzzing: \(operations) operations, \(transitions) transitions (\(flights) matched), \(completed) completed, \(abandoned) abandoned, \(policyChanges) policy changes, \(jumpsChecked) calls checked for jumps, \(failures) failures")
        #expect(failures == 0)
        #expect(completed > transitions / 4)
        #expect(flights > transitions / 4)
    }
}
