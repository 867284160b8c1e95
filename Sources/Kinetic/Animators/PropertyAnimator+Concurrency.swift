// PropertyAnimator's completion as an `async` call (not in Embedded Swift, which has no concurrency runtime here).

#if !$Embedded
extension PropertyAnimator {
    /// Waits until the animator's current run ends (or, when it is inactive, its next run) and
    /// returns how it ended: the position its completion handlers hear (``AnimatingPosition/end``,
    /// ``AnimatingPosition/start``, or ``AnimatingPosition/current`` after
    /// ``finishAnimation(at:)`` at the current position or a fractional ``repeatCount``), or
    /// **nil when it was stopped without finishing** (`stopAnimation(true)`, which runs no
    /// completion handler). Resumes exactly once, after the completion handlers of that run.
    ///
    /// It runs on the caller's executor (the engine is confined to one thread): the resumption
    /// happens inside the ``AnimationEngine/tick(at:)`` or the call that ends the run, and the
    /// waiting task continues after that. An animator that is never started (or released while
    /// inactive) never resumes its waiters.
    nonisolated(nonsending)
    public func waitForCompletion() async -> AnimatingPosition? {
        await withCheckedContinuation { (continuation: CheckedContinuation<AnimatingPosition?, Never>) in
            completions.addWaiter { position in continuation.resume(returning: position) }
        }
    }
}
#endif
