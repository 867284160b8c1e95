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
    /// `name` is an animation's ``AnimationInspection/name``, as ``liveAnimations()`` reports it:
    /// its first animated property's label (`"drawer.center"`). The override is consulted where
    /// an animation fixes its timing, and nowhere else (a tick never reads it):
    /// - a ``PropertyAnimator`` as it starts from inactive: the blocks it runs then animate with
    ///   `timing` (`.cubic` or `.spring`) for the whole run, blocks added while it runs share
    ///   it, and it gets its own timing back when it returns to inactive. Its name is its first
    ///   changed property's label, known at that first change, which is where the override is
    ///   applied (blocks that change nothing, and keyframes before any change, keep the own
    ///   timing);
    /// - a ``SpringAnimation`` (`.spring`) or ``DecayAnimation`` (`.decay`) at ``SpringAnimation/start()``:
    ///   its ``SpringAnimation/spring`` or ``DecayAnimation/decay`` is replaced, and put back at
    ///   a later start without an override.
    ///
    /// An override of the wrong kind for an animation (a decay for an animator, a curve for a
    /// spring animation) is ignored for it. An animation already running is not changed: the
    /// override applies to animations started afterwards, so nothing jumps (an inspector
    /// replays the session from the start on a fresh engine to see its effect). An empty name
    /// is rejected with a diagnostic. With no override set, nothing of this is consulted and
    /// every animation runs exactly as without this API.
    public func setTimingOverride(_ timing: TimingOverride, forAnimationsNamed name: String) {
        guard !name.isEmpty else {
            report(.invalidArgument, "setTimingOverride: an empty animation name matches nothing; ignored")
            return
        }
        if let i = timingOverrides.firstIndex(where: { $0.name == name }) {
            timingOverrides[i].timing = timing
        } else {
            timingOverrides.append((name: name, timing: timing))
        }
    }

    /// Removes the override for `name` (see ``setTimingOverride(_:forAnimationsNamed:)``), if any.
    public func removeTimingOverride(forAnimationsNamed name: String) {
        timingOverrides.removeAll { $0.name == name }
    }

    /// Removes every timing override: animations started from now on use their own timing.
    public func removeTimingOverrides() {
        timingOverrides.removeAll()
    }

    /// The override set for the animations named `name`, or nil.
    public func timingOverride(forAnimationNamed name: String) -> TimingOverride? {
        for entry in timingOverrides where entry.name == name { return entry.timing }
        return nil
    }
}
