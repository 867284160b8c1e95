// The keyframe calculation modes (Core Animation's `calculationMode`).

/// How a keyframe animation takes each property through the values its keyframes give it, V₀
/// (before the animation), V₁, …, Vₙ, in the order the keyframes were added (Core Animation's
/// calculation modes, named by ``AnimationOptions``' `calculationMode…` options of
/// ``AnimationEngine/animateKeyframes(withDuration:delay:options:animations:completion:)``).
public enum KeyframeCalculationMode: Sendable, Equatable, CaseIterable {
    /// Each keyframe interpolates linearly over its own stretch [s, s + d]; between stretches the
    /// value rests (the default).
    case linear
    /// No interpolation: keyframe k's value takes effect as soon as the progress is past its
    /// start sₖ (at progress 0 the property shows V₀, so finishing at the start restores it).
    case discrete
    /// The stretches are ignored: the property moves along the polyline V₀…Vₙ with its arc
    /// length proportional to the progress (constant speed in time with
    /// ``AnimationOptions/curveLinear``).
    case paced
    /// A Catmull-Rom spline through (τₖ, Vₖ), with τ₀ the first keyframe's start and τₖ keyframe
    /// k's end: tangent (Vₖ₊₁ − Vₖ₋₁)/(τₖ₊₁ − τₖ₋₁) inside, and at the ends half the one-sided
    /// slope (the end knot repeated), so it passes through every Vₖ at τₖ and rests before τ₀
    /// and after τₙ.
    case cubic
    /// The same spline through uniformly spaced knots, traversed with its arc length
    /// proportional to the progress (arc length measured on 256 chords per keyframe: constant
    /// speed to about 1e-5 of the path).
    case cubicPaced
}
