// Boundaries from paths with curves: the flattening's tolerance, and balls inside a circular boundary.
import Testing
import Kinetic
@testable import KineticDynamics

@Suite struct CurvedBoundaryTests {
    /// The distance from `p` to the segment `a`–`b`.
    private func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let abx = b.x - a.x, aby = b.y - a.y
        let t = Swift.min(Swift.max(((p.x - a.x) * abx + (p.y - a.y) * aby) / (abx * abx + aby * aby), 0), 1)
        return p.distance(to: Point(x: a.x + t * abx, y: a.y + t * aby))
    }

    /// The largest distance from the exact curve (sampled 4,000 times) to the nearest chord.
    private func deviation(_ curve: (Double) -> Point, _ chain: [Point]) -> Double {
        var worst = 0.0
        for k in 0...4000 {
            let p = curve(Double(k) / 4000)
            var best = Double.infinity
            for i in 1..<chain.count { best = Swift.min(best, distance(p, chain[i - 1], chain[i])) }
            worst = Swift.max(worst, best)
        }
        return worst
    }

    @Test(arguments: [0.6, 0.1, 0.01]) func curvesAreFlattenedWithinTheFlatness(flatness: Double) {
        let p0 = Point(x: 20, y: 300), p1 = Point(x: 160, y: 600), p2 = Point(x: 300, y: 300), p3 = Point(x: 300, y: 100)
        var quad = BezierPath()
        quad.flatness = flatness
        quad.move(to: p0)
        quad.addQuadCurve(to: p2, controlPoint: p1)
        let q = quad.flattened()
        #expect(!q.isClosed && q.points.first == p0 && q.points.last == p2)
        // ⌈√(|P₀ − 2P₁ + P₂| / 4f)⌉ chords: |P₀ − 2P₁ + P₂| = 600.
        #expect(q.points.count - 1 == Int((600 / (4 * flatness)).squareRoot().rounded(.up)))
        let quadDeviation = deviation({ t in
            let u = 1 - t
            return Point(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x, y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
        }, q.points)
        #expect(quadDeviation <= flatness)
        #expect(quadDeviation > flatness / 4, "not needlessly fine")

        var cubic = BezierPath()
        cubic.flatness = flatness
        cubic.move(to: p0)
        cubic.addCurve(to: p3, controlPoint1: p1, controlPoint2: p2)
        let c = cubic.flattened()
        let cubicDeviation = deviation({ t in
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, cc = 3 * u * t * t, e = t * t * t
            return Point(x: a * p0.x + b * p1.x + cc * p2.x + e * p3.x, y: a * p0.y + b * p1.y + cc * p2.y + e * p3.y)
        }, c.points)
        #expect(cubicDeviation <= flatness)
        #expect(c.points.last == p3)

        var arc = BezierPath()
        arc.flatness = flatness
        arc.addArc(withCenter: Point(x: 160, y: 320), radius: 200, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
        let a = arc.flattened()
        for p in a.points { #expect((p.distance(to: Point(x: 160, y: 320)) - 200).magnitude < 1e-9) }
        #expect(a.points.first!.distance(to: Point(x: 360, y: 320)) < 1e-9)
        #expect(a.points.last!.distance(to: Point(x: 160, y: 520)) < 1e-9, "clockwise on screen: +x towards +y")
        let arcDeviation = deviation({ t in
            let (s, co) = Elementary.sinCos(t * Double.pi / 2)
            return Point(x: 160 + 200 * co, y: 320 + 200 * s)
        }, a.points)
        #expect(arcDeviation <= flatness)
    }

    @Test func arcsFollowUIKitsDirectionRules() {
        var path = BezierPath()
        path.addArc(withCenter: .zero, radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: false)
        guard case .arc(_, _, _, let sweep) = path.elements[0] else { Issue.record("no arc"); return }
        #expect((sweep + 3 * Double.pi / 2).magnitude < 1e-12, "counter-clockwise the long way round")
        path.addArc(withCenter: .zero, radius: 10, startAngle: 0, endAngle: 7, clockwise: true)
        guard case .arc(_, _, _, let full) = path.elements[1] else { Issue.record("no arc"); return }
        #expect(full == 2 * Double.pi)
    }

    /// A ball released at rest on the side of a circular boundary rolls down and up the other
    /// side, staying inside the circle and on it: its centre 180 points from the circle's centre
    /// (radius 200 less its own 20), within the flatness and the contact slop.
    @Test func aBallRollsInsideACircularBoundaryAndStaysOnIt() {
        let h = DynamicsHarness()
        let centre = Point(x: 160, y: 320)
        var circle = BezierPath()
        circle.flatness = 0.1
        circle.addArc(withCenter: centre, radius: 200, startAngle: 0, endAngle: 2 * Double.pi, clockwise: true)
        circle.close()
        let item = ball(at: Point(x: 340, y: 320), diameter: 40)
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "circle", for: circle)
        let rolling = DynamicItemBehavior(items: [item])
        rolling.friction = 0.8
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.animator.addBehavior(collision)
        h.animator.addBehavior(rolling)
        #expect(collision.boundary(withIdentifier: "circle")!.count > 100)
        var farthest = 0.0, nearest = Double.infinity, leftmost = Double.infinity
        // Every step, not every frame.
        collision.action = { [unowned h] in
            let p = h.animator.world.position(of: h.animator.registry.body(for: item)!)
            let d = p.distance(to: centre)
            farthest = Swift.max(farthest, d)
            nearest = Swift.min(nearest, d)
            leftmost = Swift.min(leftmost, p.x)
        }
        h.run(until: 6, rate: 60)
        collision.action = nil
        // The contacts let a body sink up to the solver's slop (0.5 pt) before they push back;
        // the chords lie up to the flatness (0.1) inside the circle.
        #expect(farthest <= 180 + 2 * ContactSolver.linearSlop, "never outside, beyond the contact slop")
        #expect(nearest >= 180 - 0.1 - 2 * ContactSolver.linearSlop, "always on it")
        #expect(leftmost < 160 - 140, "it rolled up the far side")
        #expect(h.diagnostics.isEmpty)
    }

    /// Flung fast, a bouncing ball never leaves the circle.
    @Test func aFastBallNeverLeavesTheCircle() {
        let h = DynamicsHarness()
        let centre = Point(x: 160, y: 320)
        var circle = BezierPath()
        circle.addArc(withCenter: centre, radius: 150, startAngle: 0, endAngle: 2 * Double.pi, clockwise: true)
        circle.close()
        let item = ball(at: centre, diameter: 20)
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "circle", for: circle)
        let bouncy = DynamicItemBehavior(items: [item])
        bouncy.elasticity = 1
        bouncy.addLinearVelocity(Vector(dx: 1500, dy: 700), for: item)
        h.animator.addBehavior(collision)
        h.animator.addBehavior(bouncy)
        var farthest = 0.0
        collision.action = { [unowned h] in
            farthest = Swift.max(farthest, h.animator.world.position(of: h.animator.registry.body(for: item)!).distance(to: centre))
        }
        h.run(until: 5, rate: 60)
        collision.action = nil
        #expect(farthest <= 140 + 2 * ContactSolver.linearSlop, "never outside, beyond the contact slop")
        // A speculative contact with restitution turns the ball back at the step that would reach
        // the wall, up to one step's travel (1,655 pt/s / 120) before it, as Box2D's do.
        #expect(farthest > 140 - 1655.0 / 120, "it reached the wall")
    }

    @Test func badPathsAreRejected() {
        let h = DynamicsHarness()
        let collision = CollisionBehavior()
        h.animator.addBehavior(collision)
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 0))
        collision.addBoundary(withIdentifier: "dot", for: path)
        path.addQuadCurve(to: Point(x: 100, y: 0), controlPoint: Point(x: .nan, y: 0))
        #expect(path.elements.count == 1)       // a non-finite point is never added
        path.addLine(to: Point(x: 1e12, y: 0))  // finite, but beyond the animator's coordinates
        collision.addBoundary(withIdentifier: "far", for: path)
        var two = BezierPath()
        two.move(to: .zero); two.addLine(to: Point(x: 10, y: 0))
        two.move(to: Point(x: 0, y: 10)); two.addLine(to: Point(x: 10, y: 10))
        collision.addBoundary(withIdentifier: "two", for: two)
        #expect(collision.boundaryIdentifiers == ["two"])
        #expect(collision.boundary(withIdentifier: "two") == [.zero, Point(x: 10, y: 0)])
        #expect(h.diagnostics.map(\.kind) == [.invalidArgument, .invalidArgument, .invalidArgument])
    }
}
