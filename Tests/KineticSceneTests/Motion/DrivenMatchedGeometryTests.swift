// Issue 41 item 1: a matched flight driven by any animator or transition, and NavigationStack's
// matched push and pop.
import Testing
import Kinetic
@testable import KineticScene
import KineticTestSupport

@Suite("Matched geometry driven by an animator")
struct DrivenMatchedGeometryTests {
    typealias Setup = MatchedGeometryTests.Setup

    func near(_ r: Rect, _ s: Rect, _ tolerance: Double = 1e-9) -> Bool { r.isApproximatelyEqual(to: s, tolerance: tolerance) }

    final class Ends { var positions: [AnimatingPosition] = [] }

    /// The flight, handed to `animator`, with its completions counted.
    func driven(_ s: Setup, by animator: PropertyAnimator) -> (MatchedGeometryTransition, Ends) {
        let flight = s.flight()
        let ends = Ends()
        flight.addCompletion { ends.positions.append($0) }
        flight.animate(with: animator)
        return (flight, ends)
    }

    /// The proxies are gone and both ends drawn again.
    func ended(_ s: Setup, _ flight: MatchedGeometryTransition) -> Bool {
        flight.isFinished && flight.flights[0].proxy.parent == nil && !s.cell.isHidden && !s.photo.isHidden
            && flight.driver == nil
    }

    @Test(arguments: [30.0, 60.0, 120.0])
    func aLinearAnimatorMovesTheFlightOnItsClockAndEndsItAtTheDestination(fps: Double) {
        let s = Setup()
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: s.engine)
        let (flight, ends) = driven(s, by: animator)
        let proxy = flight.flights[0].proxy
        #expect(near(proxy.presentation.frame, Setup.a))
        animator.startAnimation()
        // Progress = t exactly: the proxy is the straight interpolation between the ends.
        var frame = 1
        while Double(frame) / fps < 1 {
            let t = Double(frame) / fps
            s.engine.tick(at: t)
            #expect(near(proxy.presentation.frame, Setup.a.interpolated(to: Setup.b, fraction: t)), "t = \(t)")
            #expect(ends.positions.isEmpty && !flight.isFinished && flight.isAnimating)
            frame += 1
        }
        s.engine.tick(at: 1)
        #expect(ends.positions == [.end] && ended(s, flight))
        s.engine.tick(at: 1.5)
        #expect(ends.positions == [.end])                                 // once
    }

    @Test(arguments: [30.0, 60.0, 120.0])
    func aCubicAnimatorReversedMidFlightBringsItBackToTheSources(fps: Double) {
        let s = Setup()
        let animator = PropertyAnimator(duration: 1, curve: .easeInOut, engine: s.engine)
        let (flight, ends) = driven(s, by: animator)
        let proxy = flight.flights[0].proxy
        animator.startAnimation()
        let curve = CubicTimingParameters(animationCurve: .easeInOut)
        var frame = 1
        while Double(frame) / fps <= 0.4 {
            s.engine.tick(at: Double(frame) / fps)
            frame += 1
        }
        let t0 = Double(frame - 1) / fps
        #expect(near(proxy.presentation.frame, Setup.a.interpolated(to: Setup.b, fraction: curve.progress(at: t0))))
        let seen = proxy.presentation.frame
        animator.isReversed = true
        flight.update()
        #expect(near(proxy.presentation.frame, seen))                     // nothing moves at the call
        var last = seen
        while !flight.isFinished && frame < Int(4 * fps) {
            s.engine.tick(at: Double(frame) / fps)
            if !flight.isFinished {
                // Heading back: never past the source, never farther than the reversal point.
                #expect(proxy.presentation.frame.minY <= last.minY + 1e-9 && proxy.presentation.frame.minY >= Setup.a.minY - 1e-9)
                last = proxy.presentation.frame
            }
            frame += 1
        }
        #expect(ends.positions == [.start] && ended(s, flight))
        // Back where it started: t0 after the reversal.
        #expect(abs(Double(frame - 1) / fps - 2 * t0) <= 1 / fps + 1e-9)
    }

    @Test func scrubbedPausedAndContinuedItFollowsTheAnimatorsFraction() {
        let s = Setup()
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: s.engine)
        let (flight, ends) = driven(s, by: animator)
        let proxy = flight.flights[0].proxy
        animator.pauseAnimation()
        for fraction in [0.3, 0.75, 0.1] {
            animator.fractionComplete = fraction
            flight.update()
            #expect(near(proxy.presentation.frame, Setup.a.interpolated(to: Setup.b, fraction: fraction)))
        }
        s.engine.tick(at: 0.5)
        #expect(near(proxy.presentation.frame, Setup.a.interpolated(to: Setup.b, fraction: 0.1)))    // paused: still
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)   // the remaining 0.9 s
        s.engine.tick(at: 0.5 + 0.45)                                      // 0.1 + 0.45 of the way
        #expect(near(proxy.presentation.frame, Setup.a.interpolated(to: Setup.b, fraction: 0.55), 1e-6))
        s.engine.tick(at: 0.5 + 0.899)
        #expect(ends.positions.isEmpty)
        s.engine.tick(at: 0.5 + 0.9 + 1e-9)
        #expect(ends.positions == [.end] && ended(s, flight))
    }

    @Test func stoppedOutrightItEndsAtTheNextTickWhereItIsOnce() {
        let s = Setup()
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: s.engine)
        let (flight, ends) = driven(s, by: animator)
        animator.startAnimation()
        s.engine.tick(at: 0.5)
        animator.stopAnimation(true)                                       // UIKit: no completion
        #expect(ends.positions.isEmpty)
        s.engine.tick(at: 0.5 + 1.0 / 60)
        #expect(ends.positions == [.current] && ended(s, flight))
        s.engine.tick(at: 1)
        #expect(ends.positions == [.current])
    }

    @Test func stoppedThenFinishedAtTheStartItEndsAtTheSources() {
        let s = Setup()
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: s.engine)
        let (flight, ends) = driven(s, by: animator)
        animator.startAnimation()
        s.engine.tick(at: 0.4)
        animator.stopAnimation(false)
        #expect(ends.positions.isEmpty && !flight.isFinished)
        animator.finishAnimation(at: .start)
        #expect(ends.positions == [.start] && ended(s, flight))
    }

    @Test func anAnimatorNotYetStartedDoesNotEndIt() {
        let s = Setup()
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: s.engine)
        let (flight, ends) = driven(s, by: animator)
        s.engine.tick(at: 0.2)                                             // inactive, never run
        #expect(!flight.isFinished && ends.positions.isEmpty)
        animator.startAnimation()
        s.engine.tick(at: 0.7)
        #expect(near(flight.flights[0].proxy.presentation.frame, Setup.a.interpolated(to: Setup.b, fraction: 0.5)))
        s.engine.tick(at: 1.2)
        #expect(ends.positions == [.end])
    }

    @Test func whileDrivenItsOwnControlsAreRejectedAndChangeNothing() {
        let s = Setup()
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: s.engine)
        let (flight, _) = driven(s, by: animator)
        animator.startAnimation()
        s.engine.tick(at: 0.25)
        let count = s.engine.diagnostics.count
        flight.startAnimation()
        flight.reverse()
        flight.continueAnimation(toEnd: false, progressVelocity: 3)
        flight.fractionComplete = 0.9
        flight.animate(with: PropertyAnimator(duration: 2, curve: .linear, engine: s.engine))
        #expect(s.engine.diagnostics.count == count + 5)
        #expect(flight.fractionComplete == 0.25 && flight.runs.isEmpty)
        s.engine.tick(at: 0.5)
        #expect(flight.fractionComplete == 0.5)
    }

    @Test func aFlightCaughtOnItsOwnSpringIsHandedToAnAnimatorWithoutAJump() {
        let s = Setup()
        let flight = s.flight()
        flight.startAnimation()
        s.engine.tick(at: 0.1)
        let seen = flight.flights[0].proxy.presentation.frame
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: s.engine)
        flight.animate(with: animator)
        animator.startAnimation()
        #expect(near(flight.flights[0].proxy.presentation.frame, seen))
        let p0 = flight.fractionComplete
        s.engine.tick(at: 0.6)
        // From p0 to 1 linearly over the second.
        #expect(abs(flight.fractionComplete - (p0 + (1 - p0) * 0.5)) < 1e-9)
    }

    // MARK: NavigationStack

    /// A grid screen with a cell and a detail screen with a photo sharing its match id.
    struct Stack {
        let engine = AnimationEngine()
        let scene: Scene, stack: NavigationStack, grid: Screen, detail: Screen, cell: Node, photo: Node
        let delegate = InteractiveDelegate()
        init() {
            scene = Scene(size: Size(width: 400, height: 800), engine: engine)
            grid = Screen(title: "Grid", node: Node(name: "grid", engine: engine))
            detail = Screen(title: "Detail", node: Node(name: "detail", engine: engine))
            cell = Node(frame: Rect(x: 20, y: 130, width: 100, height: 100), name: "cell", engine: engine)
            cell.matchID = "photo"
            photo = Node(frame: Rect(x: 0, y: 200, width: 400, height: 400), name: "photo", engine: engine)
            photo.matchID = "photo"
            grid.node.addChild(cell); detail.node.addChild(photo)
            stack = NavigationStack(root: grid, scene: scene)
            stack.delegate = delegate
        }
    }

    @Test func aMatchedPushFliesOnThePushsSpringAndACancelledPopFliesBack() throws {
        let n = Stack()
        var completions: [Bool] = []
        #expect(n.stack.push(n.detail, matchingGeometry: true) { completions.append($0) })
        let flight = try #require(n.stack.matchedGeometry)
        let proxy = flight.flights[0].proxy
        #expect(n.cell.isHidden && n.photo.isHidden && proxy.parent === n.stack.container)
        #expect(near(proxy.presentation.frame, n.cell.screenFrame()))     // drawn where the cell is
        // The flight moves on the push's own animator: its progress is the detail's slide.
        var t = 0.0
        while n.stack.isTransitioning && t < 3 {
            t += 1.0 / 60
            n.engine.tick(at: t)
            if n.stack.isTransitioning {
                let slide = (600 - n.detail.node.presentation.center.x) / 400
                #expect(abs(flight.fractionComplete - slide) < 1e-9)
                #expect(near(proxy.presentation.frame,
                             n.cell.screenFrame().interpolated(to: n.photo.screenFrame(), fraction: flight.fractionComplete)))
            }
        }
        #expect(completions == [true] && flight.isFinished && proxy.parent == nil && !n.photo.isHidden)
        #expect(n.stack.matchedGeometry == nil && n.stack.screens.count == 2)

        // An interactive pop, scrubbed to 40 % and cancelled: it flies back onto the photo.
        n.delegate.interactive = true
        #expect(n.stack.pop(matchingGeometry: true) { completions.append($0) } === n.detail)
        let back = try #require(n.stack.matchedGeometry)
        n.delegate.interaction.update(0.4)
        #expect(abs(back.fractionComplete - (n.detail.node.presentation.center.x - 200) / 400) < 1e-9)
        #expect(back.flights[0].source === n.photo && back.flights[0].destination === n.cell)
        n.delegate.interaction.cancel()
        while n.stack.isTransitioning && t < 6 { t += 1.0 / 60; n.engine.tick(at: t) }
        #expect(completions == [true, false] && back.isFinished && !n.photo.isHidden && n.stack.screens.count == 2)

        // Popped for good: it lands on the cell.
        #expect(n.stack.pop(matchingGeometry: true) { completions.append($0) } != nil)
        let home = try #require(n.stack.matchedGeometry)
        n.delegate.interaction.update(0.3)
        n.delegate.interaction.finish()
        while n.stack.isTransitioning && t < 9 { t += 1.0 / 60; n.engine.tick(at: t) }
        #expect(completions == [true, false, true] && home.isFinished && !n.cell.isHidden)
        #expect(n.stack.screens.count == 1 && n.stack.container.children.count == 1)   // no proxy left
    }
}
