// A value's path over time described by keyframes, sampled at any instant (SwiftUI's KeyframeTimeline).

/// A description of how a value changes over time, given by tracks of keyframes, that can be
/// evaluated at any time (SwiftUI's `KeyframeTimeline`).
///
///     let bounce = KeyframeTimeline(initialValue: 0.0, keyframes: [
///         .cubic(-30, duration: 0.2),
///         .spring(0, spring: .bouncy),
///     ])
///     bounce.value(time: 0.1)
///
/// It does not run: it is a pure function of time, read with ``value(time:)`` or
/// ``value(progress:)``. Tracks for the parts of a value, how keyframes make segments and what
/// bad input becomes are in <doc:KeyframeTimelines>.
public struct KeyframeTimeline<Value> {
    /// The value at time 0 (and before).
    public let initialValue: Value
    /// The length of the longest track, in seconds.
    public let duration: Double
    private let tracks: [BuiltKeyframeTrack<Value>]

    /// A timeline with one track per part of the value.
    public init(initialValue: Value, tracks: [KeyframeTrack<Value>]) {
        self.initialValue = initialValue
        let built = tracks.map { $0.build(initialValue) }
        self.tracks = built
        var d = 0.0
        for t in built { d = Swift.max(d, t.duration) }
        duration = d
    }

    /// The value at `time` seconds (clamped to [0, ``duration``]).
    public func value(time: Double) -> Value {
        let t = time.isNaN ? 0 : time
        var v = initialValue
        for track in tracks { track.apply(t, &v) }
        return v
    }

    /// The value at `progress` (0 is the start, 1 the end; clamped) of the ``duration``.
    public func value(progress: Double) -> Value {
        let p = progress.isNaN ? 0 : Swift.min(Swift.max(progress, 0), 1)
        return value(time: p * duration)
    }
}

extension KeyframeTimeline where Value: AnimatableValue {
    /// A timeline with one track of `keyframes` on the whole value.
    public init(initialValue: Value, keyframes: [Keyframe<Value>]) {
        self.init(initialValue: initialValue,
                  tracks: [KeyframeTrack(get: { $0 }, set: { root, v in root = v }, keyframes: keyframes)])
    }
}

/// One track of a ``KeyframeTimeline``: keyframes for one part of the timeline's value
/// (SwiftUI's `KeyframeTrack`).
///
/// `get` reads the part from the timeline's initial value (where the track starts) and `set`
/// writes the track's value into the value being evaluated: closures rather than a key path,
/// which Embedded Swift does not have.
public struct KeyframeTrack<Root> {
    let build: (Root) -> BuiltKeyframeTrack<Root>

    /// A track of `keyframes` on the part of the value `get` reads and `set` writes.
    public init<Part: AnimatableValue>(get: @escaping (Root) -> Part, set: @escaping (inout Root, Part) -> Void,
                                       keyframes: [Keyframe<Part>]) {
        build = { root in
            let path = ResolvedKeyframeTrack(initialValue: get(root), keyframes: keyframes)
            return BuiltKeyframeTrack(duration: path.duration) { time, value in
                set(&value, path.sample(at: time).value)
            }
        }
    }
}

struct BuiltKeyframeTrack<Root> {
    let duration: Double
    let apply: (Double, inout Root) -> Void
}

/// The segments of one track, resolved once: start time, length, end values and velocities.
struct ResolvedKeyframeTrack<Value: AnimatableValue> {
    enum Shape {
        case linear(CubicTimingParameters)
        case spring(SpringTimingParameters)
        case cubic
        case jump
    }

    struct Segment {
        var start: Double
        var duration: Double
        var from: Value
        /// Where the segment ends (for a spring cut off early, where the spring is then).
        var to: Value
        /// The keyframe's value (a spring's target).
        var target: Value
        var startVelocity: Value
        var endVelocity: Value
        var shape: Shape
    }

    let initialValue: Value
    private(set) var segments: [Segment] = []
    private(set) var duration = 0.0

    init(initialValue: Value, keyframes rawKeyframes: [Keyframe<Value>]) {
        self.initialValue = initialValue
        let keyframes = rawKeyframes.filter { $0.value.isFinite }
        func valid(_ d: Double) -> Double { d.isFinite && d > 0 ? d : 0 }
        func valid(_ v: Value?) -> Value? { v.flatMap { $0.isFinite ? $0 : nil } }
        func length(_ k: Keyframe<Value>) -> Double {
            switch k {
            case .linear(let l): return valid(l.duration)
            case .cubic(let c): return valid(c.duration)
            case .move: return 0
            case .spring(let s):
                if let d = s.duration { return valid(d) }
                return s.spring.settlingDuration(epsilon: SpringTimingParameters.settlingEpsilon, velocity: 0)
            }
        }
        var time = 0.0
        var value = initialValue
        var velocity = Value.zero
        for (i, keyframe) in keyframes.enumerated() {
            let d = length(keyframe)
            let from = value
            var segment = Segment(start: time, duration: d, from: from, to: keyframe.value, target: keyframe.value,
                                  startVelocity: .zero, endVelocity: .zero, shape: .jump)
            switch keyframe {
            case .move:
                break
            case .linear(let l):
                guard d > 0 else { break }
                let slope = l.timingCurve.sample(at: 0).velocity, endSlope = l.timingCurve.sample(at: 1).velocity
                let mean = (l.value - from) * (1 / d)
                segment.shape = .linear(l.timingCurve)
                segment.startVelocity = mean * (slope.isFinite ? slope : 0)
                segment.endVelocity = mean * (endSlope.isFinite ? endSlope : 0)
            case .spring(let s):
                guard d > 0 else { break }
                let v0 = valid(s.startVelocity) ?? velocity
                let end = s.spring.value(from: from, to: s.value, velocity: v0, at: d)
                segment.shape = .spring(s.spring)
                segment.startVelocity = v0
                segment.to = end.value
                segment.endVelocity = end.velocity
            case .cubic(let c):
                guard d > 0 else { break }
                segment.shape = .cubic
                segment.startVelocity = valid(c.startVelocity) ?? velocity
                if let v1 = valid(c.endVelocity) {
                    segment.endVelocity = v1
                } else if i + 1 < keyframes.count {
                    let next = keyframes[i + 1]
                    let nextLength = length(next)
                    // Catmull-Rom: the chord from this segment's start to the next keyframe.
                    let tangent = nextLength + d > 0 ? (next.value - from) * (1 / (d + nextLength)) : Value.zero
                    switch next {
                    case .move:
                        segment.endVelocity = .zero
                    case .cubic(let n):
                        segment.endVelocity = valid(n.startVelocity) ?? tangent
                    case .spring(let n):
                        segment.endVelocity = valid(n.startVelocity) ?? tangent
                    case .linear(let n):
                        let nd = valid(n.duration)
                        let s = n.timingCurve.sample(at: 0).velocity
                        segment.endVelocity = nd > 0 && s.isFinite ? (n.value - c.value) * (s / nd) : .zero
                    }
                }
            }
            if d == 0 { segment.startVelocity = .zero; segment.endVelocity = .zero }
            segments.append(segment)
            time += d
            value = segment.to
            velocity = segment.endVelocity
        }
        duration = time
    }

    /// The track's value and velocity at `time` seconds.
    func sample(at time: Double) -> (value: Value, velocity: Value) {
        guard let last = segments.last else { return (initialValue, .zero) }
        let t = time.isNaN ? 0 : time
        if t < 0 { return (initialValue, .zero) }
        if t >= duration { return (last.to, .zero) }
        // The segment with start ≤ t < start + duration (the last zero-length one at t wins).
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segments[mid].start <= t { lo = mid } else { hi = mid - 1 }
        }
        let s = segments[lo]
        guard s.duration > 0 else { return (s.to, .zero) }
        let local = t - s.start
        switch s.shape {
        case .jump:
            return (s.to, .zero)
        case .linear(let curve):
            let c = curve.sample(at: local / s.duration)
            let slope = c.velocity.isFinite ? c.velocity : 0
            return (s.from + (s.to - s.from) * c.progress, (s.to - s.from) * (slope / s.duration))
        case .spring(let spring):
            return spring.value(from: s.from, to: s.target, velocity: s.startVelocity, at: local)
        case .cubic:
            // Cubic Hermite on u in [0, 1], tangents scaled by the duration.
            let d = s.duration, u = local / d
            let u2 = u * u, u3 = u2 * u
            let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
            let dh00 = 6 * u2 - 6 * u, dh10 = 3 * u2 - 4 * u + 1, dh01 = -6 * u2 + 6 * u, dh11 = 3 * u2 - 2 * u
            let m0 = s.startVelocity * d, m1 = s.endVelocity * d
            let value = s.from * h00 + m0 * h10 + s.to * h01 + m1 * h11
            let velocity = (s.from * dh00 + m0 * dh10 + s.to * dh01 + m1 * dh11) * (1 / d)
            return (value, velocity)
        }
    }
}
