import Kinetic

/// The context of one navigation transition: the system side of ``ContextTransitioning``.
///
/// A transition is *interactive* (``isInteractive`` true), *animated*, or *completed*: it starts
/// interactive when its interaction controller's `wantsInteractiveStart` is true, and
/// ``completeTransition(_:)`` changes the stack and runs the push's or pop's completion exactly
/// once. Which call is legal in which phase, and what an illegal call becomes, are in
/// <doc:NavigationTransitions#Phases-of-a-transition>.
public final class TransitionContext: ContextTransitioning {
    /// Push or pop.
    public let operation: NavigationOperation
    /// The stack this transition belongs to.
    public let stack: NavigationStack
    public let fromScreen: Screen
    public let toScreen: Screen
    /// The animation controller (the delegate's or the built-in one).
    public let animationController: any AnimatedTransitioning
    /// The interaction controller, if any.
    public let interactionController: (any InteractiveTransitioning)?
    public let isAnimated: Bool
    public private(set) var isInteractive: Bool
    public private(set) var transitionWasCancelled = false
    public private(set) var percentComplete = 0.0
    public private(set) var isCompleted = false
    private var animator: (any ImplicitlyAnimating)?
    private var askedForAnimator = false
    private let startFrames: (from: Rect, to: Rect)

    init(stack: NavigationStack, operation: NavigationOperation, from: Screen, to: Screen,
         animationController: any AnimatedTransitioning, interactionController: (any InteractiveTransitioning)?,
         isAnimated: Bool) {
        self.stack = stack
        self.operation = operation
        self.fromScreen = from
        self.toScreen = to
        self.animationController = animationController
        self.interactionController = interactionController
        self.isAnimated = isAnimated
        self.isInteractive = interactionController?.wantsInteractiveStart ?? false
        startFrames = (from.node.frame, to.node.frame)
    }

    public var containerNode: Node { stack.container }

    public func screen(forKey key: TransitionKey) -> Screen { key == .from ? fromScreen : toScreen }
    public func node(forKey key: TransitionKey) -> Node { screen(forKey: key).node }

    public func initialFrame(for screen: Screen) -> Rect {
        screen === fromScreen ? startFrames.from : (screen === toScreen ? startFrames.to : .zero)
    }

    public func finalFrame(for screen: Screen) -> Rect {
        screen === toScreen ? stack.container.bounds : .zero
    }

    private func reject(_ message: String) {
        stack.scene.report(.illegalTransitionCall, message)
    }

    public func updateInteractiveTransition(_ percent: Double) {
        guard !percent.isNaN else {
            stack.scene.report(.invalidArgument, "updateInteractiveTransition(NaN) is ignored")
            return
        }
        guard !isCompleted, isInteractive else {
            reject("updateInteractiveTransition outside an interactive phase is ignored")
            return
        }
        percentComplete = Swift.min(Swift.max(percent, 0), 1)
    }

    public func pauseInteractiveTransition() {
        guard !isCompleted, !isInteractive, interactionController != nil else {
            reject(isInteractive ? "pauseInteractiveTransition while already interactive is ignored"
                   : "pauseInteractiveTransition needs an animated phase and an interaction controller; ignored")
            return
        }
        isInteractive = true
    }

    public func finishInteractiveTransition() {
        endInteractivePhase(cancelled: false, "finishInteractiveTransition")
    }

    public func cancelInteractiveTransition() {
        endInteractivePhase(cancelled: true, "cancelInteractiveTransition")
    }

    /// Ends the interactive phase, finishing or cancelling; rejected outside one.
    private func endInteractivePhase(cancelled: Bool, _ call: String) {
        guard !isCompleted, isInteractive else {
            reject("\(call) outside an interactive phase is ignored")
            return
        }
        isInteractive = false
        transitionWasCancelled = cancelled
    }

    public func completeTransition(_ didComplete: Bool) {
        guard !isCompleted else {
            reject("completeTransition called again; ignored (the transition already completed)")
            return
        }
        isCompleted = true
        isInteractive = false
        transitionWasCancelled = !didComplete
        stack.transitionDidComplete(self, didComplete)
    }

    public func interruptibleAnimator() -> (any ImplicitlyAnimating)? {
        let fresh = animationController.interruptibleAnimator(using: self)
        if !askedForAnimator {
            askedForAnimator = true
            animator = fresh
        } else if let fresh, let kept = animator, fresh !== kept {
            stack.scene.report(.animatorChanged,
                               "interruptibleAnimator(using:) returned a different animator during one transition; the first one is kept")
        }
        return animator
    }
}
