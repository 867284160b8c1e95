// Observer lists whose registrations can be cancelled (KVO's observation tokens).

/// A registration returned by an observe call (``PropertyAnimator/observeState(_:)`` and the
/// others), as `NSKeyValueObservation` is for KVO: ``cancel()`` stops the calls.
///
/// Unlike `NSKeyValueObservation`, dropping the token does **not** cancel the observation
/// (an observer registered without keeping the token keeps observing for the animator's
/// life). Cancelling twice, or after the animator is gone, does nothing. Cancelling from inside
/// an observer call takes effect at once: the cancelled observer is not called again, not even
/// later in the same round of calls.
public final class ObservationToken {
    private var onCancel: (() -> Void)?

    init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool { onCancel == nil }

    /// Stops the observer's calls. Idempotent.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }
}

/// The observers of one property of an animator, each under an id its ``ObservationToken`` removes.
final class ObserverList<Value> {
    private var entries: [(id: UInt64, call: (Value) -> Void)] = []
    private var nextID: UInt64 = 0

    var count: Int { entries.count }

    func add(_ observer: @escaping (Value) -> Void) -> ObservationToken {
        let id = nextID
        nextID &+= 1
        entries.append((id, observer))
        // The token holds the list, not the animator: cancelling after the animator is gone
        // only edits a list nobody calls.
        return ObservationToken { [self] in self.entries.removeAll { $0.id == id } }
    }

    /// Calls every observer registered now that is still registered when its turn comes.
    func notify(_ value: Value) {
        let snapshot = entries
        for entry in snapshot where entries.contains(where: { $0.id == entry.id }) {
            entry.call(value)
        }
    }
}

/// An ``ObserverList`` made on the first observer: most animators are never observed, and
/// then they allocate no list (an animator has four of these).
struct LazyObserverList<Value> {
    private var list: ObserverList<Value>?

    var count: Int { list?.count ?? 0 }

    mutating func add(_ observer: @escaping (Value) -> Void) -> ObservationToken {
        if let list { return list.add(observer) }
        let made = ObserverList<Value>()
        list = made
        return made.add(observer)
    }

    /// Calls every observer (see ``ObserverList/notify(_:)``); nothing when none was ever added.
    func notify(_ value: Value) {
        list?.notify(value)
    }
}
