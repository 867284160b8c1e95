// UIKit's keyframe animations (`UIView.animateKeyframes`) on an engine, with their calculation modes (see KeyframePath).

extension AnimationEngine {
    /// Runs a keyframe animation over `duration` seconds after `delay` seconds (UIKit's
    /// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`): inside
    /// `animations`, ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)`` adds the
    /// keyframes, each over a stretch of the animation's progress.
    ///
    /// The progress runs through the options' curve over the whole animation (ease in-out by
    /// default, as UIKit; pass ``AnimationOptions/curveLinear`` for a progress proportional to
    /// time). The options' calculation mode (``AnimationOptions/calculationMode``, linear by
    /// default) says how each property goes through the values its keyframes give it: see
    /// ``KeyframeCalculationMode``.
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
