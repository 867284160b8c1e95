// UIKit's keyframe animations (`UIView.animateKeyframes`) on an engine, with their calculation modes (see KeyframePath).

extension AnimationEngine {
    /// Runs a keyframe animation over `duration` seconds after `delay` seconds (UIKit's
    /// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`): inside
    /// `animations`, ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)`` adds the
    /// keyframes, each over a stretch of the animation's progress.
    ///
    /// The progress runs through the options' curve over the whole animation (ease in-out by
    /// default, as UIKit; pass ``AnimationOptions/curveLinear`` for a progress proportional to
    /// time). The calculation mode says how each property goes through the values its keyframes
    /// give it, V₀ (before the animation), V₁, …, Vₙ, taken in the order the keyframes were added:
    /// - ``AnimationOptions/calculationModeLinear`` (default): each keyframe interpolates
    ///   linearly over its own stretch [s, s + d]; between stretches the value rests.
    /// - ``AnimationOptions/calculationModeDiscrete``: no interpolation; keyframe k's value
    ///   takes effect as soon as the progress is past its start sₖ (at progress 0 the property
    ///   shows V₀, so finishing at the start restores it).
    /// - ``AnimationOptions/calculationModePaced``: the stretches are ignored; the property
    ///   moves along the polyline V₀…Vₙ with its arc length proportional to the progress
    ///   (constant speed in time with ``AnimationOptions/curveLinear``).
    /// - ``AnimationOptions/calculationModeCubic``: a Catmull-Rom spline through (τₖ, Vₖ), with
    ///   τ₀ the first keyframe's start and τₖ keyframe k's end: tangent
    ///   (Vₖ₊₁ − Vₖ₋₁)/(τₖ₊₁ − τₖ₋₁) inside, and at the ends half the one-sided slope (the end
    ///   knot repeated), so it passes through every Vₖ at τₖ and rests before τ₀ and after τₙ.
    /// - ``AnimationOptions/calculationModeCubicPaced``: the same spline through uniformly spaced
    ///   knots, traversed with its arc length proportional to the progress (arc length measured
    ///   on 256 chords per keyframe: constant speed to about 1e-5 of the path).
    ///
    /// Changes made in the block outside any keyframe animate over the whole duration; keyframes
    /// nested in keyframes stay linear within their parent. Completion, repeat, autoreverse and
    /// nesting are as ``animate(withDuration:delay:options:animations:completion:)`` (with a
    /// calculation mode other than linear the animation never joins an enclosing block: it runs
    /// its own animator).
    @discardableResult
    public func animateKeyframes(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                                 animations: @escaping () -> Void,
                                 completion: ((Bool) -> Void)? = nil) -> PropertyAnimator {
        let mode = options.calculationMode
        let block: () -> Void
        if mode == .linear {
            block = animations
        } else {
            block = { [unowned(unsafe) self] in
                animations()
                guard let transaction = self.currentTransaction else { return }
                for property in transaction.animator.tracks.properties {
                    property.retimeKeyframeTracks(under: transaction.segment, mode: mode)
                }
            }
        }
        return ClassAnimation.run(on: self, duration: duration, delay: delay, options: options,
                                  timing: .cubic(CubicTimingParameters(animationCurve: options.curve)),
                                  canJoinEnclosing: mode == .linear, animations: block, completion: completion)
    }
}
