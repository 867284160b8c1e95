// SwiftUI's named springs (`Spring.smooth`, `.snappy`, `.bouncy` and their tunable forms).

extension SpringTimingParameters {
    /// SwiftUI's `Spring.smooth`: duration 0.5 s, bounce 0 (critically damped, no overshoot).
    ///
    /// Mass 1, stiffness (2π/0.5)² ≈ 157.91, damping 4π ≈ 12.57; settles (to 0.001 of the
    /// distance, from rest) in about 0.7348 s.
    public static let smooth = SpringTimingParameters.smooth()

    /// SwiftUI's `Spring.snappy`: duration 0.5 s, bounce 0.15 (damping ratio 0.85).
    public static let snappy = SpringTimingParameters.snappy()

    /// SwiftUI's `Spring.bouncy`: duration 0.5 s, bounce 0.3 (damping ratio 0.7).
    public static let bouncy = SpringTimingParameters.bouncy()

    /// SwiftUI's `Spring.smooth(duration:extraBounce:)`: a spring with the given perceptual
    /// `duration` (seconds, the response 2π/ω₀) and bounce `0 + extraBounce`.
    ///
    /// SwiftUI documents the base bounce of `smooth` as 0, and `extraBounce` as "how much
    /// additional bounce should be added to the base bounce". The result is
    /// ``init(duration:bounce:initialVelocity:)`` with that bounce, so its validation applies
    /// (the bounce is clamped to [−0.999, 1], a non-finite or sub-millisecond duration is
    /// replaced as documented there).
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> SpringTimingParameters {
        SpringTimingParameters(duration: duration, bounce: presetBounce(0, extraBounce))
    }

    /// SwiftUI's `Spring.snappy(duration:extraBounce:)`: perceptual `duration` (default 0.5 s)
    /// and bounce `0.15 + extraBounce` (SwiftUI's documented base bounce for `snappy`).
    /// See ``smooth(duration:extraBounce:)`` for validation.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> SpringTimingParameters {
        SpringTimingParameters(duration: duration, bounce: presetBounce(0.15, extraBounce))
    }

    /// SwiftUI's `Spring.bouncy(duration:extraBounce:)`: perceptual `duration` (default 0.5 s)
    /// and bounce `0.3 + extraBounce` (SwiftUI's documented base bounce for `bouncy`).
    /// See ``smooth(duration:extraBounce:)`` for validation.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> SpringTimingParameters {
        SpringTimingParameters(duration: duration, bounce: presetBounce(0.3, extraBounce))
    }

    /// The base bounce plus a finite extra bounce (a NaN or infinite extra adds nothing).
    private static func presetBounce(_ base: Double, _ extra: Double) -> Double {
        extra.isFinite ? base + extra : base
    }
}
