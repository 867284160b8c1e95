// SwiftUI's completion criteria for springs: a handler when the motion is perceptually done, or when it is removed.

/// When a completion handler counts an animation as finished (SwiftUI's
/// `AnimationCompletionCriteria`).
public enum AnimationCompletionCriteria: Sendable, Hashable {
    /// The animation has logically completed but may still be in its long tail: for a spring,
    /// its settling duration has passed (it is within 0.001 of the distance it had to go, so
    /// nothing perceptible is left).
    case logicallyComplete
    /// The animation is finished and removed: for a ``SpringAnimation``, it settled to its
    /// resting thresholds, was stopped or was taken over (any ``PhysicsCompletionReason``).
    case removed
}

extension SpringAnimation {
    /// The engine time at which the current motion is logically complete: the start of its
    /// current motion (``start()``, or the last change of ``target``, ``velocity`` or
    /// ``spring``, each of which starts a new spring motion from the current state) plus the
    /// spring's settling duration from rest,
    /// `spring.settlingDuration(epsilon: 0.001, velocity: 0)` (SwiftUI's settling threshold).
    /// `nil` while the animation is not running.
    public var logicalCompletionTime: Double? {
        guard isRunning else { return nil }
        var start: Double? = nil
        for track in property.tracks where track.segment.owner === self {
            if case .spring(_, let startTime) = track.segment.kind { start = Swift.max(start ?? startTime, startTime) }
        }
        guard let start else { return nil }
        return start + spring.settlingDuration(epsilon: SpringTimingParameters.settlingEpsilon, velocity: 0)
    }

    /// Adds a handler run once, when the current (or next) run meets `criteria` (SwiftUI's
    /// `withAnimation(_:completionCriteria:_:completion:)`).
    ///
    /// - ``AnimationCompletionCriteria/removed``: when the run ends, for any reason; the same as
    ///   ``addCompletion(_:)``.
    /// - ``AnimationCompletionCriteria/logicallyComplete``: at the first engine tick at or after
    ///   the ``logicalCompletionTime`` of the motion the handler was registered with, or when the
    ///   run ends, if that is earlier (as SwiftUI reports logical completion at once for an
    ///   animation removed early). As in SwiftUI, later changes are ignored: a retarget after
    ///   the handler was added starts a new motion but does not move the handler's time. The
    ///   motion is the one running when the handler is added, or, for a handler added before
    ///   ``start()``, the one running at the first tick after it (the start itself, unless the
    ///   spring was retargeted before that tick).
    ///
    /// Handlers added before ``start()`` wait for the run that start begins. Each handler runs
    /// exactly once. A logical-completion handler is watched by the engine (see
    /// ``AnimationEngine/addDriven(_:)``) until it runs, so while one waits
    /// ``AnimationEngine/hasRunningAnimations`` is true, even for an animation not started yet.
    public func addCompletion(criteria: AnimationCompletionCriteria, _ handler: @escaping () -> Void) {
        switch criteria {
        case .removed:
            addCompletion { _ in handler() }
        case .logicallyComplete:
            let watcher = LogicalCompletionWatcher(animation: self, handler: handler)
            addCompletion { _ in watcher.fire() }
            property.engine.addDriven(watcher)
        }
    }
}

/// Fires a logical-completion handler at the first tick at or after the spring's logical
/// completion time; the engine keeps it (and so the handler) alive until it fires.
final class LogicalCompletionWatcher<Value: AnimatableValue>: EngineDriven {
    private let animation: SpringAnimation<Value>
    private var handler: (() -> Void)?
    /// The logical completion time of the motion the handler belongs to, once known.
    private var deadline: Double?

    init(animation: SpringAnimation<Value>, handler: @escaping () -> Void) {
        self.animation = animation
        self.handler = handler
        deadline = animation.logicalCompletionTime
    }

    var isRunning: Bool { handler != nil }

    func engineDidAdvance(to time: Double) {
        if deadline == nil { deadline = animation.logicalCompletionTime }
        guard let deadline, time >= deadline else { return }
        fire()
    }

    func fire() {
        guard let h = handler else { return }
        handler = nil
        h()
    }
}
