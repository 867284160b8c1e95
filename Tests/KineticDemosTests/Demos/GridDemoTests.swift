// Issue 41, item 1: the grid demo as two screens of a NavigationStack joined by a matched push
// and pop: the push's flight on the cubic animator, the pull-down pop scrubbed by the pan and
// released either way, and a flight caught mid-way; driven by pointer events on a manual clock.
import Testing
import Kinetic
import KineticHost
import KineticScene
@testable import KineticDemos
import KineticTestSupport

@Suite("Grid demo")
struct GridDemoTests {
    /// The demo with its clock: `run(to:)` ticks at 60 Hz and records the flight channel.
    final class Run {
        let demo = GridDemo(engine: AnimationEngine())
        var t = 0.0
        /// (time, flight.progress presentation) at every tick.
        var samples: [(Double, Double)] = []
        var progress: Double { demo.channels[1].sample().presentation }

        func run(to end: Double, each: (() -> Void)? = nil) {
            while t < end - 1e-9 {
                t = Swift.min(t + 1.0 / 60, end)
                demo.advance(to: t)
                samples.append((t, progress))
                each?()
            }
        }
        func tap(_ p: Point) {
            demo.handle(.down(1, p, at: t))
            demo.handle(.up(1, p, at: t))
        }
        /// A pointer down at `from`, moved to `to` over `seconds` (one move a tick), released
        /// after `hold` seconds still, or not at all.
        func drag(from: Point, to: Point, seconds: Double, hold: Double = 0, release: Bool = true,
                  each: ((Point) -> Void)? = nil) {
            demo.handle(.down(1, from, at: t))
            let steps = Int((seconds * 60).rounded())
            for i in 1...steps {
                run(to: t + 1.0 / 60)
                let p = from + (to - from) * (Double(i) / Double(steps))
                demo.handle(.move(1, p, at: t))
                each?(p)
            }
            if hold > 0 { run(to: t + hold) }
            if release { demo.handle(.up(1, to, at: t)) }
        }
        /// The largest change of the flight channel between two ticks. Without input the push's
        /// ease-in-out peaks at 3.9 progress/s, 0.065 a tick; with input a tick also holds the
        /// pointer move before it (1,000 pt/s is 0.056) and the release spring's pick-up: 0.12.
        var largestStep: Double {
            zip(samples, samples.dropFirst()).map { abs($1.1 - $0.1) }.max() ?? 0
        }
        var onDetail: Bool {
            let d = demo
            return !d.stack.isTransitioning && d.stack.topScreen === d.detailScreen && d.detail.parent != nil
                && d.gridScreen.node.parent == nil && !d.detailPhoto.isHidden && d.backdrop.alpha == 1 && progress == 1
        }
        var onGrid: Bool {
            let d = demo
            return !d.stack.isTransitioning && d.stack.screens.count == 1 && d.detail.parent == nil
                && d.gridScreen.node.parent != nil && !d.cells[d.selected].isHidden && d.backdrop.alpha == 0 && progress == 0
        }
    }

    static let curve = CubicTimingParameters(animationCurve: GridDemo.curve)

    @Test func aTapPushesTheDetailAndThePhotoFliesOnTheCubicCurveFromTheScrolledCell() throws {
        let r = Run()
        let demo = r.demo
        demo.listOffset.value = 140
        r.run(to: 0.1)
        let cell = demo.cells[7]
        #expect(cell.screenFrame() == Rect(x: 129, y: 64 + 298 - 140, width: 117, height: 117))
        r.run(to: 0.25)
        r.tap(Point(x: 187, y: 270))
        let flight = try #require(demo.flight)
        let proxy = flight.flights[0].proxy
        #expect(demo.stack.transition?.operation == .push && flight.driver != nil)
        #expect(flight.flights[0].source === cell && proxy.presentation.frame == cell.screenFrame())
        #expect(cell.isHidden && demo.detailPhoto.isHidden)
        // Every tick of the push: the flight's progress and the backdrop are the ease-in-out
        // curve at the time fraction, the proxy between the cell and the photo.
        var worst = 0.0, ticks = 0
        r.run(to: 0.25 + GridDemo.duration - 1e-6) {
            let fraction = (r.t - 0.25) / GridDemo.duration
            let expected = GridDemoTests.curve.progress(at: fraction)
            worst = Swift.max(worst, abs(flight.fractionComplete - expected), abs(demo.backdrop.presentation.alpha - expected))
            #expect(proxy.presentation.frame.isApproximatelyEqual(
                to: cell.screenFrame().interpolated(to: GridDemo.detailFrame, fraction: flight.fractionComplete), tolerance: 1e-9))
            ticks += 1
        }
        #expect(worst < 1e-9 && ticks == 27)
        #expect(demo.stack.isTransitioning && flight.fractionComplete > 0.99)
        r.run(to: 0.25 + GridDemo.duration + 0.02)
        #expect(demo.flight == nil && flight.isFinished && proxy.parent == nil && r.onDetail)
        #expect(demo.detailPhoto.backgroundColor == cell.backgroundColor && demo.stack.screens.count == 2)
        #expect(r.largestStep < 0.07)
    }

    @Test func aPullDownScrubsThePopAndAReleaseUpCancelsItAReleaseDownFinishesIt() throws {
        let r = Run()
        let demo = r.demo
        r.run(to: 0.1)
        r.tap(Point(x: 60, y: 180))                                    // cell 0
        r.run(to: 1)
        #expect(r.onDetail)
        // Pull down 120 pt and hold: the pop's flight follows the finger, a point at a time.
        var began: (y: Double, toward: Double)?
        var scrubError = 0.0
        r.drag(from: Point(x: 187, y: 300), to: Point(x: 187, y: 420), seconds: 0.5, release: false) { p in
            guard let flight = demo.flight else { return }
            #expect(demo.stack.transition?.operation == .pop && demo.stack.transition?.isInteractive == true)
            guard let b = began else { began = (p.y, demo.towardDetail); return }
            let expected = b.toward - (p.y - b.y) / GridDemo.dismissDistance
            scrubError = Swift.max(scrubError, abs(demo.towardDetail - expected), abs(1 - flight.fractionComplete - expected),
                                   abs(demo.backdrop.presentation.alpha - expected))
        }
        #expect(scrubError < 1e-9)
        let pulled = r.progress
        #expect(pulled > 0.6 && pulled < 0.7)                           // 110 pt past the pan's slop
        r.run(to: r.t + 0.3)
        #expect(r.progress == pulled && demo.stack.isTransitioning)     // held: it stays under the finger
        // Flick up: the pop is cancelled, the photo flies back onto the detail, carrying the flick.
        r.drag(from: Point(x: 187, y: 420), to: Point(x: 187, y: 360), seconds: 0.1, release: false)
        let flight = try #require(demo.flight)
        let beforeRelease = r.progress
        demo.handle(.up(1, Point(x: 187, y: 360), at: r.t))
        #expect(r.progress == beforeRelease)                            // no jump at the release
        #expect(flight.$progress.velocity < -1)                         // toward the detail (the pop's progress falls)
        r.run(to: r.t + 1)
        #expect(r.onDetail && flight.isFinished)
        // Pull down again and flick: the pop finishes on the grid cell, with the finger's speed.
        r.drag(from: Point(x: 187, y: 300), to: Point(x: 187, y: 390), seconds: 0.15, release: false)
        let home = try #require(demo.flight)
        demo.handle(.up(1, Point(x: 187, y: 390), at: r.t))
        #expect(abs(home.$progress.velocity - 600 / GridDemo.dismissDistance) < 1e-6)   // 600 pt/s down
        r.run(to: r.t + 1.5)
        #expect(r.onGrid && home.isFinished && home.flights[0].proxy.parent == nil)
        #expect(r.largestStep < 0.12)
    }

    @Test func aFlightCaughtMidPushHoldsStillThenAThrowEitherWayLands() throws {
        let r = Run()
        let demo = r.demo
        r.run(to: 0.1)
        r.tap(Point(x: 60, y: 180))                                     // cell 0
        r.run(to: 0.1 + 0.2)
        let flight = try #require(demo.flight)
        let before = r.progress
        #expect(before > 0.2 && before < 0.8 && demo.stack.transition?.isInteractive == false)
        // Touch the flying photo and move 12 pt: the pan begins and catches it where it is drawn.
        demo.handle(.down(1, Point(x: 187, y: 300), at: r.t))
        demo.handle(.move(1, Point(x: 187, y: 312), at: r.t))
        #expect(demo.stack.transition?.isInteractive == true && r.progress == before)
        r.run(to: r.t + 0.3)
        #expect(r.progress == before && demo.flight === flight)         // held still
        // Drag it 60 pt down: the push is scrubbed back by 60 / 300.
        for i in 1...6 {
            r.run(to: r.t + 1.0 / 60)
            demo.handle(.move(1, Point(x: 187, y: 312 + 10 * Double(i)), at: r.t))
        }
        #expect(abs(r.progress - (before - 0.2)) < 1e-9)
        r.run(to: r.t + 0.1)
        // Let go still: the nearer end, the grid, wins; the push is cancelled.
        demo.handle(.up(1, Point(x: 187, y: 372), at: r.t))
        r.run(to: r.t + 1.5)
        #expect(r.onGrid && flight.isFinished && demo.stack.screens.count == 1)

        // Again, caught and thrown up: the push lands on the detail.
        r.tap(Point(x: 60, y: 180))
        r.run(to: r.t + 0.15)
        let again = try #require(demo.flight)
        let caughtAt = r.progress
        r.drag(from: Point(x: 187, y: 400), to: Point(x: 187, y: 300), seconds: 0.1)
        #expect(again.isAnimating && r.progress > caughtAt)
        r.run(to: r.t + 1.5)
        #expect(r.onDetail && again.isFinished)

        // And a pop caught after its release, thrown back up: cancelled, on the detail again.
        r.drag(from: Point(x: 187, y: 300), to: Point(x: 187, y: 450), seconds: 0.15)
        r.run(to: r.t + 0.05)
        let pop = try #require(demo.flight)
        #expect(demo.stack.transition?.operation == .pop && pop.isAnimating)
        let released = r.progress
        demo.handle(.down(1, Point(x: 187, y: 400), at: r.t))
        demo.handle(.move(1, Point(x: 187, y: 388), at: r.t))
        #expect(r.progress == released && !pop.isAnimating)
        r.drag(from: Point(x: 187, y: 388), to: Point(x: 187, y: 300), seconds: 0.1)
        r.run(to: r.t + 1.5)
        #expect(r.onDetail && pop.isFinished)
        #expect(r.largestStep < 0.12)
    }
}
