// UIKit's UIDynamicItemBehavior: the physical properties of items, and velocity changes.
import Kinetic

/// The physical properties of its items, and changes to their velocity: UIKit's
/// `UIDynamicItemBehavior`.
///
/// ``density`` (mass is density × area / 10,000), ``resistance``, ``angularResistance``,
/// ``elasticity``, ``friction``, ``charge``, ``isAnchored`` and ``allowsRotation`` apply to its
/// items when set; ``addLinearVelocity(_:for:)`` and ``addAngularVelocity(_:for:)`` change an
/// item's velocity at once. What each property means in numbers, which behaviour wins when
/// several set one item, velocities added before the animator, and bad input are in
/// <doc:BehaviorsInDepth#Item-properties>.
public final class DynamicItemBehavior: ItemListBehavior {
    private struct Settings: OptionSet {
        let rawValue: UInt8
        static let elasticity = Settings(rawValue: 1 << 0)
        static let friction = Settings(rawValue: 1 << 1)
        static let density = Settings(rawValue: 1 << 2)
        static let resistance = Settings(rawValue: 1 << 3)
        static let angularResistance = Settings(rawValue: 1 << 4)
        static let charge = Settings(rawValue: 1 << 5)
        static let anchored = Settings(rawValue: 1 << 6)
        static let rotation = Settings(rawValue: 1 << 7)
    }

    private var settings: Settings = []
    private var values = BodyMaterial()
    private var storedCharge = 0.0
    /// Velocity changes made before the behaviour was in an animator, per item in order.
    private var pending: [(item: any DynamicItem, linear: Vector, angular: Double)] = []

    // MARK: Properties

    /// Restitution of collisions, 0 (no bounce, default) … 1 (elastic).
    public var elasticity: Double {
        get { values.restitution }
        set { setNonNegative(newValue, .elasticity, "elasticity") { $0.restitution = $1 } }
    }

    /// Coulomb friction coefficient (default 0).
    public var friction: Double {
        get { values.friction }
        set { setNonNegative(newValue, .friction, "friction") { $0.friction = $1 } }
    }

    /// Mass per 10,000 square points (default 1). Zero is allowed (the solver gives the body a
    /// tiny positive mass).
    public var density: Double {
        get { values.density }
        set { setNonNegative(newValue, .density, "density") { $0.density = $1 } }
    }

    /// Linear velocity damping per second (default 0): `dv/dt = −resistance·v`.
    public var resistance: Double {
        get { values.linearDamping }
        set { setNonNegative(newValue, .resistance, "resistance") { $0.linearDamping = $1 } }
    }

    /// Angular velocity damping per second (default 0).
    public var angularResistance: Double {
        get { values.angularDamping }
        set { setNonNegative(newValue, .angularResistance, "angularResistance") { $0.angularDamping = $1 } }
    }

    /// Electric charge, read by electric and magnetic fields (default 0; any finite sign).
    public var charge: Double {
        get { storedCharge }
        set {
            guard newValue.isFinite else {
                report(.invalidArgument, "DynamicItemBehavior.charge must be finite; unchanged")
                return
            }
            storedCharge = newValue
            settings.insert(.charge)
            changed()
        }
    }

    /// Whether the items are static: they do not move but still collide (default false).
    public var isAnchored: Bool {
        get { values.isAnchored }
        set { values.isAnchored = newValue; settings.insert(.anchored); changed() }
    }

    /// Whether the items may rotate (default true).
    public var allowsRotation: Bool {
        get { values.allowsRotation }
        set { values.allowsRotation = newValue; settings.insert(.rotation); changed() }
    }

    private func setNonNegative(_ value: Double, _ setting: Settings, _ name: StaticString,
                                _ store: (inout BodyMaterial, Double) -> Void) {
        guard value.isFinite, value >= 0 else {
            report(.invalidArgument, "DynamicItemBehavior.\(name) must be finite and at least 0; unchanged")
            return
        }
        store(&values, value)
        settings.insert(setting)
        changed()
    }

    private func changed() {
        animatorReference?.registry.refreshMaterials()
        itemsChanged(list.items)
    }

    /// Applies the properties this behaviour set, over `material`.
    func apply(to material: inout BodyMaterial, charge: inout Double) {
        if settings.contains(.elasticity) { material.restitution = values.restitution }
        if settings.contains(.friction) { material.friction = values.friction }
        if settings.contains(.density) { material.density = values.density }
        if settings.contains(.resistance) { material.linearDamping = values.linearDamping }
        if settings.contains(.angularResistance) { material.angularDamping = values.angularDamping }
        if settings.contains(.anchored) { material.isAnchored = values.isAnchored }
        if settings.contains(.rotation) { material.allowsRotation = values.allowsRotation }
        if settings.contains(.charge) { charge = storedCharge }
    }

    // MARK: Velocities

    /// Adds `velocity` (points per second) to `item`'s linear velocity and wakes it.
    public func addLinearVelocity(_ velocity: Vector, for item: any DynamicItem) {
        guard checkItem(item, "addLinearVelocity"), velocity.isFinite2D else {
            if velocity.isFinite2D == false { report(.invalidArgument, "DynamicItemBehavior.addLinearVelocity: the velocity must be finite; unchanged") }
            return
        }
        if let animator = animatorReference, let body = animator.registry.body(for: item) {
            let v = (animator.world.velocity(of: body) + velocity).clamped(toLength: DynamicsLimits.maximumSpeed)
            animator.world.setVelocity(v, of: body)
            animator.world.wake(body)
            animator.setNeedsStepping()
        } else {
            addPending(item, linear: velocity, angular: 0)
        }
    }

    /// `item`'s linear velocity in points per second (before the behaviour is in an animator:
    /// the velocity changes waiting to be applied).
    public func linearVelocity(for item: any DynamicItem) -> Vector {
        if let animator = animatorReference, let body = animator.registry.body(for: item) {
            return animator.world.velocity(of: body)
        }
        return pending.first { $0.item === item }?.linear ?? .zero
    }

    /// Adds `velocity` (radians per second, clockwise on screen) to `item`'s angular velocity.
    public func addAngularVelocity(_ velocity: Double, for item: any DynamicItem) {
        guard checkItem(item, "addAngularVelocity"), velocity.isFinite else {
            if !velocity.isFinite { report(.invalidArgument, "DynamicItemBehavior.addAngularVelocity: the velocity must be finite; unchanged") }
            return
        }
        if let animator = animatorReference, let body = animator.registry.body(for: item) {
            let w = animator.world.angularVelocity(of: body) + velocity
            let limit = DynamicsLimits.maximumAngularSpeed
            animator.world.setAngularVelocity(Swift.min(Swift.max(w, -limit), limit), of: body)
            animator.world.wake(body)
            animator.setNeedsStepping()
        } else {
            addPending(item, linear: .zero, angular: velocity)
        }
    }

    /// `item`'s angular velocity in radians per second.
    public func angularVelocity(for item: any DynamicItem) -> Double {
        if let animator = animatorReference, let body = animator.registry.body(for: item) {
            return animator.world.angularVelocity(of: body)
        }
        return pending.first { $0.item === item }?.angular ?? 0
    }

    private func checkItem(_ item: any DynamicItem, _ name: StaticString) -> Bool {
        if list.contains(item) { return true }
        report(.invalidArgument, "DynamicItemBehavior.\(name): the item is not in this behaviour; unchanged")
        return false
    }

    private func addPending(_ item: any DynamicItem, linear: Vector, angular: Double) {
        if let i = pending.firstIndex(where: { $0.item === item }) {
            pending[i].linear = (pending[i].linear + linear).clamped(toLength: DynamicsLimits.maximumSpeed)
            pending[i].angular += angular
        } else {
            pending.append((item, linear.clamped(toLength: DynamicsLimits.maximumSpeed), angular))
        }
    }

    // MARK: Wiring

    override var diagnosticName: StaticString { "DynamicItemBehavior" }

    /// An item removed takes the properties the other item behaviours set.
    override func membershipChanged(of item: any DynamicItem, added: Bool) {
        if !added { pending.removeAll { $0.item === item } }
        animatorReference?.registry.refreshMaterial(of: item)
    }

    override func savedState() -> (() -> Void)? {
        savedState((settings, values, storedCharge, pending)) { [self] in
            (settings, values, storedCharge, pending) = $0
        }
    }

    override func didAttach(to animator: DynamicAnimator) {
        animator.registry.registerItemBehavior(self)
        let waiting = pending
        pending.removeAll()
        for change in waiting {
            if change.linear.x != 0 || change.linear.y != 0 { addLinearVelocity(change.linear, for: change.item) }
            if change.angular != 0 { addAngularVelocity(change.angular, for: change.item) }
        }
    }

    override func willDetach(from animator: DynamicAnimator) {
        animator.registry.unregisterItemBehavior(self)
    }
}
