// The base of POP's animations: the run's lifecycle, pausing and the exactly-once completion.

import Kinetic

/// Where a POP animation is in its life (POP keeps this in `active` and `paused` flags).
public enum POPAnimationState: Sendable, Equatable {
    /// Not added to a ``POPAnimator`` yet, or removed from it before it ever ran.
    case idle
    /// Added and moving its property (or, for ``POPCustomAnimation``, called every tick).
    case running
    /// Added, and held where it was by ``POPAnimation/isPaused``.
    case paused
    /// Its last run ended: it completed, or was removed, replaced or taken over.
    case finished
}

/// The common part of POP's animations (`POPAnimation`): what every kind has, whatever it
/// animates. The concrete kinds are ``POPSpringAnimation``, ``POPDecayAnimation``,
/// ``POPBasicAnimation`` and ``POPCustomAnimation``; they run once added to an object under a
/// key with ``POPAnimator/addAnimation(_:to:forKey:)``.
///
/// ``completionBlock`` runs exactly once per run (`finished` false when removed, replaced or
/// taken over); ``isPaused`` holds it where it is, without a jump. The completion rules, pausing
/// and lifetime are in <doc:POPAnimations>.
public class POPAnimation: EngineDriven {
    /// An optional name for the animation (POP's `name`).
    public var name: String?

    /// Whether completing removes the animation from its animator (POP's `removedOnCompletion`,
    /// default `true`). With `false` it stays listed under its key, ``POPAnimationState/finished``,
    /// and setting ``isPaused`` to `false` runs it again (POP's way of reusing an animation).
    public var removedOnCompletion = true

    /// Called once when each run ends, with the animation and whether it completed
    /// (see <doc:POPAnimations>). It may add, remove or pause animations, this one included.
    public var completionBlock: ((_ animation: POPAnimation, _ finished: Bool) -> Void)?

    /// Called when a run starts, before the animation first moves its property (POP's
    /// `animationDidStartBlock`).
    public var animationDidStartBlock: ((_ animation: POPAnimation) -> Void)?

    /// Where the animation is in its life.
    public private(set) var state: POPAnimationState = .idle

    /// The animator the animation is attached to, from ``POPAnimator/addAnimation(_:to:forKey:)``
    /// until it is removed.
    public private(set) var animator: POPAnimator?
    /// The object it was added to (the `target` of a ``POPCustomAnimation``).
    public private(set) var object: AnyObject?
    /// The key it was added under.
    public private(set) var key: String?

    /// The engine: the property's for property animations, the animator's otherwise.
    var engine: AnimationEngine?

    /// The animation's id among its engine's animations (`AnimationEngine.makeAnimationID()`):
    /// handed out at creation, or for a ``POPCustomAnimation`` (which has no engine until it
    /// is added) when it is first added; 0 until then.
    public private(set) var animationID = 0

    init(engine: AnimationEngine?) {
        self.engine = engine
        if let engine { animationID = engine.makeAnimationID() }
    }

    /// Whether the animation is held (POP's `paused`). Reads `true` unless the animation is
    /// ``POPAnimationState/running``, as in POP (new animations are paused until added, and
    /// completed ones are paused).
    ///
    /// Setting `true` on a running animation pauses it: the presentation stays where it is, the
    /// velocity drops to zero and is remembered. Setting `false` on a paused animation continues
    /// it from there with the remembered velocity (springs and decays) or remaining time (basic
    /// animations); on a ``POPAnimationState/finished`` animation that is still attached
    /// (`removedOnCompletion` false) it starts a new run. Other changes do nothing (adding an
    /// animation always runs it).
    public var isPaused: Bool {
        get { state != .running }
        set {
            if newValue {
                guard state == .running else { return }
                state = .paused
                pauseMotion()
            } else if state == .paused {
                state = .running
                resumeMotion()
                if state == .running, let engine { engine.addDriven(self) }
            } else if state == .finished, animator != nil {
                run()
            }
        }
    }

    // MARK: EngineDriven

    /// Whether the engine should keep advancing the animation: true while it runs.
    public var isRunning: Bool { state == .running }

    /// Advances the animation to the engine's time `time` (settling checks, custom callbacks).
    public func engineDidAdvance(to time: Double) {
        guard state == .running else { return }
        tick(at: time)
    }

    /// The animation as an inspector shows it: kind `pop`, named by its ``name`` or its
    /// property's label, running or at rest, its timing and its property.
    public func inspection() -> AnimationInspection? {
        AnimationInspection(id: animationID, name: name ?? "", kind: .pop,
                            state: state == .running ? .running : .atRest, isRunning: isRunning,
                            timing: inspectionTiming, properties: inspectableProperties().map { $0.inspection() })
    }

    /// The property the animation moves (none for a ``POPCustomAnimation``).
    public func inspectableProperties() -> [any InspectableProperty] { [] }

    /// The timing an inspector shows (overridden by the kinds that have one).
    var inspectionTiming: AnimationInspection.Timing { .none }

    // MARK: Lifecycle (used by POPAnimator)

    /// Starts a run on `object` under `key`. The engine has been checked by the animator.
    func begin(animator: POPAnimator, object: AnyObject, key: String) {
        self.animator = animator
        self.object = object
        self.key = key
        engine = requiredEngine ?? animator.engine
        if animationID == 0, let engine { animationID = engine.makeAnimationID() }
        run()
    }

    private func run() {
        state = .running
        animationDidStartBlock?(self)
        guard state == .running else { return }
        startMotion()
        if state == .running, let engine { engine.addDriven(self) }
    }

    /// Ends the run because the animator removed the animation (its entry is already gone):
    /// the motion stops where it is and, if it was running or paused, the completion runs with
    /// `false`.
    func cancel() {
        let wasActive = state == .running || state == .paused
        if wasActive { haltMotion() }
        detachReferences()
        guard wasActive else { return }
        state = .finished
        completionBlock?(self, false)
    }

    /// Ends the run from inside: `finished` true when it completed by itself, false when its
    /// property was taken over. Does nothing if the run already ended.
    func finish(_ finished: Bool) {
        guard state == .running || state == .paused else { return }
        state = .finished
        if !finished || removedOnCompletion {
            animator?.forget(self)
            detachReferences()
        }
        completionBlock?(self, finished)
    }

    private func detachReferences() {
        animator = nil
        object = nil
        key = nil
    }

    /// The engine's diagnostics, where there is an engine to report to.
    func report(_ message: String) {
        engine?.report(.invalidArgument, message)
    }

    // MARK: Checked settings (the concrete kinds' setters)

    /// What a numeric setting accepts besides being finite.
    enum Bound { case atLeastZero, positive }

    /// Whether `value` is finite and within `bound`; if not, reports that `name` must be, and
    /// the caller leaves the setting unchanged.
    final func accepts(_ value: Double, _ bound: Bound, _ name: String) -> Bool {
        switch bound {
        case .atLeastZero:
            if value.isFinite, value >= 0 { return true }
            report("\(name) must be finite and at least 0; unchanged")
        case .positive:
            if value.isFinite, value > 0 { return true }
            report("\(name) must be positive and finite; unchanged")
        }
        return false
    }

    /// Whether `value` is nil or finite; if not, reports that `name` must be finite.
    final func accepts<Value: AnimatableValue>(_ value: Value?, _ name: String) -> Bool {
        guard let value, !value.isFinite else { return true }
        report("\(name) must be finite; unchanged")
        return false
    }

    /// A setting that cannot become nil while `motion` runs (or is paused): a finite `value` is
    /// returned for the caller to apply; nil clears `stored` when no run is going; anything else
    /// is reported and nil is returned (unchanged).
    final func runningValue<Value: AnimatableValue>(_ value: Value?, _ name: String, while motion: String,
                                                    clearing stored: inout Value?) -> Value? {
        guard let value else {
            if state == .running || state == .paused {
                report("\(name) cannot become nil while \(motion) runs; unchanged")
            } else {
                stored = nil
            }
            return nil
        }
        return accepts(value, name) ? value : nil
    }

    // MARK: Overridden by the concrete kinds

    /// The animation's engine is fixed (its property's): the animator must share it.
    var requiredEngine: AnimationEngine? { nil }
    /// Called by the animator before the animation previously under the key is removed, so the
    /// new one can read the motion it will take over (position and velocity).
    func prepareToTakeOver() {}
    /// Starts moving the property at the engine's time.
    func startMotion() {}
    /// Stops the motion where it is (removal, replacement): presentation kept.
    func haltMotion() {}
    /// Holds the motion where it is, remembering how to continue.
    func pauseMotion() { haltMotion() }
    /// Continues after ``pauseMotion()``.
    func resumeMotion() {}
    /// Called at every engine tick while running.
    func tick(at time: Double) {}
}
