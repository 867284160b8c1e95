// UIKit's keyframe animations (`UIView.animateKeyframes`) and their calculation modes: discrete, paced, cubic and cubic paced paths through a property's keyframe values.

extension AnimationEngine {
    /// Runs a keyframe animation over `duration` seconds after `delay` seconds (UIKit's
    /// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`): inside
    /// `animations`, ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)`` adds the
    /// keyframes, each over a stretch of the animation's progress.
    ///
    /// The progress runs through the options' curve over the whole animation (ease in-out by
    /// default, as UIKit; pass ``AnimationOptions/curveLinear`` for a progress proportional to
    /// time). The calculation mode says how each property goes through the values its keyframes
    /// give it, V₀ (before the animation), V₁, …, Vₙ, taken in the order the keyframes were added:
    /// - ``AnimationOptions/calculationModeLinear`` (default): each keyframe interpolates
    ///   linearly over its own stretch [s, s + d]; between stretches the value rests.
    /// - ``AnimationOptions/calculationModeDiscrete``: no interpolation; keyframe k's value
    ///   takes effect as soon as the progress is past its start sₖ (at progress 0 the property
    ///   shows V₀, so finishing at the start restores it).
    /// - ``AnimationOptions/calculationModePaced``: the stretches are ignored; the property
    ///   moves along the polyline V₀…Vₙ with its arc length proportional to the progress
    ///   (constant speed in time with ``AnimationOptions/curveLinear``).
    /// - ``AnimationOptions/calculationModeCubic``: a Catmull-Rom spline through (τₖ, Vₖ), with
    ///   τ₀ the first keyframe's start and τₖ keyframe k's end: tangent
    ///   (Vₖ₊₁ − Vₖ₋₁)/(τₖ₊₁ − τₖ₋₁) inside, and at the ends half the one-sided slope (the end
    ///   knot repeated), so it passes through every Vₖ at τₖ and rests before τ₀ and after τₙ.
    /// - ``AnimationOptions/calculationModeCubicPaced``: the same spline through uniformly spaced
    ///   knots, traversed with its arc length proportional to the progress (arc length measured
    ///   on 256 chords per keyframe: constant speed to about 1e-5 of the path).
    ///
    /// Changes made in the block outside any keyframe animate over the whole duration; keyframes
    /// nested in keyframes stay linear within their parent. Completion, repeat, autoreverse and
    /// nesting are as ``animate(withDuration:delay:options:animations:completion:)`` (with a
    /// calculation mode other than linear the animation never joins an enclosing block: it runs
    /// its own animator).
    @discardableResult
    public func animateKeyframes(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                                 animations: @escaping () -> Void,
                                 completion: ((Bool) -> Void)? = nil) -> PropertyAnimator {
        let mode = options.calculationMode
        let block: () -> Void
        if mode == .linear {
            block = animations
        } else {
            block = { [unowned(unsafe) self] in
                animations()
                guard let transaction = self.currentTransaction else { return }
                for property in transaction.animator.properties {
                    property.retimeKeyframeTracks(under: transaction.segment, mode: mode)
                }
            }
        }
        return runClassAnimation(duration: duration, delay: delay, options: options,
                                 timing: .cubic(CubicTimingParameters(animationCurve: options.curve)),
                                 canJoinEnclosing: mode == .linear, animations: block, completion: completion)
    }
}

/// One property's path through its keyframe values in a keyframe animation, for a calculation
/// mode other than linear.
///
/// The property shows `Vₙ + Σₖ (Vₖ₋₁ − Vₖ)·cₖ(P)` at the animation's progress P, where its k-th
/// keyframe track has offset `Vₖ₋₁ − Vₖ`; any path that is a weighted mean `Σᵢ wᵢ(P)·Vᵢ` of the
/// values is this sum with `cₖ = Σ_{i<k} wᵢ`, which ``remaining(_:atProgress:)`` computes by
/// evaluating the path with the values replaced by the step `i < k ? 1 : 0`.
final class KeyframePath {
    let mode: KeyframeCalculationMode
    /// Discrete: keyframe k's start (index k − 1).
    let starts: [Double]
    /// Paced: the share of the path's length up to Vₖ (index k; 0 and 1 at the ends).
    let lengths: [Double]
    /// Cubic and cubic paced: the spline's knots τ₀…τₙ.
    let knots: [Double]
    /// Cubic paced: knot-time samples and the share of arc length up to each.
    let tableTimes: [Double]
    let tableLengths: [Double]

    init(mode: KeyframeCalculationMode, starts: [Double], lengths: [Double], knots: [Double],
         tableTimes: [Double], tableLengths: [Double]) {
        self.mode = mode
        self.starts = starts
        self.lengths = lengths
        self.knots = knots
        self.tableTimes = tableTimes
        self.tableLengths = tableLengths
    }

    /// cₖ at progress `p` and dcₖ/dP.
    func remaining(_ k: Int, atProgress p: Double) -> (value: Double, slope: Double) {
        let step: (Int) -> Double = { $0 < k ? 1 : 0 }
        switch mode {
        case .linear, .discrete:
            let s = k - 1 < starts.count ? starts[k - 1] : 0
            return (p <= 0 || p < s ? 1 : 0, 0)
        case .paced:
            let a = lengths[k - 1], b = lengths[k]
            let s = Swift.min(Swift.max(p, 0), 1)
            guard b > a else { return (s > a || s >= 1 ? 0 : 1, 0) }
            let u = (s - a) / (b - a)
            if u <= 0 { return (1, 0) }
            if u >= 1 { return (0, 0) }
            return (1 - u, -1 / (b - a))
        case .cubic:
            let v = KeyframeSpline.evaluate(knots: knots, at: p, value: step)
            return (v.value, v.slope)
        case .cubicPaced:
            let t = pacedTime(atProgress: p)
            let v = KeyframeSpline.evaluate(knots: knots, at: t.time, value: step)
            return (v.value, v.slope * t.slope)
        }
    }

    /// The knot time at which the spline has covered the share `p` of its arc length, and dτ/dP.
    func pacedTime(atProgress p: Double) -> (time: Double, slope: Double) {
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

extension AnimatedProperty {
    /// Chords per keyframe when measuring a cubic path's arc length.
    static var pacedChordsPerKeyframe: Int { 256 }

    func retimeKeyframeTracks(under root: AnimationSegment, mode: KeyframeCalculationMode) {
        guard mode != .linear, let animator = root.animator else { return }
        var indices: [Int] = []
        for i in tracks.indices {
            if case .keyframe(let parent) = tracks[i].segment.kind, parent === root { indices.append(i) }
        }
        guard !indices.isEmpty else { return }
        let n = indices.count
        // Positions relative to V₀: Wₖ = Wₖ₋₁ − deltaₖ (a track's delta is old − new).
        var positions: [Value] = [.zero]
        for i in indices { positions.append(positions[positions.count - 1] - tracks[i].delta) }

        var starts: [Double] = [], lengths: [Double] = [], knots: [Double] = []
        var tableTimes: [Double] = [], tableLengths: [Double] = []
        switch mode {
        case .linear, .discrete:
            starts = indices.map { tracks[$0].segment.start }
        case .paced:
            var total = 0.0
            lengths = [0]
            for k in 1...n {
                total += (positions[k] - positions[k - 1]).magnitude
                lengths.append(total)
            }
            lengths = total > 0 && total.isFinite
                ? lengths.map { $0 / total }
                : (0...n).map { Double($0) / Double(n) }
        case .cubic:
            knots = [tracks[indices[0]].segment.start]
            for i in indices { knots.append(Swift.max(tracks[i].segment.end, knots[knots.count - 1])) }
        case .cubicPaced:
            knots = (0...n).map { Double($0) / Double(n) }
            let chords = n * Self.pacedChordsPerKeyframe
            var previous = positions[0], total = 0.0
            tableTimes = [0]
            tableLengths = [0]
            for q in 1...chords {
                let t = Double(q) / Double(chords)
                let point = KeyframeSpline.evaluate(knots: knots, at: t, value: { positions[$0] }).value
                total += (point - previous).magnitude
                previous = point
                tableTimes.append(t)
                tableLengths.append(total)
            }
            tableLengths = total > 0 && total.isFinite
                ? tableLengths.map { $0 / total }
                : tableTimes
        }
        let path = KeyframePath(mode: mode, starts: starts, lengths: lengths, knots: knots,
                                tableTimes: tableTimes, tableLengths: tableLengths)
        for (k, i) in indices.enumerated() {
            let track = tracks[i]
            let segment = AnimationSegment(animator: animator, start: 0, end: 1,
                                           kind: .path(parent: root, path: path, index: k + 1))
            tracks[i] = PropertyTrack(segment: segment, delta: track.delta, initialVelocity: track.initialVelocity)
        }
    }
}
