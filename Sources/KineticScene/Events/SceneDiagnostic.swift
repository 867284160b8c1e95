/// Input the scene layer rejected: what UIKit would have raised for, or a host fed it wrongly.
/// Each is reported on ``Scene/diagnostics`` and the state is left as it was.
public struct SceneDiagnostic: Sendable, Equatable {
    /// What was rejected.
    public enum Kind: Sendable, Equatable {
        /// A pointer event earlier than the previous one, or at a non-finite time or place.
        case eventOutOfOrder
        /// A move, up or cancel for a pointer that is not down.
        case unknownPointer
        /// A down for a pointer that is already down.
        case duplicatePointer
        /// A push or pop while a transition runs.
        case transitionInProgress
        /// A pop with only the root screen on the stack.
        case cannotPopRoot
        /// A push of a screen that is already on the stack.
        case screenAlreadyInStack
        /// A transition-context call that is illegal in the transition's phase (finishing a
        /// transition that is not interactive, completing it twice, …).
        case illegalTransitionCall
        /// An animation controller returned a different interruptible animator during one
        /// transition; the first one is kept.
        case animatorChanged
        /// An argument that is not finite or out of range (ignored or clamped).
        case invalidArgument
    }
    /// What was rejected.
    public let kind: Kind
    /// A sentence saying what happened and what was done instead.
    public let message: String
    /// The engine's time when it happened.
    public let time: Double
}

/// Where scene objects report rejected input: a ``Scene`` (for events and transitions).
final class DiagnosticSink {
    var diagnostics: [SceneDiagnostic] = []
    var onDiagnostic: ((SceneDiagnostic) -> Void)?
    func report(_ kind: SceneDiagnostic.Kind, _ message: String, time: Double) {
        let d = SceneDiagnostic(kind: kind, message: message, time: time)
        diagnostics.append(d)
        if diagnostics.count > 100 { diagnostics.removeFirst(diagnostics.count - 100) }
        onDiagnostic?(d)
    }
}
