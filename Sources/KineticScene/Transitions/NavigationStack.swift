import Kinetic

/// A stack of screens with push and pop transitions (UIKit's `UINavigationController`).
///
/// ## Transitions
/// ``push(_:animated:completion:)`` and ``pop(animated:completion:)`` ask the ``delegate`` for
/// an animation controller (nil: the built-in ``NavigationTransition``, a critically damped
/// spring) and an interaction controller. With an interaction controller the transition is
/// started with `startInteractiveTransition(_:)`, otherwise `animateTransition(using:)`.
/// ``transition`` is the running transition's context.
///
/// ## The stack changes once, at the end
/// ``screens`` keeps its value for the whole transition and changes when the transition calls
/// `completeTransition(true)`: the pushed screen is appended or the popped one removed, and the
/// screen that left is removed from the container. With `completeTransition(false)` the stack
/// is as before and the screen that was coming in is removed from the container. The
/// completion handler runs exactly once, with that Boolean.
///
/// ## Bad input
/// Each is reported as a ``SceneDiagnostic`` on the scene and changes nothing:
/// - a push or pop while a transition runs (``SceneDiagnostic/Kind/transitionInProgress``):
///   push returns false, pop nil; the running transition carries on;
/// - a pop with only the root screen (``SceneDiagnostic/Kind/cannotPopRoot``): returns nil;
/// - a push of a screen already on the stack (``SceneDiagnostic/Kind/screenAlreadyInStack``).
/// In all three the completion handler is not called.
public final class NavigationStack {
    /// The scene diagnostics are reported to.
    public let scene: Scene
    /// The node the screens are shown in.
    public let container: Node
    /// The screens, root first (see the type's discussion for when this changes).
    public private(set) var screens: [Screen]
    /// Supplies custom transitions; kept strongly.
    public var delegate: (any NavigationStackDelegate)?
    /// The running transition, if any.
    public private(set) var transition: TransitionContext?
    private var completion: ((Bool) -> Void)?

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
        show(root)
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

    /// Pushes a screen (UIKit's `pushViewController(_:animated:)`). Returns false, with a
    /// diagnostic, during a transition or for a screen already on the stack.
    @discardableResult
    public func push(_ screen: Screen, animated: Bool = true, completion: ((Bool) -> Void)? = nil) -> Bool {
        guard transition == nil else {
            scene.report(.transitionInProgress, "push during a transition is ignored")
            return false
        }
        guard !screens.contains(where: { $0 === screen }) else {
            scene.report(.screenAlreadyInStack, "push of a screen that is already on the stack is ignored")
            return false
        }
        begin(.push, from: topScreen, to: screen, animated: animated, completion: completion)
        return true
    }

    /// Pops the top screen (UIKit's `popViewController(animated:)`) and returns it; nil, with a
    /// diagnostic, for the root or during a transition. The stack changes when the transition
    /// completes (an interactive pop may be cancelled).
    @discardableResult
    public func pop(animated: Bool = true, completion: ((Bool) -> Void)? = nil) -> Screen? {
        guard transition == nil else {
            scene.report(.transitionInProgress, "pop during a transition is ignored")
            return nil
        }
        guard screens.count > 1 else {
            scene.report(.cannotPopRoot, "pop with only the root screen is ignored")
            return nil
        }
        let top = topScreen
        begin(.pop, from: top, to: screens[screens.count - 2], animated: animated, completion: completion)
        return top
    }

    private func begin(_ operation: NavigationOperation, from: Screen, to: Screen, animated: Bool,
                       completion: ((Bool) -> Void)?) {
        show(to)
        // The incoming screen goes on top for a push, underneath for a pop.
        if operation == .pop { container.insertChild(to.node, below: from.node) }
        let controller = delegate?.navigationStack(self, animationControllerFor: operation, from: from, to: to)
            ?? NavigationTransition(operation: operation)
        let interaction = animated ? delegate?.navigationStack(self, interactionControllerFor: controller) : nil
        let context = TransitionContext(stack: self, operation: operation, from: from, to: to,
                                        animationController: controller, interactionController: interaction,
                                        isAnimated: animated)
        transition = context
        self.completion = completion
        guard animated else {
            context.completeTransition(true)
            return
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
