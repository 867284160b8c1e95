// The completion handler of a class-method animation: called exactly once, with UIKit's `finished`.

/// Calls a class-method completion handler exactly once, with UIKit's `finished`.
final class ClassAnimationCompletion {
    private var done = false
    /// Set by ``AnimationRepetition`` before it finishes an autoreversed animation itself.
    var finishesNaturally = false
    private let handler: ((Bool) -> Void)?

    init(_ handler: ((Bool) -> Void)?) { self.handler = handler }

    func call(_ finished: Bool) {
        guard !done else { return }
        done = true
        handler?(finished)
    }

    /// Hooks the handler to `animator`: `finished` is true when its animations ran to their end
    /// (completed or retargeted), false when they were stopped and finished by hand; an animator
    /// stopped with `stopAnimation(true)` (which drops its completions) calls it with false when
    /// it becomes inactive.
    func attach(to animator: PropertyAnimator) {
        animator.addCompletion(reportingReason: { [self] _, reason in
            self.call(reason != .stopped || self.finishesNaturally)
        })
        animator.observeState { [self, unowned(unsafe) animator] state in
            // Completions that survive to this point run right after it (see `complete(at:)`).
            if state == .inactive && animator.completions.isEmpty { self.call(false) }
        }
    }
}
