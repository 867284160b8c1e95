/// A cubic Bézier timing curve, as Core Animation's `CAMediaTimingFunction` and UIKit's
/// `UICubicTimingParameters`.
///
/// The curve runs from (0, 0) to (1, 1) through two control points. The horizontal axis is the
/// fraction of the animation's duration that has elapsed, the vertical axis is the progress of
/// the animated value. Control-point x coordinates must lie in [0, 1] (so that time never runs
/// backwards); y coordinates are free, so a curve may overshoot past 1 or dip below 0.
///
/// ## Accuracy
/// ``progress(at:)`` solves x(s) = fraction for the curve parameter s and returns y(s). The solve
/// starts from a 16-segment inverse table built once per curve, refines by Newton's method, and
/// falls back to bisection inside the table's bracket whenever Newton leaves it, so it converges
/// on every valid curve, including degenerate ones (control points on the corners, x1 = x2, a
/// vertical start or end where dx/ds = 0). The returned progress is within about 1e-11 of the exact
/// value for every curve whose y coordinates lie in [-10, 10] (1e-13 in the curve parameter); the test suite checks 1e-7
/// against an independent bisection reference over thousands of curves and instants.
///
/// ## Outside [0, 1] and bad input
/// - A fraction below 0 gives progress 0 and velocity 0; above 1, progress 1 and velocity 0
///   (the curve holds its end points, as an animator before its start or after its end). A NaN
///   fraction is treated as 0.
/// - Control-point x coordinates outside [0, 1] are clamped into it.
/// - If any control-point coordinate is NaN or infinite, the curve is ``linear`` (and
///   ``controlPoint1`` and ``controlPoint2`` say so).
public struct CubicTimingParameters: Sendable, Equatable {
    /// The first control point, after validation.
    public let controlPoint1: Point
    /// The second control point, after validation.
    public let controlPoint2: Point

    // Power-basis coefficients: x(s) = ((ax·s + bx)·s + cx)·s, likewise y.
    @usableFromInline let ax: Double, bx: Double, cx: Double
    @usableFromInline let ay: Double, by: Double, cy: Double
    /// s at x = i/16 for i = 1...15 (s = 0 at x = 0 and s = 1 at x = 1 are implied).
    @usableFromInline let table: InverseTable

    /// Creates a curve from its two control points (see the type's discussion for validation).
    public init(controlPoint1 p1: Point, controlPoint2 p2: Point) {
        let finite = p1.x.isFinite && p1.y.isFinite && p2.x.isFinite && p2.y.isFinite
        let q1 = finite ? Point(x: Swift.min(Swift.max(p1.x, 0), 1), y: p1.y) : Point(x: 0, y: 0)
        let q2 = finite ? Point(x: Swift.min(Swift.max(p2.x, 0), 1), y: p2.y) : Point(x: 1, y: 1)
        controlPoint1 = q1
        controlPoint2 = q2
        cx = 3 * q1.x
        bx = 3 * (q2.x - q1.x) - cx
        ax = 1 - cx - bx
        cy = 3 * q1.y
        by = 3 * (q2.y - q1.y) - cy
        ay = 1 - cy - by
        table = InverseTable(ax: ax, bx: bx, cx: cx)
    }

    /// Creates a curve from the coordinates of its two control points.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.init(controlPoint1: Point(x: x1, y: y1), controlPoint2: Point(x: x2, y: y2))
    }

    /// Creates the curve of a UIKit animation curve.
    public init(animationCurve: AnimationCurve) {
        switch animationCurve {
        case .easeInOut: self = .easeInOut
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .linear: self = .linear
        }
    }

    /// The ease-in-out curve, as `UICubicTimingParameters()` is.
    public init() { self = .easeInOut }

    /// Progress equals the time fraction: control points (0, 0) and (1, 1).
    public static let linear = CubicTimingParameters(0, 0, 1, 1)
    /// Starts slowly: Core Animation's `easeIn`, control points (0.42, 0) and (1, 1).
    public static let easeIn = CubicTimingParameters(0.42, 0, 1, 1)
    /// Ends slowly: Core Animation's `easeOut`, control points (0, 0) and (0.58, 1).
    public static let easeOut = CubicTimingParameters(0, 0, 0.58, 1)
    /// Starts and ends slowly: Core Animation's `easeInEaseOut`, control points (0.42, 0) and
    /// (0.58, 1). UIKit's default for property animators.
    public static let easeInOut = CubicTimingParameters(0.42, 0, 0.58, 1)
    /// Core Animation's `default` timing function, control points (0.25, 0.1) and (0.25, 1): the
    /// curve implicit layer animations use.
    public static let `default` = CubicTimingParameters(0.25, 0.1, 0.25, 1)

    // MARK: Sampling

    /// The progress at a fraction of the duration (see the type's discussion for the contract).
    public func progress(at fraction: Double) -> Double {
        guard fraction > 0 else { return 0 }          // also catches NaN
        guard fraction < 1 else { return 1 }
        let s = solve(fraction)
        return ((ay * s + by) * s + cy) * s
    }

    /// The derivative of progress with respect to the time fraction, d progress / d fraction.
    ///
    /// Exact: dy/ds divided by dx/ds at the solved parameter. Where dx/ds is zero (a vertical
    /// tangent: the curve's start when x1 = 0 and y1 ≠ 0, its end when x2 = 1 and y2 ≠ 1) the slope
    /// is infinite and the result is ±infinity; where both vanish the limit is taken from the
    /// next derivatives. Outside (0, 1) the velocity is 0, at exactly 0 and 1 it is the slope of
    /// the curve's end tangents. Never NaN.
    public func velocity(at fraction: Double) -> Double {
        guard fraction >= 0, fraction <= 1 else { return 0 }   // NaN too
        let s = fraction == 0 ? 0 : (fraction == 1 ? 1 : solve(fraction))
        return slope(at: s)
    }

    /// Progress and velocity together, sharing one solve.
    public func sample(at fraction: Double) -> (progress: Double, velocity: Double) {
        guard fraction >= 0 else { return (0, 0) }       // NaN fails every comparison below
        guard fraction <= 1 else { return (1, 0) }
        let s = fraction == 0 ? 0 : (fraction == 1 ? 1 : solve(fraction))
        return (((ay * s + by) * s + cy) * s, slope(at: s))
    }

    /// The time fraction at which the curve reaches `progress`, for monotonic curves; the
    /// smallest such fraction otherwise. `nil` if the curve never reaches it.
    ///
    /// Used to continue an animation from a scrubbed position without a jump (the 2016 WWDC
    /// session's time remapping).
    public func fraction(forProgress progress: Double) -> Double? {
        guard progress.isFinite else { return nil }
        // Scan the parameter for the first bracket of y(s) = progress, then bisect.
        let steps = 256
        var s0 = 0.0
        var y0 = 0.0 - progress
        if y0 == 0 { return 0 }
        for i in 1...steps {
            let s1 = Double(i) / Double(steps)
            let y1 = ((ay * s1 + by) * s1 + cy) * s1 - progress
            if y1 == 0 { return x(s1) }
            if (y0 < 0) != (y1 < 0) {
                var lo = s0, hi = s1
                for _ in 0..<80 {
                    let mid = (lo + hi) / 2
                    let ym = ((ay * mid + by) * mid + cy) * mid - progress
                    if (ym < 0) == (y0 < 0) { lo = mid } else { hi = mid }
                }
                return x((lo + hi) / 2)
            }
            s0 = s1; y0 = y1
        }
        return nil
    }

    // MARK: Internals

    @inline(__always) @usableFromInline func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }

    /// dy/dx at parameter s, with the limits at vertical tangents (see `velocity(at:)`).
    @usableFromInline func slope(at s: Double) -> Double {
        let dx = (3 * ax * s + 2 * bx) * s + cx
        let dy = (3 * ay * s + 2 * by) * s + cy
        if dx != 0 { return dy / dx }
        if dy != 0 { return dy > 0 ? .infinity : -.infinity }
        // 0/0: L'Hôpital with the second, then third derivatives.
        let ddx = 6 * ax * s + 2 * bx, ddy = 6 * ay * s + 2 * by
        if ddx != 0 { return ddy / ddx }
        if ddy != 0 { return ddy > 0 ? .infinity : -.infinity }
        return ax != 0 ? ay / ax : 0
    }

    /// The parameter s in [0, 1] with x(s) = t, for t in (0, 1).
    @usableFromInline func solve(_ t: Double) -> Double {
        // Bracket from the inverse table, guess by linear interpolation inside it.
        let scaled = t * Double(InverseTable.segments)
        let i = Swift.min(Int(scaled), InverseTable.segments - 1)
        var lo = table[i], hi = table[i + 1]
        var s = lo + (hi - lo) * (scaled - Double(i))
        for _ in 0..<64 {
            let f = x(s) - t
            if f == 0 { return s }
            if f < 0 { lo = s } else { hi = s }
            let d = (3 * ax * s + 2 * bx) * s + cx
            let step = f / d
            let next = s - step
            if d > 0, next > lo, next < hi {
                // Newton's error after a step is about (x''/2x')·step²; stop once that, and the
                // step itself, are far below the accuracy we promise.
                if step.magnitude < 1e-6 {
                    let curvature = (6 * ax * next + 2 * bx).magnitude
                    if curvature * step * step <= 2e-13 * d { return next }
                }
                s = next
            } else {
                let mid = (lo + hi) * 0.5
                if mid <= lo || mid >= hi { return mid }
                s = mid
            }
            if hi - lo <= 1e-15 { return (lo + hi) * 0.5 }
        }
        return s
    }
}

/// The timing curves UIKit names (`UIView.AnimationCurve`).
public enum AnimationCurve: Sendable, Equatable, CaseIterable {
    case easeInOut
    case easeIn
    case easeOut
    case linear
}

/// s at x = i/16, i = 0...16, for a monotonic x(s); storage without heap allocation.
@usableFromInline
struct InverseTable: Sendable, Equatable {
    @usableFromInline static let segments = 16
    @usableFromInline var s: (Double, Double, Double, Double, Double, Double, Double, Double,
                              Double, Double, Double, Double, Double, Double, Double, Double, Double)

    init() {
        s = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)
    }

    init(ax: Double, bx: Double, cx: Double) {
        self.init()
        var lo = 0.0
        for i in 1..<InverseTable.segments {
            let t = Double(i) / Double(InverseTable.segments)
            // Plain bisection: x(s) is nondecreasing on [0, 1] for x control points in [0, 1].
            var a = lo, b = 1.0
            for _ in 0..<60 {
                let mid = (a + b) * 0.5
                if ((ax * mid + bx) * mid + cx) * mid < t { a = mid } else { b = mid }
            }
            self[i] = a
            lo = a
        }
    }

    @usableFromInline subscript(i: Int) -> Double {
        get { withUnsafeBytes(of: s) { $0.load(fromByteOffset: i &* 8, as: Double.self) } }
        set { withUnsafeMutableBytes(of: &s) { $0.storeBytes(of: newValue, toByteOffset: i &* 8, as: Double.self) } }
    }

    @usableFromInline static func == (l: InverseTable, r: InverseTable) -> Bool {
        for i in 0...segments where l[i] != r[i] { return false }
        return true
    }
}

extension CubicTimingParameters {
    /// Curves are equal when their control points are.
    public static func == (lhs: CubicTimingParameters, rhs: CubicTimingParameters) -> Bool {
        lhs.controlPoint1 == rhs.controlPoint1 && lhs.controlPoint2 == rhs.controlPoint2
    }
}
