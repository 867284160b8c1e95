// Issue 23 item 1: matched geometry flights as animators.
import Testing
import Kinetic
@testable import KineticScene
import KineticTestSupport

@Suite("Matched geometry")
struct MatchedGeometryTests {
    /// A grid (scrollable: its bounds origin is the scroll offset) holding a cell, and a detail
    /// screen holding a photo with the same match id, in one root that is the overlay.
    struct Setup {
        let engine = AnimationEngine()
        let root: Node, grid: Node, cell: Node, detail: Node, photo: Node
        init() {
            root = Node(frame: Rect(x: 0, y: 0, width: 400, height: 800), name: "root", engine: engine)
            grid = Node(frame: Rect(x: 0, y: 100, width: 400, height: 700), name: "grid", engine: engine)
            cell = Node(frame: Rect(x: 20, y: 30, width: 100, height: 100), name: "cell", engine: engine)
            cell.matchID = "photo3"
            cell.cornerRadius = 12
            cell.backgroundColor = Color(red: 1, green: 0, blue: 0)
            detail = Node(frame: Rect(x: 0, y: 0, width: 400, height: 800), name: "detail", engine: engine)
            photo = Node(frame: Rect(x: 0, y: 200, width: 400, height: 400), name: "photo", engine: engine)
            photo.matchID = "photo3"
            photo.backgroundColor = Color(red: 0, green: 0, blue: 1)
            root.addChild(grid); grid.addChild(cell)
            root.addChild(detail); detail.addChild(photo)
        }
        /// The cell's and photo's frames on screen before any scroll.
        static let a = Rect(x: 20, y: 130, width: 100, height: 100)
        static let b = Rect(x: 0, y: 200, width: 400, height: 400)
        func flight() -> MatchedGeometryTransition {
            MatchedGeometryTransition(from: grid, to: detail, overlay: root, spring: testSpring)
        }
    }

    func near(_ r: Rect, _ s: Rect, _ tolerance: Double = 1e-9) -> Bool { r.isApproximatelyEqual(to: s, tolerance: tolerance) }

    @Test(arguments: [30.0, 60.0, 120.0])
    func aFlightFollowsTheSpringBetweenTheFramesAndLandsExactly(fps: Double) {
        let s = Setup()
        let flight = s.flight()
        #expect(flight.flights.count == 1)
        let proxy = flight.flights[0].proxy
        #expect(proxy.parent === s.root && s.cell.isHidden && s.photo.isHidden)
        #expect(near(proxy.presentation.frame, Setup.a))                 // drawn where the cell was
        #expect(proxy.presentation.cornerRadius == 12)
        flight.startAnimation()
        #expect(near(proxy.presentation.frame, Setup.a))                 // nothing moves at the call
        let end = flight.spring.settlingDuration
        var frame = 1
        while Double(frame) / fps < closedFormEnd {
            let t = Double(frame) / fps
            s.engine.tick(at: t)
            let p = 1 - springX(t).x                                      // progress from 0 to 1
            #expect(near(proxy.presentation.frame, Setup.a.interpolated(to: Setup.b, fraction: p)))
            let q = min(max(p, 0), 1)
            #expect(abs(proxy.presentation.cornerRadius - 12 * (1 - q)) < 1e-9)
            #expect(abs(proxy.presentation.backgroundColor.blue - q) < 1e-9)
            // The reported velocity is the line between the ends times the progress velocity.
            let dp = -springX(t).v
            #expect(flight.velocity.isApproximatelyEqual(to: (Setup.b.center - Setup.a.center) * dp, tolerance: 1e-6))
            frame += 1
        }
        s.engine.tick(at: end - 1e-3)
        #expect(near(proxy.presentation.frame, Setup.b, 1e-2))
        s.engine.tick(at: end + 1e-3)
        #expect(flight.isFinished && proxy.parent == nil && !s.cell.isHidden && !s.photo.isHidden)
        #expect(flight.progress == 1 && flight.$progress.presentationValue == 1)
    }

    @Test func theDestinationIsReReadEachFrameWhileItsContainerSlides() {
        let s = Setup()
        let flight = s.flight()
        let proxy = flight.flights[0].proxy
        flight.startAnimation()
        s.engine.tick(at: 0.05)
        // The detail screen slides down 100 pt on a linear animator, as a navigation push would.
        let slide = PropertyAnimator(duration: 0.2, curve: .linear, engine: s.engine) { s.detail.center.y += 100 }
        slide.startAnimation()
        #expect(near(proxy.presentation.frame, Setup.a.interpolated(to: Setup.b, fraction: 1 - springX(0.05).x)))
        for t in [0.1, 0.15, 0.2] {
            s.engine.tick(at: t)
            let b = Setup.b.offsetBy(0, 100 * (t - 0.05) / 0.2)
            #expect(near(proxy.presentation.frame, Setup.a.interpolated(to: b, fraction: 1 - springX(t).x)))
        }
        s.engine.tick(at: flight.spring.settlingDuration - 1e-3)
        #expect(near(proxy.presentation.frame, Setup.b.offsetBy(0, 100), 1e-2))
    }

    @Test func aFlightReversedAfterTheGridScrolledReturnsToWhereTheCellIsNow() {
        let s = Setup()
        let flight = s.flight()
        let proxy = flight.flights[0].proxy
        var positions: [AnimatingPosition] = []
        flight.addCompletion { positions.append($0) }
        flight.startAnimation()
        s.engine.tick(at: 0.1)
        // Scroll the grid by 60 pt (bounds origin), without animation: the source moves up.
        s.grid.bounds.origin.y = 60
        flight.update()
        let a2 = Setup.a.offsetBy(0, -60)
        let p = 1 - springX(0.1).x
        #expect(near(proxy.presentation.frame, a2.interpolated(to: Setup.b, fraction: p)))
        let (p0, v0) = flight.$progress.presentation
        let before = proxy.presentation.frame, velocity = flight.velocity
        flight.reverse()
        // No jump in position or velocity at the call.
        #expect(near(proxy.presentation.frame, before) && abs(flight.$progress.presentationValue - p0) < 1e-12)
        #expect(abs(flight.$progress.velocity - v0) < 1e-9 && flight.velocity.isApproximatelyEqual(to: velocity, tolerance: 1e-6))
        // Then the first spring plus one from 1 to 0 started at 0.1 (additive retargeting), in
        // closed form.
        for t in [0.13, 0.2, 0.35] {
            s.engine.tick(at: t)
            let expected = -springX(t).x + springX(t - 0.1).x
            #expect(abs(flight.$progress.presentationValue - expected) < 1e-9)
        }
        s.engine.tick(at: 10)
        #expect(positions == [.start] && flight.isFinished && flight.progress == 0)
        #expect(!s.cell.isHidden && s.cell.screenFrame() == a2)
    }

    @Test func aPanScrubsItAndTheReleaseVelocityContinuesItOnTheSpring() {
        let s = Setup()
        let flight = s.flight()
        let proxy = flight.flights[0].proxy
        flight.fractionComplete = 0.3                     // a pan drives it from the start
        #expect(!flight.isAnimating && flight.runs.isEmpty)
        #expect(abs(flight.$progress.presentationValue - 0.3) < 1e-12)
        #expect(near(proxy.presentation.frame, Setup.a.interpolated(to: Setup.b, fraction: 0.3)))
        s.engine.tick(at: 0.5)
        #expect(near(proxy.presentation.frame, Setup.a.interpolated(to: Setup.b, fraction: 0.3)))
        // A finger moving along the line at 1.5 lines per second.
        let line = Setup.b.center - Setup.a.center
        let v = flight.progressVelocity(forScreenVelocity: line * 1.5)
        #expect(abs(v - 1.5) < 1e-12)
        flight.continueAnimation(toEnd: true, progressVelocity: v)
        #expect(abs(flight.$progress.presentationValue - 0.3) < 1e-12)
        #expect(abs(flight.$progress.velocity - 1.5) < 1e-9)
        for t in [0.52, 0.6, 0.8] {
            s.engine.tick(at: t)
            let expected = 1 + springOffset(mass: 1, stiffness: 200, damping: 20, d0: -0.7, v0: 1.5, at: t - 0.5).x
            #expect(abs(flight.$progress.presentationValue - expected) < 1e-9)
        }
        s.engine.tick(at: 10)
        #expect(flight.isFinished && flight.progress == 1 && proxy.parent == nil)
    }

    @Test func caughtMidFlightItHoldsStillAndThrownBackItReturns() {
        let s = Setup()
        let flight = s.flight()
        let proxy = flight.flights[0].proxy
        flight.startAnimation()
        s.engine.tick(at: 0.08)
        let caught = proxy.presentation.frame
        flight.pause()
        #expect(near(proxy.presentation.frame, caught))
        s.engine.tick(at: 0.3)
        #expect(near(proxy.presentation.frame, caught))
        // Writing back what was read moves nothing.
        flight.fractionComplete = flight.fractionComplete
        #expect(near(proxy.presentation.frame, caught))
        flight.continueAnimation(toEnd: false, progressVelocity: -4)
        #expect(near(proxy.presentation.frame, caught) && abs(flight.$progress.velocity + 4) < 1e-9)
        s.engine.tick(at: 10)
        #expect(flight.isFinished && flight.progress == 0 && !s.cell.isHidden)
        // Calls after the end are rejected.
        let count = s.engine.diagnostics.count
        flight.continueAnimation(toEnd: true, progressVelocity: .nan)
        #expect(s.engine.diagnostics.count == count + 1)
    }

    @Test func pairsAreFoundByMatchIDAndUnmatchedNodesStayPut() {
        let s = Setup()
        let other = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "lonely", engine: s.engine)
        other.matchID = "nobody"
        s.grid.addChild(other)
        let twin = Node(name: "twin", engine: s.engine)
        twin.matchID = "photo3"                           // a second node with a taken id
        s.grid.addChild(twin)
        let flight = s.flight()
        #expect(flight.flights.map { $0.source.name } == ["cell"])
        #expect(!other.isHidden && !twin.isHidden)
        #expect(s.detail.descendant(matchID: "photo3") === s.photo)
    }

    @Test func aFinishedOrInvalidatedFlightIsFreed() {
        weak var finished: MatchedGeometryTransition?
        weak var proxy: Node?
        do {
            let s = Setup()
            let flight = s.flight()
            finished = flight
            proxy = flight.flights[0].proxy
            flight.startAnimation()
            s.engine.tick(at: 10)
            s.engine.tick(at: 10.1)                        // the engine lets go of it
        }
        #expect(finished == nil && proxy == nil)
        weak var invalidated: MatchedGeometryTransition?
        weak var cell: Node?
        do {
            let s = Setup()
            let flight = s.flight()
            invalidated = flight
            cell = s.cell
            flight.startAnimation()
            s.engine.tick(at: 0.1)
            s.engine.invalidate()
            #expect(flight.isFinished && !s.cell.isHidden && flight.flights[0].proxy.parent == nil)
        }
        #expect(invalidated == nil && cell == nil)
    }
}

extension Rect {
    func offsetBy(_ dx: Double, _ dy: Double) -> Rect { Rect(x: origin.x + dx, y: origin.y + dy, width: width, height: height) }
}
