// Issue 23: the grid (matched geometry) and list (presence and layout) demos, driven by pointer
// events on a manual clock.
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

    @Test func aTappedCellFliesFromWhereTheScrolledListDrawsItToTheDetail() {
        let demo = GridDemo(engine: AnimationEngine())
        demo.listOffset.value = 140
        demo.advance(to: 0.1)
        let cell = demo.cells[7]
        #expect(cell.screenFrame() == Rect(x: 129, y: 64 + 298 - 140, width: 117, height: 117))
        demo.handle(.down(1, Point(x: 187, y: 270), at: 0.2))
        demo.handle(.up(1, Point(x: 187, y: 270), at: 0.25))
        let flight = demo.flight!
        let proxy = flight.flights[0].proxy
        #expect(flight.flights[0].source === cell && proxy.presentation.frame == cell.screenFrame())
        #expect(cell.isHidden && !demo.detail.isHidden)
        demo.advance(to: 0.4)
        let p = flight.$progress.presentationValue
        #expect(p > 0.2 && p < 1)
        #expect(proxy.presentation.frame.isApproximatelyEqual(
            to: cell.screenFrame().interpolated(to: GridDemo.detailFrame, fraction: p), tolerance: 1e-9))
        #expect(demo.backdrop.alpha == p)
        demo.advance(to: 2)
        #expect(demo.flight == nil && flight.isFinished && proxy.parent == nil)
        #expect(!cell.isHidden && !demo.detailPhoto.isHidden && demo.backdrop.alpha == 1)
        #expect(demo.detailPhoto.backgroundColor == cell.backgroundColor)
    }

    @Test func aPullDownHandsTheFingersVelocityToTheReturnFlightAndACatchHoldsIt() {
        let demo = GridDemo(engine: AnimationEngine())
        demo.handle(.down(1, Point(x: 60, y: 180), at: 0.1))             // cell 0
        demo.handle(.up(1, Point(x: 60, y: 180), at: 0.15))
        demo.advance(to: 2)
        // A pull down at 600 pt/s: the release hands −600 / 300 = −2 progress/s to the flight.
        drag(demo, from: Point(x: 187, y: 300), to: Point(x: 187, y: 390), at: 2, seconds: 0.15)
        let flight = demo.flight!
        let (p, v) = flight.$progress.presentation
        #expect(abs(v - -2) < 1e-6)
        #expect(p > 0.65 && p < 0.75)                                   // 80 to 90 pt pulled (the pan's slop)
        demo.advance(to: 2.25)
        let caughtAt = flight.$progress.presentationValue
        #expect(caughtAt < p)
        // Touch and move 12 pt: the pan begins and the flight is caught where it is (plus the
        // drag since the slop).
        demo.handle(.down(1, Point(x: 187, y: 300), at: 2.25))
        demo.handle(.move(1, Point(x: 187, y: 312), at: 2.27))
        demo.advance(to: 2.27)
        #expect(!flight.isAnimating)
        let held = flight.$progress.presentationValue
        demo.advance(to: 2.6)
        #expect(flight.$progress.presentationValue == held && flight.$progress.velocity == 0)
        // Let go without moving: the nearer end wins.
        demo.handle(.up(1, Point(x: 187, y: 312), at: 2.6))
        demo.advance(to: 5)
        #expect(demo.flight == nil && flight.isFinished)
        #expect(demo.detail.isHidden == (held <= 0.5) && demo.backdrop.alpha == (held <= 0.5 ? 0 : 1))
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
