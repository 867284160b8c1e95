import Kinetic

/// A constraint between a body and the world, or between two bodies.
struct JointDefinition: Equatable {
    enum Kind: Equatable {
        /// Keeps the anchors `length` apart: rigid when `frequency` is 0, otherwise a spring of that
        /// frequency (Hz) and damping ratio (UIKit's default attachment).
        case distance(length: Double, frequency: Double, dampingRatio: Double)
        /// Lets the anchors move freely while their distance is within `minimum...maximum`
        /// (a rope when minimum is 0; UIKit's limit attachment).
        case limit(minimum: Double, maximum: Double)
        /// Pins the anchors together, free to rotate (UIKit's pin attachment; a revolute joint).
        /// `angleRange` limits the relative rotation if given.
        case pin(angleRange: ClosedRange<Double>?)
        /// Welds the bodies: no relative motion (UIKit's fixed attachment).
        case fixed
        /// Lets the anchor slide along `axis` (world direction for a world joint, body A's frame
        /// otherwise) within `range` if given, with rotation locked (UIKit's sliding attachment).
        case sliding(axis: Vector, range: ClosedRange<Double>?)
        /// Pulls the body to the anchor and its rotation to `angle` with a critically-damped-ish
        /// spring whose damping is 0…1 (UIKit's snap behaviour).
        case snap(damping: Double, angle: Double)
    }
    var kind: Kind
    var bodyA: BodyID
    /// The second body, or nil for a joint to a fixed point of the world.
    var bodyB: BodyID?
    /// The anchor on body A, in A's frame.
    var localAnchorA: Vector = .zero
    /// The anchor on body B in B's frame, or the world point when `bodyB` is nil.
    var anchorB: Point = .zero
    /// Torque resisting rotation at the joint, in mass·points²/s² (UIKit's `frictionTorque`).
    var frictionTorque = 0.0
    /// A motor on a pin or sliding joint (Box2D's revolute and prismatic motors; ignored by the
    /// other kinds): a velocity constraint driving A's angular velocity relative to B's
    /// (rad/s) or the sliding translation's rate (points/s) to `motorSpeed`, with an impulse
    /// clamped to `maxMotorForce`·h per step (a torque in mass·points²/s² on a pin, a force in
    /// mass·points/s² on a slider).
    var isMotorEnabled = false
    var motorSpeed = 0.0
    var maxMotorForce = 0.0
}
