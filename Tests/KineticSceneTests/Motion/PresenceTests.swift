// Issue 23 item 3: enter and exit transitions that survive interruption.
import Testing
import Kinetic
@testable import KineticScene
import KineticTestSupport

/// An underdamped spring (ζ ≈ 0.707) so the closed form of `KineticTestSupport` applies, and a
/// presence on it.
let testSpring = SpringTimingParameters(mass: 1, stiffness: 200, damping: 20)
/// Until where an animator's run on `testSpring` follows the closed form: the last tenth of a
/// run blends onto the end (see `SpringTimingParameters.runWindowStart`).
let closedFormEnd = SpringTimingParameters.runWindowStart * testSpring.settlingDuration
func springX(_ t: Double) -> (x: Double, v: Double) {
    springOffset(mass: 1, stiffness: 200, damping: 20, d0: 1, v0: 0, at: t)
}

@Suite("Presence")
struct PresenceTests {
    func setUp() -> (AnimationEngine, Node, Presence) {
        let engine = AnimationEngine()
        let container = Node(frame: Rect(x: 0, y: 0, width: 400, height: 800), name: "list", engine: engine)
        let presence = Presence(engine: engine, transition: .opacity, timing: .spring(testSpring), duration: 1)
        return (engine, container, presence)
    }

    @Test(arguments: [30.0, 60.0, 120.0])
    func anExitKeepsTheNodeDrawnUntilItEndsThenRemovesAndFreesIt(fps: Double) {
        let (engine, container, presence) = setUp()
        var node: Node? = Node(frame: Rect(x: 10, y: 10, width: 100, height: 40), name: "row", engine: engine)
        container.addChild(node!)
        weak let gone = node
        let animator = presence.remove(node!)!
        // Nothing moves at the call; the node is still drawn and no longer hittable.
        #expect(node!.presentation.alpha == 1 && node!.$alpha.velocity == 0)
        #expect(node!.parent === container && presence.isExiting(node!) && !presence.isPresent(node!))
        #expect(container.hitTest(Point(x: 50, y: 30)) === container)
        let end = animator.animationDuration
        var frame = 1
        while Double(frame) / fps < end {
            let t = Double(frame) / fps
            engine.tick(at: t)
            #expect(node!.parent === container)
            frame += 1
            guard t < closedFormEnd else { continue }
            // alpha = 0 + offset, the offset the spring's closed form from 1.
            #expect(abs(node!.presentation.alpha - springX(t).x) < 1e-9)
            #expect(abs(node!.$alpha.velocity - springX(t).v) < 1e-7)
        }
        engine.tick(at: end + 1e-3)
        // Really removed, its look put back for a later insert, and let go of.
        #expect(node!.parent == nil && !presence.isExiting(node!) && presence.exitingNodes.isEmpty)
        #expect(node!.alpha == 1 && node!.presentation.alpha == 1 && node!.isUserInteractionEnabled)
        node = nil
        #expect(gone == nil)
    }

    @Test(arguments: [0.05, 0.1, 0.23])
    func insertedMidExitItTurnsBackFromWhereItIsWithItsVelocity(at t1: Double) {
        let (engine, container, presence) = setUp()
        let node = Node(frame: Rect(x: 10, y: 10, width: 100, height: 40), name: "row", engine: engine)
        container.addChild(node)
        let exit = presence.remove(node)!
        engine.tick(at: t1)
        let (a, v) = node.$alpha.presentation
        #expect(v < -0.5)                          // really on its way out
        let enter = presence.insert(node, into: container)!
        #expect(enter !== exit)
        #expect(abs(node.$alpha.presentationValue - a) < 1e-12 && abs(node.$alpha.velocity - v) < 1e-12)
        #expect(presence.isPresent(node) && node.isUserInteractionEnabled)
        // Both springs run: alpha = 1 + x(t) − x(t − t1) (the exit's offset from the model 1…
        // plus the enter's), in closed form.
        for t in stride(from: t1 + 0.01, to: closedFormEnd, by: 0.037) {
            engine.tick(at: t)
            let expected = 1 + springX(t).x - springX(t - t1).x
            #expect(abs(node.presentation.alpha - expected) < 1e-9)
        }
        // The old exit ends without removing it.
        engine.tick(at: exit.animationDuration + t1 + 0.1)
        #expect(node.parent === container && node.alpha == 1 && abs(node.presentation.alpha - 1) < 1e-3)
        engine.tick(at: exit.animationDuration + t1 + 2)
        #expect(node.parent === container && node.presentation.alpha == 1 && !node.isAnimating)
    }

    @Test func anEnterStartsFromTheHiddenLookAndEndsExactlyAtThePresentOne() {
        let (engine, container, presence) = setUp()
        let node = Node(frame: Rect(x: 100, y: 100, width: 100, height: 40), name: "row", engine: engine)
        node.alpha = 0.8
        let animator = presence.insert(node, into: container, transition: PresenceTransition(alpha: 0, scale: 0.5, offset: Point(x: 0, y: 20)))!
        #expect(node.parent === container)
        #expect(node.presentation.alpha == 0)
        let m = node.presentation.transform
        #expect(abs(m.scaleX - 0.5) < 1e-12 && abs(m.translationY - 20) < 1e-12)
        #expect(node.alpha == 0.8 && node.transform == .identity)     // the model is the present look
        engine.tick(at: 0.1)
        #expect(abs(node.presentation.alpha - 0.8 * (1 - springX(0.1).x)) < 1e-9)
        engine.tick(at: animator.animationDuration + 0.01)
        #expect(node.presentation.alpha == 0.8 && node.presentation.transform == .identity)
        // Inserting a present node into its parent does nothing.
        #expect(presence.insert(node, into: container) == nil)
    }

    /// Issue 41 item 6: SwiftUI's `.move(edge:)`: hidden, the node is moved out through the edge
    /// by its own width or height; with `slide(edge:)` it also fades.
    @Test(arguments: PresenceTransition.Edge.allCases)
    func edgePresetsMoveTheNodeOutByItsOwnSize(edge: PresenceTransition.Edge) {
        let (engine, container, presence) = setUp()
        let node = Node(frame: Rect(x: 100, y: 100, width: 120, height: 40), name: "row", engine: engine)
        let expected: Point = switch edge {
        case .top: Point(x: 0, y: -40)
        case .bottom: Point(x: 0, y: 40)
        case .leading: Point(x: -120, y: 0)
        case .trailing: Point(x: 120, y: 0)
        }
        let enter = presence.insert(node, into: container, transition: .move(edge: edge))!
        let m = node.presentation.transform
        #expect(m.translationX == expected.x && m.translationY == expected.y && m.scaleX == 1)
        #expect(node.presentation.alpha == 1)                             // a move does not fade
        engine.tick(at: 0.1)
        // The enter follows the spring from the edge to the present place.
        #expect(abs(node.presentation.transform.translationX - expected.x * springX(0.1).x) < 1e-9)
        #expect(abs(node.presentation.transform.translationY - expected.y * springX(0.1).x) < 1e-9)
        engine.tick(at: enter.animationDuration + 0.2)
        #expect(node.presentation.transform == .identity)
        // Out through the same edge, fading: the exit ends at the edge, at alpha 0, and leaves.
        let t0 = enter.animationDuration + 0.2
        let exit = presence.remove(node, transition: .slide(edge: edge))!
        engine.tick(at: t0 + exit.animationDuration - 0.001)
        #expect(node.parent === container)
        let hidden = node.presentation.transform
        #expect(abs(hidden.translationX - expected.x) < 0.5 && abs(hidden.translationY - expected.y) < 0.5)
        engine.tick(at: t0 + exit.animationDuration + 0.01)
        #expect(node.parent == nil && node.transform == .identity && node.alpha == 1)
    }

    @Test func anExitReversedToItsStartLeavesTheNodePresent() {
        let (engine, container, presence) = setUp()
        let node = Node(frame: Rect(x: 10, y: 10, width: 100, height: 40), name: "row", engine: engine)
        container.addChild(node)
        let exit = presence.remove(node)!
        engine.tick(at: 0.1)
        exit.pauseAnimation()
        let a = node.presentation.alpha
        exit.isReversed = true
        exit.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        #expect(node.presentation.alpha == a)
        engine.tick(at: 3)
        #expect(exit.state == .inactive)
        #expect(node.parent === container && presence.isPresent(node) && node.isUserInteractionEnabled)
        #expect(node.alpha == 1 && node.presentation.alpha == 1)
    }

    @Test func manyInsertsAndRemovesInOneFrameStayConsistent() {
        let (engine, container, presence) = setUp()
        let nodes = (0..<10).map { Node(frame: Rect(x: 0, y: Double($0) * 50, width: 100, height: 40), name: "row\($0)", engine: engine) }
        for n in nodes { container.addChild(n) }
        engine.tick(at: 0.1)
        // One frame: remove all, bring back the even ones, remove 0 again and bring it back again,
        // insert 3 twice, remove 4 twice.
        for n in nodes { presence.remove(n) }
        for (i, n) in nodes.enumerated() where i % 2 == 0 { presence.insert(n, into: container) }
        #expect(presence.remove(nodes[0]) != nil)
        #expect(presence.insert(nodes[0], into: container) != nil)
        presence.insert(nodes[3], into: container)
        #expect(presence.insert(nodes[3], into: container) == nil)
        presence.remove(nodes[4])
        #expect(presence.remove(nodes[4]) == nil)
        let present = Set([0, 2, 3, 6, 8])
        for (i, n) in nodes.enumerated() {
            #expect(presence.isPresent(n) == present.contains(i), "row\(i)")
            #expect(n.parent === container, "row\(i) is drawn until its exit ends")
            #expect(n.presentation.alpha == 1, "nothing moved in the frame")
        }
        engine.tick(at: 5)
        for (i, n) in nodes.enumerated() {
            #expect((n.parent === container) == present.contains(i), "row\(i)")
            #expect(n.presentation.alpha == 1 && n.alpha == 1)
        }
        #expect(presence.exitingNodes.isEmpty)
        // The children kept their order.
        #expect(container.children.map(\.name) == ["row0", "row2", "row3", "row6", "row8"])
    }

    @Test func aLayoutThatSkipsExitingNodesClosesTheGapWhileTheExitPlays() {
        let (engine, container, presence) = setUp()
        let nodes = (0..<3).map { Node(frame: Rect(x: 0, y: 0, width: 100, height: 40), name: "row\($0)", engine: engine) }
        for n in nodes { container.addChild(n) }
        let layout = StackLayout(spacing: 10)
        layout.apply(to: container)
        #expect(nodes.map(\.frame.minY) == [0, 50, 100])
        let animator = presence.remove(nodes[1])!
        animator.addAnimations { layout.apply(to: container, including: presence.isPresent) }
        #expect(nodes[2].presentation.frame.minY == 100)        // no jump at the call
        engine.tick(at: 0.2)
        #expect(abs(nodes[2].presentation.frame.minY - (50 + 50 * springX(0.2).x)) < 1e-9)
        #expect(nodes[1].presentation.frame.minY == 50)         // the exiting one stays put
        engine.tick(at: 5)
        #expect(nodes[2].frame.minY == 50 && nodes[2].presentation.frame.minY == 50 && nodes[1].parent == nil)
    }

    @Test func badInputIsRejectedOrClamped() {
        let (engine, container, presence) = setUp()
        #expect(presence.insert(container, into: container) == nil)
        #expect(engine.diagnostics.count == 1)
        let t = PresenceTransition(alpha: .nan, scale: .infinity, offset: Point(x: .nan, y: 0))
        #expect(t == .identity)
        let orphan = Node(name: "orphan", engine: engine)
        #expect(presence.remove(orphan) == nil)
    }
}
