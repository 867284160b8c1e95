// Kinetic's own log, log1p, atan, atan2 and cbrt: the inverse functions, from IEEE-754 basic
// operations and square roots only, so that every platform computes the same bits.

/// Deterministic kernels of the inverse functions: ln (of exp), ln(1 + x) (of expm1), atan and
/// atan2 (of tan), the cube root (of x³).
///
/// Their accuracy story differs from `Kernels`': no tables; each reduces its argument exactly
/// (from the bits, or by half-angle identities whose square roots are exactly rounded), then sums
/// a short odd series or takes Halley and Newton steps. Within 2 ulps of glibc for log, 3 for
/// log1p and cbrt, 4 for atan and atan2 (`Tests/KineticTests/Math/KernelsTests.swift`), with C's
/// special values (signed zeros, infinities, NaN) as each function documents.
@usableFromInline
enum InverseKernels {
    // MARK: log, log1p

    /// ln 2 in two parts: `ln2High` has 32 significant bits, so n·ln2High is exact for |n| < 2²⁰.
    @inlinable @inline(__always) static var ln2High: Double { 0.6931471803691238 }
    @inlinable @inline(__always) static var ln2Low: Double { 1.9082149292705877e-10 }

    /// ln x within 2 ulps of libm. 0 gives −∞, +∞ gives +∞, negative x and NaN give NaN.
    ///
    /// x = m·2ⁿ with m in [√½, √2) (exact, from the bits), ln m = 2·atanh t with
    /// t = (m − 1)/(m + 1), |t| ≤ 0.172, by its series to t²⁵ (the first omitted term is below
    /// 1e-19), and n·ln 2 added in two parts.
    @inlinable
    static func log(_ x: Double) -> Double {
        guard x > 0, x < .infinity else {
            if x == 0 { return -.infinity }
            return x == .infinity ? x : .nan
        }
        var m = x.significand                                // [1, 2), subnormals included
        var n = Double(x.exponent)
        if m > 1.4142135623730951 {
            m *= 0.5
            n += 1
        }
        let t = (m - 1) / (m + 1)                           // m − 1 is exact (Sterbenz)
        let t2 = t * t
        var p = 1.0 / 25
        p = 1.0 / 23 + t2 * p
        p = 1.0 / 21 + t2 * p
        p = 1.0 / 19 + t2 * p
        p = 1.0 / 17 + t2 * p
        p = 1.0 / 15 + t2 * p
        p = 1.0 / 13 + t2 * p
        p = 1.0 / 11 + t2 * p
        p = 1.0 / 9 + t2 * p
        p = 1.0 / 7 + t2 * p
        p = 1.0 / 5 + t2 * p
        p = 1.0 / 3 + t2 * p
        let twoT = 2 * t
        return n * ln2High + (n * ln2Low + (twoT + twoT * (t2 * p)))
    }

    /// ln(1 + x), accurate for small x (within 3 ulps of libm): with u = 1 + x rounded,
    /// ln u · x/(u − 1) corrects the rounding of u (Goldberg's formula). x = −1 gives −∞,
    /// x < −1 and NaN give NaN, +∞ gives +∞.
    @inlinable
    static func log1p(_ x: Double) -> Double {
        let u = 1 + x
        if u == 1 { return x }                               // |x| below half an ulp of 1
        if !(u > 0) || u == .infinity { return log(u) }      // −∞, NaN, +∞
        return log(u) * (x / (u - 1))
    }

    // MARK: atan, atan2

    /// π/2 and π in two parts each (the high parts are the nearest doubles).
    @inlinable @inline(__always) static var halfPiHigh: Double { 1.5707963267948966 }
    @inlinable @inline(__always) static var halfPiLow: Double { 6.123233995736766e-17 }
    @inlinable @inline(__always) static var piHigh: Double { 3.141592653589793 }
    @inlinable @inline(__always) static var piLow: Double { 1.2246467991473532e-16 }

    /// atan t for 0 ≤ t ≤ 1: two half-angle reductions, t → t/(1 + √(1 + t²)) (√ is exact-rounded
    /// everywhere), bring t below tan(π/16) ≈ 0.199, where the series to t²⁵ leaves < 1e-19.
    /// Generic over one value or four lanes (`AtanOperand`): specialised, each is the same
    /// operations in the same order, so a lane of four gives the bits of one.
    @inlinable
    static func atanOfUnit<T: AtanOperand>(_ t0: T) -> T {
        let one = T.constant(1)
        var t = t0 / (one + (one + t0 * t0).squareRoot())
        t = t / (one + (one + t * t).squareRoot())
        let t2 = t * t
        var p = T.constant(-1.0 / 25)
        p = T.constant(1.0 / 23) + t2 * p
        p = T.constant(-1.0 / 21) + t2 * p
        p = T.constant(1.0 / 19) + t2 * p
        p = T.constant(-1.0 / 17) + t2 * p
        p = T.constant(1.0 / 15) + t2 * p
        p = T.constant(-1.0 / 13) + t2 * p
        p = T.constant(1.0 / 11) + t2 * p
        p = T.constant(-1.0 / 9) + t2 * p
        p = T.constant(1.0 / 7) + t2 * p
        p = T.constant(-1.0 / 5) + t2 * p
        p = T.constant(1.0 / 3) + t2 * p
        return T.constant(4) * (t - t * (t2 * p))
    }

    /// atan x in (−π/2, π/2), within 4 ulps of libm; ±∞ gives ±π/2, NaN gives NaN.
    @inlinable
    static func atan(_ x: Double) -> Double {
        if x.isNaN { return x }
        let a = x.magnitude
        let r = a <= 1 ? atanOfUnit(a) : (halfPiHigh - atanOfUnit(1 / a)) + halfPiLow
        return x < 0 ? -r : r
    }

    /// The angle of (x, y) in [−π, π], as C's atan2 (within 4 ulps of libm), including the signed
    /// zeros and infinities: atan2(±0, +0) = ±0, atan2(±0, −0) = ±π, both infinite gives ±π/4 or
    /// ±3π/4; NaN in either gives NaN.
    @inlinable
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return x + y }
        let ax = x.magnitude, ay = y.magnitude
        var a: Double
        if ax == ay {
            a = ax == 0 ? 0 : 0.7853981633974483             // π/4
            if x.sign == .minus { a = ax == 0 ? piHigh : 2.356194490192345 }   // 3π/4
        } else {
            if ay < ax {
                a = atanOfUnit(ay / ax)
            } else {
                a = (halfPiHigh - atanOfUnit(ax / ay)) + halfPiLow
            }
            if x.sign == .minus { a = (piHigh - a) + piLow }
        }
        return y.sign == .minus ? -a : a
    }

    /// `atan2` of four pairs at once, lane by lane the scalar's bits (its branches become
    /// selections: one division and one `atanOfUnit` per lane, as the scalar takes). Four
    /// independent chains of square roots and divisions run in the time of one.
    @inlinable
    static func atan2(_ y: SIMD4<Double>, _ x: SIMD4<Double>) -> SIMD4<Double> {
        typealias Lanes = SIMD4<Double>
        let zero = Lanes(repeating: 0)
        @inline(__always) func isNegative(_ v: Lanes) -> SIMDMask<SIMD4<Int64>> {
            unsafeBitCast(v, to: SIMD4<Int64>.self) .< SIMD4<Int64>(repeating: 0)    // the sign bit, as `.sign`
        }
        @inline(__always) func magnitude(_ v: Lanes) -> Lanes {
            unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt64>.self) & SIMD4<UInt64>(repeating: ~(1 << 63)), to: Lanes.self)
        }
        let ax = magnitude(x), ay = magnitude(y)
        let below = ay .< ax
        // ay/ax where ay < ax, else ax/ay (the scalar's two branches, by their operands).
        let u = atanOfUnit(ax.replacing(with: ay, where: below) / ay.replacing(with: ax, where: below))
        var a = ((Lanes(repeating: halfPiHigh) - u) + halfPiLow).replacing(with: u, where: below)
        let xNegative = isNegative(x)
        a.replace(with: (Lanes(repeating: piHigh) - a) + piLow, where: xNegative)
        // ax == ay: 0, π/4, π or 3π/4.
        let xZero = ax .== zero
        var diagonal = Lanes(repeating: 0.7853981633974483).replacing(with: zero, where: xZero)
        diagonal.replace(with: Lanes(repeating: 2.356194490192345).replacing(with: Lanes(repeating: piHigh), where: xZero),
                         where: xNegative)
        a.replace(with: diagonal, where: ax .== ay)
        // The sign flipped by its bit, as the scalar's `-a` (SIMD's prefix − is 0 − a, which loses −0).
        let flipped = unsafeBitCast(unsafeBitCast(a, to: SIMD4<UInt64>.self) ^ SIMD4<UInt64>(repeating: 1 << 63), to: Lanes.self)
        a.replace(with: flipped, where: isNegative(y))
        // NaN in either: x + y (NaN), as the scalar returns.
        let nan = (x .!= x) .| (y .!= y)
        return a.replacing(with: x + y, where: nan)
    }

    // MARK: cbrt

    /// The real cube root, within 3 ulps of libm; ±0, ±∞ and NaN are returned as they are.
    ///
    /// x = m·2³ᵍ with m in [1, 8) (exact, from the bits), a quadratic first guess of ∛m (within
    /// 4 %), two Halley steps y·(y³ + 2m)/(2y³ + m) (cubic convergence: 1e-16), one Newton step
    /// to round off, then the exact scaling by 2^q.
    @inlinable
    static func cbrt(_ x: Double) -> Double {
        guard x != 0, x.isFinite else { return x }
        let a = x.magnitude
        let e = Int(a.exponent)
        var q = e / 3
        var r = e - 3 * q
        if r < 0 {
            r += 3
            q -= 1
        }
        let m = a.significand * Double(1 << r)               // [1, 8), exact
        var y = 0.8015 + m * (0.2479 - 0.01273 * m)
        var y3 = y * y * y
        y = y * (y3 + 2 * m) / (2 * y3 + m)
        y3 = y * y * y
        y = y * (y3 + 2 * m) / (2 * y3 + m)
        y -= (y * y * y - m) / (3 * y * y)
        let root = y * Double(sign: .plus, exponent: q, significand: 1)
        return x < 0 ? -root : root
    }
}

/// What `InverseKernels.atanOfUnit` computes with: a `Double`, or four of them as lanes.
@usableFromInline
protocol AtanOperand {
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func / (a: Self, b: Self) -> Self
    func squareRoot() -> Self
    /// `value` (in every lane).
    static func constant(_ value: Double) -> Self
}

extension Double: AtanOperand {
    @inlinable @inline(__always) static func constant(_ value: Double) -> Double { value }
}

extension SIMD4: AtanOperand where Scalar == Double {
    @inlinable @inline(__always) static func constant(_ value: Double) -> SIMD4<Double> { SIMD4(repeating: value) }
}
