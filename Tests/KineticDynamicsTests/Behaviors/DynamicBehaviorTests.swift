// The behaviour tree: actions run once per step in tree order, willMove brackets membership, children join and leave with their parent.
import Testing
import Kinetic
import KineticDynamics

final class RecordingBehavior: DynamicBehavior {
    var moves: [String] = []
    override func willMove(to animator: DynamicAnimator?) { moves.append(animator == nil ? "out" : "in") }
}

@Suite struct DynamicBehaviorTests {
    @Test func actionsRunOncePerStepInTreeOrder() {
        let h = DynamicsHarness()
        var order: [String] = []
        let parent = DynamicBehavior(), child = DynamicBehavior(), second = DynamicBehavior()
        parent.action = { order.append("parent") }
        child.action = { order.append("child") }
        second.action = { order.append("second") }
        parent.addChildBehavior(child)
        h.animator.addBehavior(parent)
        h.animator.addBehavior(second)
        h.animator.addBehavior(GravityBehavior(items: [square(at: .zero)]))   // keeps it running
        h.run(until: 0.1, rate: 30)                                            // 12 steps in 3 frames
        #expect(order.count == 36)
        #expect(Array(order.prefix(3)) == ["parent", "child", "second"])
    }

    /// The animator skips its action pass while no behaviour has an action: an action set after
    /// the behaviour joined runs from the next step, one cleared stops, and one set by another
    /// action during a step runs in that same step (later in tree order), as when every step
    /// looked at every behaviour.
    @Test func actionsSetAfterJoiningRunFromTheNextStep() {
        let h = DynamicsHarness()
        var log: [String] = []
        let first = DynamicBehavior(), second = DynamicBehavior()
        h.animator.addBehavior(first)
        h.animator.addBehavior(second)
        h.animator.addBehavior(GravityBehavior(items: [square(at: .zero)]))   // keeps it running
        h.run(until: 0.05, rate: 60)                                           // 6 steps, no actions
        #expect(log.isEmpty)
        first.action = { log.append("first") }
        h.run(until: 0.1, rate: 60)                                            // 6 more steps
        #expect(log == Array(repeating: "first", count: 6))
        log.removeAll()
        first.action = {
            log.append("first")
            second.action = { log.append("second") }
            first.action = nil
        }
        h.run(until: 0.15, rate: 60)
        #expect(log == ["first"] + Array(repeating: "second", count: 6))
        log.removeAll()
        second.action = nil
        h.run(until: 0.2, rate: 60)
        #expect(log.isEmpty)
    }

    @Test func willMoveBracketsMembershipOfTheWholeTree() {
        let h = DynamicsHarness()
        let parent = RecordingBehavior(), child = RecordingBehavior(), late = RecordingBehavior()
        parent.addChildBehavior(child)
        h.animator.addBehavior(parent)
        parent.addChildBehavior(late)
        #expect(late.dynamicAnimator === h.animator)
        parent.removeChildBehavior(late)
        #expect(late.dynamicAnimator == nil)
        h.animator.removeBehavior(parent)
        #expect(parent.moves == ["in", "out"] && child.moves == ["in", "out"] && late.moves == ["in", "out"])
        #expect(child.dynamicAnimator == nil)
    }

    @Test func childItemsAreSimulatedWhileTheParentIsIn() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 100, y: 100))
        let parent = DynamicBehavior()
        parent.addChildBehavior(GravityBehavior(items: [item]))
        h.animator.addBehavior(parent)
        h.run(until: 0.2)
        #expect(item.center.y > 110)
        #expect(h.animator.items(in: Rect(x: 0, y: 0, width: 320, height: 640)).count == 1)
        h.animator.removeBehavior(parent)
        #expect(h.animator.items(in: Rect(x: 0, y: 0, width: 320, height: 640)).isEmpty)
    }
}
