import Kinetic
import KineticHost
import KineticScene

/// The drawer of the book chapter ("Interactive drawer with UIViewPropertyAnimator"), line for
/// line: a drawer 350 points tall whose bottom sits 305 points below the screen, so 45 show; a
/// "Toggle Drawer" button 8 points from its top; one `PropertyAnimator(duration: 1, curve:
/// .easeOut)` moving `transform` to a translation of −305 (open) or back to the identity, reused
/// while it runs; a pan that pauses it, scrubs `fractionComplete` by `translation / ∓305` from
/// where it was caught, and on release continues with ease-out timing (`durationFactor: 0`) and
/// reverses when the release velocity points back.
public final class DrawerDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `drawer`.
    public static var entry: SceneEntry {
        SceneEntry(name: "drawer", title: "The drawer", description: "The interactive drawer of the book chapter: a drawer 350 points tall with 305 hidden below the screen. Tap Toggle Drawer and it opens in 1 s with ease-out; tap again to close it. Catch it mid-flight and drag: one UIViewPropertyAnimator-style animator is paused and scrubbed by your finger (fractionComplete = translation / 305 + where you caught it), and on release it continues with ease-out over the time left, reversing if you let go moving back. Swipe the drawer itself to open or close it without the button.", hint: "Tap Toggle Drawer, then catch the drawer mid-flight and swipe it either way.") { DrawerDemo(engine: $0) }
    }

    /// The open and closed translations (the book's constraint constant).
    public static let travel = 305.0
    /// The drawer's height (the book's 350 points).
    public static let height = 350.0

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The drawer node.
    public let drawer: Node
    /// The toggle button.
    public let toggleButton: Node
    /// Whether the drawer is open (the book's `isDrawerOpen`, updated in the completion).
    public private(set) var isDrawerOpen = false
    /// The running animator, nil when none (the book's `animator`).
    public private(set) var animator: PropertyAnimator?
    private var drawerPanStart = 0.0
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let scene = DemoCatalog.screen(on: engine, background: .white)
        self.scene = scene
        let size = scene.size
        // The contact detail page behind the drawer.
        let content = scene.root
        content.addChild(Widgets.box("avatar", Rect(x: 137.5, y: 70, width: 100, height: 100), Palette.gray, radius: 50, engine: engine))
        content.addChild(Widgets.label("contactName", "Donny Wals", Rect(x: 0, y: 185, width: size.width, height: 30), size: 24, engine: engine))
        content.addChild(Widgets.label("contactPhone", "+31 6 1234 5678", Rect(x: 0, y: 220, width: size.width, height: 22), size: 15, color: Palette.gray, engine: engine))
        // Width of the screen, centred, 350 tall, bottom 305 below the safe area's bottom.
        drawer = Widgets.box("drawer", Rect(x: 0, y: size.height + DrawerDemo.travel - DrawerDemo.height,
                                            width: size.width, height: DrawerDemo.height),
                             Palette.orange, radius: 16, engine: engine)
        drawer.maskedCorners = .top
        // A sheet casts a soft shadow upward onto the page behind it.
        drawer.shadowOpacity = 0.2
        drawer.shadowRadius = 12
        drawer.shadowOffset = Size(width: 0, height: -4)
        content.addChild(drawer)
        toggleButton = Widgets.box("toggle", Rect(x: (size.width - 160) / 2, y: 8, width: 160, height: 30),
                                   Color(white: 1, alpha: 0.9), radius: 8, engine: engine)
        toggleButton.text = "Toggle Drawer"
        toggleButton.fontSize = 15
        toggleButton.textColor = Palette.blue
        toggleButton.accessibilityRole = .button
        drawer.addChild(toggleButton)
        // The contact's actions, as the book's drawer lists them under its button.
        for (i, title) in ["Call", "Message", "FaceTime", "Share Contact"].enumerated() {
            let row = Widgets.box("drawer.row\(i)", Rect(x: 20, y: 70 + Double(i) * 60, width: size.width - 40, height: 44),
                                  Color(white: 1, alpha: 0.35), radius: 10, engine: engine)
            row.text = title
            row.fontSize = 17
            row.textColor = Palette.dark
            drawer.addChild(row)
        }

        // The recognizers live in the scene this object owns: they reach it through a zeroing
        // reference, so the scene never keeps it alive.
        let me = zeroingReference
        toggleButton.addGestureRecognizer(TapGestureRecognizer { _ in me.object?.toggleDrawerTapped() })
        drawer.addGestureRecognizer(PanGestureRecognizer { pan in me.object?.didPanOnDrawer(pan) })

        let t = drawer.$transform
        channels = [
            SceneChannel(name: "drawer.translation.y") { (t.value.translationY, t.presentationValue.translationY, t.velocity.translationY) },
            SceneChannel(name: "drawer.open") {
                let open = me.object?.isDrawerOpen == true
                return (open ? 1 : 0, open ? 1 : 0, 0)
            },
            SceneChannel(name: "animator.fractionComplete") {
                let f = me.object?.animator?.fractionComplete ?? 0
                return (f, f, 0)
            },
        ]
    }

    /// The book's `setUpAnimation()`: a new animator unless one is running.
    func setUpAnimation() {
        guard animator == nil || animator?.isRunning == false else { return }
        // The engine holds a running animator, and this object holds the engine: the blocks
        // reach back here through a zeroing reference, so a demo dropped mid-flight is freed.
        let me = zeroingReference
        let animator = PropertyAnimator(duration: 1, curve: .easeOut, engine: engine) {
            guard let self = me.object else { return }
            if self.isDrawerOpen {
                self.drawer.transform = .identity
            } else {
                self.drawer.transform = AffineTransform(translationX: 0, y: -DrawerDemo.travel)
            }
        }
        animator.addCompletion { _ in
            guard let self = me.object else { return }
            self.animator = nil
            self.isDrawerOpen = !(self.drawer.transform == .identity)
        }
        self.animator = animator
    }

    /// The book's `toggleDrawerTapped()`.
    func toggleDrawerTapped() {
        setUpAnimation()
        animator?.startAnimation()
    }

    /// The book's `didPanOnDrawer(recognizer:)`.
    func didPanOnDrawer(_ recognizer: PanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            setUpAnimation()
            animator?.pauseAnimation()
            drawerPanStart = animator?.fractionComplete ?? 0
            // The pan begins once the finger has moved its minimum distance; measuring from
            // here makes the caught drawer follow the finger's moves from the catch on,
            // instead of jumping by the distance moved before the pan began.
            recognizer.setTranslation(.zero, in: nil)
        case .changed:
            let ty = recognizer.translation(in: nil).y
            if isDrawerOpen {
                animator?.fractionComplete = ty / DrawerDemo.travel + drawerPanStart
            } else {
                animator?.fractionComplete = ty / -DrawerDemo.travel + drawerPanStart
            }
        default:
            drawerPanStart = 0
            animator?.continueAnimation(withTimingParameters: .cubic(.easeOut), durationFactor: 0)
            let isSwipingDown = recognizer.velocity(in: nil).y > 0
            if isSwipingDown == !isDrawerOpen {
                animator?.isReversed = true
            }
        }
    }
}
