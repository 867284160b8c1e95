// What a dynamic animator tells its delegate: it paused (everything came to rest) or resumes.

/// The delegate of a ``DynamicAnimator`` (UIKit's `UIDynamicAnimatorDelegate`). Both methods
/// have empty default implementations.
///
/// Class-bound, so `any DynamicAnimatorDelegate` works in Embedded Swift. The animator keeps its
/// delegate **strongly** (there is no `weak` in Embedded Swift): an owner that is the delegate of
/// an animator it owns makes a cycle, so set ``DynamicAnimator/delegate`` to nil when you are done
/// with the animator, or use ``DynamicAnimator/onPause`` and ``DynamicAnimator/onResume`` with
/// closures that capture the owner `unowned`.
public protocol DynamicAnimatorDelegate: AnyObject {
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
