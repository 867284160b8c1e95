import Kinetic

/// The physical properties of a body (UIKit's `UIDynamicItemBehavior` properties).
struct BodyMaterial: Equatable {
    /// Whether the body is static: infinite mass, does not move, still collides (UIKit's `isAnchored`).
    /// First: the collision pass reads it for every contact's bodies (see `BodyRecord`).
    var isAnchored = false
    /// Whether the body may rotate (inverse inertia 0 when false).
    var allowsRotation = true
    /// Mass per 10,000 square points. 0 would make the body massless: the world clamps it to a
    /// small positive value.
    var density = 1.0
    /// Restitution, 0 (no bounce) … 1 (elastic); UIKit's `elasticity`.
    var restitution = 0.0
    /// Coulomb friction coefficient; two bodies use √(μa·μb) as Box2D does.
    var friction = 0.0
    /// Linear velocity damping per second (UIKit's `resistance`): dv/dt = −resistance·v.
    var linearDamping = 0.0
    /// Angular velocity damping per second (UIKit's `angularResistance`).
    var angularDamping = 0.0

    init(density: Double = 1.0, restitution: Double = 0.0, friction: Double = 0.0, linearDamping: Double = 0.0,
         angularDamping: Double = 0.0, allowsRotation: Bool = true, isAnchored: Bool = false) {
        self.isAnchored = isAnchored; self.allowsRotation = allowsRotation
        self.density = density; self.restitution = restitution; self.friction = friction
        self.linearDamping = linearDamping; self.angularDamping = angularDamping
    }
}
