// The Catmull-Rom spline of the cubic keyframe calculation modes: value and derivative at a time, nothing else.

/// The Catmull-Rom spline of the cubic calculation modes, on any animatable value.
enum KeyframeSpline {
    /// The spline through `(knots[i], value(i))` at time `t`, and its derivative in `t`. Before
    /// the first knot and after the last it rests at the end values; a knot interval of length 0
    /// is a jump.
    static func evaluate<V: AnimatableValue>(knots: [Double], at t: Double, value: (Int) -> V) -> (value: V, slope: V) {
        let n = knots.count - 1
        guard n >= 1 else { return (value(0), .zero) }
        if t <= knots[0] { return (value(0), .zero) }
        if t >= knots[n] { return (value(n), .zero) }
        var k = 1
        while k < n && t > knots[k] { k += 1 }
        let h = knots[k] - knots[k - 1]
        guard h > 0 else { return (value(k), .zero) }
        let u = (t - knots[k - 1]) / h
        let m0 = tangent(knots: knots, at: k - 1, value: value), m1 = tangent(knots: knots, at: k, value: value)
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        let d00 = 6 * u2 - 6 * u, d10 = 3 * u2 - 4 * u + 1, d01 = -6 * u2 + 6 * u, d11 = 3 * u2 - 2 * u
        let y0 = value(k - 1), y1 = value(k)
        let position = y0 * h00 + m0 * (h10 * h) + y1 * h01 + m1 * (h11 * h)
        let slope = y0 * (d00 / h) + m0 * d10 + y1 * (d01 / h) + m1 * d11
        return (position, slope)
    }

    private static func tangent<V: AnimatableValue>(knots: [Double], at i: Int, value: (Int) -> V) -> V {
        let n = knots.count - 1
        if i == 0 || i == n {
            // The end knot repeated one interval further out: half the one-sided slope.
            let a = i == 0 ? 0 : n - 1
            let d = knots[a + 1] - knots[a]
            return d > 0 ? (value(a + 1) - value(a)) * (1 / (2 * d)) : .zero
        }
        let d = knots[i + 1] - knots[i - 1]
        return d > 0 ? (value(i + 1) - value(i - 1)) * (1 / d) : .zero
    }
}
