// A path of line, quadratic and cubic Bézier segments (Core Graphics' CGPath, SwiftUI's Path), with the cardinal spline and circle builders.

/// A path of straight lines and quadratic and cubic Bézier segments, from ``start``
/// (SwiftUI's `Path`, a subset of Core Graphics' `CGPath`): what a point moves along in
/// ``AnimatedProperty/move(along:orientation:)``.
///
/// Reading it at a *progress* is paced: ``point(atProgress:)`` at 0.5 is half way along the
/// path's arc length, whatever its parametrisation (Core Animation's `calculationMode`
/// `.paced`, CSS `offset-distance`). The arc length is measured once per reading (see
/// ``length`` for its accuracy); build a path once and reuse it.
///
/// Bad input: a segment with a point that is not finite is not added (the path stays as it
/// was); a path with no segment, or of zero length, stays at ``start``.
public struct BezierPath: Sendable, Equatable {
    /// One segment, from where the previous one ended.
    public enum Element: Sendable, Equatable {
        /// A straight line.
        case line(to: Point)
        /// A quadratic Bézier segment.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier segment.
        case curve(to: Point, control1: Point, control2: Point)

        /// The segment's end point.
        public var end: Point {
            switch self {
            case .line(let to), .quadCurve(let to, _), .curve(let to, _, _): return to
            }
        }
    }

    /// Where the path begins.
    public var start: Point
    /// The segments, in order.
    public private(set) var elements: [Element] = []

    /// An empty path at `start` (a start that is not finite is taken as the origin).
    public init(start: Point) {
        self.start = start.isFinite ? start : .zero
    }

    /// Where the path ends (``start`` when it has no segment).
    public var end: Point { elements.last?.end ?? start }

    /// Adds a straight line to `point`.
    public mutating func addLine(to point: Point) {
        append(.line(to: point), [point])
    }

    /// Adds a quadratic Bézier segment to `point` with one control point.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        append(.quadCurve(to: point, control: control), [point, control])
    }

    /// Adds a cubic Bézier segment to `point` with two control points.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        append(.curve(to: point, control1: control1, control2: control2), [point, control1, control2])
    }

    private mutating func append(_ element: Element, _ points: [Point]) {
        for p in points where !p.isFinite { return }
        elements.append(element)
    }

    /// The arc length, measured by 5-point Gauss–Legendre quadrature on 32 equal parameter
    /// intervals per segment: a relative error below 1e-12 for segments whose speed varies
    /// smoothly (any segment without a cusp), about 1e-6 at a cusp (a cubic whose speed
    /// vanishes inside it).
    public var length: Double { PacedPath(self).length }

    /// The point at `progress` (0 at ``start``, 1 at ``end``) of the arc length: paced. Outside
    /// [0, 1] the path goes on straight along its end tangents (the way a spring's overshoot
    /// moves a point along it). NaN reads as 0.
    public func point(atProgress progress: Double) -> Point {
        PacedPath(self).point(atProgress: progress.isNaN ? 0 : progress)
    }

    /// The direction of motion at `progress`, in radians from the x axis (positive towards
    /// +y), continuous along the path (it keeps counting past ±π, so a circle ends at its start
    /// angle ± 2π). At a corner between two segments it turns at once.
    public func tangentAngle(atProgress progress: Double) -> Double {
        PacedPath(self).angle(atProgress: progress.isNaN ? 0 : progress).value
    }

    /// A circle of `radius` around `center`, from the point at angle `startAngle` (radians),
    /// going towards +y (clockwise on a screen whose y axis points down): four cubic segments
    /// with the usual control distance `4/3·tan(π/8)·radius`, which stay within 2.7e-4 of the
    /// radius (relative), so the length is 2π·radius to 1e-4 relative. A negative or
    /// non-finite radius is taken as 0.
    public static func circle(center: Point, radius: Double, startAngle: Double = 0) -> BezierPath {
        let r = radius.isFinite && radius > 0 ? radius : 0
        let k = 4.0 / 3.0 * 0.41421356237309503 * r
        func at(_ a: Double) -> (p: Point, t: Point) {
            let s = Elementary.sinCos(a)
            return (Point(x: center.x + r * s.cos, y: center.y + r * s.sin), Point(x: -s.sin, y: s.cos))
        }
        var path = BezierPath(start: at(startAngle).p)
        let quarter = 1.5707963267948966
        for i in 0..<4 {
            let a = at(startAngle + Double(i) * quarter), b = at(startAngle + Double(i + 1) * quarter)
            path.addCurve(to: b.p, control1: a.p + a.t * k, control2: b.p - b.t * k)
        }
        return path
    }

    /// A smooth path through `points` (a keyframe path from points): a cardinal spline of
    /// `tension`, one cubic segment between neighbours. Tension 0 is the Catmull-Rom spline
    /// (the tangent at a point is half the chord between its neighbours); 1 gives straight
    /// lines (zero tangents); values between tighten the curve. At the ends the missing
    /// neighbour is the end point itself. Tension is clamped into [0, 1] (NaN counts as 0);
    /// points that are not finite are left out.
    public static func cardinalSpline(through points: [Point], tension: Double = 0) -> BezierPath {
        let pts = points.filter { $0.isFinite }
        guard let first = pts.first else { return BezierPath(start: .zero) }
        var path = BezierPath(start: first)
        let t = tension.isNaN ? 0 : Swift.min(Swift.max(tension, 0), 1)
        let scale = (1 - t) / 2
        func tangent(_ i: Int) -> Point {
            (pts[Swift.min(i + 1, pts.count - 1)] - pts[Swift.max(i - 1, 0)]) * scale
        }
        for i in 0..<(pts.count - 1) {
            path.addCurve(to: pts[i + 1], control1: pts[i] + tangent(i) * (1.0 / 3), control2: pts[i + 1] - tangent(i + 1) * (1.0 / 3))
        }
        return path
    }
}
