// The one record of a rejected call, for the core and every library built on it.

/// A rejected call: what UIKit would have raised an exception for, or input a host fed wrongly.
///
/// Every Kinetic library reports through ``AnimationEngine/report(_:_:)``, so a host finds all
/// of them, in order, on ``AnimationEngine/diagnostics``. The call that caused one changed
/// nothing (or, for an argument out of range, used the documented replacement value the
/// message names).
public struct Diagnostic: Sendable, Equatable {
    /// What was rejected.
    public enum Kind: Sendable, Equatable {
        /// `tick(at:)` with a non-finite time (an earlier one is held at the engine's time
        /// without a diagnostic, see `AnimationEngine.clockTime(for:)`).
        case timeWentBackwards
        /// A call that is illegal in the animator's current state (see the message).
        case illegalStateTransition
        /// A call on an animator whose `isInterruptible` is false.
        case notInterruptible
        /// An argument that is out of range or not finite (it was ignored or clamped).
        case invalidArgument
        /// A pointer event at a non-finite time or place (KineticScene).
        case eventOutOfOrder
        /// A move, up or cancel for a pointer that is not down (KineticScene).
        case unknownPointer
        /// A down for a pointer that is already down (KineticScene).
        case duplicatePointer
        /// A push or pop while a transition runs (KineticScene).
        case transitionInProgress
        /// A pop with only the root screen on the stack (KineticScene).
        case cannotPopRoot
        /// A push of a screen that is already on the stack (KineticScene).
        case screenAlreadyInStack
        /// A transition-context call that is illegal in the transition's phase (finishing a
        /// transition that is not interactive, completing it twice, …) (KineticScene).
        case illegalTransitionCall
        /// An animation controller returned a different interruptible animator during one
        /// transition; the first one is kept (KineticScene).
        case animatorChanged
    }
    /// What was rejected.
    public let kind: Kind
    /// A sentence saying what happened and what was done instead.
    public let message: String
    /// The engine's time when it happened, in seconds.
    public let time: Double
}

extension AnimationEngine {
    /// A finite, non-negative number of seconds as the engine honours it: itself up to
    /// ``maximumDuration``, else ``maximumDuration`` with an ``Diagnostic/Kind/invalidArgument``
    /// diagnostic naming `what`.
    func honouredSeconds(_ seconds: Double, for what: String) -> Double {
        guard seconds > Self.maximumDuration else { return seconds }
        report(.invalidArgument, "\(what) \(seconds) s is longer than AnimationEngine.maximumDuration (2³² s); using \(Self.maximumDuration) s")
        return Self.maximumDuration
    }

    /// A settling threshold's new value: `proposed` when it is finite and at least 0, else
    /// `current`, with an ``Diagnostic/Kind/invalidArgument`` diagnostic naming `setting`.
    func validatedThreshold(_ proposed: Double, for setting: String, keeping current: Double) -> Double {
        guard proposed.isFinite, proposed >= 0 else {
            report(.invalidArgument, "\(setting) must be finite and at least 0; unchanged")
            return current
        }
        return proposed
    }
}
