// Timing overrides: an inspector's "replay with this timing". Consulted only where an animation
// fixes its timing (an animator starting, a physics animation's start()), never by a tick.

/// A timing that replaces an animation's own, by name (see
/// ``AnimationEngine/setTimingOverride(_:forAnimationsNamed:)``).
public enum TimingOverride: Equatable, Sendable {
    /// A cubic curve: an animator keeps its ``PropertyAnimator/duration`` and runs on this
    /// curve instead.
    case cubic(CubicTimingParameters)
    /// A spring: an animator runs on it (fitted to its ``PropertyAnimator/duration`` when the
    /// spring is given by damping ratio alone, else for its settling duration, as at creation);
    /// a ``SpringAnimation`` pulls with it.
    case spring(SpringTimingParameters)
    /// A deceleration: a ``DecayAnimation`` decelerates with it.
    case decay(DecayTimingParameters)

    /// The spring of a `.spring` override; nil for the other kinds.
    var spring: SpringTimingParameters? {
        if case .spring(let spring) = self { return spring }
        return nil
    }

    /// The deceleration of a `.decay` override; nil for the other kinds.
    var decay: DecayTimingParameters? {
        if case .decay(let decay) = self { return decay }
        return nil
    }
}

extension AnimationEngine {
    /// Makes the animations named `name` that start from now on run with `timing` instead of
    /// their own, until ``removeTimingOverride(forAnimationsNamed:)`` or
    /// ``removeTimingOverrides()``; setting a name again replaces its override.
    ///
    /// `name` is an animation's ``AnimationInspection/name``, as ``liveAnimations()`` reports it
    /// (`"drawer.center"`). Animations already running are not changed, so nothing jumps; an
    /// override is read only where an animation fixes its timing, never by a tick (see
    /// <doc:AnimationEngineInDepth#Timing-overrides>). An empty name is rejected with a diagnostic.
    public func setTimingOverride(_ timing: TimingOverride, forAnimationsNamed name: String) {
        guard !name.isEmpty else {
            report(.invalidArgument, "setTimingOverride: an empty animation name matches nothing; ignored")
            return
        }
        timingOverrides.set(timing, for: name)
    }

    /// Removes the override for `name` (see ``setTimingOverride(_:forAnimationsNamed:)``), if any.
    public func removeTimingOverride(forAnimationsNamed name: String) {
        timingOverrides.remove(name)
    }

    /// Removes every timing override: animations started from now on use their own timing.
    public func removeTimingOverrides() {
        timingOverrides.removeAll()
    }

    /// The override set for the animations named `name`, or nil.
    public func timingOverride(forAnimationNamed name: String) -> TimingOverride? {
        timingOverrides[name]
    }
}
