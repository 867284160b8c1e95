// Baselines written plainly, the way other implementations do it, to compare Kinetic against.
// Nothing here is Kinetic code.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Cubic Bézier: the browsers' solver

/// WebKit's and (older) Chromium's `UnitBezier`
/// (WebCore/platform/graphics/UnitBezier.h, ui/gfx/geometry/cubic_bezier.cc): power-basis
/// coefficients, up to 8 Newton–Raphson steps from t = x with an epsilon of 1e-7 on x, then
/// bisection on [0, 1] as the fallback.
struct BrowserUnitBezier: Sendable {
    let ax: Double, bx: Double, cx: Double
    let ay: Double, by: Double, cy: Double

    init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
        // Calculate the polynomial coefficients, implicit first and last control points are (0,0) and (1,1).
        cx = 3.0 * p1x
        bx = 3.0 * (p2x - p1x) - cx
        ax = 1.0 - cx - bx
        cy = 3.0 * p1y
        by = 3.0 * (p2y - p1y) - cy
        ay = 1.0 - cy - by
    }

    @inline(__always) func sampleCurveX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) func sampleCurveY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) func sampleCurveDerivativeX(_ t: Double) -> Double { (3.0 * ax * t + 2.0 * bx) * t + cx }

    /// Given an x value, find a parametric value it came from.
    func solveCurveX(_ x: Double, _ epsilon: Double) -> Double {
        var t2 = x
        // First try a few iterations of Newton's method -- normally very fast.
        for _ in 0..<8 {
            let x2 = sampleCurveX(t2) - x
            if abs(x2) < epsilon { return t2 }
            let d2 = sampleCurveDerivativeX(t2)
            if abs(d2) < 1e-6 { break }
            t2 = t2 - x2 / d2
        }
        // Fall back to the bisection method for reliability.
        var t0 = 0.0
        var t1 = 1.0
        t2 = x
        if t2 < t0 { return t0 }
        if t2 > t1 { return t1 }
        while t0 < t1 {
            let x2 = sampleCurveX(t2)
            if abs(x2 - x) < epsilon { return t2 }
            if x > x2 { t0 = t2 } else { t1 = t2 }
            t2 = (t1 - t0) * 0.5 + t0
        }
        return t2   // Failure.
    }

    /// Progress at a time fraction; fractions outside (0, 1) hold the end points, as Kinetic does.
    func solve(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return sampleCurveY(solveCurveX(x, 1e-7))
    }
}

// MARK: - Spring: the textbook closed form

/// The damped harmonic oscillator `m·x'' + c·x' + k·x = 0` in its textbook closed form, with
/// ζ, ω₀, ω_d (and so on) derived from mass, stiffness and damping at every call, and Glibc's
/// exp, sin and cos. Progress runs from 0 to 1: displacement from rest d₀ = −1, initial
/// velocity v₀ (progress per second, UIKit's convention).
struct PlainSpring: Sendable {
    let mass: Double, stiffness: Double, damping: Double, initialVelocity: Double

    func sample(at time: Double) -> (progress: Double, velocity: Double) {
        let t = time > 0 ? time : 0
        let d0 = -1.0
        let v0 = initialVelocity
        let omega0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        if zeta < 1 {
            // Underdamped: d = e^(−ζω₀t) (A cos ω_d t + B sin ω_d t).
            let alpha = zeta * omega0
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let a = d0
            let b = (v0 + alpha * d0) / omegaD
            let e = exp(-alpha * t)
            let c = cos(omegaD * t)
            let s = sin(omegaD * t)
            let d = e * (a * c + b * s)
            let v = e * (v0 * c - (alpha * b + omegaD * a) * s)
            return (1 + d, v)
        } else if zeta == 1 {
            // Critically damped: d = e^(−ω₀t) (d₀ + (v₀ + ω₀d₀) t).
            let b = v0 + omega0 * d0
            let e = exp(-omega0 * t)
            let d = e * (d0 + b * t)
            let v = e * (v0 - omega0 * b * t)
            return (1 + d, v)
        } else {
            // Overdamped: d = C₁ e^(r₁t) + C₂ e^(r₂t), r = −ζω₀ ± ω₀√(ζ²−1).
            let root = omega0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega0 + root
            let r2 = -zeta * omega0 - root
            let c2 = (r1 * d0 - v0) / (r1 - r2)
            let c1 = d0 - c2
            let e1 = exp(r1 * t)
            let e2 = exp(r2 * t)
            return (1 + c1 * e1 + c2 * e2, r1 * c1 * e1 + r2 * c2 * e2)
        }
    }
}

// MARK: - Decay: pow(rate, 1000 t)

/// Scroll-view deceleration as commonly written: velocity multiplied by `rate` every millisecond,
/// `v(t) = v₀·rate^(1000t)` and `x(t) = x₀ + v₀·(rate^(1000t) − 1) / (1000·ln rate)`. The divisor
/// is computed once per decay, so only `pow` is paid per sample.
struct PlainDecay: Sendable {
    let rate: Double
    let distanceScale: Double   // 1 / (1000·ln rate)

    init(rate: Double) {
        self.rate = rate
        distanceScale = 1 / (1000 * log(rate))
    }

    func sample(from origin: Double, velocity: Double, at time: Double) -> (position: Double, velocity: Double) {
        let t = time > 0 ? time : 0
        let f = pow(rate, 1000 * t)
        return (origin + velocity * (f - 1) * distanceScale, velocity * f)
    }
}
