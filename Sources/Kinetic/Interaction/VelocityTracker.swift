/// The curve a ``VelocityTracker`` fits through its recent samples.
public enum VelocityFit: Sendable, Hashable {
    /// A straight line, least squares. Its slope is the mean velocity over the window: for
    /// samples evenly spaced in time it equals the true velocity at the *middle* of the window,
    /// so a pointer that speeds up or slows down just before release is reported with a lag of
    /// half the window (50 ms by default). The least noisy estimate; suits low, irregular input
    /// rates or coarse (pixel-quantised) positions.
    case linear
    /// A parabola, least squares (Android's and Flutter's `LSQ2` strategy). Its slope at the
    /// newest sample is exact for any constant-acceleration motion, so a flick that accelerates
    /// into the release is reported at its release speed, not its mean speed. It amplifies
    /// position noise more than ``linear`` (about four times the standard deviation for evenly
    /// spaced samples), which least squares over up to 20 samples keeps small at touch rates.
    case quadratic
}

/// Estimates the velocity of a pointer (or any value) from timestamped positions, for handing a
/// gesture over to an animation at release: a flick's ``project(_:velocity:decelerationRate:)``
/// target, a spring's initial velocity (the estimate behind UIKit's
/// `UIPanGestureRecognizer.velocity(in:)`).
///
/// ```swift
/// var tracker = VelocityTracker<Point>()
/// tracker.addSample(location, at: time)          // at every pointer move
/// let velocity = tracker.velocity(at: releaseTime)
/// ```
///
/// Times are in seconds (any origin), so velocities are in value units per second. The fit, when
/// the pointer counts as stopped, bad samples and storage are in <doc:VelocityTrackingInDepth>.
public struct VelocityTracker<Value: AnimatableValue>: Sendable {
    /// How far back from the newest sample the fit reaches, in seconds (default 0.1).
    public let window: Double
    /// The silence, in seconds, after which the pointer counts as stopped (default 0.04): a
    /// release that long after the newest sample has zero velocity, and a gap that long between
    /// samples cuts off everything before it.
    public let pauseThreshold: Double
    /// The most samples kept and fitted (default 20); older ones are overwritten.
    public let capacity: Int
    /// The curve fitted through the samples.
    public let fit: VelocityFit

    // Ring buffer of `capacity` slots, allocated once.
    private(set) var times: [Double]
    private(set) var values: [Value]
    /// Index of the newest sample in the ring buffer (meaningless while `count == 0`).
    private var newest: Int = 0
    /// The number of samples currently held, at most ``capacity``.
    public private(set) var count: Int = 0

    /// A tracker with an empty history.
    ///
    /// - Parameters:
    ///   - window: how far back the fit reaches, in seconds. NaN, zero or negative becomes 0.1;
    ///     `.infinity` means "as far as ``capacity`` allows".
    ///   - pauseThreshold: the silence, in seconds, after which the pointer counts as stopped.
    ///     NaN, zero or negative becomes 0.04; `.infinity` never assumes a stop.
    ///   - capacity: the most samples kept. Values below 2 become 2.
    ///   - fit: the fitted curve, ``VelocityFit/quadratic`` by default.
    public init(window: Double = 0.1, pauseThreshold: Double = 0.04, capacity: Int = 20,
                fit: VelocityFit = .quadratic)
    {
        self.window = window > 0 ? window : 0.1             // NaN fails the comparison too
        self.pauseThreshold = pauseThreshold > 0 ? pauseThreshold : 0.04
        self.capacity = Swift.max(capacity, 2)
        self.fit = fit
        times = Array(repeating: 0, count: self.capacity)
        values = Array(repeating: .zero, count: self.capacity)
    }

    /// Whether the tracker holds no sample.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// Records the value at a time, in seconds.
    ///
    /// Non-finite times or values are ignored; a time equal to the newest sample's replaces that
    /// sample's value; an earlier time is ignored (see <doc:VelocityTrackingInDepth>). Never allocates.
    public mutating func addSample(_ value: Value, at time: Double) {
        guard time.isFinite, value.isFinite else { return }
        if count > 0 {
            let newestTime = times[newest]
            if time < newestTime { return }
            if time == newestTime {
                values[newest] = value
                return
            }
            newest = newest + 1 == capacity ? 0 : newest + 1
        } else {
            newest = 0
        }
        times[newest] = time
        values[newest] = value
        if count < capacity { count += 1 }
    }

    /// Forgets every sample (for the next gesture); keeps the storage.
    public mutating func reset() {
        count = 0
        newest = 0
    }

    /// The velocity, in value units per second, at the release `time` (seconds, same clock as
    /// the samples).
    ///
    /// The fit's derivative at the newest sample no later than `time`: samples after `time` are
    /// left out, so the history can be queried at an earlier instant. Add the lift-off position
    /// as a sample first if the input reports one.
    ///
    /// Zero when fewer than two samples fit in the history, when `time` is NaN, or when `time` is
    /// more than ``pauseThreshold`` after the newest sample (the pointer stopped). Always finite.
    public func velocity(at time: Double) -> Value {
        guard count >= 2, !time.isNaN else { return .zero }

        // The newest sample no later than the release.
        var index = newest
        var available = count
        while available > 0, times[index] > time {
            index = previous(index)
            available -= 1
        }
        guard available >= 2 else { return .zero }
        let newestTime = times[index]
        let newestMicros = Self.microseconds(newestTime)
        guard Self.microseconds(time) - newestMicros <= pauseMicros else { return .zero }

        // Walk back while samples are within the window and no gap exceeds the pause threshold.
        // Both edges are compared in whole microseconds, so a sample exactly `window` older
        // than the newest is kept whatever the clock's origin (in seconds, 1.1 − 1.0 exceeds
        // 0.1 and 0.3 − 0.2 falls short of it).
        var used = 1
        var oldest = index
        var laterMicros = newestMicros
        while used < available {
            let candidate = previous(oldest)
            let t = Self.microseconds(times[candidate])
            if newestMicros - t > windowMicros || laterMicros - t > pauseMicros { break }
            used += 1
            oldest = candidate
            laterMicros = t
        }
        guard used >= 2 else { return .zero }

        let estimate = fitSlope(newestIndex: index, oldestIndex: oldest, count: used)
        return estimate.isFinite ? estimate : .zero
    }

    private func previous(_ index: Int) -> Int { index == 0 ? capacity - 1 : index - 1 }

    /// A time in whole microseconds (an integer held exactly in a `Double` up to 2⁵³ µs, about
    /// 285 years): the exact time base the window and pause edges are compared in.
    @inline(__always)
    private static func microseconds(_ seconds: Double) -> Double { (seconds * 1e6).rounded() }
    private var windowMicros: Double { (window * 1e6).rounded() }
    private var pauseMicros: Double { (pauseThreshold * 1e6).rounded() }

    /// The derivative at the newest sample of the least-squares curve through `count` samples
    /// from `oldestIndex` to `newestIndex` (strictly increasing times, `count ≥ 2`).
    ///
    /// Time is `u = (t − t_newest) / span` in [−1, 0] and positions are taken relative to the
    /// newest one, so neither the clock's origin nor the values' offset costs precision. The fit
    /// is linear in the positions, `slope = Σ hᵢ (yᵢ − y_newest)`, and the scalar weights `hᵢ`
    /// depend on the times alone, which is what lets any vector space be fitted.
    private func fitSlope(newestIndex: Int, oldestIndex: Int, count n: Int) -> Value {
        let newestTime = times[newestIndex]
        let span = newestTime - times[oldestIndex]
        guard span > 0 else { return .zero }
        let origin = values[newestIndex]

        // Moments of u (u = 0 at the newest sample contributes only to s0).
        var s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var i = oldestIndex
        for _ in 0..<(n - 1) {
            let u = (times[i] - newestTime) / span
            let u2 = u * u
            s1 += u; s2 += u2; s3 += u2 * u; s4 += u2 * u2
            i = i + 1 == capacity ? 0 : i + 1
        }
        let s0 = Double(n)

        // Weights h(u) = a + b·u + c·u² of the slope (per unit of u).
        var a: Double, b: Double, c = 0.0
        var quadratic = false
        if fit == .quadratic, n >= 3 {
            // Row 1 of the inverse of the symmetric normal matrix [[s0 s1 s2] [s1 s2 s3] [s2 s3 s4]].
            let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s2 * s3) + s2 * (s1 * s3 - s2 * s2)
            // det(XᵀX) = Σ over triples of squared Vandermonde determinants; about 1/16 per triple
            // for well-spread times. Below 1e-9 the times are too close to separate the terms.
            if det > 1e-9 {
                a = (s2 * s3 - s1 * s4) / det
                b = (s0 * s4 - s2 * s2) / det
                c = (s1 * s2 - s0 * s3) / det
                quadratic = true
            } else {
                a = 0; b = 0
            }
        } else {
            a = 0; b = 0
        }
        if !quadratic {
            // Straight line: slope = Σ (uᵢ − ū) yᵢ / Σ (uᵢ − ū)².
            let mean = s1 / s0
            let sxx = s2 - s1 * mean
            guard sxx > 0 else { return .zero }
            a = -mean / sxx
            b = 1 / sxx
            c = 0
        }

        var slope = Value.zero
        i = oldestIndex
        for _ in 0..<(n - 1) {
            let u = (times[i] - newestTime) / span
            let weight = (a + u * (b + u * c)) / span
            slope = slope + (values[i] - origin) * weight
            i = i + 1 == capacity ? 0 : i + 1
        }
        return slope
    }
}
