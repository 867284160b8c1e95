// Independent references for the accuracy tests, shared by every test target.

/// Independent references for the accuracy tests. None reuses the library's formulas: the
/// cubic reference bisects the Bernstein form to the last bit, the spring reference integrates
/// the equation of motion with a high-order Taylor series, step by step, and the decay
/// reference integrates the velocity numerically.
public enum Reference {
    /// Bernstein form of a 1D cubic Bézier from 0 to 1 with inner control values p1, p2, in
    /// double-double arithmetic (about 32 significant digits).
    public static func bezier(_ p1: Double, _ p2: Double, _ s: DoubleDouble) -> DoubleDouble {
        let u = DoubleDouble(1) - s
        let three = DoubleDouble(3)
        return three * u * u * s * DoubleDouble(p1) + three * u * s * s * DoubleDouble(p2) + s * s * s
    }

    public static func bezierDerivative(_ p1: Double, _ p2: Double, _ s: DoubleDouble) -> DoubleDouble {
        let u = DoubleDouble(1) - s
        return DoubleDouble(3) * u * u * DoubleDouble(p1)
            + DoubleDouble(6) * u * s * (DoubleDouble(p2) - DoubleDouble(p1))
            + DoubleDouble(3) * s * s * (DoubleDouble(1) - DoubleDouble(p2))
    }

    /// Progress and slope of the curve at time fraction t in (0, 1): bisection of the
    /// Bernstein form in double-double arithmetic down to 1e-30 in the parameter, so the
    /// reference stays exact even where the problem is ill-conditioned in doubles (vertical
    /// tangents, flat inflection points).
    public static func cubic(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at t: Double) -> (progress: Double, slope: Double) {
        var lo = DoubleDouble(0), hi = DoubleDouble(1)
        let target = DoubleDouble(t)
        for _ in 0..<100 {
            let mid = (lo + hi) * DoubleDouble(0.5)
            if bezier(x1, x2, mid) < target { lo = mid } else { hi = mid }
        }
        let s = (lo + hi) * DoubleDouble(0.5)
        let dx = bezierDerivative(x1, x2, s), dy = bezierDerivative(y1, y2, s)
        return (bezier(y1, y2, s).value, dy.value / dx.value)
    }

    /// Position and velocity of `m x'' + c x' + k x = 0` at time `t`, from x(0) = x0, x'(0) = v0,
    /// by Taylor-series steps of order 30 (each step exact to rounding).
    public static func spring(mass m: Double, stiffness k: Double, damping c: Double,
                       x0: Double, v0: Double, at t: Double) -> (x: Double, v: Double) {
        guard t > 0 else { return (x0, v0) }
        let rate = max((k / m).squareRoot(), c / m, 1)
        let steps = max(1, Int((t * rate / 0.25).rounded(.up)))
        let h = t / Double(steps)
        var x = x0, v = v0
        var d = [Double](repeating: 0, count: 32)
        for _ in 0..<steps {
            d[0] = x; d[1] = v
            for n in 0..<30 { d[n + 2] = -(c * d[n + 1] + k * d[n]) / m }
            var nx = 0.0, nv = 0.0, factor = 1.0
            for n in 0...30 {
                nx += d[n] * factor
                nv += d[n + 1] * factor
                factor *= h / Double(n + 1)
            }
            x = nx; v = nv
        }
        return (x, v)
    }

    /// The settling time of a spring from progress 0 to 1 by brute force: scan the reference
    /// backwards from `limit` in steps of `step` for the last |1 − progress| > eps.
    public static func settling(mass m: Double, stiffness k: Double, damping c: Double, velocity: Double,
                         epsilon: Double, limit: Double, step: Double) -> Double {
        // March forwards with the Taylor integrator, remembering the last time above eps.
        var last = 0.0
        var x = -1.0, v = velocity, t = 0.0
        while t < limit {
            if abs(x) > epsilon { last = t }
            let s = spring(mass: m, stiffness: k, damping: c, x0: x, v0: v, at: step)
            x = s.x; v = s.v; t += step
        }
        return last
    }

    /// ∫₀ᵗ f by composite Simpson's rule with `n` (even) intervals.
    public static func integrate(_ f: (Double) -> Double, to t: Double, intervals n: Int = 20_000) -> Double {
        let h = t / Double(n)
        var sum = f(0) + f(t)
        for i in 1..<n { sum += f(Double(i) * h) * (i % 2 == 1 ? 4 : 2) }
        return sum * h / 3
    }
}
