// A path of lines, quadratic and cubic Bézier curves and circular arcs (UIKit's UIBezierPath,
// SwiftUI's Path): what a point moves along (paced) and what a collision boundary follows
// (flattened).

/// A path of lines, quadratic and cubic Bézier curves and circular arcs, built as a
/// `UIBezierPath` (or SwiftUI's `Path`) is.
///
///     var path = BezierPath(start: Point(x: 20, y: 300))
///     path.addQuadCurve(to: Point(x: 300, y: 300), controlPoint: Point(x: 160, y: 600))
///
/// A point property moves along it at paced speed (`AnimatedProperty.move(along:orientation:)`),
/// and a KineticDynamics collision boundary follows it within ``flatness`` (``flattened()``).
/// Which contour both read, the angle convention and bad input are in
/// <doc:MotionAlongAPath#The-path>.
public struct BezierPath: Sendable, Equatable {
    /// One drawing command.
    public enum Element: Sendable, Equatable {
        /// Begins a contour.
        case move(to: Point)
        /// A straight line from the current point.
        case line(to: Point)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve from the current point.
        case curve(to: Point, control1: Point, control2: Point)
        /// An arc of the circle about `center`, from `startAngle` through `sweep` radians
        /// (positive: increasing angle, UIKit's clockwise).
        case arc(center: Point, radius: Double, startAngle: Double, sweep: Double)
        /// A line back to the contour's start.
        case close
    }

    /// The commands, in order.
    public private(set) var elements: [Element] = []

    /// The largest distance in points between a curve and the chords ``flattened()`` replaces
    /// it by (UIKit's `flatness`, default 0.6). Values below 0.01 are treated as 0.01, and a
    /// curve is cut into at most 4,096 chords.
    public var flatness = 0.6

    /// An empty path.
    public init() {}

    /// A path beginning at `start` (``move(to:)``; a start that is not finite is taken as the
    /// origin).
    public init(start: Point) {
        move(to: start.isFinite ? start : .zero)
    }

    /// How many contours (figures begun by ``move(to:)``) the path has.
    public var contourCount: Int {
        elements.reduce(0) { if case .move = $1 { return $0 + 1 } else { return $0 } }
    }

    /// Where the first contour begins (the origin when nothing is drawn before it).
    public var start: Point {
        if case .move(let p)? = elements.first { return p }
        return .zero
    }

    /// Where the first contour ends (``start`` when it has no segment, and after ``close()``).
    public var end: Point {
        let contour = firstContour()
        return contour.segments.last?.end ?? contour.start
    }

    /// Begins a contour at `point`.
    public mutating func move(to point: Point) {
        guard point.isFinite else { return }
        elements.append(.move(to: point))
    }

    /// A straight line to `point`.
    public mutating func addLine(to point: Point) {
        guard point.isFinite else { return }
        elements.append(.line(to: point))
    }

    /// A quadratic Bézier curve to `point` with one control point.
    public mutating func addQuadCurve(to point: Point, controlPoint: Point) {
        guard point.isFinite, controlPoint.isFinite else { return }
        elements.append(.quadCurve(to: point, control: controlPoint))
    }

    /// A cubic Bézier curve to `point` with two control points.
    public mutating func addCurve(to point: Point, controlPoint1: Point, controlPoint2: Point) {
        guard point.isFinite, controlPoint1.isFinite, controlPoint2.isFinite else { return }
        elements.append(.curve(to: point, control1: controlPoint1, control2: controlPoint2))
    }

    /// An arc of the circle of `radius` about `center` from `startAngle` to `endAngle`, as
    /// `UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`: `clockwise`
    /// (on screen) goes by increasing angles. A line joins the current point to the arc's start.
    /// Ends 2π or more apart make a full circle.
    public mutating func addArc(withCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        guard center.isFinite, radius.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        let turn = 2 * Double.pi
        var sweep = endAngle - startAngle
        if sweep.magnitude >= turn {
            sweep = clockwise ? turn : -turn
        } else if clockwise, sweep < 0 {
            sweep += turn
        } else if !clockwise, sweep > 0 {
            sweep -= turn
        }
        elements.append(.arc(center: center, radius: radius, startAngle: startAngle, sweep: sweep))
    }

    /// Closes the contour with a line back to its start.
    public mutating func close() { elements.append(.close) }

    /// The first contour as Bézier segments from its start: lines, quadratic and cubic curves
    /// only. An arc becomes cubic segments of at most an eighth of a turn each (control distance
    /// 4/3·tan(θ/4)·r: within 4.2e-6 of the radius, relative), after a line from the current
    /// point to the arc's start if it is elsewhere; ``close()`` becomes a line back to the start
    /// unless the contour is there.
    func firstContour() -> (start: Point, segments: [Element]) {
        var start = Point.zero, current = Point.zero
        var segments: [Element] = []
        var started = false
        for element in elements {
            switch element {
            case .move(let p):
                if started { return (start, segments) }
                started = true
                start = p; current = p
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
                segments.append(element)
                current = p
            case .arc(let center, let radius, let angle, let sweep):
                let r = radius.magnitude
                let first = Elementary.sinCos(angle)
                let arcStart = Point(x: center.x + r * first.cos, y: center.y + r * first.sin)
                if arcStart != current { segments.append(.line(to: arcStart)) }
                let pieces = Swift.max(1, Int((sweep.magnitude / (Double.pi / 4)).rounded(.up)))
                let step = sweep / Double(pieces)
                let k = 4.0 / 3.0 * BezierPath.tangentOfQuarter(step) * r
                var a = first
                for i in 1...pieces {
                    let b = Elementary.sinCos(angle + step * Double(i))
                    let from = Point(x: center.x + r * a.cos, y: center.y + r * a.sin)
                    let to = Point(x: center.x + r * b.cos, y: center.y + r * b.sin)
                    segments.append(.curve(to: to, control1: from + Point(x: -a.sin, y: a.cos) * k,
                                           control2: to - Point(x: -b.sin, y: b.cos) * k))
                    a = b
                }
                current = segments.last.map { BezierPath.endPoint(of: $0) } ?? current
            case .close:
                if current != start { segments.append(.line(to: start)) }
                current = start
            }
        }
        return (start, segments)
    }

    /// tan(θ/4), from the package's kernels.
    private static func tangentOfQuarter(_ theta: Double) -> Double {
        let sc = Elementary.sinCos(theta / 4)
        return sc.sin / sc.cos
    }

    /// The end point of a segment (a line or a curve).
    static func endPoint(of element: Element) -> Point {
        switch element {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): return p
        case .arc(let c, let r, let a, let s):
            let sc = Elementary.sinCos(a + s)
            return Point(x: c.x + r.magnitude * sc.cos, y: c.y + r.magnitude * sc.sin)
        case .close: return .zero
        }
    }

    private func distance(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }

    /// The first contour as points along it, within ``flatness`` of every curve, and whether it
    /// is closed. Lines keep their end points; a curve of chord deviation bound `d` is cut into
    /// equal parameter steps, as few as keep `d` within the flatness: a quadratic into
    /// ⌈√(|P₀ − 2P₁ + P₂| / 4f)⌉, a cubic into ⌈√(3·max(|P₀ − 2P₁ + P₂|, |P₁ − 2P₂ + P₃|) / 4f)⌉
    /// (the chord of a parameter step Δ lies within |B''|·Δ²/8 of the curve), an arc of radius
    /// r into steps of at most √(8f/r) radians (its sagitta r·(1 − cos(θ/2)) ≤ r·θ²/8).
    public func flattened() -> (points: [Point], isClosed: Bool) {
        let f = Swift.max(flatness.isNaN ? 0.6 : flatness, 0.01)
        var points: [Point] = []
        var isClosed = false
        var started = false
        @inline(__always) func steps(_ n: Double) -> Int {
            guard n.isFinite else { return 1 }
            return Int(Swift.min(Swift.max(n.rounded(.up), 1), 4096))
        }
        for element in elements {
            let current = points.last ?? .zero
            switch element {
            case .move(let p):
                if started { return (points, isClosed) }
                started = true
                points = [p]
            case .line(let p):
                if points.isEmpty { points.append(current) }
                points.append(p)
            case .quadCurve(let p2, let p1):
                if points.isEmpty { points.append(current) }
                let p0 = current
                let d = distance(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
                let n = steps((d / (4 * f)).squareRoot())
                for k in 1...n {
                    let t = Double(k) / Double(n), u = 1 - t
                    points.append(k == n ? p2 : Point(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                                                      y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y))
                }
            case .curve(let p3, let p1, let p2):
                if points.isEmpty { points.append(current) }
                let p0 = current
                let d1 = distance(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
                let d2 = distance(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y)
                let n = steps((3 * Swift.max(d1, d2) / (4 * f)).squareRoot())
                for k in 1...n {
                    let t = Double(k) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, e = t * t * t
                    points.append(k == n ? p3 : Point(x: a * p0.x + b * p1.x + c * p2.x + e * p3.x,
                                                      y: a * p0.y + b * p1.y + c * p2.y + e * p3.y))
                }
            case .arc(let center, let radius, let start, let sweep):
                let r = radius.magnitude
                let n = r > 0 ? steps(sweep.magnitude / (8 * f / r).squareRoot()) : 1
                for k in 0...n {
                    let (s, c) = Elementary.sinCos(start + sweep * Double(k) / Double(n))
                    let p = Point(x: center.x + r * c, y: center.y + r * s)
                    if k == 0, !points.isEmpty, points[points.count - 1] == p { continue }
                    points.append(p)
                }
            case .close:
                isClosed = true
            }
        }
        // A closing point equal to the start is the same vertex.
        if isClosed, points.count > 2, points.first == points.last { points.removeLast() }
        return (points, isClosed)
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
            // The last quarter ends exactly where the circle starts, so the path is closed.
            let a = at(startAngle + Double(i) * quarter), b = at(startAngle + Double(i == 3 ? 0 : i + 1) * quarter)
            path.addCurve(to: b.p, controlPoint1: a.p + a.t * k, controlPoint2: b.p - b.t * k)
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
            path.addCurve(to: pts[i + 1], controlPoint1: pts[i] + tangent(i) * (1.0 / 3), controlPoint2: pts[i + 1] - tangent(i + 1) * (1.0 / 3))
        }
        return path
    }
}

extension BezierPath.Element {
    /// Where the command leaves the current point (a ``BezierPath/Element/close`` leaves it at the
    /// contour's start, which the element alone does not know: the origin here).
    public var end: Point { BezierPath.endPoint(of: self) }
}
