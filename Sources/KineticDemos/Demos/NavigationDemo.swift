// A navigation stack popped interactively: a photo grid and a detail screen dragged away to the right.
import Kinetic
import KineticHost
import KineticScene

/// A grid of photos with a detail screen pushed on it; dragging the detail screen pops it
/// interactively (the built-in spring transition driven by a percent-driven interaction
/// controller): release moving right, or past half way, to finish, otherwise it cancels; a drag
/// that catches it while it animates takes it over. Tapping a tile of the grid pushes the
/// detail screen again. 400 × 800 points. (UIKit: `UINavigationController` with an interactive
/// pop through `UIPercentDrivenInteractiveTransition`.)
///
/// Channels: `detail.*` and `grid.*` — `center.x`, `center.y`, `alpha`, `blur` of each screen.
public final class NavigationDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `navigation`.
    public static var entry: SceneEntry {
        SceneEntry(
            name: "navigation", title: "Navigation stack",
            description: "A photo grid with a detail screen pushed on it, as UINavigationController shows them. Drag the detail screen to the right: the pop follows your finger (a percent-driven interactive transition scrubbing the built-in spring). Release it moving right, or past half way, and it finishes; otherwise it cancels back. Catch it while it animates and the drag takes it over. Tap a tile to push the detail screen again.",
            hint: "Drag the detail screen to the right, release, and catch it mid-flight."
        ) { NavigationDemo(engine: $0) }
    }

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene (400 × 800 points).
    public let scene: Scene
    /// The numbers hosts record, in column order.
    public let channels: [SceneChannel]
    /// The navigation stack: the grid, with the detail screen pushed on it.
    let stack: NavigationStack
    let grid: Screen, detail: Screen
    let delegate = NavigationDelegate()
    private var startPercent = 0.0
    private static let width = 400.0

    /// Channels for a screen node's properties: `NAME.center.x`, `.center.y`, `.alpha`, `.blur`.
    static func channels(_ node: Node) -> [SceneChannel] {
        SceneChannel.node(node) + [SceneChannel.property(node.name + ".blur", node.$blurRadius)]
    }

    /// A fresh navigation scene on `engine`, the detail screen pushed.
    public init(engine: AnimationEngine) {
        let scene = Scene(size: Size(width: 400, height: 800), engine: engine)
        let gridNode = Node(name: "grid", engine: engine)
        gridNode.backgroundColor = Color(rgb: 0xF2F2F7)
        let title = Node(frame: Rect(x: 0, y: 40, width: 400, height: 50), name: "title", engine: engine)
        title.text = "Photos"
        title.fontSize = 28
        gridNode.addChild(title)
        let palette: [UInt32] = [0xFF9500, 0x34C759, 0x007AFF, 0xAF52DE, 0xFF2D55, 0x5AC8FA,
                                 0xFFCC00, 0x5856D6, 0xFF3B30, 0x30B0C7, 0xA2845E, 0x64D2FF]
        for i in 0..<12 {
            let tile = Node(frame: Rect(x: 16 + Double(i % 3) * 124, y: 110 + Double(i / 3) * 124, width: 120, height: 120),
                            name: "tile\(i)", engine: engine)
            tile.backgroundColor = Color(rgb: palette[i])
            tile.cornerRadius = 12
            Widgets.showPhoto(i, on: tile)
            gridNode.addChild(tile)
        }
        let detailNode = Node(name: "detail", engine: engine)
        detailNode.backgroundColor = Color(rgb: 0x1C1C1E)
        let photo = Node(frame: Rect(x: 20, y: 180, width: 360, height: 360), name: "photo", engine: engine)
        photo.backgroundColor = Color(rgb: 0x007AFF)
        photo.cornerRadius = 24
        // Photo 3, the night scene: the detail of the third tile.
        Widgets.showPhoto(2, on: photo)
        photo.accessibilityLabel = "Blue hour"
        detailNode.addChild(photo)
        let bar = Node(frame: Rect(x: 0, y: 700, width: 400, height: 100), name: "bar", engine: engine)
        bar.backgroundColor = Color(white: 1, alpha: 0.25)
        bar.blurRadius = 4
        bar.cornerRadius = 20
        bar.maskedCorners = .top
        detailNode.addChild(bar)
        let caption = Node(frame: Rect(x: 0, y: 580, width: 400, height: 40), name: "caption", engine: engine)
        caption.text = "Blue hour"
        caption.textColor = .white
        caption.fontSize = 22
        detailNode.addChild(caption)

        self.scene = scene
        grid = Screen(title: "Photos", node: gridNode)
        detail = Screen(title: "Blue hour", node: detailNode)
        stack = NavigationStack(root: grid, scene: scene)
        stack.push(detail, animated: false)
        stack.delegate = delegate
        channels = NavigationDemo.channels(detailNode) + NavigationDemo.channels(gridNode)
        // The recognizers live in the screens this object owns: they reach it through a
        // zeroing reference, so the scene never keeps it alive.
        let me = zeroingReference
        detail.node.addGestureRecognizer(PanGestureRecognizer { pan in me.object?.handlePan(pan) })
        for tile in grid.node.children where tile.name.hasPrefix("tile") {
            tile.addGestureRecognizer(TapGestureRecognizer { _ in me.object?.tapTile() })
        }
    }

    func handlePan(_ pan: PanGestureRecognizer) {
        let percent = delegate.interaction, width = NavigationDemo.width
        switch pan.state {
        case .began:
            if stack.transition == nil {
                guard stack.topScreen === detail else { return }
                delegate.interactive = true
                stack.pop()
                delegate.interactive = false
                startPercent = 0
            } else {
                percent.pause()
                startPercent = (detail.node.presentation.center.x - width / 2) / width
                percent.update(startPercent)
            }
        case .changed:
            percent.update(startPercent + pan.translation(in: nil).x / width)
        case .ended, .cancelled:
            let v = pan.velocity(in: nil).x
            if v > 0 || (v == 0 && percent.percentComplete > 0.5) { percent.finish() } else { percent.cancel() }
        default: break
        }
    }

    func tapTile() {
        if stack.transition == nil && stack.topScreen === grid { stack.push(detail) }
    }

    /// Hands the percent-driven interaction to the stack only while a drag starts the pop.
    final class NavigationDelegate: NavigationStackDelegate {
        let interaction = PercentDrivenInteractiveTransition()
        var interactive = false
        func navigationStack(_ stack: NavigationStack,
                             interactionControllerFor animationController: any AnimatedTransitioning) -> (any InteractiveTransitioning)? {
            interactive ? interaction : nil
        }
    }
}
