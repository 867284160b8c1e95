import Kinetic
import KineticHost
import KineticScene

/// The photo zoom transition of the 2016 session's demo app: a grid of photos in a navigation
/// stack; a tap pushes the photo's detail screen with the photo zooming out of the grid; pulling
/// the detail screen down pops it interactively, the photo following the finger and shrinking;
/// releasing animates to the end or back; touching the screen again catches the transition
/// mid-flight and makes it interactive again, as many times as you like.
///
/// The structure is the session's: one object is the stack's delegate, the animation controller
/// and the interaction controller, and creates a ``PhotoTransitionDriver`` per transition. The
/// driver's *transition animator* (ease-out, the session's `propertyAnimator` with `.easeOut`)
/// runs the background — the detail screen's fade and its bar — and is the transition's
/// interruptible animator; a second *item frame animator*, created at each release, moves the
/// photo on a spring (mass 4.5, stiffness 1300, damping 95, with the release velocity: the
/// values of Apple's sample for this session), with the transition animator continued over the
/// same time (`durationFactor`) so both arrive together on their different curves. Catching it
/// stops the item animator where it is (`stopAnimation(true)`), pauses the transition animator
/// and calls `pauseInteractiveTransition()`.
public final class PhotoDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `photo`.
    public static var entry: SceneEntry {
        SceneEntry(name: "photo", title: "The photo zoom transition", description: "The interruptible navigation transition of the 2016 session's Photos demo. Tap a photo in the grid: the detail screen is pushed and the photo zooms out of its tile. Pull the photo down to pop back interactively: it follows your finger and shrinks while the dark background fades with your progress. Let go and it animates home, the photo on a spring carrying your release velocity, the background chrome on an ease-out curve over the same time. Put your finger down again while it animates to catch it mid-flight, then push it back up and release to cancel the pop, or pull down to finish it. A flick decides; otherwise a third of the way finishes.", hint: "Tap a photo, pull it down to go back, and catch it again while it flies.") { PhotoDemo(engine: $0) }
    }

    /// The photos in the grid.
    public static let photoCount = 12
    /// The grid's tile frames (screen coordinates).
    public static func tileFrame(_ i: Int) -> Rect {
        Rect(x: 4 + Double(i % 3) * 123.67, y: 100 + Double(i / 3) * 123.67, width: 119.67, height: 119.67)
    }
    /// The photo's frame on the detail screen.
    public static let detailPhotoFrame = Rect(x: 0, y: 146, width: 375, height: 375)
    /// The photo's spring (Apple's sample for the session).
    public static let itemSpring = SpringTimingParameters(mass: 4.5, stiffness: 1300, damping: 95)
    /// A release faster than this (points per second) is a flick.
    public static let flickVelocity = 300.0

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The navigation stack.
    public let stack: NavigationStack
    /// The grid and detail screens.
    public let grid: Screen, detail: Screen
    /// The tiles, and the photo on the detail screen.
    public private(set) var tiles: [Node] = []
    public let detailPhoto: Node
    /// The node that carries the photo during a transition (shown only then).
    public let transitionPhoto: Node
    /// The transition controller (delegate, animation and interaction controller).
    public let controller: PhotoTransitionController
    /// The photo being shown or zoomed.
    public private(set) var selectedIndex = 0
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []


    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let size = DemoCatalog.screenSize
        let scene = Scene(size: size, engine: engine)
        self.scene = scene
        let gridNode = Node(name: "grid", engine: engine)
        gridNode.backgroundColor = .white
        gridNode.addChild(Widgets.label("grid.title", "Photos", Rect(x: 0, y: 40, width: size.width, height: 50), size: 28, engine: engine))
        let detailNode = Node(name: "detail", engine: engine)
        detailNode.backgroundColor = .black
        detailPhoto = Widgets.box("detail.photo", PhotoDemo.detailPhotoFrame, Color(rgb: Palette.photos[0]), engine: engine)
        Widgets.showPhoto(0, on: detailPhoto)
        detailNode.addChild(detailPhoto)
        let bar = Widgets.box("detail.bar", Rect(x: 0, y: 0, width: size.width, height: 88), Color(white: 0.12, alpha: 0.8), engine: engine)
        bar.blurRadius = 8
        bar.addChild(Widgets.label("detail.bar.title", "Photo", Rect(x: 0, y: 40, width: size.width, height: 40), size: 17, color: .white, engine: engine))
        detailNode.addChild(bar)
        detailNode.addChild(Widgets.label("detail.hint", "Pull the photo down to go back", Rect(x: 0, y: 560, width: size.width, height: 24),
                                          size: 14, color: Color(white: 0.7), engine: engine))
        transitionPhoto = Widgets.box("transition.photo", PhotoDemo.detailPhotoFrame, .white, engine: engine)
        transitionPhoto.isUserInteractionEnabled = false
        Widgets.showPhoto(0, on: transitionPhoto)

        grid = Screen(title: "Photos", node: gridNode)
        detail = Screen(title: "Photo", node: detailNode)
        stack = NavigationStack(root: grid, scene: scene)
        controller = PhotoTransitionController()
        stack.delegate = controller
        // The recognizers live in the scene this object owns, and the transition controller in
        // its stack: they reach it through a zeroing reference, so neither keeps it alive.
        let me = zeroingReference
        for i in 0..<PhotoDemo.photoCount {
            let tile = Widgets.box("tile\(i)", PhotoDemo.tileFrame(i), Color(rgb: Palette.photos[i]), engine: engine)
            Widgets.showPhoto(i, on: tile)
            tile.addGestureRecognizer(TapGestureRecognizer { _ in me.object?.open(i) })
            gridNode.addChild(tile)
            tiles.append(tile)
        }
        controller.demo = me

        let pan = PanGestureRecognizer { pan in me.object?.handlePan(pan) }
        pan.shouldBegin = { pan in
            guard let self = me.object else { return false }
            if self.stack.isTransitioning { return true }
            let t = pan.translation(in: nil)
            return self.stack.topScreen === self.detail && t.y > abs(t.x)
        }
        stack.container.addGestureRecognizer(pan)

        let p = transitionPhoto.$center, b = transitionPhoto.$bounds
        let stack = stack, controller = controller
        channels = SceneChannel.point("transition.photo.center", p) + [
            SceneChannel(name: "transition.photo.width") { (b.value.width, b.presentationValue.width, b.velocity.width) },
            SceneChannel.property("detail.alpha", detailNode.$alpha),
            SceneChannel(name: "stack.count") {
                let n = Double(stack.screens.count)
                return (n, n, 0)
            },
            SceneChannel(name: "transition.fractionComplete") {
                let f = controller.driver?.transitionAnimator.fractionComplete ?? 0
                return (f, f, 0)
            },
        ]
    }

    /// Pushes the detail screen for photo `i` (a tap on its tile).
    func open(_ i: Int) {
        guard !stack.isTransitioning, stack.topScreen === grid else { return }
        selectedIndex = i
        detailPhoto.backgroundColor = Color(rgb: Palette.photos[i])
        transitionPhoto.backgroundColor = Color(rgb: Palette.photos[i])
        Widgets.showPhoto(i, on: detailPhoto)
        Widgets.showPhoto(i, on: transitionPhoto)
        controller.initiallyInteractive = false
        stack.push(detail)
    }

    func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            if let driver = controller.driver {
                driver.pauseAnimation()
            } else if stack.topScreen === detail {
                controller.initiallyInteractive = true
                stack.pop()
            }
            controller.driver?.updateInteraction(pan)
        case .changed:
            controller.driver?.updateInteraction(pan)
        case .ended, .cancelled:
            controller.driver?.endInteraction(pan)
        default:
            break
        }
    }
}

/// The stack's delegate, animation controller and interaction controller for ``PhotoDemo``
/// (the session's `AssetTransitionController`).
public final class PhotoTransitionController: NavigationStackDelegate, AnimatedTransitioning, InteractiveTransitioning {
    /// The demo (which owns this controller through its stack).
    var demo: ZeroingReference<PhotoDemo>?
    /// Whether the next transition starts interactive (a pan started it).
    public var initiallyInteractive = false
    /// The running transition's driver.
    public private(set) var driver: PhotoTransitionDriver?
    private var operation: NavigationOperation = .push

    public var wantsInteractiveStart: Bool { initiallyInteractive }

    public func navigationStack(_ stack: NavigationStack, animationControllerFor operation: NavigationOperation,
                                from: Screen, to: Screen) -> (any AnimatedTransitioning)? {
        self.operation = operation
        return self
    }

    public func navigationStack(_ stack: NavigationStack,
                                interactionControllerFor animationController: any AnimatedTransitioning) -> (any InteractiveTransitioning)? {
        self
    }

    public func transitionDuration(using context: (any ContextTransitioning)?) -> Double {
        PhotoTransitionDriver.animationDuration
    }

    public func animateTransition(using context: any ContextTransitioning) {}

    public func startInteractiveTransition(_ context: any ContextTransitioning) {
        guard let demo = demo?.object else { return }
        driver = PhotoTransitionDriver(operation: operation, context: context, demo: demo, controller: self)
    }

    public func interruptibleAnimator(using context: any ContextTransitioning) -> (any ImplicitlyAnimating)? {
        driver?.transitionAnimator
    }

    public func animationEnded(_ transitionCompleted: Bool) {
        driver = nil
        initiallyInteractive = false
    }
}

/// One photo transition (the session's `AssetTransitionDriver`).
public final class PhotoTransitionDriver: LifetimeOwner {
    /// The token of the driver's zeroing references (its animators' completions reach it so).
    public let lifetime = Lifetime()
    /// The duration of both animators: the item spring's settling duration.
    public static let animationDuration = PhotoDemo.itemSpring.settlingDuration
    /// The background animator: the transition's interruptible animator (ease-out).
    public let transitionAnimator: PropertyAnimator
    /// The photo's animator of the current animated phase.
    public private(set) var itemFrameAnimator: PropertyAnimator?
    let operation: NavigationOperation
    let context: any ContextTransitioning
    /// The photo carried during the transition, the tile it zooms from and the detail photo.
    private let photo: Node, tile: Node, detailPhoto: Node
    private let bar: Node?
    private let engine: AnimationEngine
    private let startFrame: Rect, endFrame: Rect

    init(operation: NavigationOperation, context: any ContextTransitioning, demo: PhotoDemo, controller: PhotoTransitionController) {
        self.operation = operation
        self.context = context
        let engine = context.containerNode.engine
        self.engine = engine
        let tile = demo.tiles[demo.selectedIndex]
        self.tile = tile
        let tileFrame = PhotoDemo.tileFrame(demo.selectedIndex)
        let from = operation == .push ? tileFrame : PhotoDemo.detailPhotoFrame
        startFrame = from
        endFrame = operation == .push ? PhotoDemo.detailPhotoFrame : tileFrame
        let op = operation
        let photo = demo.transitionPhoto
        self.photo = photo
        detailPhoto = demo.detailPhoto
        let detailNode = demo.detail.node
        let bar = detailNode.descendant(named: "detail.bar")
        self.bar = bar
        engine.performWithoutAnimation {
            photo.removeAllAnimations()
            photo.frame = from
            if op == .push {
                detailNode.alpha = 0
                bar?.center.y = -44
            }
        }
        context.containerNode.addChild(photo)
        tile.isHidden = true
        demo.detailPhoto.isHidden = true

        transitionAnimator = PropertyAnimator(duration: PhotoTransitionDriver.animationDuration, curve: .easeOut, engine: engine) {
            // The background chrome: the detail screen fades and its bar slides.
            detailNode.alpha = op == .push ? 1 : 0
            bar?.center.y = op == .push ? 44 : -44
        }
        // The engine holds the running animator and the nodes hold the engine: the completion
        // reaches the driver through a zeroing reference, so a demo dropped mid-flight is freed.
        let me = zeroingReference
        transitionAnimator.addCompletion { position in me.object?.transitionAnimatorDidComplete(at: position) }
        if !context.isInteractive { animate(to: .end, velocity: .zero) }
    }

    private func transitionAnimatorDidComplete(at position: AnimatingPosition) {
        let completed = position == .end
        // Clean up before the stack changes: the real photos come back.
        photo.removeFromParent()
        tile.isHidden = false
        detailPhoto.isHidden = false
        if !completed, operation == .pop {
            let bar = bar
            engine.performWithoutAnimation { bar?.center.y = 44 }
        }
        context.completeTransition(completed)
    }

    /// Scrubs the transition by the pan's vertical travel since the last call, and moves the
    /// photo with the finger (the session's `updateInteraction`).
    func updateInteraction(_ pan: PanGestureRecognizer) {
        guard context.isInteractive else { return }
        let container = context.containerNode
        let translation = pan.translation(in: nil)
        let step = (operation == .pop ? 1.0 : -1.0) * translation.y / container.bounds.midY
        let fraction = Swift.min(Swift.max(transitionAnimator.fractionComplete + step, 0), 1)
        transitionAnimator.fractionComplete = fraction
        context.updateInteractiveTransition(fraction)
        // The photo follows the finger and takes the size of its progress towards the end.
        let size = startFrame.size + (endFrame.size - startFrame.size) * fraction
        let center = photo.center + translation
        photo.frame = Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        pan.setTranslation(.zero, in: nil)
    }

    /// Ends the interactive phase towards the end or the start (the session's `endInteraction`).
    func endInteraction(_ pan: PanGestureRecognizer) {
        guard context.isInteractive else { return }
        let velocity = pan.velocity(in: nil)
        let position = completionPosition(velocity: velocity)
        if position == .end { context.finishInteractiveTransition() } else { context.cancelInteractiveTransition() }
        animate(to: position, velocity: velocity)
    }

    /// A flick decides (down finishes a pop, up finishes a push); otherwise a third of the way.
    func completionPosition(velocity: Point) -> AnimatingPosition {
        let isFlick = velocity.magnitude > PhotoDemo.flickVelocity
        let flickFinishes = operation == .pop ? velocity.y > 0 : velocity.y < 0
        if isFlick { return flickFinishes ? .end : .start }
        return transitionAnimator.fractionComplete > 0.33 ? .end : .start
    }

    /// Animates to `position`: the photo on the spring with the release velocity, the
    /// background on its ease-out curve over the same time (the session's `animate(_:)`).
    func animate(to position: AnimatingPosition, velocity: Point) {
        let photo = photo
        let target = position == .end ? endFrame : startFrame
        let distance = target.center - photo.center
        // UIKit's spring velocity is relative: points per second over the distance to go.
        let relative = Vector(dx: abs(distance.x) > 1 ? velocity.x / distance.x : 0,
                              dy: abs(distance.y) > 1 ? velocity.y / distance.y : 0)
        let spring = PhotoDemo.itemSpring.withInitialVelocity(relative)
        let item = PropertyAnimator(duration: PhotoTransitionDriver.animationDuration, timingParameters: .spring(spring),
                                    engine: photo.engine) { photo.frame = target }
        item.startAnimation()
        itemFrameAnimator = item
        transitionAnimator.isReversed = position == .start
        if transitionAnimator.state == .inactive {
            transitionAnimator.startAnimation()
        } else {
            let factor = item.animationDuration / transitionAnimator.duration
            transitionAnimator.continueAnimation(withTimingParameters: nil, durationFactor: factor)
        }
    }

    /// Catches an animated phase (the session's `pauseAnimation`).
    func pauseAnimation() {
        guard !context.isInteractive else { return }
        if let item = itemFrameAnimator, item.state == .active { item.stopAnimation(true) }
        itemFrameAnimator = nil
        transitionAnimator.pauseAnimation()
        context.pauseInteractiveTransition()
    }
}
