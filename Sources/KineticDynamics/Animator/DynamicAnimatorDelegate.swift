// What a dynamic animator tells its delegate: it paused (everything came to rest) or resumes.
import Kinetic

/// The delegate of a ``DynamicAnimator`` (UIKit's `UIDynamicAnimatorDelegate`). Both methods
/// have empty default implementations.
///
/// The animator does not keep its delegate alive, as UIKit holds it weakly: Embedded Swift has
/// no `weak`, so a delegate is a `LifetimeOwner` (declare `let lifetime = Lifetime()`), and
/// ``DynamicAnimator/delegate`` reads nil once it is gone. An owner can be the delegate of the
/// animator it owns without a cycle.
public protocol DynamicAnimatorDelegate: LifetimeOwner {
    /// The animator is about to resume stepping after a pause (or start for the first time):
    /// a behaviour was added or removed, or something woke an item.
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
    /// The animator paused: every item is at rest and nothing needs stepping. Called after the
    /// items were written for the tick.
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {}
}
