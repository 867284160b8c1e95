// Repeat and autoreverse for the class-method animations, by re-anchoring the animator's timeline at each cycle boundary.

/// Runs a class-method animation's timeline again and again (``AnimationOptions/repeat``) or
/// back and forth (``AnimationOptions/autoreverse``).
///
/// The animator pauses on completion; at that tick the repetition works out, from the engine's
/// time alone, which leg is running now (leg k covers `[t₀ + k·D, t₀ + (k+1)·D)`, t₀ the start,
/// D the animation duration), and restarts the animator anchored at that leg's start: forwards
/// from fraction 0, or (autoreversing, odd legs) backwards from 1. So every instant shows
/// exactly what the leg's closed form shows, however far apart the ticks are, with no drift.
///
/// Without ``AnimationOptions/repeat``, ``AnimationOptions/autoreverse`` runs one leg forwards
/// and one back, and then finishes the animator at its end (UIKit: the view then shows its
/// model values, the end values); the completion gets `finished == true`. A repeating animation
/// never completes on its own: stopping its animator ends it (`finished == false`).
///
/// This lives beside the animator rather than in it; when the animator gains its own repeat
/// count and autoreverse, the class methods should move onto them.
final class AnimationRepetition {
    unowned(unsafe) let animator: PropertyAnimator
    let repeats: Bool
    let autoreverses: Bool
    let completion: ClassAnimationCompletion
    /// The start of the first leg, and each leg's length, in seconds.
    let firstLegStart: Double
    let legDuration: Double

    private init(animator: PropertyAnimator, repeats: Bool, autoreverses: Bool, completion: ClassAnimationCompletion) {
        self.animator = animator
        self.repeats = repeats
        self.autoreverses = autoreverses
        self.completion = completion
        self.firstLegStart = animator.startTime
        self.legDuration = animator.animationDuration
    }

    /// Makes `animator` (just started) repeat; a zero-length animation cannot repeat and is
    /// reported (it runs once).
    static func install(on animator: PropertyAnimator, repeats: Bool, autoreverses: Bool,
                        completion: ClassAnimationCompletion) {
        guard animator.animationDuration > 0 else {
            animator.engine.report(.invalidArgument, "repeat or autoreverse on an animation of duration 0 is ignored; it runs once")
            return
        }
        let repetition = AnimationRepetition(animator: animator, repeats: repeats, autoreverses: autoreverses,
                                             completion: completion)
        animator.pausesOnCompletion = true
        // The animator keeps the repetition alive through its observer.
        animator.observeRunning { running in
            if !running { repetition.legMayHaveEnded() }
        }
    }

    private func legMayHaveEnded() {
        guard case .paused = animator.phase else { return }
        let atEdge = animator.isReversed ? animator.anchorFraction <= 0 : animator.anchorFraction >= 1
        guard atEdge else { return }
        let engine = animator.engine
        let leg = ((engine.time - firstLegStart) / legDuration).rounded(.down)
        guard leg >= 1 else { return }
        if !repeats && leg >= 2 {
            // Autoreverse alone: both legs are done; end at the model (end) values, as UIKit.
            animator.pausesOnCompletion = false
            completion.finishesNaturally = true
            animator.stopAnimation(false)
            animator.finishAnimation(at: .end)
            return
        }
        let backwards = autoreverses && leg.truncatingRemainder(dividingBy: 2) == 1
        let legStart = firstLegStart + leg * legDuration
        animator.isReversed = backwards
        animator.startAnimation()
        animator.anchorFraction = backwards ? 1 : 0
        animator.startTime = legStart
        animator.anchorTime = legStart
    }
}
