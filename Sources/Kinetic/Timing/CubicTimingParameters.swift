/// A cubic Bézier timing curve, as Core Animation's `CAMediaTimingFunction` and UIKit's
/// `UICubicTimingParameters`.
///
/// The curve runs from (0, 0) to (1, 1) through two control points: the horizontal axis is the
/// fraction of the duration elapsed, the vertical axis the progress (which may overshoot).
///
/// ```swift
/// let curve = CubicTimingParameters(controlPoint1: Point(x: 0.2, y: 0), controlPoint2: Point(x: 0, y: 1))
/// let halfway = curve.progress(at: 0.5)          // or a preset: .easeOut, .easeInOut, .linear
/// ```
///
/// ``progress(at:)`` is exact to about 1e-12, degenerate curves included. How it is solved, what
/// it costs, and what fractions outside [0, 1] and bad control points become are in
/// <doc:CubicCurvesInDepth>.
public struct CubicTimingParameters: Sendable, Equatable {
    /// The first control point, after validation.
    public let controlPoint1: Point
    /// The second control point, after validation.
    public let controlPoint2: Point

    /// x(s) and y(s), and the same curve mirrored through (½, ½): 1 − x(1 − r), 1 − y(1 − r).
    @usableFromInline let x: BezierComponent, y: BezierComponent
    @usableFromInline let mirroredX: BezierComponent, mirroredY: BezierComponent
    /// The inverse table, built on first use (`CubicInverseTable`), 4N + 3 `Double`s: 4
    /// coefficients per segment i of the fraction axis (x in [i/N, (i+1)/N], N = ``segments``),
    /// s ≈ c0 + u·c1 + u²·(c2 + u·c3) with u = N·x − i, a cubic Hermite interpolant of s(x); c0
    /// is s at x = i/N exactly (the robust solver's bracket). Then, as bit patterns, the one-step
    /// mask (bit i: segment i takes the inline path) at index 4N and the step counts, 2 bits per
    /// segment, at 4N + 1 and 4N + 2 (see `steps(_:segment:)`).
    @usableFromInline let cache: CubicInverseTable
    /// y(s) = x(s) for every s: progress is the fraction itself, exactly.
    @usableFromInline let isIdentity: Bool
    /// The inflection point s0 of x(s) when x'(s0) is nearly zero inside the curve (x1 near 1
    /// and x2 near 0), where the solve uses the depressed form x(s0 + u) = a·u³ + p·u + q0.
    /// NaN when the curve has no such point.
    @usableFromInline let flatPoint: Double
    @usableFromInline let flatSlope: Double, flatValue: Double

    /// Creates a curve from its two control points (see <doc:CubicCurvesInDepth> for validation).
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
        cache = CubicInverseTable()
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
        if !CubicInverseTable.isLazy { _ = builtTable() }
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

    /// The progress at a fraction of the duration (see <doc:CubicCurvesInDepth> for the contract).
    @inlinable public func progress(at fraction: Double) -> Double {
        if Self.isInsideUnitInterval(fraction), let table = cache.table {
            let (i, u) = Self.segment(of: fraction)
            if Self.takesOneStep(table, segment: i) {
                return y.fastValue(newtonStep(fraction, from: Self.interpolant(table, segment: i, offset: u)))
            }
        }
        return slowProgress(at: fraction)
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

    /// Whether the curve has a vertical tangent somewhere on [0, 1]: a parameter where dx/ds = 0
    /// and dy/ds ≠ 0, so ``velocity(at:)`` is ±infinity there. That is the start when
    /// x1 = 0 and y1 ≠ 0, the end when x2 = 1 and y2 ≠ 1, or an inflection inside, as in
    /// (1, 0, 0, 1) at fraction 0.5. An animator on such a curve reports it once with a
    /// diagnostic and gives its properties a finite velocity there (see ``PropertyAnimator``).
    public var hasVerticalTangent: Bool {
        // dx/ds = 3(1−s)²·x1 + 6(1−s)s·(x2 − x1) + 3s²·(1 − x2). With x1 ≤ x2 every term is
        // non-negative, and with x1 and 1 − x2 both at least 0.001 it is at least 0.0015 on
        // the whole curve (ease-in-out, Core Animation's default): no vertical tangent, and no
        // need to look for zeros.
        if controlPoint1.x >= 0.001 && controlPoint2.x <= 0.999 && controlPoint1.x <= controlPoint2.x { return false }
        // dx/ds = 3a·s² + 2b·s + c; x is nondecreasing, so its zeros inside are double roots.
        // (No array for the roots: every animator on a cubic asks this once, at creation.)
        func isVertical(at s: Double) -> Bool {
            guard s >= -1e-12, s <= 1 + 1e-12 else { return false }
            return y.derivative(Swift.min(Swift.max(s, 0), 1)) != 0
        }
        let qa = 3 * x.a, qb = 2 * x.b, qc = x.c
        if qa == 0 {
            if qb != 0 { return isVertical(at: -qc / qb) }
            return qc == 0
        }
        let disc = qb * qb - 4 * qa * qc
        let scale = Swift.max(qb * qb, (4 * qa * qc).magnitude)
        guard disc >= -1e-12 * scale else { return false }
        let r = Swift.max(disc, 0).squareRoot()
        return isVertical(at: (-qb - r) / (2 * qa)) || isVertical(at: (-qb + r) / (2 * qa))
    }

    /// Progress and velocity together, sharing one solve.
    @inlinable public func sample(at fraction: Double) -> (progress: Double, velocity: Double) {
        if Self.isInsideUnitInterval(fraction), let table = cache.table {
            let (i, u) = Self.segment(of: fraction)
            if Self.takesOneStep(table, segment: i) {
                let s = newtonStep(fraction, from: Self.interpolant(table, segment: i, offset: u))
                return (y.fastValue(s), BezierComponent.slope(y, x, at: s))
            }
        }
        return slowSample(at: fraction)
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

    /// The number of segments of the inverse table (64: one bit each in the one-step mask).
    @usableFromInline static let segments = 64

    /// Fractions from here on are solved on the mirrored curve by the robust solver: the last
    /// sixteenth.
    @usableFromInline static let mirrorThreshold = 15.0 / 16.0

    /// 0 < fraction < 1 in one comparison: the bit patterns of (0, 1) are 1…0x3FEF_FFFF_FFFF_FFFF
    /// (0, negative numbers, 1 and above, and NaN all fall outside once 1 is subtracted).
    @inlinable @inline(__always) static func isInsideUnitInterval(_ fraction: Double) -> Bool {
        fraction.bitPattern &- 1 < 0x3FEF_FFFF_FFFF_FFFF
    }

    /// The segment i of a fraction in (0, 1) and the offset u = N·fraction − i, without Int(_:)'s
    /// range checks: N·fraction − ½ rounded to an integer by adding 1.5·2⁵² (ties to even, so at
    /// an exact node u may be 1 in the segment below, which the interpolant covers too).
    @inlinable @inline(__always) static func segment(of fraction: Double) -> (Int, Double) {
        let scaled = fraction * Double(segments)
        let rounded = (scaled - 0.5) + Kernels.shifter
        let i = Int(truncatingIfNeeded: rounded.bitPattern) & (segments - 1)
        return (i, scaled - (rounded - Kernels.shifter))
    }

    /// Whether segment `i` was proven with one Newton step (bit i of the one-step mask).
    /// `progress(at:)` and `sample(at:)` take the same path, so their progress is the same bits.
    @inlinable @inline(__always) static func takesOneStep(_ table: UnsafePointer<Double>, segment i: Int) -> Bool {
        table[4 &* segments].bitPattern &>> UInt64(truncatingIfNeeded: i) & 1 != 0
    }

    /// The Hermite interpolant of s(x) on segment `i` at offset `u` in [0, 1] (Estrin's scheme: a
    /// shorter chain of dependent operations than Horner's).
    @inlinable @inline(__always)
    static func interpolant(_ c: UnsafePointer<Double>, segment i: Int, offset u: Double) -> Double {
        let k = i &* 4
        return (c[k] + u * c[k &+ 1]) + (u * u) * (c[k &+ 2] + u * c[k &+ 3])
    }

    /// One Newton step on x(s) = t from s.
    @inlinable @inline(__always) func newtonStep(_ t: Double, from s: Double) -> Double {
        s - (x.fastValue(s) - t) / x.derivative(s)
    }

    /// The fast path with `steps` (1 to 3) Newton steps, for segments verified with that many.
    @usableFromInline
    func fastParameter(_ t: Double, table: UnsafePointer<Double>, segment i: Int, offset u: Double, steps: Int) -> Double {
        var s = Self.interpolant(table, segment: i, offset: u)
        for _ in 0..<steps { s = newtonStep(t, from: s) }
        return s
    }

    /// The number of Newton steps (1 to 3) after which the fast path was verified on segment `i`
    /// when the table was built; 0 sends the segment to the robust solver. Two bits per segment,
    /// in the two words after the one-step mask.
    static func steps(_ table: UnsafePointer<Double>, segment i: Int) -> Int {
        let bits = table[4 * segments + 1 + i / 32].bitPattern
        return Int(truncatingIfNeeded: bits >> UInt64(2 * (i % 32)) & 3)
    }

    /// `steps(_:segment:)` of this curve's table (built if needed).
    func fastSteps(segment i: Int) -> Int { Self.steps(builtTable(), segment: i) }

    /// The table, built and published first if no sample has built it yet.
    @usableFromInline func builtTable() -> UnsafePointer<Double> {
        if let table = cache.table { return table }
        let n = Self.segments
        let table = UnsafeMutablePointer<Double>.allocate(capacity: 4 * n + 3)
        Self.buildInverseTable(x, into: table)
        var oneStep: UInt64 = 0
        var words: (UInt64, UInt64) = (0, 0)
        for i in 0..<n {
            let steps = verifiedSteps(segment: i, table: table)
            if steps == 1 { oneStep |= 1 << UInt64(i) }
            let bits = UInt64(steps) << UInt64(2 * (i % 32))
            if i < 32 { words.0 |= bits } else { words.1 |= bits }
        }
        table[4 * n] = Double(bitPattern: oneStep)
        table[4 * n + 1] = Double(bitPattern: words.0)
        table[4 * n + 2] = Double(bitPattern: words.1)
        return cache.publish(table)
    }

    /// `progress(at:)` when the table is not built yet or the segment is not on the fast path.
    @usableFromInline func slowProgress(at fraction: Double) -> Double {
        let table = builtTable()
        if Self.isInsideUnitInterval(fraction) {
            let (i, u) = Self.segment(of: fraction)
            let steps = Self.steps(table, segment: i)
            if steps != 0 {
                return y.fastValue(fastParameter(fraction, table: table, segment: i, offset: u, steps: steps))
            }
        }
        return robustProgress(at: fraction, table: table)
    }

    /// `sample(at:)` when the table is not built yet or the segment is not on the fast path.
    @usableFromInline func slowSample(at fraction: Double) -> (progress: Double, velocity: Double) {
        let table = builtTable()
        if Self.isInsideUnitInterval(fraction) {
            let (i, u) = Self.segment(of: fraction)
            let steps = Self.steps(table, segment: i)
            if steps != 0 {
                let s = fastParameter(fraction, table: table, segment: i, offset: u, steps: steps)
                return (y.fastValue(s), BezierComponent.slope(y, x, at: s))
            }
        }
        return robustSample(at: fraction, table: table)
    }

    /// s at x = i/N, for i = 0...N.
    func node(_ i: Int, _ table: UnsafePointer<Double>) -> Double {
        i >= Self.segments ? 1 : table[i * 4]
    }

    /// Progress by the robust solver (every fraction, every curve).
    func robustProgress(at fraction: Double) -> Double { robustProgress(at: fraction, table: builtTable()) }

    /// Progress and velocity by the robust solver.
    func robustSample(at fraction: Double) -> (progress: Double, velocity: Double) {
        robustSample(at: fraction, table: builtTable())
    }

    /// Progress by the robust solver, with the table's nodes as brackets.
    func robustProgress(at fraction: Double, table: UnsafePointer<Double>) -> Double {
        guard fraction > 0 else { return 0 }             // NaN fails every comparison
        guard fraction < 1 else { return 1 }
        if isIdentity { return fraction }
        if fraction >= Self.mirrorThreshold {
            // 1 − fraction is exact here (Sterbenz), and so is the mirrored curve's parameter.
            return 1 - mirroredY.value(solveMirrored(1 - fraction, table))
        }
        return y.value(solve(fraction, table))
    }

    /// Progress and velocity by the robust solver; its progress is `robustProgress(at:)`'s.
    func robustSample(at fraction: Double, table: UnsafePointer<Double>) -> (progress: Double, velocity: Double) {
        guard fraction >= 0 else { return (0, 0) }       // NaN fails every comparison
        guard fraction <= 1 else { return (1, 0) }
        if isIdentity { return (fraction, 1) }
        if fraction == 0 { return (0, BezierComponent.slope(y, x, at: 0)) }
        if fraction >= Self.mirrorThreshold {
            let r = fraction == 1 ? 0 : solveMirrored(1 - fraction, table)
            return (1 - mirroredY.value(r), BezierComponent.slope(mirroredY, mirroredX, at: r))
        }
        let s = solve(fraction, table)
        return (y.value(s), BezierComponent.slope(y, x, at: s))
    }

    /// The parameter s in (0, 1) with x(s) = t, for t in (0, 15/16).
    func solve(_ t: Double, _ table: UnsafePointer<Double>) -> Double {
        if !flatPoint.isNaN { return solveNearFlatPoint(t) }
        let scaled = t * Double(Self.segments)
        let i = Swift.min(Int(scaled), Self.segments - 1)
        let lo = node(i, table), hi = node(i + 1, table)
        return x.solve(t, lo: lo, hi: hi, guess: lo + (hi - lo) * (scaled - Double(i)))
    }

    /// The parameter r = 1 − s of the mirrored curve with 1 − x(1 − r) = t, for t in (0, 1/16].
    func solveMirrored(_ t: Double, _ table: UnsafePointer<Double>) -> Double {
        let hi = 1 - node(Self.segments - Self.segments / 16, table)
        return mirroredX.solve(t, lo: 0, hi: hi, guess: hi * t * 16)
    }

    /// The inverse table of a nondecreasing x(s) (see `table`): nodes by bisection, slopes
    /// ds/dx = 1/x'(s) at the nodes, Hermite coefficients per segment. A segment whose
    /// coefficients are not finite (dx/ds = 0 at a node) gets c1 = c2 = c3 = 0 and never passes
    /// verification.
    static func buildInverseTable(_ x: BezierComponent, into table: UnsafeMutablePointer<Double>) {
        let n = segments
        // The nodes go straight to their places, table[4i] (node n is 1).
        func nodes(_ i: Int) -> Double { i == n ? 1 : table[4 * i] }
        table[0] = 0
        for i in 1..<n {
            let t = Double(i) / Double(n)
            // x(s) is nondecreasing on [0, 1] for x control points in [0, 1]: the robust solver
            // on [previous node, 1], then one Newton step to the last bit where it is safe.
            let lo = nodes(i - 1), d = x.derivative(lo)
            let guess = d > 0 ? Swift.min(lo + (t - x.value(lo)) / d, (lo + 1) * 0.5) : (lo + 1) * 0.5
            var s = x.solve(t, lo: lo, hi: 1, guess: Swift.max(guess, lo))
            let ds = x.derivative(s)
            if ds > 0 {
                let polished = s - (x.value(s) - t) / ds
                if polished >= lo, polished <= 1 { s = polished }
            }
            table[4 * i] = s
        }
        let h = 1 / Double(n)
        for i in 0..<n {
            let s0 = nodes(i), s1 = nodes(i + 1)
            let m0 = h / x.derivative(s0), m1 = h / x.derivative(s1)   // ds/du at both ends
            let c2 = 3 * (s1 - s0) - 2 * m0 - m1
            let c3 = 2 * (s0 - s1) + m0 + m1
            if m0.isFinite, m1.isFinite, c2.isFinite, c3.isFinite {
                table[4 * i + 1] = m0
                table[4 * i + 2] = c2
                table[4 * i + 3] = c3
            } else {
                table[4 * i + 1] = 0
                table[4 * i + 2] = 0
                table[4 * i + 3] = 0
            }
        }
    }

    /// The fewest Newton steps (1 to 3) after which the fast path is proven accurate on segment
    /// `i`, or 0 (the robust solver).
    ///
    /// The proof: the interpolant's residual x(s_H(u)) − t(u) is a polynomial of degree 9 in u
    /// that vanishes with its derivative at both ends; its largest magnitude R is taken from 63
    /// points and doubled. With m the smallest dx/ds and M the largest |d²x/ds²| on the segment
    /// widened by twice the initial error bound e₀ = R/m (so the iterates' neighbourhood is
    /// covered), the iteration must be well inside its asymptotic regime, (M/2m)·e₀ ≤ 1e-2, and
    /// then each Newton step maps an error e to at most (M/2m)·e² (Taylor's theorem with x″
    /// bounded by M and x′ by m between the iterate and the root), doubled for rounding. The
    /// steps must bring e below what progress (1e-12 with the largest |dy/ds|) and slope (1e-11
    /// with the largest |d(dy/dx)/ds|) tolerate, with dx/ds ≥ 1e-3 on the segment. (A bound for
    /// progress alone gives the same counts on the benchmark's curves, so `progress(at:)` and
    /// `sample(at:)` share one count and return the same progress bits.) At the segment's midpoint the result is also compared
    /// with the robust solver (within 1e-11), a check of the implementation.
    func verifiedSteps(segment i: Int, table: UnsafePointer<Double>) -> Int {
        let none = 0
        if isIdentity { return none }
        let n = Self.segments
        let k = 4 * i
        if table[k + 1] == 0 && table[k + 2] == 0 && table[k + 3] == 0 { return none }
        var residual = 0.0
        for j in 1..<64 {
            let u = Double(j) / 64
            let s = Self.interpolant(table, segment: i, offset: u)
            residual = Swift.max(residual, (x.fastValue(s) - (Double(i) + u) / Double(n)).magnitude)
        }
        residual *= 2
        guard residual.isFinite else { return none }
        let lo = node(i, table), hi = node(i + 1, table)
        let m0 = Self.derivativeRange(x, lo, hi).min
        guard m0 >= 1e-3 else { return none }
        let a = lo - 2 * residual / m0, b = hi + 2 * residual / m0
        let dx = Self.derivativeRange(x, a, b), dy = Self.derivativeRange(y, a, b)
        let m = dx.min
        guard m >= 1e-3 else { return none }
        let bigM = Self.secondDerivativeBound(x, a, b)
        let bend = bigM / (2 * m)
        let initialError = residual / m
        guard bend * initialError <= 1e-2 else { return none }
        // Tolerances in s: progress error ≤ e·max|y'|, slope error ≤ e·max|(y''x' − y'x'')/x'²|.
        let yPrime = Swift.max(dy.min.magnitude, dy.max.magnitude)
        let slopeRate = (Self.secondDerivativeBound(y, a, b) * Swift.max(dx.min.magnitude, dx.max.magnitude)
            + yPrime * bigM) / (m * m)
        let tolerance = Swift.min(1e-12 / Swift.max(1, yPrime), 1e-11 / Swift.max(1, slopeRate))
        var error = initialError
        for steps in 1...3 {
            error = 2 * bend * error * error
            guard error <= tolerance else { continue }
            // A check of the implementation: at the segment's midpoint, against the robust solver.
            let t = (Double(i) + 0.5) / Double(n)
            let robust = robustSample(at: t, table: table)
            let s = fastParameter(t, table: table, segment: i, offset: 0.5, steps: steps)
            let dv = (BezierComponent.slope(y, x, at: s) - robust.velocity).magnitude
            guard (y.fastValue(s) - robust.progress).magnitude <= 1e-11,
                  dv <= 1e-11 * Swift.max(1, robust.velocity.magnitude) else { return none }
            return steps
        }
        return none
    }

    /// The smallest and largest derivative of a component on [a, b] (a quadratic: at the ends
    /// or at its vertex).
    static func derivativeRange(_ c: BezierComponent, _ a: Double, _ b: Double) -> (min: Double, max: Double) {
        var lower = Swift.min(c.derivative(a), c.derivative(b))
        var upper = Swift.max(c.derivative(a), c.derivative(b))
        if c.a != 0 {
            let vertex = -c.b / (3 * c.a)
            if vertex > a, vertex < b {
                lower = Swift.min(lower, c.derivative(vertex))
                upper = Swift.max(upper, c.derivative(vertex))
            }
        }
        return (lower, upper)
    }

    /// The largest |second derivative| of a component on [a, b] (linear: at an end).
    static func secondDerivativeBound(_ c: BezierComponent, _ a: Double, _ b: Double) -> Double {
        Swift.max(c.secondDerivative(a).magnitude, c.secondDerivative(b).magnitude)
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
    /// 3a and 2b, the derivative's coefficients (the same bits as computing them in place).
    @usableFromInline let a3: Double, b2: Double

    /// The component with inner control values p1 and p2 (and end values 0 and 1).
    init(_ p1: Double, _ p2: Double) {
        c = 3 * p1
        b = 3 * (p2 - p1) - c
        a = 1 - c - b
        a3 = 3 * a
        b2 = 2 * b
    }

    @inlinable @inline(__always) func value(_ s: Double) -> Double { ((a * s + b) * s + c) * s }
    /// The value by Estrin's scheme, c·s + s²·(b + a·s): a shorter dependency chain than
    /// `value(_:)` for the fast path (a last-bit difference at most).
    @inlinable @inline(__always) func fastValue(_ s: Double) -> Double { c * s + (s * s) * (b + a * s) }
    @inlinable @inline(__always) func derivative(_ s: Double) -> Double { (a3 * s + b2) * s + c }
    @inlinable @inline(__always) func secondDerivative(_ s: Double) -> Double { 6 * a * s + 2 * b }

    /// dy/dx at parameter s, with the limits at vertical tangents (see `velocity(at:)`).
    @inlinable static func slope(_ y: BezierComponent, _ x: BezierComponent, at s: Double) -> Double {
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

extension CubicTimingParameters {
    /// Curves are equal when their control points are.
    public static func == (lhs: CubicTimingParameters, rhs: CubicTimingParameters) -> Bool {
        lhs.controlPoint1 == rhs.controlPoint1 && lhs.controlPoint2 == rhs.controlPoint2
    }
}
