// Reduced motion: the engine-wide policy every animator honours as it starts (SwiftUI's accessibilityReduceMotion, CSS prefers-reduced-motion).

/// How much motion an engine's animators show (SwiftUI's `accessibilityReduceMotion`,
/// motion.dev's `MotionConfig reducedMotion`, CSS `prefers-reduced-motion`). Set it on
/// ``AnimationEngine/motionPolicy``; hosts set it from the platform's setting (the browser
/// playground from `prefers-reduced-motion`, with a switch on the page).
///
/// ```swift
/// engine.motionPolicy = .reduced      // short ease-in-outs, at most 0.2 s
/// ```
///
/// It is read when a run becomes active, so changing it never moves anything in flight; physics
/// animations ignore it. What each policy does and when it is read are in <doc:ReducedMotion>.
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
