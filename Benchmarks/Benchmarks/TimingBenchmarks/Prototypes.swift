// Prototypes of faster variants, to measure what a change to Kinetic would buy. Not Kinetic code,
// and not a baseline: clearly named `Prototype…`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A spring whose per-spring constants, including the coefficients of its initial velocity, are
/// computed once, so that a sample costs the transcendental calls (exp and sin/cos, or two exps)
/// plus a few multiply-adds: no division, no regime-independent basis, and libm called directly
/// from inlinable code (so LLVM may fuse sin and cos into one sincos).
struct PrototypeCachedSpring: Sendable {
    enum Regime: Sendable { case under, critical, over }
    let regime: Regime
    // Underdamped: progress = 1 + e^(−αt)(a·cos ωt + b·sin ωt), velocity = e^(−αt)(c·cos ωt + d·sin ωt).
    // Critical:    progress = 1 + e^(−αt)(a + b·t),             velocity = e^(−αt)(c + d·t).
    // Overdamped:  progress = 1 + a·e^(r₁t) + b·e^(r₂t),          velocity = c·e^(r₁t) + d·e^(r₂t).
    let alpha: Double, omega: Double, r1: Double, r2: Double
    let a: Double, b: Double, c: Double, d: Double

    init(mass m: Double, stiffness k: Double, damping cc: Double, initialVelocity v0: Double) {
        let w2 = k / m
        let al = cc / (2 * m)
        let disc = w2 - al * al
        let d0 = -1.0
        alpha = al
        if disc > 0 {
            let w = disc.squareRoot()
            regime = .under
            omega = w; r1 = 0; r2 = 0
            a = d0
            b = (v0 + al * d0) / w
            c = v0
            d = -(al * b + w * d0)
        } else if disc == 0 {
            regime = .critical
            omega = 0; r1 = 0; r2 = 0
            let bb = v0 + al * d0
            a = d0; b = bb
            c = v0; d = -al * bb
        } else {
            let beta = (-disc).squareRoot()
            regime = .over
            omega = beta
            r1 = -al + beta; r2 = -al - beta
            let c2 = (r1 * d0 - v0) / (r1 - r2)
            let c1 = d0 - c2
            a = c1; b = c2
            c = r1 * c1; d = r2 * c2
        }
    }

    @inline(__always)
    func sample(at time: Double) -> (progress: Double, velocity: Double) {
        let t = time > 0 ? time : 0
        switch regime {
        case .under:
            let e = exp(-alpha * t)
            let wt = omega * t
            let cs = cos(wt), sn = sin(wt)
            return (1 + e * (a * cs + b * sn), e * (c * cs + d * sn))
        case .critical:
            let e = exp(-alpha * t)
            return (1 + e * (a + b * t), e * (c + d * t))
        case .over:
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (1 + a * e1 + b * e2, c * e1 + d * e2)
        }
    }
}

let prototypeSprings = springConstants.map {
    PrototypeCachedSpring(mass: $0.0, stiffness: $0.1, damping: $0.2, initialVelocity: $0.3)
}

// MARK: - One sincos call instead of sin and cos

/// glibc's `sincos`, which shares the argument reduction between sine and cosine. Swift's Glibc
/// module does not export it, and LLVM does not fuse Swift's separate `sin` and `cos` calls.
#if os(Linux)
@_extern(c, "sincos") func _prototype_sincos(_ x: Double, _ s: UnsafeMutablePointer<Double>, _ c: UnsafeMutablePointer<Double>)
#endif

@inline(__always) func prototypeLibmSinCos(_ x: Double) -> (sin: Double, cos: Double) {
    #if os(Linux)
    var s = 0.0, c = 0.0
    _prototype_sincos(x, &s, &c)
    return (s, c)
    #else
    return (sin(x), cos(x))
    #endif
}

// MARK: - Inline exp and sincos kernels

/// 1.5·2⁵²: adding it rounds a double of magnitude < 2⁵¹ to an integer (round to nearest) held in
/// the low bits of the sum, without a call to `round` (SSE2 has no rounding instruction).
@usableFromInline let roundingShifter = 6755399441055744.0

/// e^x, inline: x = n·ln2 + r with |r| ≤ ln2/2 (Cody–Waite, fdlibm's split of ln2), e^r by its
/// Taylor polynomial to degree 12 (relative error < 2e-16 on the interval), times 2^n built
/// directly in the exponent bits. Below −708 returns 0 (the true value is < 3e-308).
@inline(__always) func prototypeExp(_ x: Double) -> Double {
    guard x > -708 else { return x.isNaN ? x : 0 }
    guard x < 709 else { return .infinity }
    let kd = x * 1.4426950408889634 + roundingShifter
    let n = kd - roundingShifter
    let r = (x - n * 6.93147180369123816490e-01) - n * 1.90821492927058770002e-10
    var p = 1.0 / 479001600
    p = p * r + 1.0 / 39916800
    p = p * r + 1.0 / 3628800
    p = p * r + 1.0 / 362880
    p = p * r + 1.0 / 40320
    p = p * r + 1.0 / 5040
    p = p * r + 1.0 / 720
    p = p * r + 1.0 / 120
    p = p * r + 1.0 / 24
    p = p * r + 1.0 / 6
    p = p * r + 0.5
    p = p * r + 1
    p = p * r + 1
    // The low 32 bits of kd's significand hold n in two's complement.
    let bits = UInt64(truncatingIfNeeded: Int64(Int32(truncatingIfNeeded: kd.bitPattern)) &+ 1023) << 52
    return p * Double(bitPattern: bits)
}

/// sin x and cos x together, inline: x = k·π/2 + r with |r| ≤ π/4 (fdlibm's three-part π/2,
/// exact products for |k| < 2²⁰), Taylor polynomials to degree 15 and 16 (error < 1e-16), then
/// the quadrant. Falls back to libm beyond |x| = 10⁵ (a spring at ω = 100 rad/s after 1000 s).
@inline(__always) func prototypeSinCos(_ x: Double) -> (sin: Double, cos: Double) {
    guard x.magnitude < 1e5 else { return (sin(x), cos(x)) }
    let kd = x * 0.63661977236758134308 + roundingShifter
    let k = Int(truncatingIfNeeded: kd.bitPattern)
    let n = kd - roundingShifter
    let r = ((x - n * 1.57079632673412561417e+00) - n * 6.07710050630396597660e-11) - n * 2.02226624871116645580e-21
    let r2 = r * r
    var s = -1.0 / 1307674368000
    s = s * r2 + 1.0 / 6227020800
    s = s * r2 - 1.0 / 39916800
    s = s * r2 + 1.0 / 362880
    s = s * r2 - 1.0 / 5040
    s = s * r2 + 1.0 / 120
    s = s * r2 - 1.0 / 6
    s = r + r * r2 * s
    var c = 1.0 / 20922789888000
    c = c * r2 - 1.0 / 87178291200
    c = c * r2 + 1.0 / 479001600
    c = c * r2 - 1.0 / 3628800
    c = c * r2 + 1.0 / 40320
    c = c * r2 - 1.0 / 720
    c = c * r2 + 1.0 / 24
    c = c * r2 - 0.5
    c = 1 + r2 * c
    let q = k & 3
    let (sw, cw) = (q & 1) == 0 ? (s, c) : (c, s)
    return ((q & 2) == 0 ? sw : -sw, ((q + 1) & 2) == 0 ? cw : -cw)
}

/// `PrototypeCachedSpring`'s constants with the sine and cosine computed by `sinCos` and the
/// exponentials by `exp`, so that one type serves both the libm-sincos and the inline-kernel
/// variants.
struct PrototypeSpring<Math: PrototypeMath>: Sendable {
    let base: PrototypeCachedSpring
    init(_ base: PrototypeCachedSpring) { self.base = base }

    @inline(__always)
    func sample(at time: Double) -> (progress: Double, velocity: Double) {
        let t = time > 0 ? time : 0
        let k = base
        switch k.regime {
        case .under:
            let e = Math.exp(-k.alpha * t)
            let sc = Math.sinCos(k.omega * t)
            return (1 + e * (k.a * sc.cos + k.b * sc.sin), e * (k.c * sc.cos + k.d * sc.sin))
        case .critical:
            let e = Math.exp(-k.alpha * t)
            return (1 + e * (k.a + k.b * t), e * (k.c + k.d * t))
        case .over:
            let e1 = Math.exp(k.r1 * t), e2 = Math.exp(k.r2 * t)
            return (1 + k.a * e1 + k.b * e2, k.c * e1 + k.d * e2)
        }
    }
}

protocol PrototypeMath: Sendable {
    static func exp(_ x: Double) -> Double
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double)
}

/// glibc's exp and sincos.
enum LibmSinCosMath: PrototypeMath {
    @inline(__always) static func exp(_ x: Double) -> Double { _prototypeLibmExp(x) }
    @inline(__always) static func sinCos(_ x: Double) -> (sin: Double, cos: Double) { prototypeLibmSinCos(x) }
}

/// The inline kernels above.
enum InlineKernelMath: PrototypeMath {
    @inline(__always) static func exp(_ x: Double) -> Double { prototypeExp(x) }
    @inline(__always) static func sinCos(_ x: Double) -> (sin: Double, cos: Double) { prototypeSinCos(x) }
}

let prototypeSincosSprings = prototypeSprings.map { PrototypeSpring<LibmSinCosMath>($0) }
let prototypeKernelSprings = prototypeSprings.map { PrototypeSpring<InlineKernelMath>($0) }

@inline(__always) func _prototypeLibmExp(_ x: Double) -> Double { exp(x) }

// MARK: - Cubic

import Kinetic

/// Kinetic's cubic solve restructured for speed, keeping its accuracy target (about 1e-12 in the
/// curve parameter): the same 16-segment inverse table, but
/// - held in an array built once per curve (a heap allocation at creation, none when sampling),
///   so reading two entries does not copy the whole table: Kinetic's `withUnsafeBytes(of: tuple)`
///   subscript copies the 136-byte tuple with `memcpy` on every read (an `InlineArray` `let` did
///   the same in a trial here);
/// - progress only: no slope (and no division for it) when only progress is asked for;
/// - at most 3 plain Newton steps with one cheap stopping test (|step| < 1e-7, after which the
///   error is ~(x''/2x')·1e-14), instead of a bracket update, a second-derivative test and a
///   bracket-width test in every iteration;
/// - Kinetic's own solver (the robust Newton–bisection, the mirrored end and the flat-point
///   Cardano path) whenever a step leaves the segment or the curve needs those paths.
struct PrototypeCubic: Sendable {
    let ax: Double, bx: Double, cx: Double
    let ay: Double, by: Double, cy: Double
    let table: [Double]
    let usesFallbackOnly: Bool
    let kinetic: CubicTimingParameters

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        kinetic = CubicTimingParameters(x1, y1, x2, y2)
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
        var t = [Double](repeating: 0, count: 17)
        t[16] = 1
        var lo = 0.0
        for i in 1..<16 {
            let target = Double(i) / 16
            var a = lo, b = 1.0
            for _ in 0..<60 {
                let mid = (a + b) * 0.5
                if ((ax * mid + bx) * mid + cx) * mid < target { a = mid } else { b = mid }
            }
            t[i] = a
            lo = a
        }
        table = t
        // The same flat-inflection condition as Kinetic's: those curves keep Kinetic's Cardano path.
        let s0 = ax != 0 ? -bx / (3 * ax) : -1
        let p = cx - bx * bx / (3 * ax)
        usesFallbackOnly = (x1 == y1 && x2 == y2) || (ax > 0 && s0 > 0.01 && s0 < 0.99 && p < 0.05)
    }

    @inline(__always)
    func progress(at fraction: Double) -> Double {
        guard fraction > 0, fraction < 15.0 / 16.0, !usesFallbackOnly else { return kinetic.progress(at: fraction) }
        let scaled = fraction * 16
        let i = Int(scaled)
        let lo = table[i], hi = table[i + 1]
        var s = lo + (hi - lo) * (scaled - Double(i))
        for _ in 0..<3 {
            let f = ((ax * s + bx) * s + cx) * s - fraction
            let d = (3 * ax * s + 2 * bx) * s + cx
            let step = f / d
            s -= step
            guard d > 0, s >= lo, s <= hi else { return kinetic.progress(at: fraction) }
            if step.magnitude < 1e-7 { return ((ay * s + by) * s + cy) * s }
        }
        return kinetic.progress(at: fraction)
    }
}

let prototypeCurves = cubicControlPoints.map { PrototypeCubic($0.0, $0.1, $0.2, $0.3) }
