// One property's path through its keyframe values for the discrete, paced, cubic and cubic paced calculation modes: the share of each keyframe still to go at a progress.

/// One property's path through its keyframe values in a keyframe animation, for a calculation
/// mode other than linear.
///
/// The property shows `Vₙ + Σₖ (Vₖ₋₁ − Vₖ)·cₖ(P)` at the animation's progress P, where its k-th
/// keyframe track has offset `Vₖ₋₁ − Vₖ`; any path that is a weighted mean `Σᵢ wᵢ(P)·Vᵢ` of the
/// values is this sum with `cₖ = Σ_{i<k} wᵢ`, which ``remaining(_:atProgress:)`` computes by
/// evaluating the path with the values replaced by the step `i < k ? 1 : 0`.
final class KeyframePath {
    /// How a path weighs the keyframe values, with what each calculation mode needs (and only
    /// that).
    enum Shape {
        /// Discrete (and linear): keyframe k's start (index k − 1).
        case discrete(starts: [Double])
        /// Paced: the share of the path's length up to Vₖ (index k; 0 and 1 at the ends).
        case paced(lengths: [Double])
        /// Cubic: the spline's knots τ₀…τₙ.
        case cubic(knots: [Double])
        /// Cubic paced: the spline's knots, and knot-time samples with the share of arc length
        /// up to each (see ``pacedTime(atProgress:)``).
        case cubicPaced(knots: [Double], times: [Double], lengths: [Double])
        /// Given by its weights directly (motion along a Bézier path, see `PacedPath`): cₖ and
        /// dcₖ/dP for `k` and `P`.
        case weights((Int, Double) -> (value: Double, slope: Double))
    }

    let shape: Shape
    /// For a path that moves its property along the progress of its parent (motion along a
    /// Bézier path): how much the property's tracks on it weigh in the progress a paused
    /// animator reads (see `AnimatedProperty.pacedProgressMoments(of:)`), which counts them as
    /// the parent's progress itself, not by the values they show; 0 for a companion path (an
    /// orientation) that follows the same progress. Nil for keyframes.
    var progressWeight: Double?

    init(_ shape: Shape, progressWeight: Double? = nil) {
        self.shape = shape
        self.progressWeight = progressWeight
    }

    /// Chords per keyframe when measuring a cubic path's arc length.
    static let pacedChordsPerKeyframe = 256

    /// The path for `mode` (see ``KeyframeCalculationMode``; linear is taken as discrete) of a
    /// property through `positions`, its keyframe values relative to the first (V₀ − V₀ = 0,
    /// V₁ − V₀, …, Vₙ − V₀), where keyframe k (1…n) runs over `stretches[k − 1]` of the progress.
    convenience init<Value: AnimatableValue>(_ mode: KeyframeCalculationMode, through positions: [Value],
                                             stretches: [(start: Double, end: Double)]) {
        let n = stretches.count
        let shape: Shape
        switch mode {
        case .linear, .discrete:
            shape = .discrete(starts: stretches.map { $0.start })
        case .paced:
            var total = 0.0
            var lengths = [0.0]
            for k in 1...n {
                total += (positions[k] - positions[k - 1]).magnitude
                lengths.append(total)
            }
            shape = .paced(lengths: total > 0 && total.isFinite
                ? lengths.map { $0 / total }
                : (0...n).map { Double($0) / Double(n) })
        case .cubic:
            var knots = [stretches[0].start]
            for stretch in stretches { knots.append(Swift.max(stretch.end, knots[knots.count - 1])) }
            shape = .cubic(knots: knots)
        case .cubicPaced:
            let knots = (0...n).map { Double($0) / Double(n) }
            let chords = n * Self.pacedChordsPerKeyframe
            var previous = positions[0], total = 0.0
            var tableTimes = [0.0]
            var tableLengths = [0.0]
            for q in 1...chords {
                let t = Double(q) / Double(chords)
                let point = KeyframeSpline.evaluate(knots: knots, at: t, value: { positions[$0] }).value
                total += (point - previous).magnitude
                previous = point
                tableTimes.append(t)
                tableLengths.append(total)
            }
            shape = .cubicPaced(knots: knots, times: tableTimes,
                                lengths: total > 0 && total.isFinite ? tableLengths.map { $0 / total } : tableTimes)
        }
        self.init(shape)
    }

    /// A path whose cₖ(P) is `weights(k, P)`: any motion that is a weighted mean of values.
    convenience init(weights: @escaping (Int, Double) -> (value: Double, slope: Double), progressWeight: Double? = nil) {
        self.init(.weights(weights), progressWeight: progressWeight)
    }

    /// cₖ at progress `p` and dcₖ/dP.
    func remaining(_ k: Int, atProgress p: Double) -> (value: Double, slope: Double) {
        let step: (Int) -> Double = { $0 < k ? 1 : 0 }
        switch shape {
        case .weights(let weights):
            return weights(k, p)
        case .discrete(let starts):
            let s = k - 1 < starts.count ? starts[k - 1] : 0
            return (p <= 0 || p < s ? 1 : 0, 0)
        case .paced(let lengths):
            let a = lengths[k - 1], b = lengths[k]
            let s = Swift.min(Swift.max(p, 0), 1)
            guard b > a else { return (s > a || s >= 1 ? 0 : 1, 0) }
            let u = (s - a) / (b - a)
            if u <= 0 { return (1, 0) }
            if u >= 1 { return (0, 0) }
            return (1 - u, -1 / (b - a))
        case .cubic(let knots):
            let v = KeyframeSpline.evaluate(knots: knots, at: p, value: step)
            return (v.value, v.slope)
        case .cubicPaced(let knots, let times, let lengths):
            let t = KeyframePath.pacedTime(atProgress: p, times: times, lengths: lengths)
            let v = KeyframeSpline.evaluate(knots: knots, at: t.time, value: step)
            return (v.value, v.slope * t.slope)
        }
    }

    /// The knot time at which the spline has covered the share `p` of its arc length, and dτ/dP.
    static func pacedTime(atProgress p: Double, times tableTimes: [Double], lengths tableLengths: [Double])
        -> (time: Double, slope: Double)
    {
        let n = tableLengths.count
        guard n >= 2 else { return (p, 1) }
        if p <= 0 { return (tableTimes[0], 0) }
        if p >= 1 { return (tableTimes[n - 1], 0) }
        var lo = 0, hi = n - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if tableLengths[mid] <= p { lo = mid } else { hi = mid }
        }
        let dl = tableLengths[hi] - tableLengths[lo]
        let dt = tableTimes[hi] - tableTimes[lo]
        guard dl > 0 else { return (tableTimes[hi], 0) }
        return (tableTimes[lo] + (p - tableLengths[lo]) / dl * dt, dt / dl)
    }
}
