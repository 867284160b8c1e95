// The keyframes of a ``KeyframeTimeline`` track: SwiftUI's LinearKeyframe, SpringKeyframe, CubicKeyframe and MoveKeyframe.

/// A keyframe that interpolates from the previous value along a timing curve (SwiftUI's
/// `LinearKeyframe`).
///
/// Over its `duration` (seconds) the value moves from the value the previous keyframe ended on
/// to ``value`` as `from + (value − from)·curve(u)`, `u` the fraction of the duration elapsed.
/// With the default linear curve the velocity is constant, `(value − from)/duration`.
public struct LinearKeyframe<Value: AnimatableValue>: Sendable {
    /// The value at the end of the keyframe.
    public var value: Value
    /// The length of the segment, in seconds (see ``KeyframeTimeline`` for validation).
    public var duration: Double
    /// The progress curve over the segment (SwiftUI's `UnitCurve`); linear by default.
    public var timingCurve: CubicTimingParameters

    public init(_ value: Value, duration: Double, timingCurve: CubicTimingParameters = .linear) {
        self.value = value
        self.duration = duration
        self.timingCurve = timingCurve
    }
}

/// A keyframe that springs from the previous value towards ``value`` (SwiftUI's
/// `SpringKeyframe`).
///
/// The segment is the exact spring motion of ``SpringTimingParameters/value(from:to:velocity:at:)``
/// starting at the value *and velocity* the previous keyframe ended with (or ``startVelocity``
/// when given, in value units per second), cut off after ``duration`` seconds (`nil`: the
/// spring's ``SpringTimingParameters/settlingDuration``). A spring cut off early has not reached
/// ``value``: the next keyframe starts from where the spring is, so nothing jumps.
public struct SpringKeyframe<Value: AnimatableValue>: Sendable {
    public var value: Value
    /// The segment's length in seconds, or `nil` for the spring's settling duration.
    public var duration: Double?
    public var spring: SpringTimingParameters
    /// The velocity at the start of the segment (value units per second), or `nil` to carry on
    /// with the velocity the previous segment ended with (zero at the start of the track).
    public var startVelocity: Value?

    public init(_ value: Value, duration: Double? = nil, spring: SpringTimingParameters = .smooth,
                startVelocity: Value? = nil) {
        self.value = value
        self.duration = duration
        self.spring = spring
        self.startVelocity = startVelocity
    }
}

/// A keyframe reached along a cubic (Hermite) curve (SwiftUI's `CubicKeyframe`).
///
/// The segment runs from the previous value to ``value`` in ``duration`` seconds with the
/// velocities at its two ends given, or else chosen as SwiftUI documents: between two cubic
/// keyframes the velocity at the shared keyframe is the Catmull-Rom tangent
/// `(next − previous) / (time of next − time of previous)`, so adjacent cubic keyframes form a
/// Catmull-Rom spline; after another kind of keyframe the segment starts with the velocity that
/// one ended with; before another kind it ends with the velocity that one starts with. At the
/// very start of a track the velocity is zero unless given, and so is the velocity at the very
/// end: the value leaves from rest and comes to rest.
public struct CubicKeyframe<Value: AnimatableValue>: Sendable {
    public var value: Value
    public var duration: Double
    /// Velocity at the start of the segment (value units per second), or `nil` (see above).
    public var startVelocity: Value?
    /// Velocity at the end of the segment (value units per second), or `nil` (see above).
    public var endVelocity: Value?

    public init(_ value: Value, duration: Double, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        self.value = value
        self.duration = duration
        self.startVelocity = startVelocity
        self.endVelocity = endVelocity
    }
}

/// A keyframe that jumps to ``value`` at once and holds it, with no time of its own (SwiftUI's
/// `MoveKeyframe`). The velocity after a move is zero.
public struct MoveKeyframe<Value: AnimatableValue>: Sendable {
    public var value: Value
    public init(_ value: Value) { self.value = value }
}

/// One keyframe of a track, of any kind: what a ``KeyframeTimeline`` is built from.
///
/// An enum rather than a protocol so that a track is a plain array, with no existential (Embedded
/// Swift). The static functions read like SwiftUI's keyframe initializers:
///
///     KeyframeTimeline(initialValue: 0.0, keyframes: [
///         .linear(10, duration: 0.2),
///         .spring(40, spring: .bouncy),
///         .cubic(0, duration: 0.5),
///         .move(100),
///     ])
public enum Keyframe<Value: AnimatableValue>: Sendable {
    case linear(keyframe: LinearKeyframe<Value>)
    case spring(keyframe: SpringKeyframe<Value>)
    case cubic(keyframe: CubicKeyframe<Value>)
    case move(keyframe: MoveKeyframe<Value>)

    /// ``LinearKeyframe``.
    public static func linear(_ value: Value, duration: Double, timingCurve: CubicTimingParameters = .linear) -> Keyframe {
        .linear(keyframe: LinearKeyframe(value, duration: duration, timingCurve: timingCurve))
    }
    /// ``SpringKeyframe``.
    public static func spring(_ value: Value, duration: Double? = nil, spring: SpringTimingParameters = .smooth,
                              startVelocity: Value? = nil) -> Keyframe {
        .spring(keyframe: SpringKeyframe(value, duration: duration, spring: spring, startVelocity: startVelocity))
    }
    /// ``CubicKeyframe``.
    public static func cubic(_ value: Value, duration: Double, startVelocity: Value? = nil, endVelocity: Value? = nil) -> Keyframe {
        .cubic(keyframe: CubicKeyframe(value, duration: duration, startVelocity: startVelocity, endVelocity: endVelocity))
    }
    /// ``MoveKeyframe``.
    public static func move(_ value: Value) -> Keyframe {
        .move(keyframe: MoveKeyframe(value))
    }

    /// The keyframe's value.
    public var value: Value {
        switch self {
        case .linear(let k): return k.value
        case .spring(let k): return k.value
        case .cubic(let k): return k.value
        case .move(let k): return k.value
        }
    }
}
