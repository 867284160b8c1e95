// The options of the UIKit-style class-method animations (UIKit's `UIView.AnimationOptions` and `UIView.KeyframeAnimationOptions`).

/// Options for ``AnimationEngine/animate(withDuration:delay:options:animations:completion:)`` and
/// the rest of the class-method family, with UIKit's names and raw values
/// (`UIView.AnimationOptions` and the calculation modes of `UIView.KeyframeAnimationOptions`).
///
/// ```swift
/// engine.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut, .allowUserInteraction],
///                animations: { card.alpha = 0 })
/// ```
///
/// Kinetic's animations are always additive, so ``beginFromCurrentState`` changes nothing, and
/// the view-hierarchy options do nothing. What each option does is in the "Animation options"
/// section of <doc:AnimationEngineInDepth>.
public struct AnimationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Accepted, no effect (no layout pass in the core).
    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    /// The animated nodes keep receiving touches (sets ``PropertyAnimator/isUserInteractionEnabled``).
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// No effect: Kinetic's animations always begin from the current presentation (additive).
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// Repeats the animations until the animator is stopped (``PropertyAnimator/repeatCount`` = `.infinity`).
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    /// Runs the animations forwards and then backwards (each cycle with ``repeat``;
    /// ``PropertyAnimator/autoreverses``). Alone, it ends at the model (end) values.
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    /// A nested animation keeps its own duration instead of the enclosing one's.
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    /// A nested animation keeps its own curve instead of the enclosing one's.
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    /// Accepted, no effect.
    public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
    /// Accepted, no effect.
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    /// A nested animation inherits none of the enclosing animation's options.
    public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

    /// Keyframes as given: each interpolates linearly over its own stretch (the default: no bits).
    public static let calculationModeLinear = AnimationOptions([])
    /// Each keyframe's values take effect at once at its relative start time, with no interpolation.
    public static let calculationModeDiscrete = AnimationOptions(rawValue: 1 << 10)
    /// Keyframe timings are ignored: each property moves along its path of keyframe values at a
    /// constant speed in the animation's progress (time ∝ arc length with ``curveLinear``).
    public static let calculationModePaced = AnimationOptions(rawValue: 2 << 10)
    /// A Catmull-Rom spline through the keyframe values, reaching each at its keyframe's end.
    public static let calculationModeCubic = AnimationOptions(rawValue: 3 << 10)
    /// The Catmull-Rom spline through the keyframe values (uniformly spaced), traversed at a
    /// constant speed in the animation's progress.
    public static let calculationModeCubicPaced = AnimationOptions(rawValue: 4 << 10)

    /// Ease in and out (the default: no bits).
    public static let curveEaseInOut = AnimationOptions([])
    /// Ease in.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Ease out.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// Linear.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    static let curveMask: UInt = 7 << 16
    static let calculationModeMask: UInt = 7 << 10

    /// The curve the options name (the curve bits; bits UIKit does not define read as ease in-out).
    public var curve: AnimationCurve {
        switch rawValue & Self.curveMask {
        case 1 << 16: return .easeIn
        case 2 << 16: return .easeOut
        case 3 << 16: return .linear
        default: return .easeInOut
        }
    }

    /// The keyframe calculation mode the options name (undefined bits read as linear).
    public var calculationMode: KeyframeCalculationMode {
        switch rawValue & Self.calculationModeMask {
        case 1 << 10: return .discrete
        case 2 << 10: return .paced
        case 3 << 10: return .cubic
        case 4 << 10: return .cubicPaced
        default: return .linear
        }
    }

    /// The options a nested animation inherits from the enclosing one: everything but the curve,
    /// the calculation mode and the override flags themselves.
    var inheritable: AnimationOptions {
        AnimationOptions(rawValue: rawValue & ~(Self.curveMask | Self.calculationModeMask)
                         & ~(Self.overrideInheritedDuration.rawValue | Self.overrideInheritedCurve.rawValue
                             | Self.overrideInheritedOptions.rawValue))
    }
}
