import Kinetic
import KineticHost
import KineticScene

/// A photo grid inside a scrolling list and a detail view, as two screens of a
/// `NavigationStack` joined by a matched-geometry push and pop: tap a cell
/// and `push(detail, matchingGeometry: true)` flies it from where it is drawn in the scrolled
/// list to the detail photo on the push's own animator, a 0.45 s ease-in-out curve that also
/// fades the detail's dark backdrop in; pull the detail photo down and an interactive
/// `pop(matchingGeometry: true)` follows the finger (a `PercentDrivenInteractiveTransition`
/// the pan scrubs; a pull of ``dismissDistance`` is the whole way), and letting go finishes or
/// cancels it on a spring that carries the finger's velocity. Touch it while it flies (pushing
/// or popping) to catch it, then drag it and throw it either way: nothing jumps.
///
/// The glue is the delegate below (the cubic animation controller and the interaction
/// controller) and the pan's three phases.
public final class GridDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `grid`.
    public static var entry: SceneEntry {
        SceneEntry(name: "grid", title: "Matched geometry: grid to detail", description: "A photo grid inside a scrolling list, and a detail view, as two screens of a navigation stack. Scroll the list, then tap a photo: the stack pushes the detail with matching geometry, and the photo flies from wherever the list has put it to the detail view on the push's own ease-in-out curve, its frame, corner radius and colour interpolated, while the dark backdrop fades in with it. Pull the photo down to go back: an interactive pop follows your finger, and when you let go it finishes or cancels on a spring that carries your finger's speed. Touch it while it flies to catch it where it is, then throw it back up or down; nothing jumps. SwiftUI calls this matchedGeometryEffect, Compose sharedElement, motion.dev layoutId, Flutter Hero; UIKit does it with a custom navigation transition.", hint: "Tap a photo, pull it down, and catch it mid-flight.") { GridDemo(engine: $0) }
    }

    /// The grid: 3 columns, 9 rows of photos under a header, in a list taller than its viewport.
    public static let columns = 3, photoCount = 27
    /// The list's viewport on screen.
    public static let listFrame = Rect(x: 0, y: 64, width: 375, height: 603)
    /// A cell's frame in the list's content.
    public static func cellFrame(_ i: Int) -> Rect {
        Rect(x: 8 + Double(i % columns) * 121, y: 56 + Double(i / columns) * 121, width: 117, height: 117)
    }
    /// The list's scrolling: content 1,150 points tall in the 603-point viewport.
    public static let listAxis = ScrollAxis(contentLength: 56 + 121 * 9 + 8 + 1, viewportLength: listFrame.height)
    /// The detail photo's frame on screen.
    public static let detailFrame = Rect(x: 0, y: 146, width: 375, height: 375)
    /// The pull, in points, that takes the flight from the detail back to the grid.
    public static let dismissDistance = 300.0
    /// Progress per second beyond which a release is a flick that decides the direction.
    public static let flickProgressVelocity = 0.8
    /// The push's and pop's animator: this long, on UIKit's ease-in-out curve.
    public static let duration = 0.45, curve = AnimationCurve.easeInOut
    /// The spring a released pull finishes or cancels on (it starts with the finger's velocity).
    public static let releaseSpring = SpringTimingParameters(dampingRatio: 1, response: 0.4)

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The list's content offset (0 shows the header at the top).
    public var listOffset: AnimatedProperty<Double> { listScroller.offset }
    /// The list's fling, while it runs.
    public var fling: BoundedDecayAnimation? { listScroller.fling }
    /// The list's drag and fling.
    let listScroller: ListScroller
    /// The navigation stack: the grid at its root, the detail pushed on it.
    public let stack: NavigationStack
    /// The two screens.
    public let gridScreen: Screen, detailScreen: Screen
    /// The list viewport (its bounds origin is the scroll offset) and the cells in it.
    public let list: Node
    public private(set) var cells: [Node] = []
    /// The detail screen's node, its backdrop and its photo.
    public let detail: Node, backdrop: Node, detailPhoto: Node
    /// The matched flight of the push or pop in progress, if any.
    public var flight: MatchedGeometryTransition? { stack.matchedGeometry }
    /// The cell that is or was last shown in the detail.
    public private(set) var selected = 0
    /// The numbers hosts record, in column order. `flight.progress` is how far the photo is
    /// toward the detail (the push's flight progress, one minus the pop's; 1 on the detail at
    /// rest, 0 on the grid), so it is continuous across pushes and pops.
    public private(set) var channels: [SceneChannel] = []

    /// The stack's delegate: the animation and interaction controllers.
    private let navigation: GridNavigation
    private var dragAnchor = 0.0, dragStart = 0.0

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let scene = DemoCatalog.screen(on: engine, background: Palette.background)
        self.scene = scene
        let size = scene.size
        listScroller = ListScroller(axis: GridDemo.listAxis, engine: engine)
        let grid = Node(frame: Rect(origin: .zero, size: size), name: "grid", engine: engine)
        grid.addChild(Widgets.label("title", "Photos", Rect(x: 0, y: 20, width: size.width, height: 36),
                                    size: 22, color: Palette.dark, engine: engine))
        list = Node(frame: GridDemo.listFrame, name: "list", engine: engine)
        list.clipsToBounds = true
        list.backgroundColor = .white
        grid.addChild(list)
        list.addChild(Widgets.label("list.header", "Recents · 27 photos", Rect(x: 8, y: 8, width: 359, height: 40),
                                    size: 15, color: Palette.gray, engine: engine))
        detail = Node(frame: Rect(origin: .zero, size: size), name: "detail", engine: engine)
        backdrop = Widgets.box("detail.backdrop", Rect(origin: .zero, size: size), Color(white: 0.05), engine: engine)
        backdrop.alpha = 0
        detail.addChild(backdrop)
        detailPhoto = Widgets.box("detail.photo", GridDemo.detailFrame, Palette.blue, engine: engine)
        detailPhoto.matchID = "photo"
        detail.addChild(detailPhoto)
        detail.addChild(Widgets.label("detail.hint", "Pull the photo down to go back", Rect(x: 0, y: 560, width: size.width, height: 24),
                                      size: 14, color: Color(white: 0.7), engine: engine))
        gridScreen = Screen(title: "Photos", node: grid)
        detailScreen = Screen(title: "Photo", node: detail)
        stack = NavigationStack(root: gridScreen, scene: scene, container: scene.root)
        // Only the pull-down pops: no edge swipe.
        stack.interactivePopGestureRecognizer.isEnabled = false
        navigation = GridNavigation(backdrop: backdrop)
        stack.delegate = navigation
        let me = zeroingReference
        for i in 0..<GridDemo.photoCount {
            let cell = Widgets.box("cell\(i)", GridDemo.cellFrame(i), Color(rgb: Palette.photos[i % Palette.photos.count]),
                                   radius: 10, engine: engine)
            Widgets.showPhoto(i, on: cell)
            cell.addGestureRecognizer(TapGestureRecognizer { _ in me.object?.open(i) })
            list.addChild(cell)
            cells.append(cell)
        }

        list.addGestureRecognizer(PanGestureRecognizer { pan in me.object?.handleListPan(pan) })
        detail.addGestureRecognizer(PanGestureRecognizer { pan in me.object?.handleDetailPan(pan) })

        let offset = listOffset
        channels = [
            SceneChannel.property("list.offset", offset),
            SceneChannel(name: "flight.progress") {
                guard let demo = me.object else { return (0, 0, 0) }
                guard let flight = demo.stack.matchedGeometry, let t = demo.stack.transition else {
                    let v = demo.stack.topScreen === demo.detailScreen ? 1.0 : 0
                    return (v, v, 0)
                }
                let (p, dp) = flight.$progress.presentation
                return t.operation == .push ? (flight.progress, p, dp) : (1 - flight.progress, 1 - p, -dp)
            },
            SceneChannel.property("detail.backdrop.alpha", backdrop.$alpha),
        ]
        layout()
    }

    /// Follows the list's offset after each tick.
    public func didAdvance(to time: Double) { layout() }

    /// The list's bounds origin is its content offset (a scroll view's).
    func layout() {
        let offset = listOffset.presentationValue
        if list.bounds.origin.y != offset { list.bounds.origin.y = offset }
    }

    /// How far the photo is toward the detail now: 1 on the detail, 0 on the grid.
    public var towardDetail: Double {
        guard let flight = stack.matchedGeometry, let t = stack.transition else {
            return stack.topScreen === detailScreen ? 1 : 0
        }
        let p = flight.fractionComplete
        return t.operation == .push ? p : 1 - p
    }

    /// Pushes the detail for cell `i`: its photo flies there, on the push's animator (caught
    /// by a touch on the detail, through the interaction controller it starts with).
    func open(_ i: Int) {
        guard !stack.isTransitioning, stack.topScreen === gridScreen else { return }
        listScroller.stop()
        selected = i
        for (j, cell) in cells.enumerated() { cell.matchID = j == i ? "photo" : nil }
        detailPhoto.backgroundColor = cells[i].backgroundColor
        Widgets.showPhoto(i, on: detailPhoto)
        let interaction = PercentDrivenInteractiveTransition()
        interaction.wantsInteractiveStart = false
        navigation.interaction = interaction
        stack.push(detailScreen, matchingGeometry: true)
    }

    func handleDetailPan(_ pan: PanGestureRecognizer) {
        let dy = pan.translation(in: nil).y
        switch pan.state {
        case .began:
            if let transition = stack.transition {
                // Catch the push or pop where it is.
                guard let interaction = navigation.interaction else { return }
                if !transition.isInteractive { interaction.pause() }
            } else if stack.topScreen === detailScreen {
                // Start the way back: an interactive pop, paused at its start.
                navigation.interaction = PercentDrivenInteractiveTransition()
                guard stack.pop(matchingGeometry: true) != nil else { return }
            } else {
                return
            }
            dragAnchor = towardDetail
            dragStart = dy
        case .changed:
            scrub(to: Swift.min(Swift.max(dragAnchor - (dy - dragStart) / GridDemo.dismissDistance, 0), 1))
        case .ended, .cancelled:
            guard let transition = stack.transition, transition.isInteractive,
                  let interaction = navigation.interaction, let animator = interaction.animator else { return }
            scrub(to: Swift.min(Swift.max(dragAnchor - (dy - dragStart) / GridDemo.dismissDistance, 0), 1))
            // Toward the detail per second; a flick decides, else the nearer end.
            let velocity = pan.state == .ended ? -pan.velocity(in: nil).y / GridDemo.dismissDistance : 0
            let toDetail = abs(velocity) > GridDemo.flickProgressVelocity ? velocity > 0 : towardDetail > 0.5
            let push = transition.operation == .push
            let finishing = toDetail == push
            // The spring starts with the finger's velocity, relative to the way left.
            let fraction = animator.fractionComplete
            let percentVelocity = push ? velocity : -velocity
            let remaining = finishing ? 1 - fraction : fraction
            let relative = remaining > 1e-6
                ? Swift.min(Swift.max((finishing ? percentVelocity : -percentVelocity) / remaining, -1_000), 1_000) : 0
            interaction.timingCurve = .spring(GridDemo.releaseSpring.withInitialVelocity(Vector(dx: relative, dy: relative)))
            if finishing { interaction.finish() } else { interaction.cancel() }
        default:
            break
        }
    }

    /// Puts the photo `toward` of the way to the detail (the pull's scrub of the transition).
    private func scrub(to toward: Double) {
        guard let transition = stack.transition, transition.isInteractive, let interaction = navigation.interaction else { return }
        interaction.update(transition.operation == .push ? toward : 1 - toward)
    }

    func handleListPan(_ pan: PanGestureRecognizer) {
        listScroller.handle(pan)
        layout()
    }
}

/// The grid's navigation delegate: its push and pop run on ``GridTransition`` and are driven by
/// the demo's interaction controller.
final class GridNavigation: NavigationStackDelegate {
    let backdrop: Node
    /// The interaction controller of the next or running transition.
    var interaction: PercentDrivenInteractiveTransition?
    init(backdrop: Node) { self.backdrop = backdrop }

    func navigationStack(_ stack: NavigationStack, animationControllerFor operation: NavigationOperation,
                         from: Screen, to: Screen) -> (any AnimatedTransitioning)? {
        GridTransition(operation: operation, backdrop: backdrop)
    }

    func navigationStack(_ stack: NavigationStack,
                         interactionControllerFor animationController: any AnimatedTransitioning) -> (any InteractiveTransitioning)? {
        interaction
    }

    func navigationStack(_ stack: NavigationStack, didShow screen: Screen, completed: Bool) {
        interaction = nil
    }
}

/// The grid's push and pop: the screens stay where they are, the detail's backdrop fades in or
/// out on a ``GridDemo/duration`` ease-in-out animator, and the stack's matched flight rides the
/// same animator.
final class GridTransition: AnimatedTransitioning {
    let operation: NavigationOperation
    let backdrop: Node
    private var animator: PropertyAnimator?

    init(operation: NavigationOperation, backdrop: Node) {
        self.operation = operation
        self.backdrop = backdrop
    }

    func transitionDuration(using context: (any ContextTransitioning)?) -> Double { GridDemo.duration }

    func animateTransition(using context: any ContextTransitioning) {
        context.interruptibleAnimator()?.startAnimation()
    }

    func interruptibleAnimator(using context: any ContextTransitioning) -> (any ImplicitlyAnimating)? {
        if let animator { return animator }
        let backdrop = backdrop, push = operation == .push
        backdrop.engine.performWithoutAnimation { backdrop.alpha = push ? 0 : 1 }
        let animator = PropertyAnimator(duration: GridDemo.duration, curve: GridDemo.curve, engine: backdrop.engine) {
            backdrop.alpha = push ? 1 : 0
        }
        animator.addCompletion { _ in context.completeTransition(!context.transitionWasCancelled) }
        self.animator = animator
        return animator
    }

    /// Lets go of the animator (and, through its completion, of the context).
    func animationEnded(_ transitionCompleted: Bool) { animator = nil }
}
