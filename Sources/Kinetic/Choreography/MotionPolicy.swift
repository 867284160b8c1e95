// Reduced motion: the engine-wide policy every animator honours as it starts (SwiftUI's accessibilityReduceMotion, CSS prefers-reduced-motion).

/// How much motion an engine's animators show (SwiftUI's `accessibilityReduceMotion`,
/// motion.dev's `MotionConfig reducedMotion`, CSS `prefers-reduced-motion`). Set it on
/// ``AnimationEngine/motionPolicy``; hosts set it from the platform's setting (the browser
/// playground from `prefers-reduced-motion`, with a switch on the page).
///
/// The policy is read where a run fixes its timing, when a ``PropertyAnimator`` (and so a
/// ``Timeline``, a keyframe animation, the class methods, a transition's animator) becomes
/// active, and nowhere else: changing it never moves anything in flight (runs already active
/// keep their timing; the next run honours the new policy). Within a run everything works as
/// under `.full`: pausing, scrubbing, reversing, continuing, completions exactly once.
///
/// - ``full``: every animation as written.
/// - ``reduced``: each run becomes a short ease: its timing is replaced by ease-in-out (no
///   spring overshoot or bounce, no curve with a vertical tangent) and it lasts at most
///   ``AnimationEngine/reducedMotionDuration`` (0.2 s; shorter runs keep their length). A
///   timeline compresses with its clock, so its stagger keeps its order.
/// - ``none``: each run applies its changes at once: its timeline has no length, so it
///   reaches its end at the first ``AnimationEngine/tick(at:)`` after it starts (the change is
///   made by the clock, never by the call) and its completions run then, exactly once. A start
///   delay is kept.
///
/// Physics animations (``SpringAnimation``, ``DecayAnimation``, KineticDynamics) keep working
/// under every policy: they follow a finger or a simulation, which is the user's own motion.
public enum MotionPolicy: Sendable, Equatable, CaseIterable {
    /// Every animation as written.
    case full
    /// Short eases instead of long curves and springs.
    case reduced
    /// Changes applied at once, completions still run.
    case none
}

extension AnimationEngine {
    /// The longest run under ``MotionPolicy/reduced``, in seconds.
    public static let reducedMotionDuration = 0.2
}
