// PropertyAnimator's transitions against UIKit's UIViewAnimatingState table, and what each phase reads.
import Testing
@testable import Kinetic
import KineticTestSupport

@Suite("Animator state machine")
struct AnimatorStateMachineTests {
    /// UIViewAnimating's documented transitions, and only those.
    @Test func theTransitionTableIsUIKits() {
        let states: [AnimatingState] = [.inactive, .active, .stopped]
        let legal: Set<String> = ["inactive→active", "active→active", "active→inactive", "active→stopped", "stopped→inactive"]
        func name(_ s: AnimatingState) -> String {
            switch s { case .inactive: "inactive"; case .active: "active"; case .stopped: "stopped" }
        }
        for from in states {
            for to in states {
                let key = "\(name(from))→\(name(to))"
                #expect(AnimatorPhase.isLegalTransition(from: from, to: to) == legal.contains(key), "\(key)")
            }
        }
    }

    /// Every phase, reached through the public calls, with the state, running flag and
    /// fractionComplete it shows.
    @Test func eachPhaseReadsWhatItsDataSays() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .easeIn, engine: engine) { x.value = 100 }
        #expect(a.phase.state == .inactive && a.fractionComplete == 0)
        a.startAnimation()
        guard case .running = a.phase else { Issue.record("not running"); return }
        engine.tick(at: 0.5)
        #expect(a.fractionComplete == 0.5)
        a.pauseAnimation()
        guard case .paused = a.phase else { Issue.record("not paused"); return }
        #expect(abs(a.fractionComplete - bezierProgress(0.42, 0, 1, 1, at: 0.5)) <= 1e-9)
        a.fractionComplete = 0.7
        guard case .scrubbed(let progress, let anchor) = a.phase else { Issue.record("not scrubbed"); return }
        #expect(progress == 0.7 && anchor.fraction == 0.5)
        a.stopAnimation(false)
        guard case .stopped(let reading, let finish) = a.phase else { Issue.record("not stopped"); return }
        #expect(reading == 0.7 && finish.count == 1 && a.state == .stopped && !a.isRunning)
        a.finishAnimation(at: .end)
        #expect(a.state == .inactive && x.value == 100 && engine.animators.isEmpty)
    }
}
