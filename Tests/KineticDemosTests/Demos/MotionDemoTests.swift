// Issue 23: the list demo (presence and layout), driven by pointer events on a manual clock (the
// grid demo's tests are in GridDemoTests.swift).
import Testing
import Kinetic
import KineticHost
import KineticScene
@testable import KineticDemos
import KineticTestSupport

@Suite("Motion demos")
struct MotionDemoTests {
    /// Sends a pointer moving from `from` to `to` over `seconds` (a move every 1/60 s), released
    /// while moving.
    func drag(_ demo: some HostedScene, from: Point, to: Point, at t0: Double, seconds: Double) {
        demo.advance(to: t0)
        demo.handle(.down(1, from, at: t0))
        let steps = Int((seconds * 60).rounded())
        for i in 1...steps {
            let t = t0 + Double(i) / 60
            demo.advance(to: t)
            demo.handle(.move(1, from + (to - from) * (Double(i) / Double(steps)), at: t))
        }
        demo.handle(.up(1, to, at: t0 + seconds))
    }

    @Test func aRowRemovedAndBroughtBackMidExitTurnsAroundAndTheListsEndExactlyLaidOut() {
        let demo = ListDemo(engine: AnimationEngine())
        let todo = demo.lists[0]
        let first = demo.rows(of: todo)[0]
        demo.advance(to: 0.1)
        demo.removeTop()
        #expect(demo.presence.isExiting(first) && first.parent === todo)
        demo.advance(to: 0.2)
        let (alpha, velocity) = first.$alpha.presentation
        #expect(alpha < 1 && velocity < 0)
        demo.undo()
        #expect(demo.presence.isPresent(first))
        #expect(abs(first.$alpha.presentationValue - alpha) < 1e-12 && abs(first.$alpha.velocity - velocity) < 1e-9)
        demo.add()
        demo.shuffle()
        demo.toggle(demo.rows(of: todo)[2])
        demo.advance(to: 5)
        for list in demo.lists {
            let rows = demo.rows(of: list)
            let frames = ListDemo.layout.frames(for: rows.map { _ in Size(width: 351, height: ListDemo.rowHeight) })
            #expect(rows.map(\.presentation.frame) == frames)
            #expect(rows.allSatisfy { $0.presentation.alpha == 1 && $0.presentation.transform == .identity })
        }
        #expect(demo.rows(of: todo).count == 4 && demo.rows(of: demo.lists[1]).count == 2)
        #expect(demo.presence.exitingNodes.isEmpty)
    }
}
