/// Exponential deceleration, as a scroll view coasts after a flick (UIKit's
/// `UIScrollView.DecelerationRate`, POP's `POPDecayAnimation`).
///
/// The velocity is multiplied by ``decelerationRate`` every millisecond. Position, velocity and
/// the resting position are closed forms in time, and ``timeToRest(velocity:)`` is when the
/// speed falls below ``restingSpeed``. Positions and velocities may be any ``AnimatableValue``;
/// a `Point` velocity coasts in 2D.
///
/// ```swift
/// let decay = DecayTimingParameters(decelerationRate: .normal)
/// let landing = decay.restingPosition(from: offset, velocity: releaseVelocity)
/// ```
///
/// The formulas, the default resting speed and what bad input becomes are in
/// <doc:PhysicsAnimations#Decay-timing>.
public struct DecayTimingParameters: Sendable, Equatable {
    /// The fraction of velocity kept per millisecond, in (0, 1).
    public let decelerationRate: Double
    /// The speed below which the motion counts as at rest, in value units per second.
    public let restingSpeed: Double
    /// `1000·ln(rate)`: the exponential decay constant per second (negative).
    @usableFromInline let k: Double

    /// The exponential decay constant per second, `1000·ln(rate)` (negative): velocity is
    /// `v₀·e^(rate·t)`.
    @inlinable public var rate: Double { k }

    /// A decay with the given rate per millisecond.
    public init(decelerationRate: DecelerationRate = .normal, restingSpeed: Double = 0.5) {
        self.init(rate: decelerationRate.rawValue, restingSpeed: restingSpeed)
    }

    /// A decay with any rate per millisecond (validated as <doc:PhysicsAnimations#Decay-timing>
    /// says).
    public init(rate: Double, restingSpeed: Double = 0.5) {
        let r: Double
        if rate.isNaN { r = DecelerationRate.normal.rawValue }
        else { r = Swift.min(Swift.max(rate, 1e-6), 0.999999) }
        decelerationRate = r
        self.restingSpeed = restingSpeed.isFinite && restingSpeed > 0 ? restingSpeed : 0.5
        k = 1000 * Elementary.log(r)
    }

    /// The position at `time` seconds of a value starting at `origin` with `velocity`.
    @inlinable
    public func position<Value: AnimatableValue>(from origin: Value, velocity: Value, at time: Double) -> Value {
        origin + velocity * distanceFactor(at: time)
    }

    /// The velocity at `time` seconds of a value starting with `velocity`.
    @inlinable
    public func velocity<Value: AnimatableValue>(from velocity: Value, at time: Double) -> Value {
        velocity * velocityFactor(at: time)
    }

    /// Position and velocity together, sharing one exponential.
    @inlinable
    public func sample<Value: AnimatableValue>(from origin: Value, velocity: Value, at time: Double)
        -> (position: Value, velocity: Value)
    {
        let f = factors(at: time)
        return (origin + velocity * f.distance, velocity * f.velocity)
    }

    /// `(e^(k t) − 1)/k` and `e^(k t)` from one exponential, each to full relative precision:
    /// `expm1` while the motion is young (the distance would cancel), `exp` once it has slowed
    /// (the velocity factor would).
    @inlinable @inline(__always)
    func factors(at time: Double) -> (distance: Double, velocity: Double) {
        let kt = k * (time > 0 ? time : 0)
        if kt > -0.5 {
            let em1 = Elementary.expm1(kt)
            return (em1 / k, em1 + 1)
        }
        let e = Elementary.exp(kt)
        return ((e - 1) / k, e)
    }

    /// Where a value starting at `origin` with `velocity` comes to rest.
    @inlinable
    public func restingPosition<Value: AnimatableValue>(from origin: Value, velocity: Value) -> Value {
        origin - velocity * (1 / k)
    }

    /// The distance covered in total: `−velocity / k` (the "projection" of a flick).
    @inlinable
    public func projectedDistance<Value: AnimatableValue>(velocity: Value) -> Value {
        velocity * (-1 / k)
    }

    /// The time at which the speed falls to ``restingSpeed``; 0 if it starts below.
    public func timeToRest<Value: AnimatableValue>(velocity: Value) -> Double {
        let speed = velocity.magnitude
        guard speed.isFinite, speed > restingSpeed else { return 0 }
        return Elementary.log(restingSpeed / speed) / k
    }

    /// `(e^(k t) − 1)/k`: the distance covered by a unit velocity after `time` seconds.
    @inlinable public func distanceFactor(at time: Double) -> Double {
        factors(at: time).distance
    }

    /// `e^(k t)`: the fraction of the initial velocity left after `time` seconds.
    @inlinable public func velocityFactor(at time: Double) -> Double {
        factors(at: time).velocity
    }
}

/// A deceleration rate: the fraction of velocity kept per millisecond (UIKit's
/// `UIScrollView.DecelerationRate`).
public struct DecelerationRate: Sendable, Hashable, RawRepresentable {
    public let rawValue: Double
    public init(rawValue: Double) { self.rawValue = rawValue }
    /// A scroll view's normal rate, 0.998 per millisecond.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// A scroll view's fast rate, 0.99 per millisecond (paging, pickers).
    public static let fast = DecelerationRate(rawValue: 0.99)
}
