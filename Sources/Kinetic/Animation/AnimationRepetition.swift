// Repeat and autoreverse for the class-method animations, by re-anchoring the animator's timeline at each leg boundary.

/// Runs a class-method animation's timeline again and again (``AnimationOptions/repeat``) or
/// back and forth (``AnimationOptions/autoreverse``).
///
/// The animator pauses on completion; at that tick the repetition works out when the leg that
/// just ended reached its edge (from the timeline the animator last ran on: the instant it
/// started or continued running, its fraction and rate then), how many whole legs of the
/// animation's duration D have passed since, and restarts the animator anchored at the start of
/// the leg running now: forwards from fraction 0, or (autoreversing, every other leg) backwards
/// from 1. So every instant shows exactly what that leg's closed form shows, however far apart
/// the ticks are, with no drift; a pause, a scrub or a `continueAnimation` in between shifts the
/// legs that follow instead of making them jump.
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
    /// Each leg's length, in seconds.
    let legDuration: Double
    /// Legs completed so far (autoreverse alone ends after 2).
    private var legsDone = 0.0
    /// The timeline the animator runs on since it last started or continued running: from
    /// `fraction` at engine time `time`, at `rate` (fraction per second, before direction).
    private var run = (time: 0.0, fraction: 0.0, rate: 1.0, reversed: false)
    private var restarting = false

    private init(animator: PropertyAnimator, repeats: Bool, autoreverses: Bool, completion: ClassAnimationCompletion) {
        self.animator = animator
        self.repeats = repeats
        self.autoreverses = autoreverses
        self.completion = completion
        self.legDuration = animator.animationDuration
        noteRun()
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
        // The animator keeps the repetition alive through its observers.
        animator.observeRunning { running in
            if running { repetition.noteRun() } else { repetition.legMayHaveEnded() }
        }
        animator.observeReversed { _ in repetition.noteRun() }
    }

    /// Records the timeline the animator runs on now (it started, continued or was reversed).
    private func noteRun() {
        guard !restarting, animator.isRunning else { return }
        run = (Swift.max(animator.anchorTime, animator.startTime), animator.anchorFraction, animator.rate,
               animator.isReversed)
    }

    private func legMayHaveEnded() {
        guard !restarting, case .paused = animator.phase else { return }
        let atEdge = animator.isReversed ? animator.anchorFraction <= 0 : animator.anchorFraction >= 1
        guard atEdge, animator.isReversed == run.reversed else { return }
        let engine = animator.engine
        // When the leg that ended reached its edge, and how many whole legs have passed since.
        let remaining = run.reversed ? run.fraction : 1 - run.fraction
        let edgeTime = run.rate.isFinite && run.rate > 0 ? run.time + remaining / run.rate : run.time
        let passed = Swift.max(0, ((engine.time - edgeTime) / legDuration).rounded(.down))
        legsDone += 1 + passed
        if !repeats && legsDone >= 2 {
            // Autoreverse alone: both legs are done; end at the model (end) values, as UIKit.
            animator.pausesOnCompletion = false
            completion.finishesNaturally = true
            animator.stopAnimation(false)
            animator.finishAnimation(at: .end)
            return
        }
        // Autoreversing, each leg runs the other way from the one before.
        let flips = autoreverses && (1 + passed).truncatingRemainder(dividingBy: 2) == 1
        let backwards = flips ? !run.reversed : (autoreverses ? run.reversed : false)
        let legStart = edgeTime + passed * legDuration
        restarting = true
        animator.isReversed = backwards
        animator.startAnimation()
        animator.anchorFraction = backwards ? 1 : 0
        animator.rate = 1 / legDuration
        animator.startTime = legStart
        animator.anchorTime = legStart
        restarting = false
        noteRun()
    }
}
