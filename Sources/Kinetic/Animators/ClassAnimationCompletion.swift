// The completion handler of a class-method animation: called exactly once, with UIKit's `finished`.

/// Calls a class-method completion handler exactly once, with UIKit's `finished`, and leaves
/// nothing registered on the animator afterwards.
final class ClassAnimationCompletion {
    private var done = false
    private let handler: ((Bool) -> Void)?
    /// The state observer ``attach(to:)`` registers, cancelled once the handler has run, so
    /// that class-method calls joining a long-lived animator do not pile up observers on it.
    private var stateToken: ObservationToken?

    init(_ handler: ((Bool) -> Void)?) { self.handler = handler }

    func call(_ finished: Bool) {
        guard !done else { return }
        done = true
        stateToken?.cancel()
        stateToken = nil
        handler?(finished)
    }

    /// Hooks the handler to `animator`: `finished` is true when its animations ran to their end
    /// (completed or retargeted, including a `.autoreverse` cycle that ends at the model
    /// values), false when they were stopped and finished by hand; an animator stopped with
    /// `stopAnimation(true)` (which drops its completions) calls it with false when it becomes
    /// inactive. The completion entry is used up when the animator runs or drops its
    /// completions; the state observer is cancelled when the handler runs.
    func attach(to animator: PropertyAnimator) {
        animator.addCompletion(reportingReason: { [self] _, reason in
            self.call(reason != .stopped)
        })
        stateToken = animator.observeState { [self, unowned(unsafe) animator] state in
            // Completions that survive to this point run right after it (see `complete(at:)`).
            if state == .inactive && animator.completions.isEmpty { self.call(false) }
        }
    }
}
