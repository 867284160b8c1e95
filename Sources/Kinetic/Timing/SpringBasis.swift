/// The two fundamental motions of a damped linear spring at one instant.
///
/// Every motion of a spring `m·x'' + c·x' + k·x = 0` is a combination of two: the spring
/// *released* from a unit displacement at rest, and the spring *kicked* with a unit velocity at
/// its rest position. For a displacement `d₀` and velocity `v₀` at time 0,
///
///     d(t)  = d₀ · released(t)         + v₀ · kicked(t)
///     d'(t) = d₀ · releasedVelocity(t) + v₀ · kickedVelocity(t)
///
/// so four numbers per instant serve any number of values and dimensions animated by the same
/// spring: a point, a rectangle and an opacity on one spring share one basis per frame. This is
/// what makes a 2D initial velocity cheap: each dimension is one multiply-add.
public struct SpringBasis: Sendable, Equatable {
    /// Displacement of the spring released from displacement 1 with velocity 0 (1 at t = 0).
    public var released: Double
    /// Velocity of the released spring (0 at t = 0).
    public var releasedVelocity: Double
    /// Displacement of the spring kicked at rest with velocity 1 (0 at t = 0).
    public var kicked: Double
    /// Velocity of the kicked spring (1 at t = 0).
    public var kickedVelocity: Double

    @inlinable public init(released: Double, releasedVelocity: Double, kicked: Double, kickedVelocity: Double) {
        self.released = released
        self.releasedVelocity = releasedVelocity
        self.kicked = kicked
        self.kickedVelocity = kickedVelocity
    }

    /// The basis at t = 0.
    public static let initial = SpringBasis(released: 1, releasedVelocity: 0, kicked: 0, kickedVelocity: 1)

    /// Displacement and velocity of a value that starts `displacement` away from rest with
    /// `velocity` (both in value units; velocity per second).
    @inlinable public func motion<Value: AnimatableValue>(displacement: Value, velocity: Value)
        -> (displacement: Value, velocity: Value)
    {
        (displacement * released + velocity * kicked,
         displacement * releasedVelocity + velocity * kickedVelocity)
    }
}
