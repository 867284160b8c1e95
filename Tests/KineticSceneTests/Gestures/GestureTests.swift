import Testing
import Kinetic
@testable import KineticScene

@Suite("Gestures")
struct GestureTests {
    /// Drags the drawer up at exactly 600 points per second, 60 Hz, for 0.2 s, then lets go and
    /// hands the pan's velocity to a spring.
    @Test func panVelocityIsHandedToASpringWithoutAJump() {
        let (engine, scene, drawer) = drawerScene()
        var start = Point.zero
        var spring: SpringAnimation<Point>?
        var handed = (position: Point.zero, velocity: Point.zero, pan: Point.zero)
        let pan = PanGestureRecognizer { pan in
            switch pan.state {
            case .began: start = drawer.center
            case .changed: drawer.center = start + pan.translation(in: scene.root)
            case .ended:
                let v = pan.velocity(in: scene.root)
                let s = SpringAnimation(property: drawer.$center,
                                        spring: SpringTimingParameters(mass: 1, stiffness: 300, damping: 30),
                                        target: Point(x: 200, y: 570), velocity: v)
                s.start()
                spring = s
                handed = (drawer.presentation.center, drawer.$center.velocity, v)
            default: break
            }
        }
        drawer.addGestureRecognizer(pan)
        let y0 = 780.0
        #expect(scene.send(.down(1, Point(x: 200, y: y0), at: 0)))
        for k in 1...12 {
            let t = Double(k) / 60
            scene.send(.move(1, Point(x: 200, y: y0 - 600 * t), at: t))
        }
        #expect(scene.send(.up(1, Point(x: 200, y: y0 - 120), at: 0.2)))
        #expect(pan.state == .ended)
        // The tracker's quadratic fit of exactly linear motion: -600 up to rounding.
        #expect(handed.pan.isApproximatelyEqual(to: Point(x: 0, y: -600), tolerance: 1e-6))
        // No jump at the hand-over: the spring starts where the finger left the drawer, at the
        // finger's velocity (≤ 1e-9).
        #expect(handed.position.isApproximatelyEqual(to: Point(x: 200, y: 875 - 120), tolerance: 1e-9))
        #expect(handed.velocity.isApproximatelyEqual(to: handed.pan, tolerance: 1e-9))
        #expect(spring?.isRunning == true)
        // And it stays continuous: 1 ms later the velocity has moved by a·dt + j·dt²/2 (Taylor),
        // with a = −k·d − c·v = −300·185 − 30·(−600) = −37500 points/s² and
        // j = −k·v − c·a = 180000 + 1125000 = 1305000 points/s³ and
        // s = −k·a − c·j = 11250000 − 39150000 = −27900000 points/s⁴: −37.5 + 0.6525 − 0.00465.
        engine.tick(at: 0.201)
        let dv = drawer.$center.velocity.y - handed.velocity.y
        #expect(abs(dv - (-37.5 + 0.6525 - 0.00465)) < 1e-4)
    }

    /// A browser sends the lift a frame after the last move, at the same place: the release
    /// velocity is still the drag's (not cut by a sample that looks like a stop), and a pointer
    /// held still past the 40 ms pause threshold before lifting releases with none.
    @Test func aLiftWhereTheLastMoveLeftThePointerKeepsTheReleaseVelocity() {
        for (lift, expected) in [(0.016, -600.0), (0.05, 0.0)] {
            let (_, scene, drawer) = drawerScene()
            let pan = PanGestureRecognizer()
            drawer.addGestureRecognizer(pan)
            #expect(scene.send(.down(1, Point(x: 200, y: 780), at: 0)))
            for k in 1...6 {
                scene.send(.move(1, Point(x: 200, y: 780 - 20 * Double(k)), at: Double(k) / 30))
            }
            #expect(scene.send(.up(1, Point(x: 200, y: 660), at: 0.2 + lift)))
            #expect(pan.state == .ended)
            #expect(pan.velocity(in: nil).isApproximatelyEqual(to: Point(x: 0, y: expected), tolerance: 1e-6))
        }
    }

    /// A vertical pan on the drawer requires a horizontal pan on the root to fail.
    func twoPans() -> (Scene, vertical: PanGestureRecognizer, horizontal: PanGestureRecognizer, log: Log) {
        let (_, scene, drawer) = drawerScene()
        let log = Log()
        let vertical = PanGestureRecognizer { log.entries.append("V \($0.state) \($0.translation(in: nil).y)") }
        vertical.minimumDistance = 5
        let horizontal = PanGestureRecognizer { log.entries.append("H \($0.state) \($0.translation(in: nil).x)") }
        horizontal.shouldBegin = { abs($0.translation(in: nil).x) > abs($0.translation(in: nil).y) }
        vertical.require(toFail: horizontal)
        drawer.addGestureRecognizer(vertical)
        scene.root.addGestureRecognizer(horizontal)
        return (scene, vertical, horizontal, log)
    }

    final class Log { var entries: [String] = [] }

    @Test func aFailureRequirementDecidesBetweenTwoPans() {
        do {
            // Vertical drag: V reaches its 5 points first and waits; H fails at 10; V begins.
            let (scene, v, h, log) = twoPans()
            scene.send(.down(1, Point(x: 200, y: 780), at: 0))
            scene.send(.move(1, Point(x: 200, y: 774), at: 0.016))
            #expect(v.state == .possible && v.pendingState == .began)
            #expect(h.state == .possible)
            #expect(log.entries.isEmpty)
            scene.send(.move(1, Point(x: 201, y: 768), at: 0.033))
            #expect(h.state == .failed)
            #expect(v.state == .began)
            #expect(log.entries == ["V began -12.0"])
            scene.send(.up(1, Point(x: 201, y: 760), at: 0.05))
            #expect(v.state == .ended)
            #expect(log.entries == ["V began -12.0", "V ended -20.0"])
        }
        do {
            // Horizontal drag: V waits; H begins, so V fails and never fires.
            let (scene, v, h, log) = twoPans()
            scene.send(.down(1, Point(x: 200, y: 780), at: 0))
            scene.send(.move(1, Point(x: 194, y: 780), at: 0.016))
            #expect(v.pendingState == .began)
            scene.send(.move(1, Point(x: 188, y: 779), at: 0.033))
            #expect(h.state == .began)
            #expect(v.state == .failed)
            scene.send(.move(1, Point(x: 150, y: 779), at: 0.05))
            scene.send(.up(1, Point(x: 150, y: 779), at: 0.06))
            #expect(h.state == .ended)
            #expect(log.entries == ["H began -12.0", "H changed -50.0", "H ended -50.0"])
            // The next gesture starts afresh.
            scene.send(.down(1, Point(x: 200, y: 780), at: 1))
            #expect(v.state == .possible && h.state == .possible)
        }
    }

    @Test func aSecondPointerMovesTheCentroidWithoutAJumpInTranslation() {
        let (_, scene, drawer) = drawerScene()
        let pan = PanGestureRecognizer()
        pan.minimumDistance = 0
        drawer.addGestureRecognizer(pan)
        scene.send(.down(1, Point(x: 100, y: 760), at: 0))
        scene.send(.move(1, Point(x: 100, y: 740), at: 0.016))
        #expect(pan.translation(in: nil) == Point(x: 0, y: -20))
        scene.send(.down(2, Point(x: 300, y: 760), at: 0.02))
        #expect(pan.translation(in: nil) == Point(x: 0, y: -20))
        #expect(pan.numberOfPointers == 2)
        scene.send(.move(2, Point(x: 300, y: 740), at: 0.03))     // centroid moves up 10
        #expect(pan.translation(in: nil) == Point(x: 0, y: -30))
        scene.send(.up(1, Point(x: 100, y: 740), at: 0.04))
        #expect(pan.translation(in: nil) == Point(x: 0, y: -30))
        #expect(pan.state == .changed)
        pan.setTranslation(.zero, in: drawer)
        #expect(pan.translation(in: nil) == .zero)
        scene.send(.cancel(2, Point(x: 300, y: 740), at: 0.05))
        #expect(pan.state == .cancelled)
    }

    @Test func aTapFailsWhenThePointerMovesTooFar() {
        let (_, scene, drawer) = drawerScene()
        var taps = 0
        let tap = TapGestureRecognizer { _ in taps += 1 }
        drawer.addGestureRecognizer(tap)
        scene.send(.down(1, Point(x: 200, y: 760), at: 0))
        scene.send(.move(1, Point(x: 200, y: 740), at: 0.05))
        scene.send(.up(1, Point(x: 200, y: 740), at: 0.1))
        #expect(tap.state == .failed && taps == 0)
        scene.send(.down(1, Point(x: 200, y: 760), at: 0.2))
        scene.send(.up(1, Point(x: 205, y: 760), at: 0.3))
        #expect(tap.state == .ended && taps == 1)
    }

    @Test func badEventsAreRejectedAndEarlierOnesAreHeldAtTheEnginesTime() {
        let (_, scene, drawer) = drawerScene()
        var calls = 0
        let pan = PanGestureRecognizer { _ in calls += 1 }
        drawer.addGestureRecognizer(pan)
        // Up and move without a down.
        #expect(!scene.send(.up(7, Point(x: 200, y: 760), at: 0)))
        #expect(!scene.send(.move(7, Point(x: 200, y: 760), at: 0)))
        #expect(scene.engine.diagnostics.map(\.kind) == [.unknownPointer, .unknownPointer])
        #expect(scene.send(.down(1, Point(x: 200, y: 760), at: 1)))
        // A second down for the same pointer, and events at a non-finite place or time.
        #expect(!scene.send(.down(1, Point(x: 200, y: 700), at: 1.1)))
        #expect(!scene.send(.move(1, Point(x: .nan, y: 700), at: 1.2)))
        #expect(!scene.send(.move(1, Point(x: 200, y: 700), at: .infinity)))
        #expect(scene.engine.diagnostics.map(\.kind).suffix(3) == [.duplicatePointer, .eventOutOfOrder, .eventOutOfOrder])
        #expect(pan.state == .possible && calls == 0)
        #expect(scene.activePointers == [1])
        #expect(scene.lastEventTime == 1 && scene.engine.time == 1)
        // An event back in time is no error: it is held at the engine's time (time never goes
        // back), without a diagnostic, and the gesture carries on from it.
        let count = scene.engine.diagnostics.count
        #expect(scene.send(.move(1, Point(x: 200, y: 760), at: 0.5)))
        #expect(scene.lastEventTime == 1 && scene.engine.time == 1 && scene.engine.diagnostics.count == count)
        #expect(scene.send(.move(1, Point(x: 200, y: 740), at: 1.2)))
        #expect(pan.state == .began && pan.translation(in: nil) == Point(x: 0, y: -20))
        #expect(scene.send(.up(1, Point(x: 200, y: 740), at: 1.3)))
        #expect(scene.activePointers.isEmpty)
    }
}
