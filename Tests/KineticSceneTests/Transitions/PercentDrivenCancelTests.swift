// Issue 21: cancelling a percent-driven transition whose animator never became active jumped
// the full distance, and the driver's completion kept driver, animator and engine alive.
import Testing
import Kinetic
@testable import KineticScene

/// A pop that slides the top screen out on a cubic curve with an animator that is not
/// interruptible (so an interactive start's pause and every scrub are rejected).
final class RigidPop: AnimatedTransitioning {
    var animator: PropertyAnimator?
    func transitionDuration(using context: (any ContextTransitioning)?) -> Double { 1 }
    func animateTransition(using context: any ContextTransitioning) {
        context.interruptibleAnimator()?.startAnimation()
    }
    func interruptibleAnimator(using context: any ContextTransitioning) -> (any ImplicitlyAnimating)? {
        if let animator { return animator }
        let from = context.node(forKey: .from)
        let engine = context.containerNode.engine
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { from.center.x = 600 }
        animator.isInterruptible = false
        animator.addCompletion { _ in context.completeTransition(!context.transitionWasCancelled) }
        self.animator = animator
        return animator
    }
    func animationEnded(_ transitionCompleted: Bool) { animator = nil }
}

final class RigidDelegate: NavigationStackDelegate {
    let pop = RigidPop()
    let interaction = PercentDrivenInteractiveTransition()
    func navigationStack(_ stack: NavigationStack, animationControllerFor operation: NavigationOperation,
                         from: Screen, to: Screen) -> (any AnimatedTransitioning)? { pop }
    func navigationStack(_ stack: NavigationStack,
                         interactionControllerFor animationController: any AnimatedTransitioning) -> (any InteractiveTransitioning)? {
        interaction
    }
}

@Suite("Percent-driven cancel without an active animator")
struct PercentDrivenCancelTests {
    /// The pause of the interactive start is rejected (not interruptible), so the animator is
    /// still inactive when the gesture cancels. Cancel used to start it reversed, which shows
    /// its end values at once (600, a jump of 400); now nothing moves and the transition
    /// completes cancelled at the next tick, with the properties at their start values.
    @Test func cancellingANonInterruptibleInteractiveStartDoesNotMove() {
        let (engine, _, stack, _, detail) = twoScreens()
        let delegate = RigidDelegate()
        stack.delegate = delegate
        var completions: [Bool] = []
        stack.pop { completions.append($0) }
        let animator = delegate.pop.animator!
        #expect(animator.state == .inactive)
        #expect(engine.diagnostics.contains { $0.kind == .notInterruptible })
        engine.tick(at: 0.5)
        delegate.interaction.update(0.5)                   // rejected by the animator: nothing moves
        #expect(detail.node.presentation.center.x == 200)
        delegate.interaction.cancel()
        #expect(detail.node.presentation.center.x == 200)
        engine.tick(at: 0.6)
        #expect(completions == [false] && animator.state == .inactive)
        #expect(detail.node.presentation.center.x == 200 && detail.node.center.x == 200)
        #expect(stack.screens.count == 2 && stack.transition == nil)
    }

    /// Finishing the same transition runs it forwards from where it is, over its duration.
    @Test func finishingANonInterruptibleInteractiveStartRunsForwards() {
        let (engine, _, stack, _, detail) = twoScreens()
        let delegate = RigidDelegate()
        stack.delegate = delegate
        var completions: [Bool] = []
        stack.pop { completions.append($0) }
        engine.tick(at: 0.5)
        delegate.interaction.finish()
        #expect(detail.node.presentation.center.x == 200)
        engine.tick(at: 1)
        #expect(abs(detail.node.presentation.center.x - 400) < 1e-9)
        engine.tick(at: 1.5)
        #expect(completions == [true] && stack.screens.count == 1)
    }

    /// After `stopAnimation(true)` (inactive, values left where they were) and a new block,
    /// cancel used to start the animator reversed: the new block's end values at once.
    @Test func cancellingAfterStopAndAddAnimationsDoesNotMove() {
        let (engine, _, stack, _, detail) = twoScreens()
        let delegate = InteractiveDelegate()
        delegate.interactive = true
        stack.delegate = delegate
        stack.pop { _ in }
        let animator = stack.transition!.interruptibleAnimator() as! PropertyAnimator
        engine.tick(at: 0.2)
        delegate.interaction.update(0.3)
        let x = detail.node.presentation.center.x
        #expect(x == 320)
        animator.stopAnimation(true)
        #expect(animator.state == .inactive && detail.node.presentation.center.x == x)
        animator.addAnimations { detail.node.center.x = 700 }
        #expect(detail.node.presentation.center.x == x)
        delegate.interaction.cancel()
        #expect(detail.node.presentation.center.x == x)
        engine.tick(at: 0.3)
        #expect(detail.node.presentation.center.x == x)
    }

    /// Found by the driver fuzz: a cancelling run stopped with `stopAnimation(true)` leaves an
    /// inactive animator that is still reversed; `pause()` paused it reversed, which showed the
    /// new block's end values at once. It is paused forwards, where everything is.
    @Test func pausingAfterStoppingACancellingRunDoesNotMove() {
        let (engine, _, stack, _, detail) = twoScreens()
        let delegate = InteractiveDelegate()
        delegate.interactive = true
        stack.delegate = delegate
        stack.pop { _ in }
        let animator = stack.transition!.interruptibleAnimator() as! PropertyAnimator
        delegate.interaction.update(0.5)
        delegate.interaction.cancel()
        engine.tick(at: 0.01)
        #expect(animator.isRunning && animator.isReversed && stack.transition != nil)
        animator.stopAnimation(true)
        #expect(animator.state == .inactive && animator.isReversed)
        animator.addAnimations { detail.node.center.x = 700 }
        let x = detail.node.presentation.center.x
        delegate.interaction.pause()
        #expect(detail.node.presentation.center.x == x && stack.transition?.isInteractive == true)
        delegate.interaction.update(0.5)
        #expect(abs(detail.node.presentation.center.x - (x + 700) / 2) < 1e-9, "x \(x), now \(detail.node.presentation.center.x), fraction \(animator.fractionComplete), state \(animator.state), running \(animator.isRunning), interactive \(stack.transition?.isInteractive ?? false)")
    }

    /// The driver's completion held the driver: driver → animator → completion → driver. With
    /// the animator never started (nothing runs, so nothing ever completes), dropping the
    /// driver, the stack and the engine freed nothing, and `invalidate()` did not help.
    @Test func aDroppedDriverAndItsAnimatorAreFreed() {
        let driverFreed = FreedFlag(), animatorFreed = FreedFlag()
        do {
            let engine = AnimationEngine()
            let node = Node(name: "n", engine: engine)
            let context = StandaloneContext(container: node)
            let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { node.center.x = 100 }
            animator.isInterruptible = false
            animatorFreed.watch(animator)
            context.animator = animator
            let driver = WatchedDriver(driverFreed)
            driver.startInteractiveTransition(context)
            #expect(animator.state == .inactive && driver.animator === animator)
            engine.invalidate()
            context.animator = nil
        }
        #expect(driverFreed.freed)
        #expect(animatorFreed.freed)
    }
}

/// Set when what it watches is deinitialized.
final class FreedFlag {
    var freed = false
    private final class Sentinel {
        let flag: FreedFlag
        init(_ flag: FreedFlag) { self.flag = flag }
        deinit { flag.freed = true }
    }
    /// Watches `animator` through a completion that holds a sentinel: the sentinel goes with
    /// the animator's completions, which go with the animator.
    func watch(_ animator: PropertyAnimator) {
        let sentinel = Sentinel(self)
        animator.addCompletion { _ in _ = sentinel }
    }
}

/// A driver that says when it is freed.
final class WatchedDriver: PercentDrivenInteractiveTransition {
    let flag: FreedFlag
    init(_ flag: FreedFlag) { self.flag = flag }
    deinit { flag.freed = true }
}

/// The smallest context: interactive from the start, holding the animator it returns.
final class StandaloneContext: ContextTransitioning {
    let containerNode: Node
    var animator: PropertyAnimator?
    init(container: Node) { containerNode = container }
    var isAnimated: Bool { true }
    private(set) var isInteractive = true
    private(set) var transitionWasCancelled = false
    private(set) var percentComplete = 0.0
    private(set) var isCompleted = false
    func screen(forKey key: TransitionKey) -> Screen { Screen(title: "", node: containerNode) }
    func node(forKey key: TransitionKey) -> Node { containerNode }
    func initialFrame(for screen: Screen) -> Rect { screen.node.frame }
    func finalFrame(for screen: Screen) -> Rect { screen.node.frame }
    func updateInteractiveTransition(_ percentComplete: Double) { self.percentComplete = percentComplete }
    func pauseInteractiveTransition() { isInteractive = true }
    func finishInteractiveTransition() { isInteractive = false; transitionWasCancelled = false }
    func cancelInteractiveTransition() { isInteractive = false; transitionWasCancelled = true }
    func completeTransition(_ didComplete: Bool) { isCompleted = true }
    func interruptibleAnimator() -> (any ImplicitlyAnimating)? { animator }
}
