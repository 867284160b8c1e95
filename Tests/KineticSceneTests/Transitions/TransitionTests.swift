import Testing
import Kinetic
@testable import KineticScene

/// Returns the built-in animation controller, with a percent-driven interaction controller
/// while `interactive` is set.
final class InteractiveDelegate: NavigationStackDelegate {
    let interaction = PercentDrivenInteractiveTransition()
    var interactive = false
    var shown: [(String, Bool)] = []
    func navigationStack(_ stack: NavigationStack,
                         interactionControllerFor animationController: any AnimatedTransitioning) -> (any InteractiveTransitioning)? {
        interactive ? interaction : nil
    }
    func navigationStack(_ stack: NavigationStack, didShow screen: Screen, completed: Bool) {
        shown.append((screen.title, completed))
    }
}

func twoScreens() -> (AnimationEngine, Scene, NavigationStack, Screen, Screen) {
    let engine = AnimationEngine()
    let scene = Scene(size: Size(width: 400, height: 800), engine: engine)
    let grid = Screen(title: "Grid", node: Node(name: "grid", engine: engine))
    grid.node.backgroundColor = .white
    let detail = Screen(title: "Detail", node: Node(name: "detail", engine: engine))
    detail.node.backgroundColor = Color(rgb: 0x223344)
    let stack = NavigationStack(root: grid, scene: scene)
    #expect(stack.push(detail, animated: false))
    return (engine, scene, stack, grid, detail)
}

@Suite("Transitions")
struct TransitionTests {
    @Test func theBuiltInPushRunsOnACriticallyDampedSpring() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 400, height: 800), engine: engine)
        let grid = Screen(title: "Grid", node: Node(name: "grid", engine: engine))
        let detail = Screen(title: "Detail", node: Node(name: "detail", engine: engine))
        let stack = NavigationStack(root: grid, scene: scene)
        var completions: [Bool] = []
        #expect(stack.push(detail) { completions.append($0) })
        let context = stack.transition!
        let animator = context.interruptibleAnimator()!
        #expect(context.interruptibleAnimator()! === animator)          // the same, every time
        #expect((animator as! PropertyAnimator).timingParameters
                == .spring(SpringTimingParameters(dampingRatio: 1).fitted(toDuration: 0.5)))
        #expect(!context.isInteractive && animator.isRunning)
        #expect(stack.screens.count == 1)                                // changes at completion
        engine.tick(at: 0.25)
        let x = detail.node.presentation.center.x
        #expect(x > 200 && x < 600)
        // Critically damped: never past the target on the way in.
        var previous = x
        for i in 26...50 {
            engine.tick(at: Double(i) / 100)
            let now = detail.node.presentation.center.x
            #expect(now <= previous && now >= 200)
            previous = now
        }
        #expect(completions == [true])
        #expect(stack.screens.map(\.title) == ["Grid", "Detail"])
        #expect(stack.container.children.map(\.name) == ["detail"])
        #expect(stack.transition == nil && context.isCompleted)
    }

    /// The 2016 session's scenario: pull to pop interactively, release into animation, catch it
    /// mid-flight, drag it back and let go: the pop is cancelled.
    @Test func interactiveReleaseCatchDragBackAndCancel() {
        let (engine, scene, stack, grid, detail) = twoScreens()
        let delegate = InteractiveDelegate()
        stack.delegate = delegate
        let percent = delegate.interaction
        var popCompletions: [Bool] = []
        var startPercent = 0.0
        let pan = PanGestureRecognizer { pan in
            switch pan.state {
            case .began:
                if stack.transition == nil {
                    delegate.interactive = true
                    stack.pop { popCompletions.append($0) }
                    startPercent = 0
                } else {
                    // Caught mid-flight: pause, then scrub from where the node is seen.
                    percent.pause()
                    startPercent = (detail.node.presentation.center.x - 200) / 400
                    percent.update(startPercent)
                }
            case .changed:
                percent.update(startPercent + pan.translation(in: nil).x / 400)
            case .ended:
                if pan.velocity(in: nil).x > 0 { percent.finish() } else { percent.cancel() }
            default: break
            }
        }
        pan.minimumDistance = 0
        detail.node.addGestureRecognizer(pan)

        // 1. Interactive start.
        #expect(scene.send(.down(1, Point(x: 100, y: 400), at: 0)))
        let context = stack.transition!
        #expect(context.operation == .pop)
        #expect(context.isInteractive && !context.transitionWasCancelled)
        #expect(stack.screens.map(\.title) == ["Grid", "Detail"])
        #expect(stack.container.children.map(\.name) == ["grid", "detail"])
        let animator = context.interruptibleAnimator()!
        #expect(animator.state == .active && !animator.isRunning)

        // 2. Drag right 80 points at 400 points/s, 60 Hz: 20 %, scrubbed linearly.
        for k in 1...11 { scene.send(.move(1, Point(x: 100 + 400 * Double(k) / 60, y: 400), at: Double(k) / 60)) }
        scene.send(.move(1, Point(x: 180, y: 400), at: 0.2))
        #expect(context.percentComplete == 0.2)
        #expect(detail.node.presentation.center.x == 280)
        #expect(grid.node.presentation.center.x == 80 + 0.2 * 120)
        // A push during the transition is rejected and changes nothing.
        let other = Screen(title: "Other", node: Node(engine: engine))
        #expect(!stack.push(other))
        #expect(stack.pop() == nil)
        #expect(scene.engine.diagnostics.map(\.kind) == [.transitionInProgress, .transitionInProgress])
        #expect(stack.transition === context && context.isInteractive)

        // 3. Release moving right: finish, into an animated phase.
        scene.send(.up(1, Point(x: 180, y: 400), at: 0.2))
        #expect(!context.isInteractive && !context.transitionWasCancelled)
        #expect(animator.isRunning && !animator.isReversed)
        engine.tick(at: 0.3)
        let seen = detail.node.presentation.center.x
        #expect(seen > 280 && seen < 600)
        #expect(popCompletions.isEmpty)

        // 4. Caught mid-flight where it is seen (its model is already at 600: x = seen − 150
        //    lies outside the model frame 400...800, inside the presentation frame).
        let catchPoint = Point(x: seen - 150, y: 400)
        #expect(scene.hitTest(catchPoint) === detail.node)
        #expect(scene.send(.down(2, catchPoint, at: 0.3)))
        #expect(context.isInteractive && !context.transitionWasCancelled)
        #expect(!animator.isRunning)
        #expect(abs(detail.node.presentation.center.x - seen) <= 1e-9)     // no jump on catch
        #expect(abs(context.percentComplete - (seen - 200) / 400) <= 1e-12)

        // 5. Dragged back left at 800 points/s and released: cancel.
        for k in 1...5 {
            scene.send(.move(2, Point(x: catchPoint.x - 800 * Double(k) / 60, y: 400), at: 0.3 + Double(k) / 60))
        }
        scene.send(.move(2, Point(x: catchPoint.x - 80, y: 400), at: 0.4))
        #expect(abs(detail.node.presentation.center.x - (seen - 80)) <= 1e-9)
        scene.send(.up(2, Point(x: catchPoint.x - 80, y: 400), at: 0.4))
        #expect(!context.isInteractive && context.transitionWasCancelled)
        #expect(animator.isRunning && animator.isReversed)
        #expect(stack.transition === context)
        #expect(popCompletions.isEmpty)

        // 6. It runs back and completes, cancelled: the stack is as before, once.
        for i in 5...30 { engine.tick(at: Double(i) / 10) }
        #expect(popCompletions == [false])
        #expect(context.isCompleted && context.transitionWasCancelled && !context.isInteractive)
        #expect(stack.transition == nil)
        #expect(stack.screens.map(\.title) == ["Grid", "Detail"])
        #expect(stack.container.children.map(\.name) == ["detail"])
        #expect(detail.node.presentation.center.x == 200 && detail.node.center.x == 200)
        #expect(animator.state == .inactive)
        #expect(delegate.shown.count == 1 && delegate.shown[0].0 == "Detail" && delegate.shown[0].1 == false)
        // Late calls are ignored; completing again is rejected.
        percent.finish()
        context.completeTransition(true)
        #expect(popCompletions == [false])
        #expect(stack.screens.count == 2)
        #expect(scene.engine.diagnostics.last?.kind == .illegalTransitionCall)

        // 7. The stack is usable: pop for real, then the root cannot be popped.
        delegate.interactive = false
        #expect(stack.pop(animated: false) === detail)
        #expect(stack.screens.map(\.title) == ["Grid"])
        #expect(stack.pop() == nil)
        #expect(scene.engine.diagnostics.last?.kind == .cannotPopRoot)
        #expect(stack.screens.count == 1 && stack.transition == nil)
    }

    @Test func illegalContextCallsAreRejected() {
        let (_, scene, stack, _, detail) = twoScreens()
        #expect(!stack.push(detail))
        #expect(scene.engine.diagnostics.last?.kind == .screenAlreadyInStack)
        stack.pop()
        let context = stack.transition!
        // Animated, with no interaction controller: none of these is legal.
        context.pauseInteractiveTransition()
        context.finishInteractiveTransition()
        context.cancelInteractiveTransition()
        context.updateInteractiveTransition(0.5)
        #expect(scene.engine.diagnostics.suffix(4).allSatisfy { $0.kind == .illegalTransitionCall })
        #expect(!context.isInteractive && !context.transitionWasCancelled && context.percentComplete == 0)
        #expect(stack.transition === context)
    }
}

/// The built-in edge-swipe pop, alone and beside a custom pan that requires it to fail (the
/// 2016 session's photo app: the system's pop gesture and the app's own pan coexist).
@Suite("Interactive pop gesture")
struct InteractivePopGestureTests {
    /// Drags pointer 1 from `from` by `dx` (and `dy`) over `steps` frames at 60 Hz from `start`.
    private func drag(_ scene: Scene, from: Point, dx: Double, dy: Double = 0, steps: Int, start: Double) {
        scene.send(.down(1, from, at: start))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            scene.send(.move(1, Point(x: from.x + dx * f, y: from.y + dy * f), at: start + Double(i) / 60))
        }
    }

    @Test func anEdgeSwipeRightPopsInteractively() {
        let (engine, scene, stack, grid, detail) = twoScreens()
        var custom: [GestureRecognizerState] = []
        let pan = PanGestureRecognizer { custom.append($0.state) }
        pan.require(toFail: stack.interactivePopGestureRecognizer)
        detail.node.addGestureRecognizer(pan)
        drag(scene, from: Point(x: 5, y: 400), dx: 100, steps: 10, start: 0.1)
        let context = stack.transition
        #expect(context != nil && context!.isInteractive && stack.interactivePopGestureRecognizer.state == .changed)
        // The pop follows the finger: 100 of 400 points.
        #expect(abs(context!.percentComplete - 0.25) <= 1e-9)
        #expect(stack.screens.count == 2)
        scene.send(.up(1, Point(x: 105, y: 400), at: 0.1 + 11.0 / 60))
        #expect(!context!.isInteractive && !context!.transitionWasCancelled)
        engine.tick(at: 3)
        #expect(stack.screens.map(\.title) == ["Grid"] && stack.transition == nil)
        #expect(grid.node.parent === stack.container && detail.node.parent == nil)
        // The custom pan waited for the edge pan, which began, so it failed and never acted.
        #expect(custom.isEmpty && pan.state != .began && pan.state != .changed)
    }

    @Test func dragBackAndReleaseCancelsThePop() {
        let (engine, scene, stack, _, detail) = twoScreens()
        drag(scene, from: Point(x: 8, y: 300), dx: 200, steps: 10, start: 0)
        #expect(abs(stack.transition!.percentComplete - 0.5) <= 1e-9)
        // Back towards the edge, then release while moving left.
        for i in 1...6 {
            scene.send(.move(1, Point(x: 208 - 30 * Double(i), y: 300), at: 10.0 / 60 + Double(i) / 60))
        }
        scene.send(.up(1, Point(x: 28, y: 300), at: 17.0 / 60))
        let context = stack.transition!
        #expect(context.transitionWasCancelled && !context.isInteractive)
        engine.tick(at: 3)
        #expect(stack.screens.map(\.title) == ["Grid", "Detail"] && stack.transition == nil)
        #expect(detail.node.parent === stack.container)
    }

    @Test func aDragAwayFromTheEdgeIsTheCustomPans() {
        let (_, scene, stack, _, detail) = twoScreens()
        var began = 0
        let pan = PanGestureRecognizer { if $0.state == .began { began += 1 } }
        pan.require(toFail: stack.interactivePopGestureRecognizer)
        detail.node.addGestureRecognizer(pan)
        drag(scene, from: Point(x: 150, y: 300), dx: 0, dy: 120, steps: 8, start: 0)
        #expect(stack.transition == nil && stack.interactivePopGestureRecognizer.state == .failed)
        #expect(began == 1 && pan.state == .changed)
        #expect(abs(pan.translation(in: nil).y - 120) <= 1e-9)
    }

    @Test func noPopGestureOnTheRootScreen() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 400, height: 800), engine: engine)
        let stack = NavigationStack(root: Screen(title: "Root", node: Node(name: "root", engine: engine)), scene: scene)
        drag(scene, from: Point(x: 5, y: 400), dx: 100, steps: 5, start: 0)
        #expect(stack.transition == nil && stack.interactivePopGestureRecognizer.state == .failed)
        #expect(scene.engine.diagnostics.isEmpty)
    }
}
