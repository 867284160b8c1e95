// UIKit's UIGravityBehavior: a constant acceleration on its items.
import Kinetic

/// Accelerates its items along ``gravityDirection``: UIKit's `UIGravityBehavior`.
///
/// A direction of length 1 (a ``magnitude`` of 1) is 1000 points per second², UIKit's
/// constant; the default is (0, 1), straight down the screen. An item released at rest falls
/// `y(t) = y₀ + ½·1000·t²`, whatever its mass. Gravity does not wake sleeping items (an item at
/// rest on a floor stays asleep and the animator can pause), but changing it does.
///
/// Non-finite directions, angles and magnitudes are rejected with a diagnostic; so is adding an
/// item twice or removing one that is not there.
public final class GravityBehavior: ItemListBehavior {
    private var direction = Vector(dx: 0, dy: 1)
    /// The angle set while the magnitude is 0: kept until a magnitude is set, as UIKit lets an
    /// angle be set before the magnitude (`angle = π; magnitude = 1` points left).
    private var pendingAngle: Double?
    /// The items' bodies, so that a step applies gravity in one call instead of one dictionary
    /// lookup and one world call per item; rebuilt when the items, the animator's bodies or the
    /// animator change (`cacheKey`).
    private var cachedBodies: [BodyID] = []
    private var cacheKey: (animator: ObjectIdentifier, list: Int, bodies: Int)? = nil

    /// UIKit's acceleration for a magnitude of 1, in points per second².
    public static let accelerationPerMagnitude = 1000.0

    /// The acceleration as a vector in units of 1000 points per second² (UIKit's
    /// `gravityDirection`): (0, 1) is 1000 points per second² downwards.
    public var gravityDirection: Vector {
        get { direction }
        set {
            guard newValue.isFinite2D, newValue.length2D.isFinite else {
                report(.invalidArgument, "GravityBehavior.gravityDirection must be finite; unchanged")
                return
            }
            direction = Vector(dx: newValue.x, dy: newValue.y)
            pendingAngle = nil
            itemsChanged(list.items)
        }
    }

    /// The direction's angle in radians, clockwise on screen from the +x axis (default π/2,
    /// down). Setting it keeps the magnitude. As UIKit documents, a magnitude of 0 makes the
    /// direction (0, 0) and the angle 0: a magnitude set afterwards points along +x unless an
    /// angle is set too.
    public var angle: Double {
        get { pendingAngle ?? (direction.length2D > 0 ? angleOf(direction) : 0) }
        set {
            guard newValue.isFinite else {
                report(.invalidArgument, "GravityBehavior.angle must be finite; unchanged")
                return
            }
            if magnitude == 0 {
                pendingAngle = newValue
            } else {
                setAngle(newValue, magnitude: magnitude)
            }
        }
    }

    /// The direction's length: 1 is 1000 points per second² (default 1). Setting it keeps the
    /// angle (0 after a magnitude of 0, see ``angle``); a negative magnitude points the other way.
    public var magnitude: Double {
        get { direction.length2D }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Sets the direction from an angle (radians) and a magnitude (1 = 1000 points per second²).
    public func setAngle(_ angle: Double, magnitude: Double) {
        guard let newDirection = checkedDirection(angle: angle, magnitude: magnitude, "GravityBehavior") else { return }
        direction = newDirection
        pendingAngle = nil
        itemsChanged(list.items)
    }

    override var diagnosticName: StaticString { "GravityBehavior" }

    override func savedState() -> (() -> Void)? {
        savedState((direction, pendingAngle)) { [self] in
            (direction, pendingAngle) = $0
            cacheKey = nil
        }
    }

    /// Called before the behaviour is added to an animator or removed from one (UIKit's
    /// `willMove(to:)`): gravity drops the body handles it cached for the previous animator.
    public override func willMove(to animator: DynamicAnimator?) {
        cacheKey = nil
        cachedBodies = []
    }

    override func applyBeforeStep(in animator: DynamicAnimator) {
        let acceleration = direction * GravityBehavior.accelerationPerMagnitude
        guard acceleration.x != 0 || acceleration.y != 0 else { return }
        let clamped = acceleration.clamped(toLength: DynamicsLimits.maximumAcceleration)
        if let key = cacheKey, key.animator == ObjectIdentifier(animator), key.list == list.version,
           key.bodies == animator.registry.bodyGeneration {} else {
            cachedBodies.removeAll(keepingCapacity: true)
            for item in list.items {
                if let body = animator.registry.body(for: item) { cachedBodies.append(body) }
            }
            cacheKey = (ObjectIdentifier(animator), list.version, animator.registry.bodyGeneration)
        }
        animator.world.applyAccelerationToAwake(clamped, cachedBodies)
    }
}
