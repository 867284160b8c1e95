// Reduced motion: the engine-wide policy every animator honours as it starts (SwiftUI's
// accessibilityReduceMotion, CSS prefers-reduced-motion), and the role that says what a
// property's change shows.

/// How much motion an engine's animators show (SwiftUI's `accessibilityReduceMotion`,
/// motion.dev's `MotionConfig reducedMotion`, CSS `prefers-reduced-motion`). Set it on
/// ``AnimationEngine/motionPolicy``; hosts set it from the platform's setting (the browser
/// playground from `prefers-reduced-motion`, with a switch on the page).
///
/// ```swift
/// engine.motionPolicy = .reduced      // nothing travels; fades and colours as written
/// ```
///
/// It is read when a run becomes active, so changing it never moves anything in flight; physics
/// animations ignore it. What each policy does to each API is in <doc:ReducedMotion>.
public enum MotionPolicy: Sendable, Equatable, CaseIterable {
    /// Every animation as written.
    case full
    /// Nothing travels: a change to a ``MotionRole/geometry`` property lands at its end at the
    /// moment its animation is scheduled to start, and is never drawn in between; a change to an
    /// ``MotionRole/appearance`` property (opacity, colour) animates as written.
    case reduced
    /// Changes applied at once, delays included; completions still run.
    case none
}

/// What a property's changes show on screen, which decides what ``MotionPolicy/reduced`` does
/// with them (motion.dev's `reducedMotion` turns off transform and layout animations and keeps
/// opacity and colour). Set on ``AnimatedProperty/motionRole``; each value type gives the default
/// (``AnimatableValue/defaultMotionRole``).
public enum MotionRole: Sendable, Equatable, CaseIterable {
    /// Where something is, how large, how turned: a position, a size, a frame, a transform, a
    /// scroll offset, a heading. Under ``MotionPolicy/reduced`` it does not travel.
    case geometry
    /// How something looks where it is: opacity, colour, a corner radius, a blur. Animated as
    /// written under ``MotionPolicy/reduced``.
    case appearance
}

extension AnimationEngine {
    /// Unused: ``MotionPolicy/reduced`` shortens no run (geometry lands, appearance animates as
    /// written).
    @available(*, deprecated, message: "reduced motion no longer shortens runs: geometry lands at its start and appearance animates as written")
    public static let reducedMotionDuration = 0.2
}
