import Kinetic
import KineticHost
import KineticScene

/// Pausing and scrubbing, from the 2016 session: a square animates across on an ease-in curve;
/// a tap on the square pauses or resumes it; dragging along the progress bar pauses it and sets
/// `fractionComplete` from the finger's position. Scrubbing is linear, so when the animation
/// continues its time is mapped back onto the curve — the "protuberance" the session's graph
/// shows, drawn here live.
public final class ScrubbingDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `scrubbing`.
    public static var entry: SceneEntry {
        SceneEntry(name: "scrubbing", title: "Pausing and scrubbing", description: "From the 2016 session: the square crosses in 4 s on an ease-in curve. Tap the square to pause or resume it; drag along the green progress bar to scrub fractionComplete, which moves the square linearly with your finger. When you tap the square again it continues from where you left it without a jump, with its time mapped back onto the ease-in curve, so it may finish quickly: the graph of the square's position over time shows the kink where it jumps back onto the curve. When it reaches the end, tap it to send it back.", hint: "Tap the square to pause it, drag the green bar to scrub, tap the square again.") { ScrubbingDemo(engine: $0) }
    }

    /// The square's leftmost and rightmost centre.
    public static let left = 60.0, right = 315.0
    /// The animation's duration.
    public static let duration = 4.0
    /// The progress bar's frame.
    public static let barFrame = Rect(x: 30, y: 560, width: 315, height: 24)

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The square.
    public let square: Node
    /// The progress bar and its fill.
    public let bar: Node, fill: Node
    /// The animator.
    public private(set) var animator: PropertyAnimator?
    private let graph: LiveGraph
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let scene = DemoCatalog.screen(on: engine, background: .white)
        self.scene = scene
        let size = scene.size
        square = Widgets.box("square", Rect(x: ScrubbingDemo.left - 35, y: 90, width: 70, height: 70), Palette.red, radius: 6, engine: engine)
        scene.root.addChild(square)
        let b = ScrubbingDemo.barFrame
        bar = Widgets.box("bar", b, Color(white: 0.9), radius: 12, engine: engine)
        bar.clipsToBounds = true
        scene.root.addChild(bar)
        fill = Widgets.box("bar.fill", Rect(x: 0, y: 0, width: 0, height: b.height), Palette.green, engine: engine)
        fill.isUserInteractionEnabled = false
        bar.addChild(fill)
        scene.root.addChild(Widgets.label("hint", "Tap the square · drag the bar", Rect(x: 0, y: 600, width: size.width, height: 22),
                                          size: 14, color: Palette.gray, engine: engine))

        graph = LiveGraph(name: "graph", frame: Rect(x: 16, y: 200, width: size.width - 32, height: 200),
                          range: (ScrubbingDemo.left - 10)...(ScrubbingDemo.right + 10), window: 8,
                          series: [.init(color: Palette.red, style: .solid)], title: "square x over time", engine: engine)
        graph.node.backgroundColor = Palette.background
        scene.root.addChild(graph.node)

        // The recognizers live in the scene this object owns: they reach it through a zeroing
        // reference, so the scene never keeps it alive.
        let me = zeroingReference
        square.addGestureRecognizer(TapGestureRecognizer { _ in me.object?.tapSquare() })
        let pan = PanGestureRecognizer { pan in me.object?.scrub(pan) }
        pan.minimumDistance = 0
        bar.addGestureRecognizer(pan)

        let c = square.$center
        channels = [
            SceneChannel.coordinate("square.center.x", c) { $0.x },
            SceneChannel(name: "animator.fractionComplete") {
                let f = me.object?.animator?.fractionComplete ?? 0
                return (f, f, 0)
            },
        ]
        makeAnimator()
    }

    /// Traces the square's x on the live graph and fills the progress bar.
    public func didAdvance(to time: Double) {
        graph.record(time: time, values: [square.presentation.center.x])
        updateBar()
    }

    private func makeAnimator() {
        let toRight = square.center.x < (ScrubbingDemo.left + ScrubbingDemo.right) / 2
        let square = square
        let animator = PropertyAnimator(duration: ScrubbingDemo.duration, curve: .easeIn, engine: engine) {
            square.center.x = toRight ? ScrubbingDemo.right : ScrubbingDemo.left
        }
        self.animator = animator
    }

    /// The session's tap: pause a running animator, continue a paused one, start a new one.
    func tapSquare() {
        guard let animator else { return }
        switch animator.state {
        case .active:
            if animator.isRunning { animator.pauseAnimation() } else { animator.startAnimation() }
        case .inactive:
            if animator.fractionComplete == 0 && square.center.x == ScrubbingDemo.left {
                animator.startAnimation()
            } else {
                makeAnimator()
                self.animator?.startAnimation()
            }
        case .stopped:
            break
        }
    }

    /// The session's pan on the progress bar: the fraction is where the finger is along it.
    func scrub(_ pan: PanGestureRecognizer) {
        guard let animator, pan.state == .began || pan.state == .changed else { return }
        if animator.state == .inactive && square.center.x != ScrubbingDemo.left { makeAnimator() }
        guard let current = self.animator else { return }
        if current.isRunning { current.pauseAnimation() }
        let x = pan.location(in: bar).x
        current.fractionComplete = Swift.min(Swift.max(x / ScrubbingDemo.barFrame.width, 0), 1)
    }

    private func updateBar() {
        var f = 0.0
        if let animator {
            f = animator.state == .inactive ? (square.center.x == ScrubbingDemo.right ? 1 : 0) : animator.fractionComplete
        }
        let w = f * ScrubbingDemo.barFrame.width
        let frame = Rect(x: 0, y: 0, width: w, height: ScrubbingDemo.barFrame.height)
        if fill.frame != frame { fill.frame = frame }
    }
}
