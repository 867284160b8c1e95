import Testing
@testable import Kinetic
import KineticTestSupport

/// Scrubbing a path run after a mid-run pause: the paused run reads the progress it was paused
/// at (the curve's progress at its time fraction), writing it back moves nothing, and every scrub
/// lands on the paced point (and the tangent) of the path at that progress. On a manual clock at
/// 30, 60 and 120 Hz and a jittered clock (fps 0).
@Suite("Path scrub after a pause")
struct PathScrubTests {
    static let tau = 6.283185307179586

    /// A gentle arc (nearly straight) and an S-curve, both from (0, 0) to (300, 0), and the arc
    /// again followed from (−40, 30), which `move(along:)` joins to it by a straight lead-in
    /// (the path drawn is then the lead-in and the arc).
    static let paths: [(from: Point, path: BezierPath, drawn: BezierPath)] = {
        var arc = BezierPath(start: Point(x: 0, y: 0))
        arc.addCurve(to: Point(x: 300, y: 0), controlPoint1: Point(x: 100, y: 40), controlPoint2: Point(x: 200, y: 40))
        var s = BezierPath(start: Point(x: 0, y: 0))
        s.addCurve(to: Point(x: 300, y: 0), controlPoint1: Point(x: 100, y: 250), controlPoint2: Point(x: 200, y: -250))
        var led = BezierPath(start: Point(x: -40, y: 30))
        led.addLine(to: Point(x: 0, y: 0))
        led.addCurve(to: Point(x: 300, y: 0), controlPoint1: Point(x: 100, y: 40), controlPoint2: Point(x: 200, y: 40))
        return [(Point(x: 0, y: 0), arc, arc), (Point(x: 0, y: 0), s, s), (Point(x: -40, y: 30), arc, led)]
    }()

    static func angleDistance(_ a: Double, _ b: Double) -> Double {
        let d = (a - b) / tau
        return (d - d.rounded()).magnitude * tau
    }

    @Test(arguments: [30.0, 60.0, 120.0, 0], [false, true])
    func scrubbingAfterAPauseLandsOnThePacedPoint(fps: Double, eased: Bool) {
        for (n, (from, followed, path)) in Self.paths.enumerated() {
            for pauseAt in [0.7, 1.3] {
                let engine = AnimationEngine()
                let p = AnimatedProperty(from, engine: engine)
                let angle = AnimatedProperty(path.tangentAngle(atProgress: 0), engine: engine)
                let curve: CubicTimingParameters = eased ? .easeInOut : .linear
                let animator = PropertyAnimator(duration: 2, timingParameters: .cubic(curve), engine: engine) {
                    p.move(along: followed, orientation: angle)
                }
                var rng = SeededGenerator(seed: 6)
                animator.startAnimation()
                while engine.time < pauseAt {
                    engine.tick(at: engine.time + (fps > 0 ? 1 / fps : 0.002 + 0.05 * rng.unit()))
                }
                let shown = p.presentationValue
                animator.pauseAnimation()
                #expect(p.presentationValue == shown)
                // It reads the progress it was paused at: the curve's at its time fraction.
                let x = engine.time / 2
                let progress = curve.progress(at: x)
                let read = animator.fractionComplete
                #expect(abs(read - progress) <= 1e-15, "path \(n), paused at \(engine.time)")
                if !eased { #expect(abs(read - x) <= 1e-15) }
                else { #expect(abs(read - Reference.cubic(0.42, 0, 0.58, 1, at: x).progress) <= 1e-9) }
                #expect(Self.distance(shown, path.point(atProgress: progress)) <= 1e-12)
                // Writing it back moves nothing.
                animator.fractionComplete = read
                #expect(Self.distance(p.presentationValue, shown) <= 1e-12)
                // Every scrub lands on the paced point and its tangent.
                for q in [0.1, 0.25, 0.5, 0.77, 1, 0, read] {
                    animator.fractionComplete = q
                    #expect(Self.distance(p.presentationValue, path.point(atProgress: q)) <= 1e-12,
                            "path \(n), paused at \(engine.time), scrubbed to \(q)")
                    #expect(Self.angleDistance(angle.presentationValue, path.tangentAngle(atProgress: q)) <= 1e-12)
                    #expect(animator.fractionComplete == q)
                }
                // Back where it was paused, it plays on without a jump and ends exactly.
                #expect(Self.distance(p.presentationValue, shown) <= 1e-12)
                let before = p.presentationValue
                animator.startAnimation()
                #expect(p.presentationValue == before)
                while animator.state == .active { engine.tick(at: engine.time + 1 / 60) }
                #expect(p.presentationValue == Point(x: 300, y: 0))
            }
        }
    }

    static func distance(_ a: Point, _ b: Point) -> Double { (a - b).magnitude }
}
