// User-supplied timing (UIKit's UITimingCurveProvider): a cubic curve, a spring, or both.

/// What a ``TimingCurveProvider`` provides (UIKit's `UITimingCurveType`).
public enum TimingCurveType: Sendable, Equatable {
    /// One of the built-in curves (``AnimationCurve``), given as ``TimingCurveProvider/cubicTimingParameters``.
    case builtin
    /// A cubic Bézier curve, ``TimingCurveProvider/cubicTimingParameters``.
    case cubic
    /// A spring, ``TimingCurveProvider/springTimingParameters``.
    case spring
    /// Both: the spring drives geometry and the cubic curve everything else (see
    /// ``TimingCurveProvider``).
    case composed
}

/// Timing an animator can run on, supplied by your own type (UIKit's `UITimingCurveProvider`).
///
/// Class-bound (as UIKit's `NSObject` protocol, and for Embedded Swift). Give a
/// ``timingCurveType`` and the parameters it names; an animator reads them once, when it is
/// created or continued. ``TimingCurve`` is a ready-made provider:
///
/// ```swift
/// let timing = TimingCurve(cubic: .easeOut, spring: SpringTimingParameters(dampingRatio: 0.8))
/// let animator = PropertyAnimator(duration: 0.5, timingParameters: timing, engine: engine) { … }
/// ```
///
/// A composed provider springs geometry and curves the rest. How each type is used and what
/// missing parameters become are in <doc:PropertyAnimatorInDepth>.
public protocol TimingCurveProvider: AnyObject {
    /// Which of the parameters below the animator uses.
    var timingCurveType: TimingCurveType { get }
    /// The cubic curve, for `.builtin`, `.cubic` and `.composed`.
    var cubicTimingParameters: CubicTimingParameters? { get }
    /// The spring, for `.spring` and `.composed`.
    var springTimingParameters: SpringTimingParameters? { get }
}

/// A ready-made ``TimingCurveProvider`` holding a cubic curve, a spring, or both.
public final class TimingCurve: TimingCurveProvider {
    public let timingCurveType: TimingCurveType
    public let cubicTimingParameters: CubicTimingParameters?
    public let springTimingParameters: SpringTimingParameters?

    /// A built-in curve (type ``TimingCurveType/builtin``).
    public init(animationCurve: AnimationCurve) {
        timingCurveType = .builtin
        cubicTimingParameters = CubicTimingParameters(animationCurve: animationCurve)
        springTimingParameters = nil
    }

    /// A cubic curve (type ``TimingCurveType/cubic``).
    public init(cubic: CubicTimingParameters) {
        timingCurveType = .cubic
        cubicTimingParameters = cubic
        springTimingParameters = nil
    }

    /// A spring (type ``TimingCurveType/spring``).
    public init(spring: SpringTimingParameters) {
        timingCurveType = .spring
        cubicTimingParameters = nil
        springTimingParameters = spring
    }

    /// A spring for geometry and a cubic curve for everything else (type
    /// ``TimingCurveType/composed``; see ``TimingCurveProvider``).
    public init(cubic: CubicTimingParameters, spring: SpringTimingParameters) {
        timingCurveType = .composed
        cubicTimingParameters = cubic
        springTimingParameters = spring
    }
}

/// A provider read into the animator's terms: the timing that drives every property (for a
/// composed provider, the cubic part), and the spring that drives geometry when composed.
struct ResolvedTiming {
    let primary: TimingParameters
    let composedSpring: SpringTimingParameters?

    /// Reads `provider`; nil (after a diagnostic) when it provides nothing usable.
    static func resolve(_ provider: any TimingCurveProvider, engine: AnimationEngine) -> ResolvedTiming? {
        let type = provider.timingCurveType
        let cubic = provider.cubicTimingParameters
        let spring = provider.springTimingParameters
        switch type {
        case .builtin, .cubic:
            if let cubic { return ResolvedTiming(primary: .cubic(cubic), composedSpring: nil) }
        case .spring:
            if let spring { return ResolvedTiming(primary: .spring(spring), composedSpring: nil) }
        case .composed:
            switch (cubic, spring) {
            case (let c?, let s?): return ResolvedTiming(primary: .cubic(c), composedSpring: s)
            case (let c?, nil):
                engine.report(.invalidArgument, "a composed timing curve provider has no spring; its cubic curve drives every property")
                return ResolvedTiming(primary: .cubic(c), composedSpring: nil)
            case (nil, let s?):
                engine.report(.invalidArgument, "a composed timing curve provider has no cubic curve; its spring drives every property")
                return ResolvedTiming(primary: .spring(s), composedSpring: nil)
            case (nil, nil): break
            }
        }
        let name: String
        switch type {
        case .builtin: name = "builtin"
        case .cubic: name = "cubic"
        case .spring: name = "spring"
        case .composed: name = "composed"
        }
        engine.report(.invalidArgument, "a timing curve provider of type .\(name) has no parameters for it")
        return nil
    }
}
