// A path of lines, quadratic and cubic Bézier curves and arcs (UIKit's UIBezierPath, for boundaries), and its flattening.
import Kinetic

/// A path of lines, quadratic and cubic Bézier curves and circular arcs, built as a
/// `UIBezierPath` is, for `CollisionBehavior.addBoundary(withIdentifier:for:)`.
///
///     var bowl = BezierPath()
///     bowl.move(to: Point(x: 20, y: 300))
///     bowl.addQuadCurve(to: Point(x: 300, y: 300), controlPoint: Point(x: 160, y: 600))
///     collision.addBoundary(withIdentifier: "bowl", for: bowl)
///
/// The solver collides with straight segments, so a boundary takes the path ``flattened()``:
/// every curve is replaced by a chain of chords whose largest distance from the curve is at most
/// ``flatness`` points (UIKit's property, default 0.6). Coordinates are the animator's reference
/// coordinates; angles are in radians, positive from +x towards +y (clockwise on screen, as in
/// UIKit).
///
/// One contour: a path is the figure begun by its first ``move(to:)``; drawing before it starts
/// at the origin, and a later ``move(to:)`` (a second contour) is recorded but its boundary uses
/// the first contour only (``contourCount`` tells). Non-finite points, radii and angles are
/// recorded as given; the boundary then reports them (``CollisionBehavior`` rejects a path with
/// a non-finite or out-of-range point with a diagnostic).
public struct BezierPath: Equatable, Sendable {
    /// One drawing command.
    public enum Element: Equatable, Sendable {
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

    /// The largest distance in points between a curve and the chords that replace it (UIKit's
    /// `flatness`, default 0.6). Values below 0.01 are treated as 0.01, and a curve is cut into
    /// at most 4,096 chords.
    public var flatness = 0.6

    /// An empty path.
    public init() {}

    /// How many contours (figures begun by ``move(to:)``) the path has.
    public var contourCount: Int {
        elements.reduce(0) { if case .move = $1 { return $0 + 1 } else { return $0 } }
    }

    /// Whether every point is finite and within ±1e9 points, and every radius and angle finite.
    var isUsable: Bool {
        elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): return p.isUsableCoordinate
            case .quadCurve(let p, let c): return p.isUsableCoordinate && c.isUsableCoordinate
            case .curve(let p, let c1, let c2): return p.isUsableCoordinate && c1.isUsableCoordinate && c2.isUsableCoordinate
            case .arc(let c, let r, let a, let s):
                return c.isUsableCoordinate && r.isFinite && r.magnitude < DynamicsLimits.maximumCoordinate && a.isFinite && s.isFinite
            case .close: return true
            }
        }
    }

    /// Begins a contour at `point`.
    public mutating func move(to point: Point) { elements.append(.move(to: point)) }

    /// A straight line to `point`.
    public mutating func addLine(to point: Point) { elements.append(.line(to: point)) }

    /// A quadratic Bézier curve to `point` with one control point.
    public mutating func addQuadCurve(to point: Point, controlPoint: Point) {
        elements.append(.quadCurve(to: point, control: controlPoint))
    }

    /// A cubic Bézier curve to `point` with two control points.
    public mutating func addCurve(to point: Point, controlPoint1: Point, controlPoint2: Point) {
        elements.append(.curve(to: point, control1: controlPoint1, control2: controlPoint2))
    }

    /// An arc of the circle of `radius` about `center` from `startAngle` to `endAngle`, as
    /// `UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`: `clockwise`
    /// (on screen) goes by increasing angles. A line joins the current point to the arc's start.
    /// Ends 2π or more apart make a full circle.
    public mutating func addArc(withCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
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
                let d = Vector(dx: p0.x - 2 * p1.x + p2.x, dy: p0.y - 2 * p1.y + p2.y).length2D
                let n = steps((d / (4 * f)).squareRoot())
                for k in 1...n {
                    let t = Double(k) / Double(n), u = 1 - t
                    points.append(k == n ? p2 : Point(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                                                      y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y))
                }
            case .curve(let p3, let p1, let p2):
                if points.isEmpty { points.append(current) }
                let p0 = current
                let d1 = Vector(dx: p0.x - 2 * p1.x + p2.x, dy: p0.y - 2 * p1.y + p2.y).length2D
                let d2 = Vector(dx: p1.x - 2 * p2.x + p3.x, dy: p1.y - 2 * p2.y + p3.y).length2D
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
                    let (s, c) = sinCos(start + sweep * Double(k) / Double(n))
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
}
