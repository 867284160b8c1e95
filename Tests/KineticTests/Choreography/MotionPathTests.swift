import Testing
@testable import Kinetic
import KineticTestSupport

/// Motion along a Bézier path: paced arc length against closed forms (a line, a circle), any
/// timing, scrubbing and reversing, tangent orientation, cardinal splines.
@Suite("Motion along a path")
struct MotionPathTests {
    static let tau = 6.283185307179586

    static func distance(_ a: Point, _ b: Point) -> Double { (a - b).magnitude }

    @Test func aStraightLineHasItsLengthAndIsPacedWhateverItsControlPoints() {
        var line = BezierPath(start: Point(x: 0, y: 0))
        line.addLine(to: Point(x: 300, y: 400))
        #expect(abs(line.length - 500) < 1e-12 * 500)
        // The same line as a cubic whose control points bunch at the start: its parameter is
        // far from paced, its progress is.
        var cubic = BezierPath(start: Point(x: 0, y: 0))
        cubic.addCurve(to: Point(x: 300, y: 400), controlPoint1: Point(x: 3, y: 4), controlPoint2: Point(x: 6, y: 8))
        #expect(abs(cubic.length - 500) < 1e-9 * 500)
        for p in [0.1, 0.25, 0.5, 0.9] {
            #expect(Self.distance(cubic.point(atProgress: p), Point(x: 300 * p, y: 400 * p)) < 1e-8, "p = \(p)")
        }
    }

    @Test(arguments: [30.0, 60.0, 120.0])
    func aPointMovesAlongALineAtConstantSpeedUnderALinearCurve(fps: Double) {
        let engine = AnimationEngine()
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        var cubic = BezierPath(start: Point(x: 0, y: 0))
        cubic.addCurve(to: Point(x: 300, y: 400), controlPoint1: Point(x: 3, y: 4), controlPoint2: Point(x: 6, y: 8))
        let animator = PropertyAnimator(duration: 2, curve: .linear, engine: engine) { p.move(along: cubic) }
        animator.startAnimation()
        #expect(p.value == Point(x: 300, y: 400))
        #expect(p.presentationValue == Point(x: 0, y: 0))
        var frame = 0
        while engine.time < 2 - 1e-12 {
            frame += 1
            let t = Double(frame) / fps
            engine.tick(at: t)
            if t < 2 {
                #expect(Self.distance(p.presentationValue, Point(x: 150 * t, y: 200 * t)) < 1e-8, "t = \(t)")
                #expect(Self.distance(p.velocity, Point(x: 150, y: 200)) < 1e-6, "t = \(t)")
            }
        }
        #expect(animator.state == .inactive)
        #expect(p.presentationValue == Point(x: 300, y: 400))
    }

    @Test(arguments: [30.0, 60.0, 120.0])
    func aCircleOfCubicsIsPacedAndTheOrientationTurnsOnceWithIt(fps: Double) {
        let engine = AnimationEngine()
        let r = 100.0
        let circle = BezierPath.circle(center: Point(x: 0, y: 0), radius: r)
        let length = circle.length
        // The four-cubic circle lies between r and 1.00027·r: its length within 2.7e-4 of 2πr;
        // and it is the length Simpson's rule gives for the same cubics (independently).
        #expect(abs(length - Self.tau * r) < 2.7e-4 * Self.tau * r)
        let k = 4.0 / 3.0 * (2.0.squareRoot() - 1) * r
        let quarter = Reference.integrate({ u in
            // (r, 0) → (0, r) with controls (r, k), (k, r): |B'(u)|.
            let v = 1 - u
            let dx = 3 * v * v * (r - r) + 6 * u * v * (k - r) + 3 * u * u * (0 - k)
            let dy = 3 * v * v * (k - 0) + 6 * u * v * (r - k) + 3 * u * u * (r - r)
            return (dx * dx + dy * dy).squareRoot()
        }, to: 1)
        #expect(abs(length - 4 * quarter) < 1e-9 * length)
        let p = AnimatedProperty(Point(x: r, y: 0), engine: engine)
        let angle = AnimatedProperty(Self.tau / 4, engine: engine)   // the tangent at the start
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) {
            p.move(along: circle, orientation: angle)
        }
        animator.startAnimation()
        var frame = 0
        while engine.time < 1 - 1e-12 {
            frame += 1
            let t = Double(frame) / fps
            engine.tick(at: t)
            guard t < 1 else { break }
            let q = p.presentationValue
            #expect(abs(q.magnitude - r) < 2.8e-4 * r, "t = \(t)")
            // Paced: the speed is the length per second, everywhere.
            #expect(abs(p.velocity.magnitude - length) < 1e-6 * length, "t = \(t)")
            // The orientation is the direction of motion (starting aligned, it stays aligned).
            let v = p.velocity
            let expected = Elementary.atan2(v.y, v.x)
            let d = (angle.presentationValue - expected) / Self.tau
            #expect(abs(d - d.rounded()) * Self.tau < 1e-6, "t = \(t)")
        }
        #expect(animator.state == .inactive)
        #expect(Self.distance(p.presentationValue, Point(x: r, y: 0)) < 1e-9)
        #expect(abs(angle.presentationValue - (Self.tau / 4 + Self.tau)) < 1e-9)
    }

    @Test(arguments: [30.0, 60.0, 120.0])
    func aSpringsOvershootGoesRoundAClosedPathAgainAndTheHeadingKeepsTurning(fps: Double) {
        let engine = AnimationEngine()
        let r = 100.0
        let circle = BezierPath.circle(center: Point(x: 0, y: 0), radius: r)
        let p = AnimatedProperty(Point(x: r, y: 0), engine: engine)
        let heading = AnimatedProperty(Self.tau / 4, engine: engine)
        let animator = PropertyAnimator(duration: 1, dampingRatio: 0.3, engine: engine) {
            p.move(along: circle, orientation: heading)
        }
        animator.startAnimation()
        var pastTheEnd = 0, previous = p.presentationValue
        var steps: [Double] = [], topSpeed = 0.0
        var frame = 0
        while animator.state == .active {
            frame += 1
            engine.tick(at: Double(frame) / fps)
            let q = p.presentationValue
            // Always on the circle (the four cubics lie within 2.8e-4·r of it), never off along a tangent.
            #expect(q.magnitude > r - 1e-9 && q.magnitude < r * 1.00028, "frame \(frame): \(q)")
            steps.append((q - previous).magnitude)
            topSpeed = Swift.max(topSpeed, p.velocity.magnitude)
            previous = q
            // Past the end, the heading has turned more than once round and the point goes on
            // counterclockwise from (r, 0), into the upper half (the overshoot is under half a loop).
            if heading.presentationValue > Self.tau / 4 + Self.tau + 1e-6 {
                pastTheEnd += 1
                #expect(q.y > 0, "frame \(frame): \(q)")
                // The heading is the direction of the circle's tangent there.
                let tangent = Elementary.atan2(q.x, -q.y)
                let d = (heading.presentationValue - tangent) / Self.tau
                #expect(abs(d - d.rounded()) * Self.tau < 2e-3, "frame \(frame)")
            }
        }
        #expect(pastTheEnd >= 2)
        // No jump where the loop closes: no frame moves the point further than the top speed
        // (sampled at the frames, with a fifth more for what falls between) allows.
        #expect(steps.allSatisfy { $0 <= 1.2 * topSpeed / fps }, "\(steps.max() ?? 0) > \(topSpeed / fps)")
        #expect(Self.distance(p.presentationValue, Point(x: r, y: 0)) < 1e-9)
        #expect(abs(heading.presentationValue - (Self.tau / 4 + Self.tau)) < 1e-9)
    }

    @Test func aPathIsALoopOnlyWhenItEndsWhereItStarts() {
        var open = BezierPath(start: Point(x: 0, y: 0))
        open.addLine(to: Point(x: 100, y: 0))
        open.addLine(to: Point(x: 100, y: 100))
        #expect(PacedPath(open, loopSegment: 0).loopStart == nil)
        var closed = open
        closed.close()
        var full = BezierPath(start: Point(x: -50, y: 0))    // a lead-in of 50 to the loop
        full.addLine(to: Point(x: 0, y: 0))
        for e in closed.firstContour().segments { if case .line(let to) = e { full.addLine(to: to) } }
        let paced = PacedPath(full, loopSegment: 1)
        // The loop is 100 + 100 + 100·√2 long; it starts after the 50 of the lead-in.
        let loop = 200 + 100 * 2.0.squareRoot()
        #expect(abs(paced.loopStart! - 50 / (50 + loop)) < 1e-12)
        // Progress past the end goes round the loop, never back along the lead-in.
        let span = loop / (50 + loop)
        for extra in [0.1, 0.5, 0.99, 1.7] {
            let q = paced.point(atProgress: 1 + extra * span)
            let expected = paced.point(atProgress: paced.loopStart! + (extra - extra.rounded(.down)) * span)
            #expect(Self.distance(q, expected) < 1e-9, "\(extra)")
        }
    }

    @Test func aSpringsOvershootGoesOnAlongTheEndTangentAndComesBack() {
        let engine = AnimationEngine()
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        var path = BezierPath(start: Point(x: 0, y: 0))
        path.addQuadCurve(to: Point(x: 100, y: 100), controlPoint: Point(x: 100, y: 0))
        let animator = PropertyAnimator(duration: 1, dampingRatio: 0.3, engine: engine) { p.move(along: path) }
        animator.startAnimation()
        var overshoot = 0.0
        for i in 1...200 {
            engine.tick(at: Double(i) / 120)
            let q = p.presentationValue
            // Past the end it is on the end tangent, x = 100 (the quadratic ends going +y).
            if q.y > 100 { overshoot = Swift.max(overshoot, q.y - 100); #expect(abs(q.x - 100) < 1e-9) }
        }
        #expect(overshoot > 1)
        #expect(p.presentationValue == Point(x: 100, y: 100))
    }

    @Test func scrubbingAndReversingFollowThePathWithoutAJump() {
        let engine = AnimationEngine()
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let circle = BezierPath.circle(center: Point(x: 0, y: 0), radius: 50)
        // From the origin: a straight lead-in of 50 to the circle's start, then the circle.
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { p.move(along: circle) }
        animator.scrubsLinearly = false
        let total = 50 + circle.length
        animator.fractionComplete = 0.5
        let s = 0.5 * total - 50
        #expect(Self.distance(p.presentationValue, circle.point(atProgress: s / circle.length)) < 1e-8)
        animator.fractionComplete = 25 / total
        #expect(Self.distance(p.presentationValue, Point(x: 25, y: 0)) < 1e-8)
        animator.startAnimation()
        engine.tick(at: 0.3)
        let shown = p.presentationValue
        animator.isReversed = true
        #expect(p.presentationValue == shown)
        animator.pauseAnimation()
        #expect(p.presentationValue == shown)
        animator.startAnimation()
        engine.tick(at: 2)
        // Back at the start: the path's tracks sum to the start to rounding (one per control point).
        #expect(animator.state == .inactive && p.presentationValue.magnitude < 1e-12)
    }

    @Test func aCardinalSplinePassesThroughItsPointsAndTensionOneIsThePolyline() {
        let points = [Point(x: 0, y: 0), Point(x: 100, y: 50), Point(x: 200, y: 0), Point(x: 300, y: 80)]
        let smooth = BezierPath.cardinalSpline(through: points)
        #expect(smooth.elements.count == 4)      // the move, then three curves
        #expect(smooth.elements.dropFirst().map(\.end) == Array(points.dropFirst()))
        // Catmull-Rom: the tangent at an inner point is half the chord between its neighbours.
        if case .curve(_, _, let c2) = smooth.elements[1] {
            #expect(Self.distance(c2, Point(x: 100 - 200.0 / 6, y: 50)) < 1e-12)
        }
        let straight = BezierPath.cardinalSpline(through: points, tension: 1)
        let polyline = zip(points, points.dropFirst()).map { Self.distance($0, $1) }.reduce(0, +)
        #expect(abs(straight.length - polyline) < 1e-9 * polyline)
        #expect(smooth.length > polyline)
        // A keyframe path from points: move through them, paced.
        let engine = AnimationEngine()
        let p = AnimatedProperty(points[0], engine: engine)
        PropertyAnimator(duration: 1, curve: .linear, engine: engine) { p.move(along: straight) }.startAnimation()
        engine.tick(at: 111.80339887498948 / polyline)    // the first chord's length
        #expect(Self.distance(p.presentationValue, points[1]) < 1e-8)
    }

    @Test func outsideABlockTheMoveIsMadeAtOnceAndReported() {
        let engine = AnimationEngine()
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        var line = BezierPath(start: Point(x: 0, y: 0))
        line.addLine(to: Point(x: 10, y: 0))
        line.addLine(to: Point(x: .nan, y: 0))      // not added
        #expect(line.elements.count == 2)      // the move and the one finite line
        p.move(along: line)
        #expect(p.presentationValue == Point(x: 10, y: 0))
        #expect(engine.diagnostics.count == 1)
        p.move(along: BezierPath(start: Point(x: 5, y: 5)))      // no segment: nothing
        #expect(p.value == Point(x: 10, y: 0))
    }
}
