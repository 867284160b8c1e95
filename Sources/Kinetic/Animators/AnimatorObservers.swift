// Who hears a PropertyAnimator's state, isRunning, isReversed and fractionComplete change.

/// The observers of a ``PropertyAnimator``'s ``PropertyAnimator/state``,
/// ``PropertyAnimator/isRunning``, ``PropertyAnimator/isReversed`` and
/// ``PropertyAnimator/fractionComplete``: lists made on the first observer (most animators are
/// never observed).
struct AnimatorObservers {
    var state = LazyObserverList<AnimatingState>()
    var running = LazyObserverList<Bool>()
    var reversed = LazyObserverList<Bool>()
    var fraction = LazyObserverList<Double>()

    /// Tells the observers of a change of phase from `was` to `next`: a run that stops before
    /// the state it leaves for, and a state before the run it starts (a completion is heard as
    /// "running false, state inactive", a start as "state active, running true").
    func notifyTransition(from was: (state: AnimatingState, isRunning: Bool), to next: AnimatorPhase) {
        if was.isRunning && !next.isRunning { running.notify(false) }
        if was.state != next.state { state.notify(next.state) }
        if !was.isRunning && next.isRunning { running.notify(true) }
    }
}
