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
/// Class-bound, as UIKit's protocol is an `NSObject` protocol, and so that `any
/// TimingCurveProvider` works in Embedded Swift. An animator reads the three properties once,
/// when it is created (`PropertyAnimator/init(duration:timingParameters:engine:animations:)-(_,any TimingCurveProvider,_,_)`)
/// or continued (`PropertyAnimator/continueAnimation(withTimingParameters:durationFactor:)-(any TimingCurveProvider,_)`),
/// and keeps the values: later changes to the provider do not affect a running animation.
///
/// ## How each type is used
/// - ``TimingCurveType/builtin`` and ``TimingCurveType/cubic``: ``cubicTimingParameters``
///   drives every property.
/// - ``TimingCurveType/spring``: ``springTimingParameters`` drives every property.
/// - ``TimingCurveType/composed``: **Kinetic's rule** — the spring drives the values that
///   are geometry (`Point`, `Size`, `Rect`, `Vector`: a view's centre, frame, bounds, size;
///   ``AnimatableValue/followsSpringInComposedTiming`` is `true`) and the cubic curve drives
///   everything else (`Double` such as alpha, blur or corner radius, `Color`,
///   `AffineTransform`, `CornerRadii`), as UIKit applies the spring to the properties a
///   spring applies to and the curve to the rest. Both run over the spring's duration (the
///   animator's duration for a spring that fits it, such as one given by a damping ratio,
///   else the spring's settling duration). Keyframes inside a composed animator follow the
///   cubic part whatever their value type; a linear scrub and ``PropertyAnimator/fractionComplete``
///   treat both parts alike.
///
/// ## Missing parameters
/// A type whose parameters are nil (`.cubic` without ``cubicTimingParameters``, `.spring`
/// without ``springTimingParameters``, `.composed` without either) is reported as
/// ``Diagnostic/Kind/invalidArgument``: `.composed` with one part uses that part alone; with
/// no usable part, an animator being created uses UIKit's default curve
/// (``CubicTimingParameters/easeInOut``) and `continueAnimation` is rejected (the animator
/// stays paused).
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
