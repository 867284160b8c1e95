import Testing
import Kinetic
@testable import KineticScene

/// The percent-driven controller's completion speed, completion curve and timing curve, and its
/// interactive or animated start, on the built-in pop (detail's centre x = 200 + 400·percent).
@Suite("Percent-driven interactive transition")
struct PercentDrivenInteractiveTransitionTests {
    /// An interactive pop scrubbed to 20 % at t = 1.
    func poppedToTwentyPercent() -> (AnimationEngine, InteractiveDelegate, Screen, PropertyAnimator, Box) {
        let (engine, _, stack, _, detail) = twoScreens()
        let delegate = InteractiveDelegate()
        delegate.interactive = true
        stack.delegate = delegate
        let box = Box()
        stack.pop { box.completions.append($0) }
        engine.tick(at: 1)
        delegate.interaction.update(0.2)
        let animator = stack.transition!.interruptibleAnimator() as! PropertyAnimator
        #expect(detail.node.presentation.center.x == 280)
        return (engine, delegate, detail, animator, box)
    }

    final class Box { var completions: [Bool] = [] }

    @Test func completionSpeedTwoFinishesTheRemainingWayInHalfItsShareOfTheDuration() {
        let (engine, delegate, detail, animator, box) = poppedToTwentyPercent()
        #expect(animator.duration == 0.5)
        delegate.interaction.completionSpeed = 2
        delegate.interaction.finish()
        // 80 % left of 0.5 s at speed 2: 0.2 s, on the animator's own spring.
        engine.tick(at: 1.199)
        #expect(box.completions.isEmpty)
        #expect(detail.node.presentation.center.x < 600)
        engine.tick(at: 1.2 + 1e-9)  // (1.2 − 1 rounds below 0.2)
        #expect(box.completions == [true])
    }

    @Test func timingCurveWinsAndRunsLinearlyOverTheScaledRemainingTime() {
        let (engine, delegate, detail, _, box) = poppedToTwentyPercent()
        delegate.interaction.completionCurve = .easeIn
        delegate.interaction.timingCurve = .cubic(.linear)
        delegate.interaction.completionSpeed = 0.5
        delegate.interaction.finish()
        // 80 % of 0.5 s at half speed: 0.8 s, linear from 280 to 600.
        engine.tick(at: 1.4)
        #expect(abs(detail.node.presentation.center.x - 440) < 1e-9)
        engine.tick(at: 1.6)
        #expect(abs(detail.node.presentation.center.x - 520) < 1e-9)
        #expect(box.completions.isEmpty)
        engine.tick(at: 1.8)
        #expect(box.completions == [true])
    }

    @Test func completionCurveShapesTheCancellingRunBackToTheStart() {
        let (engine, delegate, detail, _, box) = poppedToTwentyPercent()
        delegate.interaction.completionCurve = .linear
        delegate.interaction.completionSpeed = 0.5
        delegate.interaction.cancel()
        // 20 % of 0.5 s at half speed: 0.2 s, linear from 280 back to 200.
        engine.tick(at: 1.1)
        #expect(abs(detail.node.presentation.center.x - 240) < 1e-9)
        engine.tick(at: 1.2 + 1e-9)  // (1.2 − 1 rounds below 0.2)
        #expect(box.completions == [false])
        #expect(abs(detail.node.presentation.center.x - 200) < 1e-9)
    }

    @Test func badCompletionSpeedIsRejectedAndReported() {
        let (engine, delegate, _, _, _) = poppedToTwentyPercent()
        let before = engine.diagnostics.count
        delegate.interaction.completionSpeed = 0
        delegate.interaction.completionSpeed = .nan
        delegate.interaction.completionSpeed = -1
        #expect(delegate.interaction.completionSpeed == 1)
        #expect(engine.diagnostics.count == before + 3)
        #expect(engine.diagnostics.last?.kind == .invalidArgument)
    }

    @Test func withoutInteractiveStartTheTransitionRunsAndPauseCatchesIt() {
        let (engine, _, stack, _, detail) = twoScreens()
        let delegate = InteractiveDelegate()
        delegate.interactive = true
        delegate.interaction.wantsInteractiveStart = false
        stack.delegate = delegate
        var completions: [Bool] = []
        stack.pop { completions.append($0) }
        let context = stack.transition!
        let animator = context.interruptibleAnimator()!
        #expect(!context.isInteractive && animator.isRunning)
        engine.tick(at: 0.2)
        let caught = detail.node.presentation.center.x
        #expect(caught > 200 && caught < 600)
        delegate.interaction.pause()
        #expect(context.isInteractive && !animator.isRunning)
        engine.tick(at: 0.5)
        #expect(detail.node.presentation.center.x == caught)
        delegate.interaction.completionCurve = .linear
        delegate.interaction.cancel()
        engine.tick(at: 5)
        #expect(completions == [false])
        #expect(detail.node.presentation.center.x == 200)
    }
}
