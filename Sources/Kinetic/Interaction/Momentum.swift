/// Where a value flicked with `velocity` comes to rest under exponential deceleration: the
/// "project" function of fluid interfaces, used to pick a flick's target (the nearest page,
/// corner or detent to the projected point) before animating there.
///
///     project(value, velocity, r) = value − velocity / (1000 · ln r)
///
/// with `velocity` in value units per second and `r` the fraction of velocity kept per
/// millisecond. This is exactly ``DecayTimingParameters/restingPosition(from:velocity:)`` (it is
/// computed by it), so a decay animation started with the same velocity and rate comes to rest
/// where the projection said, and rates are validated the same way (NaN becomes
/// ``DecelerationRate/normal``, rates are clamped into [1e-6, 0.999999]).
///
/// It is the continuous form: the velocity decays as `v·r^(1000 t)`, and the distance is its
/// integral. WWDC 2018's "Designing Fluid Interfaces" gives the discrete per-millisecond sum
/// instead, `(velocity / 1000) · r / (1 − r)`; the two differ by about 0.1 % at
/// ``DecelerationRate/normal`` (499.5 against 499 times `velocity / 1000`) and 0.5 % at
/// ``DecelerationRate/fast`` (99.5 against 99). Kinetic uses the continuous form everywhere.
///
/// Works per component for any ``AnimatableValue``: a ``Point`` flick projects in 2D. A zero
/// velocity returns `value`; a non-finite velocity gives a non-finite result (as the decay does),
/// which ``VelocityTracker`` never produces.
@inlinable
public func project<Value: AnimatableValue>(
    _ value: Value, velocity: Value, decelerationRate: DecelerationRate = .normal
) -> Value {
    DecayTimingParameters(decelerationRate: decelerationRate).restingPosition(from: value, velocity: velocity)
}

extension DecelerationRate {
    /// Where a value flicked with `velocity` (units per second) comes to rest at this rate:
    /// the same as ``project(_:velocity:decelerationRate:)`` with this rate.
    @inlinable
    public func project<Value: AnimatableValue>(_ value: Value, velocity: Value) -> Value {
        DecayTimingParameters(decelerationRate: self).restingPosition(from: value, velocity: velocity)
    }

    /// The distance a flick with `velocity` (units per second) travels before coming to rest at
    /// this rate, `−velocity / (1000 · ln r)`: the same as
    /// ``DecayTimingParameters/projectedDistance(velocity:)``.
    @inlinable
    public func projectedDistance<Value: AnimatableValue>(velocity: Value) -> Value {
        DecayTimingParameters(decelerationRate: self).projectedDistance(velocity: velocity)
    }
}
