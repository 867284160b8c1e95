// PropertyAnimator's completion as an `async` call (not in Embedded Swift, which has no concurrency runtime here).

#if !$Embedded
extension PropertyAnimator {
    /// Waits until the animator's current run ends (or, when it is inactive, its next run) and
    /// returns the position its completion handlers hear, or **nil when it was stopped without
    /// finishing**. Resumes exactly once, after the completion handlers of that run, inside the
    /// ``AnimationEngine/tick(at:)`` or the call that ends the run (the caller's executor); an
    /// animator that is never started never resumes its waiters.
    nonisolated(nonsending)
    public func waitForCompletion() async -> AnimatingPosition? {
        await withCheckedContinuation { (continuation: CheckedContinuation<AnimatingPosition?, Never>) in
            completions.addWaiter { position in continuation.resume(returning: position) }
        }
    }
}
#endif
