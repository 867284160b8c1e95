// UIKit's UIPushBehavior: a continuous force or a one-off impulse on its items.
import Kinetic

/// Pushes its items with a force along ``pushDirection``: UIKit's `UIPushBehavior`.
///
/// A magnitude of 1 gives a 100 × 100-point item of density 1 an acceleration of 100 points
/// per second² (``Mode/continuous``, every step while ``active``) or a velocity change of 100
/// points per second (``Mode/instantaneous``, once, at the next step). Units, where the force
/// acts, clamping and bad input are in <doc:BehaviorsInDepth#Pushes>.
public final class PushBehavior: ItemListBehavior {
    /// How the push applies its force (UIKit's `UIPushBehavior.Mode`).
    public enum Mode: Hashable, Sendable {
        /// A force every step while active.
        case continuous
        /// One impulse when activated.
        case instantaneous
    }

    /// The force, in mass·points per second², of a magnitude of 1 (UIKit's convention).
    public static let forcePerMagnitude = 100.0

    /// The push's mode, fixed at creation.
    public let mode: Mode
    private var direction = Vector.zero
    private var rememberedAngle = 0.0
    private var isActive = true
    private var offsets: [(item: any DynamicItem, offset: Vector)] = []

    /// A push on `items` in `mode`, active, with magnitude 0 (set ``pushDirection`` or
    /// ``magnitude``).
    public init(items: [any DynamicItem] = [], mode: Mode) {
        self.mode = mode
        super.init(items: items)
    }

    /// Whether the push acts (default true). An instantaneous push sets it false once it has
    /// applied its impulse; setting it true again pushes again. Activating wakes the items.
    public var active: Bool {
        get { isActive }
        set {
            isActive = newValue
            if newValue { changed() }
        }
    }

    /// The force as a vector, in UIKit's units: length 1 is 100 mass·points/s² (continuous) or
    /// 100 mass·points/s (instantaneous). Default (0, 0).
    public var pushDirection: Vector {
        get { direction }
        set {
            guard newValue.isFinite2D else {
                report(.invalidArgument, "PushBehavior.pushDirection must be finite; unchanged")
                return
            }
            direction = Vector(dx: newValue.x, dy: newValue.y)
            if direction.x != 0 || direction.y != 0 { rememberedAngle = angleOf(direction) }
            changed()
        }
    }

    /// The direction's angle in radians, clockwise on screen from +x (default 0).
    public var angle: Double {
        get { (direction.x != 0 || direction.y != 0) ? angleOf(direction) : rememberedAngle }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The direction's length (default 0); the units are in <doc:BehaviorsInDepth#Pushes>.
    public var magnitude: Double {
        get { direction.length2D }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Sets the direction from an angle in radians and a magnitude.
    public func setAngle(_ angle: Double, magnitude: Double) {
        guard let newDirection = checkedDirection(angle: angle, magnitude: magnitude, "PushBehavior") else { return }
        rememberedAngle = angle
        direction = newDirection
        changed()
    }

    /// Makes the force act at `offset` from `item`'s centre, in the item's own (unrotated)
    /// frame, in points (UIKit's `setTargetOffsetFromCenter(_:for:)`, a `UIOffset`). An item not
    /// in the behaviour or a non-finite offset is rejected with a diagnostic.
    public func setTargetOffsetFromCenter(_ offset: Vector, for item: any DynamicItem) {
        guard list.contains(item) else {
            report(.invalidArgument, "PushBehavior.setTargetOffsetFromCenter: the item is not in this behaviour; unchanged")
            return
        }
        guard offset.isFinite2D else {
            report(.invalidArgument, "PushBehavior.setTargetOffsetFromCenter: the offset must be finite; unchanged")
            return
        }
        offsets.removeAll { $0.item === item }
        if offset.x != 0 || offset.y != 0 { offsets.append((item, Vector(dx: offset.x, dy: offset.y))) }
        changed()
    }

    /// The offset set for `item` (zero by default).
    public func targetOffsetFromCenter(for item: any DynamicItem) -> Vector {
        offsets.first { $0.item === item }?.offset ?? .zero
    }

    private func changed() {
        if isActive { itemsChanged(list.items) }
    }

    override var diagnosticName: StaticString { "PushBehavior" }

    override func membershipChanged(of item: any DynamicItem, added: Bool) {
        if !added { offsets.removeAll { $0.item === item } }
    }

    override func savedState() -> (() -> Void)? {
        savedState((direction, rememberedAngle, isActive, offsets)) { [self] in
            (direction, rememberedAngle, isActive, offsets) = $0
        }
    }

    override var needsStepping: Bool {
        mode == .continuous && isActive && (direction.x != 0 || direction.y != 0) && !list.items.isEmpty
    }

    override func applyBeforeStep(in animator: DynamicAnimator) {
        guard isActive else { return }
        defer { if mode == .instantaneous { isActive = false } }
        guard direction.x != 0 || direction.y != 0 else { return }
        let world = animator.world
        for item in list.items {
            guard let body = animator.registry.body(for: item) else { continue }
            let mass = world.mass(of: body)
            var point: Point? = nil
            let offset = targetOffsetFromCenter(for: item)
            if offset.x != 0 || offset.y != 0 {
                point = world.position(of: body) + rotate(offset, by: world.angle(of: body)).asPoint
            }
            world.wake(body)
            switch mode {
            case .continuous:
                let force = (direction * PushBehavior.forcePerMagnitude)
                    .clamped(toLength: DynamicsLimits.maximumAcceleration * mass)
                world.applyForce(force, at: point, to: body)
            case .instantaneous:
                let impulse = (direction * PushBehavior.forcePerMagnitude)
                    .clamped(toLength: DynamicsLimits.maximumSpeed * mass)
                world.applyImpulse(impulse, at: point, to: body)
            }
        }
    }
}
