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
/// vertical start or end where dx/ds = 0). Two places are ill-conditioned in plain double
/// arithmetic and get their own form of the same cubic: the last sixteenth of the curve is solved
/// on the mirrored curve 1 − x(1 − r), so r = 1 − s keeps its relative precision at a vertical
/// end, and a nearly flat inflection of x(s) inside the curve (x1 near 1, x2 near 0, where
/// progress is a cube root of the fraction) is solved by Cardano's formula around that point.
/// The test suite checks progress to 1e-7 and velocity to 1e-7 relative against a bisection
/// reference in double-double arithmetic, over thousands of curves and instants, degenerate ones
/// included; in practice the error is near 1e-15.
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

    /// x(s) and y(s), and the same curve mirrored through (½, ½): 1 − x(1 − r), 1 − y(1 − r).
    @usableFromInline let x: BezierComponent, y: BezierComponent
    @usableFromInline let mirroredX: BezierComponent, mirroredY: BezierComponent
    /// s at x = i/16 for i = 0...16.
    @usableFromInline let table: InverseTable
    /// y(s) = x(s) for every s: progress is the fraction itself, exactly.
    @usableFromInline let isIdentity: Bool
    /// The inflection point s0 of x(s) when x'(s0) is nearly zero inside the curve (x1 near 1
    /// and x2 near 0), where the solve uses the depressed form x(s0 + u) = a·u³ + p·u + q0.
    /// NaN when the curve has no such point.
    @usableFromInline let flatPoint: Double
    @usableFromInline let flatSlope: Double, flatValue: Double

    /// Creates a curve from its two control points (see the type's discussion for validation).
    public init(controlPoint1 p1: Point, controlPoint2 p2: Point) {
        let finite = p1.x.isFinite && p1.y.isFinite && p2.x.isFinite && p2.y.isFinite
        let q1 = finite ? Point(x: Swift.min(Swift.max(p1.x, 0), 1), y: p1.y) : Point(x: 0, y: 0)
        let q2 = finite ? Point(x: Swift.min(Swift.max(p2.x, 0), 1), y: p2.y) : Point(x: 1, y: 1)
        controlPoint1 = q1
        controlPoint2 = q2
        x = BezierComponent(q1.x, q2.x)
        y = BezierComponent(q1.y, q2.y)
        mirroredX = BezierComponent(1 - q2.x, 1 - q1.x)
        mirroredY = BezierComponent(1 - q2.y, 1 - q1.y)
        table = InverseTable(x)
        isIdentity = q1.x == q1.y && q2.x == q2.y
        // x'(s) = 3a·s² + 2b·s + c is smallest at s0 = −b / 3a, where it is p = c − b²/3a. Below
        // 0.05 (the average slope is 1) the depressed form keeps full accuracy where the power
        // basis would lose a third of the digits to cancellation.
        let s0 = x.a > 0 ? -x.b / (3 * x.a) : -1
        let p = x.c - x.b * x.b / (3 * x.a)
        if s0 > 0.01, s0 < 0.99, p < 0.05 {
            flatPoint = s0
            flatSlope = Swift.max(p, 0)
            flatValue = x.value(s0)
        } else {
            flatPoint = .nan
            flatSlope = 0
            flatValue = 0
        }
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
    @inlinable public func progress(at fraction: Double) -> Double {
        sample(at: fraction).progress
    }

    /// The derivative of progress with respect to the time fraction, d progress / d fraction.
    ///
    /// Exact: dy/ds divided by dx/ds at the solved parameter. Where dx/ds is zero (a vertical
    /// tangent: the curve's start when x1 = 0 and y1 ≠ 0, its end when x2 = 1 and y2 ≠ 1) the slope
    /// is infinite and the result is ±infinity; where both vanish the limit is taken from the
    /// next derivatives. Outside [0, 1] the velocity is 0; at exactly 0 and 1 it is the slope of
    /// the curve's end tangents. Never NaN.
    @inlinable public func velocity(at fraction: Double) -> Double {
        sample(at: fraction).velocity
    }

    /// Progress and velocity together, sharing one solve.
    public func sample(at fraction: Double) -> (progress: Double, velocity: Double) {
        guard fraction >= 0 else { return (0, 0) }       // NaN fails every comparison
        guard fraction <= 1 else { return (1, 0) }
        if isIdentity { return (fraction, 1) }
        if fraction == 0 { return (0, BezierComponent.slope(y, x, at: 0)) }
        if fraction >= Self.mirrorThreshold {
            // 1 − fraction is exact here (Sterbenz), and so is the mirrored curve's parameter.
            let r = fraction == 1 ? 0 : solveMirrored(1 - fraction)
            return (1 - mirroredY.value(r), BezierComponent.slope(mirroredY, mirroredX, at: r))
        }
        let s = solve(fraction)
        return (y.value(s), BezierComponent.slope(y, x, at: s))
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
            let y1 = y.value(s1) - progress
            if y1 == 0 { return x.value(s1) }
            if (y0 < 0) != (y1 < 0) {
                var lo = s0, hi = s1
                for _ in 0..<80 {
                    let mid = (lo + hi) / 2
                    let ym = y.value(mid) - progress
                    if (ym < 0) == (y0 < 0) { lo = mid } else { hi = mid }
                }
                return x.value((lo + hi) / 2)
            }
            s0 = s1; y0 = y1
        }
        return nil
    }

    // MARK: Internals

    /// Fractions from here on are solved on the mirrored curve: the last sixteenth.
    @usableFromInline static let mirrorThreshold = 15.0 / 16.0

    /// The parameter s in (0, 1) with x(s) = t, for t in (0, 15/16).
    @usableFromInline func solve(_ t: Double) -> Double {
        if !flatPoint.isNaN { return solveNearFlatPoint(t) }
        let scaled = t * Double(InverseTable.segments)
        let i = Swift.min(Int(scaled), InverseTable.segments - 1)
        let lo = table[i], hi = table[i + 1]
        return x.solve(t, lo: lo, hi: hi, guess: lo + (hi - lo) * (scaled - Double(i)))
    }

    /// The parameter r = 1 − s of the mirrored curve with 1 − x(1 − r) = t, for t in (0, 1/16].
    @usableFromInline func solveMirrored(_ t: Double) -> Double {
        let hi = 1 - table[InverseTable.segments - 1]
        return mirroredX.solve(t, lo: 0, hi: hi, guess: hi * t * Double(InverseTable.segments))
    }

    /// Solves a·u³ + p·u + (q0 − t) = 0, the curve in depressed form around its flat inflection
    /// point, by Cardano's formula in its cancellation-free arrangement (p ≥ 0: one real root),
    /// then polishes with one Newton step.
    @usableFromInline func solveNearFlatPoint(_ t: Double) -> Double {
        let a = x.a, p = flatSlope
        let r = flatValue - t
        // u = A − p / (3a·A) with A = ∛(−r/2a ± √D), the sign chosen to avoid cancellation.
        let h = -r / (2 * a)
        let k = p / (3 * a)
        let root = (h * h + k * k * k).squareRoot()
        let big = Elementary.cbrt(h >= 0 ? h + root : h - root)
        var u = big == 0 ? 0 : big - k / big
        let g = ((a * u) * u + p) * u + r
        let dg = 3 * a * u * u + p
        if dg > 0 { u -= g / dg }
        return Swift.min(Swift.max(flatPoint + u, 0), 1)
    }
}

/// One coordinate of a cubic Bézier from 0 to 1, in power basis: ((a·s + b)·s + c)·s.
@usableFromInline
struct BezierComponent: Sendable, Equatable {
    @usableFromInline let a: Double, b: Double, c: Double

    /// The component with inner control values p1 and p2 (and end values 0 and 1).
    init(_ p1: Double, _ p2: Double) {
        c = 3 * p1
        b = 3 * (p2 - p1) - c
        a = 1 - c - b
    }

    @inlinable @inline(__always) func value(_ s: Double) -> Double { ((a * s + b) * s + c) * s }
    @inlinable @inline(__always) func derivative(_ s: Double) -> Double { (3 * a * s + 2 * b) * s + c }
    @inlinable @inline(__always) func secondDerivative(_ s: Double) -> Double { 6 * a * s + 2 * b }

    /// dy/dx at parameter s, with the limits at vertical tangents (see `velocity(at:)`).
    @usableFromInline static func slope(_ y: BezierComponent, _ x: BezierComponent, at s: Double) -> Double {
        let dx = x.derivative(s), dy = y.derivative(s)
        if dx != 0 { return dy / dx }
        if dy != 0 { return dy > 0 ? .infinity : -.infinity }
        // 0/0: L'Hôpital with the second, then third derivatives.
        let ddx = x.secondDerivative(s), ddy = y.secondDerivative(s)
        if ddx != 0 { return ddy / ddx }
        if ddy != 0 { return ddy > 0 ? .infinity : -.infinity }
        return x.a != 0 ? y.a / x.a : 0
    }

    /// The s in [lo, hi] with value(s) = t, for a nondecreasing component: Newton's method from
    /// `guess`, falling back to bisection whenever a step leaves the bracket.
    @usableFromInline func solve(_ t: Double, lo: Double, hi: Double, guess: Double) -> Double {
        var lo = lo, hi = hi, s = guess
        for _ in 0..<64 {
            let f = value(s) - t
            if f == 0 { return s }
            if f < 0 { lo = s } else { hi = s }
            let d = derivative(s)
            let step = f / d
            let next = s - step
            if d > 0, next > lo, next < hi {
                // After a Newton step the error is about (x''/2x')·step². Stop once that is far
                // below 1e-13 in s and far below 1e-9 relative in the slope, (x''/x')·error.
                if step.magnitude < 1e-6 {
                    let bend = secondDerivative(next).magnitude * step.magnitude / d
                    if bend * step.magnitude <= 2e-13, bend * bend <= 2e-10 { return next }
                }
                s = next
            } else {
                let mid = (lo + hi) * 0.5
                if mid <= lo || mid >= hi { return mid }
                s = mid
            }
            if hi - lo <= 1e-15 * Swift.max(hi, 1e-3) { return (lo + hi) * 0.5 }
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

/// s at x = i/16, i = 0...16, for a nondecreasing x(s); storage without heap allocation.
@usableFromInline
struct InverseTable: Sendable, Equatable {
    @usableFromInline static let segments = 16
    @usableFromInline var s: (Double, Double, Double, Double, Double, Double, Double, Double,
                              Double, Double, Double, Double, Double, Double, Double, Double, Double)

    init(_ x: BezierComponent) {
        s = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)
        var lo = 0.0
        for i in 1..<InverseTable.segments {
            let t = Double(i) / Double(InverseTable.segments)
            // Plain bisection: x(s) is nondecreasing on [0, 1] for x control points in [0, 1].
            var a = lo, b = 1.0
            for _ in 0..<60 {
                let mid = (a + b) * 0.5
                if x.value(mid) < t { a = mid } else { b = mid }
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
