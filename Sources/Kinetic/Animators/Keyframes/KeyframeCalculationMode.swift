// The keyframe calculation modes (Core Animation's `calculationMode`).

/// How a keyframe animation goes through its keyframes (Core Animation's calculation modes, as
/// named by ``AnimationOptions``).
public enum KeyframeCalculationMode: Sendable, Equatable, CaseIterable {
    case linear, discrete, paced, cubic, cubicPaced
}
