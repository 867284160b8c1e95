// The base of every behaviour (UIKit's `UIDynamicBehavior`): a tree of behaviours with a per-step action.
import Kinetic

/// A behaviour a ``DynamicAnimator`` applies to its items: UIKit's `UIDynamicBehavior`.
///
/// Subclass it to compose behaviours, exactly as UIKit code does: a subclass adds the built-in
/// behaviours as children, and exposes its own parameters (the objc.io pane's `PaneBehavior` in
/// full is in <doc:KineticDynamics>):
///
///     final class PaneBehavior: DynamicBehavior {
///         let attachment: AttachmentBehavior
///         init(item: any DynamicItem) {
///             attachment = AttachmentBehavior(item: item, attachedToAnchor: .zero)
///             super.init()
///             addChildBehavior(attachment)
///         }
///         var targetPoint: Point = .zero { didSet { attachment.anchorPoint = targetPoint } }
///     }
///
/// The order of a step, changes made during a step, bad input and ownership are in
/// <doc:BehaviorsInDepth#The-behaviour-tree>.
open class DynamicBehavior {
    /// The behaviour's children, in the order they were added.
    public private(set) var childBehaviors: [DynamicBehavior] = []

    /// Run after every fixed step of the animator (120 per simulated second by default), while
    /// the behaviour is in an animator: read velocities, move anchors, add or remove behaviours
    /// (deferred to the end of the step, see <doc:BehaviorsInDepth#The-behaviour-tree>). Items' `DynamicItem.center`
    /// is written once per frame, after the steps, so read velocities (``DynamicItemBehavior``)
    /// rather than centres here. A closure that captures its own behaviour strongly makes a
    /// cycle: capture it `unowned`, or set `action` to nil when done.
    public var action: (() -> Void)? {
        didSet { if (oldValue == nil) != (action == nil) { animatorReference?.behaviorActionsChanged() } }
    }

    /// The animator the behaviour is in (directly or as a descendant), or nil.
    public var dynamicAnimator: DynamicAnimator? { animatorReference }

    /// Set by the animator while the behaviour is in its tree; see "Ownership".
    unowned(unsafe) var animatorReference: DynamicAnimator?
    /// Whether the behaviour is some behaviour's child (then it cannot be added to an animator
    /// directly, nor to a second parent).
    var hasParent = false
    /// Diagnostics raised before the behaviour was in an animator.
    var pendingDiagnostics: [(Diagnostic.Kind, String)] = []
    /// The joint made from `jointDefinition` while the behaviour is in an animator.
    var joint: JointID?

    public init() {}

    /// Called just before the behaviour is added to an animator (`animator` non-nil) or removed
    /// from one (`nil`), as UIKit's `willMove(to:)`. The default does nothing; overrides need not
    /// call `super`.
    open func willMove(to animator: DynamicAnimator?) {}

    /// Adds `child` at the end of ``childBehaviors``. A child already in a tree (this one or
    /// another, or in an animator as a root), or that is this behaviour or one of its ancestors,
    /// is rejected with a diagnostic.
    public func addChildBehavior(_ child: DynamicBehavior) {
        if let animator = animatorReference, animator.isStepping {
            animator.deferUntilAfterStep { [self] in self.addChildBehavior(child) }
            return
        }
        guard child !== self, !child.hasParent, child.animatorReference == nil, !child.isAncestor(of: self) else {
            report(.illegalStateTransition, "addChildBehavior: the child is already in a behaviour tree or an animator, or is this behaviour or an ancestor of it; nothing changed")
            return
        }
        childBehaviors.append(child)
        child.hasParent = true
        if let animator = animatorReference {
            animator.attachTree(child)
        }
    }

    /// Removes `child` from ``childBehaviors`` (and from the animator, with its own children).
    /// A behaviour that is not a child of this one is rejected with a diagnostic.
    public func removeChildBehavior(_ child: DynamicBehavior) {
        if let animator = animatorReference, animator.isStepping {
            animator.deferUntilAfterStep { [self] in self.removeChildBehavior(child) }
            return
        }
        guard let index = childBehaviors.firstIndex(where: { $0 === child }) else {
            report(.invalidArgument, "removeChildBehavior: not a child of this behaviour; nothing changed")
            return
        }
        if let animator = animatorReference {
            animator.detachTree(child)
        }
        childBehaviors.remove(at: index)
        child.hasParent = false
    }

    // MARK: Internal hooks (the built-in behaviours override them)

    /// The items this behaviour needs bodies for, in order.
    var referencedItems: [any DynamicItem] { [] }

    /// Whether `item` is one of `referencedItems` (the behaviours with an item list override it
    /// with the list's constant-time lookup).
    func contains(_ item: any DynamicItem) -> Bool { referencedItems.contains { $0 === item } }

    /// Whether the animator must keep stepping even if every body is asleep (an active
    /// continuous push).
    var needsStepping: Bool { false }

    /// The joint a behaviour that keeps one in the world (an attachment, a snap) wants there, or
    /// nil (its items have no bodies, or it keeps none): added by `didAttach(to:)`, removed
    /// by `willDetach(from:)`, updated by `jointChanged(waking:)`.
    var jointDefinition: JointDefinition? { nil }

    /// The behaviour has just been added to `animator` and its items have bodies: create joints,
    /// boundaries, materials. By default, adds the `jointDefinition` joint.
    func didAttach(to animator: DynamicAnimator) {
        if let jointDefinition { joint = animator.world.addJoint(jointDefinition) }
    }

    /// The behaviour is about to be removed from `animator` (its items still have bodies). By
    /// default, removes its joint.
    func willDetach(from animator: DynamicAnimator) {
        if let joint { animator.world.removeJoint(joint) }
        joint = nil
    }

    /// Before each step: apply forces, accelerations and impulses for the next step.
    func applyBeforeStep(in animator: DynamicAnimator) {}

    /// The animator was freed with the behaviour in it: drop every handle into its world (joints,
    /// boundaries, mask slot) without touching the world, so that another animator starts clean.
    func forgetWorld() { joint = nil }

    /// A closure that puts the behaviour's own state back as it is now (its parameters, items,
    /// handles into the world and run-time flags such as a push's `active`), for
    /// ``DynamicAnimator/restore(_:)``. It writes the stored values directly: the animator
    /// restores the world and its books itself. Nil for a behaviour with no state of its own.
    func savedState() -> (() -> Void)? { nil }

    // MARK: Helpers

    final func isAncestor(of other: DynamicBehavior) -> Bool {
        for child in childBehaviors {
            if child === other || child.isAncestor(of: other) { return true }
        }
        return false
    }

    /// Reports to the animator's engine, or keeps the diagnostic until the behaviour is added.
    final func report(_ kind: Diagnostic.Kind, _ message: String) {
        if let animator = animatorReference {
            animator.engine.report(kind, message)
        } else if pendingDiagnostics.count < 20 {
            pendingDiagnostics.append((kind, message))
        }
    }

    /// Runs `change` now, or after the current step if the animator is stepping; returns
    /// whether it ran now.
    final func performStructuralChange(_ change: @escaping () -> Void) {
        if let animator = animatorReference, animator.isStepping {
            animator.deferUntilAfterStep(change)
        } else {
            change()
        }
    }
}

extension DynamicBehavior {
    /// `vector(angle:magnitude:)` for a gravity's or push's `setAngle(_:magnitude:)`: nil, with a
    /// diagnostic naming `type`, when the angle or magnitude is not finite.
    final func checkedDirection(angle: Double, magnitude: Double, _ type: StaticString) -> Vector? {
        guard angle.isFinite, magnitude.isFinite else {
            report(.invalidArgument, "\(type).setAngle(_:magnitude:): angle and magnitude must be finite; unchanged")
            return nil
        }
        return vector(angle: angle, magnitude: magnitude)
    }

    /// A parameter that moves `items` changed: wakes them and resumes the animator (nothing
    /// outside an animator).
    final func itemsChanged(_ items: [any DynamicItem]) {
        guard let animator = animatorReference else { return }
        for item in items { animator.registry.wake(item) }
        animator.setNeedsStepping()
    }

    /// A parameter of the behaviour's joint changed: puts the new `jointDefinition` in the
    /// world, wakes `items` and resumes the animator.
    final func jointChanged(waking items: [any DynamicItem]) {
        if let animator = animatorReference, let joint, let jointDefinition {
            animator.world.updateJoint(joint, to: jointDefinition)
        }
        itemsChanged(items)
    }
}
