// What a PropertyAnimator calls as a run ends: its completion handlers, then whoever awaits the run.

/// The handlers a ``PropertyAnimator`` calls once as a run ends: the completion handlers (with
/// the finishing position and why), then the waiters of `waitForCompletion()` (with the
/// position, or nil when the run was stopped without finishing). Each list is taken before it
/// is called, so a handler that adds another (for a later run) never runs it now.
struct AnimatorCompletions {
    private var handlers: [(AnimatingPosition, CompletionReason) -> Void] = []
    private var waiters: [(AnimatingPosition?) -> Void] = []

    /// Whether no completion handler waits for the run.
    var isEmpty: Bool { handlers.isEmpty }
    /// How many waiters await the run.
    var waiterCount: Int { waiters.count }

    mutating func add(_ handler: @escaping (AnimatingPosition, CompletionReason) -> Void) { handlers.append(handler) }
    mutating func addWaiter(_ waiter: @escaping (AnimatingPosition?) -> Void) { waiters.append(waiter) }

    /// The completion handlers, removed (dropped unrun after `stopAnimation(true)`).
    mutating func takeHandlers() -> [(AnimatingPosition, CompletionReason) -> Void] {
        defer { handlers.removeAll() }
        return handlers
    }

    /// The waiters, removed.
    mutating func takeWaiters() -> [(AnimatingPosition?) -> Void] {
        defer { waiters.removeAll() }
        return waiters
    }
}
