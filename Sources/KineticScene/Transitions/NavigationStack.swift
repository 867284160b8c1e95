import Kinetic

/// A stack of screens with push and pop transitions (UIKit's `UINavigationController`).
///
/// ```swift
/// let stack = NavigationStack(root: home, scene: scene)
/// stack.push(detail, matchingGeometry: true) { completed in … }
/// stack.pop()
/// ```
///
/// A push or pop asks the ``delegate`` for its animation and interaction controllers (the
/// built-in ``NavigationTransition`` by default); ``screens`` changes once, when the transition
/// completes. An edge swipe pops interactively (``interactivePopGestureRecognizer``). How
/// transitions start, when the stack changes, matched geometry, the interactive pop and what is
/// rejected are in <doc:NavigationTransitions>.
public final class NavigationStack {
    /// The scene diagnostics are reported to.
    public let scene: Scene
    /// The node the screens are shown in.
    public let container: Node
    /// The screens, root first (see <doc:NavigationTransitions> for when this changes).
    public private(set) var screens: [Screen]
    /// Supplies custom transitions; kept strongly.
    public var delegate: (any NavigationStackDelegate)?
    /// The running transition, if any.
    public private(set) var transition: TransitionContext?
    /// The matched-geometry flight of the running transition, if it was asked for (see
    /// <doc:NavigationTransitions>).
    public private(set) var matchedGeometry: MatchedGeometryTransition?
    private var completion: ((Bool) -> Void)?

    /// The built-in edge-swipe pop (see <doc:NavigationTransitions>).
    public let interactivePopGestureRecognizer: PanGestureRecognizer
    /// How far from the container's left edge an interactive pop may start, in points.
    public var interactivePopEdgeWidth = 20.0
    /// The interaction controller of an edge-swipe pop in progress.
    private var edgePop: PercentDrivenInteractiveTransition?
    /// Lets the recognizer reach the stack without keeping it alive (cleared in `deinit`).
    private let handle: StackHandle

    /// A stack showing `root` in `container` (default: a new node filling the scene's root).
    public init(root: Screen, scene: Scene, container: Node? = nil) {
        self.scene = scene
        if let container {
            self.container = container
        } else {
            let node = Node(frame: scene.root.bounds, name: "navigation", engine: scene.engine)
            scene.root.addChild(node)
            self.container = node
        }
        screens = [root]
        let handle = StackHandle()
        self.handle = handle
        interactivePopGestureRecognizer = PanGestureRecognizer { pan in handle.stack?.handleEdgePan(pan) }
        handle.stack = self
        interactivePopGestureRecognizer.shouldBegin = { pan in handle.stack?.edgePanShouldBegin(pan) ?? false }
        self.container.addGestureRecognizer(interactivePopGestureRecognizer)
        show(root)
    }

    deinit {
        handle.stack = nil
        container.removeGestureRecognizer(interactivePopGestureRecognizer)
    }

    private func edgePanShouldBegin(_ pan: PanGestureRecognizer) -> Bool {
        guard screens.count > 1, transition == nil else { return false }
        let translation = pan.translation(in: container)
        let start = pan.location(in: container) - translation
        return start.x <= interactivePopEdgeWidth && translation.x > 0 && translation.x >= abs(translation.y)
    }

    private func handleEdgePan(_ pan: PanGestureRecognizer) {
        let width = Swift.max(container.bounds.size.width, 1)
        switch pan.state {
        case .began:
            let interaction = PercentDrivenInteractiveTransition()
            edgePop = interaction
            if pop(animated: true) == nil { edgePop = nil; return }
            interaction.update(pan.translation(in: container).x / width)
        case .changed:
            edgePop?.update(pan.translation(in: container).x / width)
        case .ended:
            guard let interaction = edgePop else { return }
            edgePop = nil
            let velocity = pan.velocity(in: container).x
            if velocity > 0 || (velocity == 0 && interaction.percentComplete > 0.5) {
                interaction.finish()
            } else {
                interaction.cancel()
            }
        case .cancelled, .failed:
            guard let interaction = edgePop else { return }
            edgePop = nil
            interaction.cancel()
        case .possible:
            break
        }
    }

    /// The screen on top.
    public var topScreen: Screen { screens[screens.count - 1] }

    /// Whether a transition is running.
    public var isTransitioning: Bool { transition != nil }

    private func show(_ screen: Screen) {
        let bounds = container.bounds
        container.engine.performWithoutAnimation {
            screen.node.frame = Rect(origin: .zero, size: bounds.size)
        }
        if screen.node.parent !== container { container.addChild(screen.node) }
    }

    /// Pushes a screen (UIKit's `pushViewController(_:animated:)`); with `matchingGeometry`,
    /// the outgoing screen's matched nodes fly to the new screen's (see <doc:NavigationTransitions>).
    /// Returns false, with a diagnostic, during a transition or for a screen already on the
    /// stack.
    @discardableResult
    public func push(_ screen: Screen, animated: Bool = true, matchingGeometry: Bool = false,
                     completion: ((Bool) -> Void)? = nil) -> Bool {
        guard transition == nil else {
            scene.report(.transitionInProgress, "push during a transition is ignored")
            return false
        }
        guard !screens.contains(where: { $0 === screen }) else {
            scene.report(.screenAlreadyInStack, "push of a screen that is already on the stack is ignored")
            return false
        }
        begin(.push, from: topScreen, to: screen, animated: animated, matchingGeometry: matchingGeometry,
              completion: completion)
        return true
    }

    /// Pops the top screen (UIKit's `popViewController(animated:)`) and returns it; nil, with a
    /// diagnostic, for the root or during a transition. With `matchingGeometry`, the top
    /// screen's matched nodes fly back to the screen below's. The stack changes when the
    /// transition completes (an interactive pop may be cancelled).
    @discardableResult
    public func pop(animated: Bool = true, matchingGeometry: Bool = false, completion: ((Bool) -> Void)? = nil) -> Screen? {
        guard transition == nil else {
            scene.report(.transitionInProgress, "pop during a transition is ignored")
            return nil
        }
        guard screens.count > 1 else {
            scene.report(.cannotPopRoot, "pop with only the root screen is ignored")
            return nil
        }
        let top = topScreen
        begin(.pop, from: top, to: screens[screens.count - 2], animated: animated,
              matchingGeometry: matchingGeometry, completion: completion)
        return top
    }

    private func begin(_ operation: NavigationOperation, from: Screen, to: Screen, animated: Bool,
                       matchingGeometry: Bool = false, completion: ((Bool) -> Void)?) {
        show(to)
        // The incoming screen goes on top for a push, underneath for a pop.
        if operation == .pop { container.insertChild(to.node, below: from.node) }
        let controller = delegate?.navigationStack(self, animationControllerFor: operation, from: from, to: to)
            ?? NavigationTransition(operation: operation)
        let interaction = animated
            ? (edgePop ?? delegate?.navigationStack(self, interactionControllerFor: controller))
            : nil
        let context = TransitionContext(stack: self, operation: operation, from: from, to: to,
                                        animationController: controller, interactionController: interaction,
                                        isAnimated: animated)
        transition = context
        self.completion = completion
        guard animated else {
            context.completeTransition(true)
            return
        }
        if matchingGeometry {
            // The transition's animator places the screens where it starts them: the flight
            // reads its ends after that.
            let animator = context.interruptibleAnimator()
            let flight = MatchedGeometryTransition(from: from.node, to: to.node, overlay: container)
            matchedGeometry = flight
            if let animator { flight.animate(with: animator) } else { flight.startAnimation() }
        }
        if let interaction {
            interaction.startInteractiveTransition(context)
        } else {
            controller.animateTransition(using: context)
        }
    }

    /// Called once by the context.
    func transitionDidComplete(_ context: TransitionContext, _ didComplete: Bool) {
        guard transition === context else { return }
        transition = nil
        // A flight of its own (no transition animator to end it) turns back on a cancel.
        if let flight = matchedGeometry {
            matchedGeometry = nil
            if !didComplete, flight.driver == nil, !flight.isFinished { flight.reverse() }
        }
        if didComplete {
            switch context.operation {
            case .push: screens.append(context.toScreen)
            case .pop: screens.removeLast()
            }
            context.fromScreen.node.removeFromParent()
        } else {
            context.toScreen.node.removeFromParent()
        }
        let handler = completion
        completion = nil
        context.animationController.animationEnded(didComplete)
        handler?(didComplete)
        delegate?.navigationStack(self, didShow: topScreen, completed: didComplete)
    }
}

/// The recognizer's way back to its stack: a reference the stack clears when it goes away, so
/// the recognizer (owned by the container node, which may outlive the stack) never keeps the
/// stack alive and never reaches a freed one. (Embedded Swift has no `weak`.)
final class StackHandle {
    unowned(unsafe) var stack: NavigationStack?
    init() {}
}
