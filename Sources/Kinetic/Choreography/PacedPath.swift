// A Bézier path measured by arc length: the point, the tangent angle and each control point's weight at a progress, in closed form per segment.

/// A ``BezierPath`` prepared for paced reading: its control points in order, V₀ (the start),
/// then each segment's controls and end, and a table of arc length.
///
/// A point on the path is a weighted mean of the control points, `B = Σ wᵢ·Vᵢ` (Bernstein
/// weights of the segment the progress falls in), so a property can move along it with the
/// additive tracks of a keyframe path: ``remaining(_:atProgress:)`` gives cₖ = Σ_{i<k} wᵢ and
/// its derivative (see ``KeyframePath``).
///
/// Arc length: per segment, 32 equal parameter intervals, each integrated by 5-point
/// Gauss–Legendre quadrature. A progress is located by binary search in that table and two
/// to four Newton steps on the same quadrature inside the interval.
final class PacedPath {
    static let intervals = 32

    let controls: [Point]
    /// Each segment's first control index and degree (1, 2 or 3).
    let segments: [(first: Int, degree: Int)]
    /// Arc length from the start to each interval boundary (segments × intervals + 1 values).
    let cumulative: [Double]
    /// The tangent angle, unwrapped, at each interval's middle (a reference for unwrapping).
    let referenceAngles: [Double]
    let length: Double
    /// For a path whose end is where its segment `loopSegment` starts (a closed loop, perhaps
    /// after a lead-in line): the progress at which the loop starts. Past the end, the progress
    /// goes round the loop again instead of on along the end tangent.
    let loopStart: Double?

    /// `path` measured; `loopSegment`: the segment a closed loop starts at (nil: no loop; also
    /// nil when the path does not end where that segment starts).
    init(_ path: BezierPath, loopSegment: Int? = nil) {
        let contour = path.firstContour()
        var controls = [contour.start]
        var segments: [(first: Int, degree: Int)] = []
        for e in contour.segments {
            let first = controls.count - 1
            switch e {
            case .line(let to):
                controls.append(to)
                segments.append((first, 1))
            case .quadCurve(let to, let c):
                controls.append(c); controls.append(to)
                segments.append((first, 2))
            case .curve(let to, let c1, let c2):
                controls.append(c1); controls.append(c2); controls.append(to)
                segments.append((first, 3))
            case .move, .arc, .close:
                break       // `firstContour()` gives lines and curves only
            }
        }
        self.controls = controls
        self.segments = segments
        let n = Self.intervals
        var cumulative = [0.0]
        var angles: [Double] = []
        var total = 0.0, lastAngle = 0.0
        for s in segments.indices {
            for i in 0..<n {
                let u0 = Double(i) / Double(n), u1 = Double(i + 1) / Double(n)
                total += Self.arcLength(controls, segments[s], from: u0, to: u1)
                cumulative.append(total)
                let d = Self.derivative(controls, segments[s], at: (u0 + u1) / 2)
                var a = d.magnitudeSquared > 0 ? Elementary.atan2(d.y, d.x) : lastAngle
                if !angles.isEmpty || s > 0 { a = Self.unwrap(a, near: lastAngle) }
                angles.append(a)
                lastAngle = a
            }
        }
        self.cumulative = cumulative
        self.referenceAngles = angles
        self.length = total
        // Ends where the loop starts: to within 1e-12 of its length (a circle made with sin and
        // cos ends a rounding error away).
        if let loopSegment, loopSegment >= 0, loopSegment < segments.count, total > 0,
           (controls[segments[loopSegment].first] - controls[controls.count - 1]).magnitude <= 1e-12 * total {
            let start = cumulative[loopSegment * n] / total
            loopStart = start < 1 ? start : nil
        } else {
            loopStart = nil
        }
    }

    /// `p` brought into the loop when it has gone round it past the end (and, for a loop with no
    /// lead-in, before the start), with how many times round: `p − turns·span`, where `span` is
    /// the loop's share of the progress. Other progress is returned as it is, with 0 turns.
    func wrapped(_ p: Double) -> (p: Double, turns: Double) {
        guard let start = loopStart, p > 1 || (p < 0 && start == 0) else { return (p, 0) }
        let span = 1 - start
        // Round k so the result lies in (start, 1]: p − k·span.
        let turns = ((p - 1) / span).rounded(.up)
        let q = p - turns * span
        return (Swift.min(Swift.max(q, start), 1), turns)
    }

    // MARK: Bernstein weights

    /// The Bernstein weights of a segment of `degree` at `u` and their first and second derivatives.
    static func bernstein(_ degree: Int, _ u: Double) -> (b: [Double], d1: [Double], d2: [Double]) {
        let v = 1 - u
        switch degree {
        case 1:
            return ([v, u], [-1, 1], [0, 0])
        case 2:
            return ([v * v, 2 * u * v, u * u], [-2 * v, 2 * (1 - 2 * u), 2 * u], [2, -4, 2])
        default:
            return ([v * v * v, 3 * u * v * v, 3 * u * u * v, u * u * u],
                    [-3 * v * v, 3 * v * (1 - 3 * u), 3 * u * (2 - 3 * u), 3 * u * u],
                    [6 * v, 18 * u - 12, 6 - 18 * u, 6 * u])
        }
    }

    static func combine(_ controls: [Point], _ first: Int, _ w: [Double]) -> Point {
        var p = Point.zero
        for m in w.indices { p = p + controls[first + m] * w[m] }
        return p
    }

    static func derivative(_ controls: [Point], _ seg: (first: Int, degree: Int), at u: Double) -> Point {
        combine(controls, seg.first, bernstein(seg.degree, u).d1)
    }

    /// ∫ |B'(u)| du over [a, b], 5-point Gauss–Legendre.
    static func arcLength(_ controls: [Point], _ seg: (first: Int, degree: Int), from a: Double, to b: Double) -> Double {
        let nodes = [0.0, 0.5384693101056831, -0.5384693101056831, 0.9061798459386640, -0.9061798459386640]
        let weights = [0.5688888888888889, 0.4786286704993665, 0.4786286704993665, 0.2369268850561891, 0.2369268850561891]
        let half = (b - a) / 2, mid = (a + b) / 2
        var sum = 0.0
        for i in 0..<5 { sum += weights[i] * derivative(controls, seg, at: mid + half * nodes[i]).magnitude }
        return sum * half
    }

    static func unwrap(_ a: Double, near reference: Double) -> Double {
        let twoPi = 6.283185307179586
        return a + twoPi * ((reference - a) / twoPi).rounded()
    }

    // MARK: Locating a progress

    /// Where progress `p` falls: the segment, its parameter `u`, and `du/dp`; outside [0, 1]
    /// the end segment at its end parameter and `overshoot`, the parameter distance the path
    /// goes on straight along the end tangent (linearised: `u + overshoot`).
    func locate(_ p: Double) -> (segment: Int, u: Double, slope: Double, overshoot: Double) {
        let p = wrapped(p).p
        let last = segments.count - 1
        if p <= 0 || p >= 1 {
            let seg = p <= 0 ? 0 : last
            let u = p <= 0 ? 0.0 : 1.0
            let speed = Self.derivative(controls, segments[seg], at: u).magnitude
            let g = speed > 1e-12 * length ? length / speed : 0
            let excess = p <= 0 ? p : p - 1
            return (seg, u, g, excess * g)
        }
        let target = p * length
        // The last boundary at or below the target.
        var lo = 0, hi = cumulative.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if cumulative[mid] <= target { lo = mid } else { hi = mid }
        }
        lo = Swift.min(lo, cumulative.count - 2)
        let n = Self.intervals
        let seg = Swift.min(lo / n, last)
        let i = lo - seg * n
        let u0 = Double(i) / Double(n), u1 = Double(i + 1) / Double(n)
        let want = target - cumulative[lo]
        let span = cumulative[lo + 1] - cumulative[lo]
        var u = span > 0 ? u0 + (u1 - u0) * want / span : u0
        for _ in 0..<4 {
            let speed = Self.derivative(controls, segments[seg], at: u).magnitude
            guard speed > 1e-12 * length else { break }
            let step = (Self.arcLength(controls, segments[seg], from: u0, to: u) - want) / speed
            u = Swift.min(Swift.max(u - step, u0), u1)
            if step.magnitude < 1e-15 { break }
        }
        var speed = Self.derivative(controls, segments[seg], at: u).magnitude
        if !(speed > 1e-9 * length) {
            // A cusp: the speed a hair away, so du/dp stays finite.
            speed = Self.derivative(controls, segments[seg], at: u < 0.5 ? u + 1e-6 : u - 1e-6).magnitude
        }
        return (seg, u, speed > 0 ? length / speed : 0, 0)
    }

    /// The weights of the active segment's controls at `p` and their derivatives d/dp.
    func weights(atProgress p: Double) -> (segment: Int, w: [Double], dw: [Double]) {
        let at = locate(p)
        let basis = Self.bernstein(segments[at.segment].degree, at.u)
        var w = basis.b, dw = basis.d1
        for m in w.indices {
            w[m] += at.overshoot * basis.d1[m]
            dw[m] *= at.slope
        }
        return (at.segment, w, dw)
    }

    /// cₖ(p) = Σ_{i<k} wᵢ(p) and its derivative: the share of the k-th track (offset
    /// Vₖ₋₁ − Vₖ) still to go at progress `p`.
    func remaining(_ k: Int, atProgress p: Double) -> (value: Double, slope: Double) {
        guard !segments.isEmpty else { return (p < 1 ? 1 : 0, 0) }
        guard length > 0 else { return (p < 1 ? 1 : 0, 0) }
        let at = weights(atProgress: p)
        let first = segments[at.segment].first
        var value = 0.0, slope = 0.0
        for m in at.w.indices where first + m < k {
            value += at.w[m]
            slope += at.dw[m]
        }
        return (value, slope)
    }

    /// The point at progress `p`.
    func point(atProgress p: Double) -> Point {
        guard !segments.isEmpty, length > 0 else { return controls[controls.count - 1] }
        let at = weights(atProgress: p)
        return Self.combine(controls, segments[at.segment].first, at.w)
    }

    /// The unwrapped tangent angle at `p` and its derivative d/dp (constant outside [0, 1], except
    /// round a loop, where each time round adds the loop's whole turn).
    func angle(atProgress p: Double) -> (value: Double, slope: Double) {
        guard !segments.isEmpty, length > 0 else { return (0, 0) }
        let w = wrapped(p)
        if w.turns != 0, let start = loopStart {
            let inLoop = angle(atProgress: w.p)
            let turn = angle(atProgress: 1).value - angle(atProgress: start).value
            return (inLoop.value + w.turns * turn, inLoop.slope)
        }
        let q = Swift.min(Swift.max(p, 0), 1)
        let at = locate(q)
        let seg = segments[at.segment]
        let d = Self.derivative(controls, seg, at: at.u)
        let n = Self.intervals
        let interval = Swift.min(at.segment * n + Swift.min(Int(at.u * Double(n)), n - 1), referenceAngles.count - 1)
        let reference = referenceAngles[interval]
        guard d.magnitudeSquared > 0 else { return (reference, 0) }
        let a = Self.unwrap(Elementary.atan2(d.y, d.x), near: reference)
        guard p > 0 && p < 1 else { return (a, 0) }
        // dθ/du = (B' × B'') / |B'|².
        let dd = Self.combine(controls, seg.first, Self.bernstein(seg.degree, at.u).d2)
        let turn = (d.x * dd.y - d.y * dd.x) / d.magnitudeSquared
        return (a, turn * at.slope)
    }
}
