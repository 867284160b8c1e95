import Kinetic
import KineticHost
import KineticScene

/// The basics of both sessions: a circle crossing the screen under one `PropertyAnimator`
/// with a chosen curve, and buttons for every call of its life cycle. The live graph is the
/// 2016 session's: the model value solid, the presentation value dotted.
public final class BasicsDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `basics`.
    public static var entry: SceneEntry {
        SceneEntry(name: "basics", title: "Basics", description: "The property animator's life cycle, as the 2016 and 2017 sessions introduce it: a circle crossing the screen in 2.5 s on the curve you pick (linear, ease in, ease out, ease in-out). Start, pause, reverse while running or paused, stop (the circle's presentation becomes its model) and then finish at the start, the end or where it is. The graph plots the circle's x: the model value (where it is going) as a solid line, the presentation value (what you see) dotted. Setting the property moves the model at once; the animation only moves what you see.", hint: "Pick a curve, tap Start, then pause, reverse, stop and finish it mid-flight.") { BasicsDemo(engine: $0) }
    }

    /// The left and right positions of the circle's centre.
    public static let left = 60.0, right = 315.0
    /// The animator's duration (the 2017 session's 2.5 s).
    public static let duration = 2.5

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The circle.
    public let circle: Node
    /// The animator, once started.
    public private(set) var animator: PropertyAnimator?
    /// The curve the next animator uses.
    public private(set) var curve: AnimationCurve = .linear
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []
    private let status: Node
    private let ghost: Node
    private let graph: LiveGraph
    private var curveButtons: [(AnimationCurve, Node)] = []

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let scene = DemoCatalog.screen(on: engine, background: .white)
        self.scene = scene
        let size = scene.size
        scene.root.addChild(Widgets.box("track", Rect(x: BasicsDemo.left, y: 129, width: BasicsDemo.right - BasicsDemo.left, height: 2),
                                        Color(white: 0.85), engine: engine))
        ghost = Widgets.box("model", Rect(x: BasicsDemo.left - 30, y: 100, width: 60, height: 60), Color(rgb: 0x007AFF, alpha: 0.18), radius: 30, engine: engine)
        scene.root.addChild(ghost)
        circle = Widgets.box("circle", Rect(x: BasicsDemo.left - 30, y: 100, width: 60, height: 60), Palette.blue, radius: 30, engine: engine)
        scene.root.addChild(circle)
        status = Widgets.label("status", "inactive", Rect(x: 0, y: 170, width: size.width, height: 22), size: 14, color: Palette.gray, engine: engine)
        scene.root.addChild(status)

        graph = LiveGraph(name: "graph", frame: Rect(x: 16, y: 200, width: size.width - 32, height: 150),
                          range: (BasicsDemo.left - 10)...(BasicsDemo.right + 10), window: 6,
                          series: [.init(color: Palette.gray, style: .solid), .init(color: Palette.blue, style: .dotted)],
                          title: "circle x: model (solid), presentation (dotted)", engine: engine)
        graph.node.backgroundColor = Palette.background
        scene.root.addChild(graph.node)

        // The buttons live in the scene this object owns: they reach it through a zeroing
        // reference, so the scene never keeps it alive.
        let me = zeroingReference
        let curves: [(AnimationCurve, String)] = [(.linear, "Linear"), (.easeIn, "Ease In"), (.easeOut, "Ease Out"), (.easeInOut, "In-Out")]
        for (i, (c, title)) in curves.enumerated() {
            let b = Widgets.button("curve.\(title)", title, Rect(x: 12 + Double(i) * 89, y: 370, width: 83, height: 36), in: scene.root,
                                   color: Palette.gray) { me.object?.select(c) }
            curveButtons.append((c, b))
        }
        let actions: [(String, String)] = [("start", "Start"), ("pause", "Pause"), ("reverse", "Reverse"), ("stop", "Stop"),
                                           ("finish.start", "Finish: start"), ("finish.current", "Finish: here"), ("finish.end", "Finish: end")]
        // Four buttons of 83 pt with 6 pt gaps span 12...362; the three finish buttons share the
        // same span, so both rows end where the curve buttons do.
        for (i, (name, title)) in actions.enumerated() {
            let row = i < 4 ? 0.0 : 1.0
            let column = i < 4 ? Double(i) : Double(i - 4)
            let width = i < 4 ? 83.0 : (350.0 - 2 * 6) / 3
            let x = 12 + column * (width + 6)
            Widgets.button(name, title, Rect(x: x, y: 420 + row * 50, width: width, height: 40), in: scene.root) {
                me.object?.perform(name)
            }
        }
        select(.linear)

        let c = circle.$center
        channels = [SceneChannel.coordinate("circle.center.x", c) { $0.x }]
    }

    /// Traces the circle's model and presentation x on the live graph, moves the model's ghost
    /// and updates the status line.
    public func didAdvance(to time: Double) {
        let p = circle.$center
        graph.record(time: time, values: [p.value.x, p.presentationValue.x])
        ghost.center = p.value
        updateStatus()
    }

    func select(_ c: AnimationCurve) {
        curve = c
        for (candidate, button) in curveButtons {
            button.backgroundColor = candidate == c ? Palette.indigo : Palette.gray
        }
    }

    /// Runs one of the buttons' calls.
    func perform(_ action: String) {
        switch action {
        case "start":
            if let animator, animator.state == .active {
                animator.startAnimation()
                return
            }
            let goingRight = circle.center.x < (BasicsDemo.left + BasicsDemo.right) / 2
            let circle = circle
            let animator = PropertyAnimator(duration: BasicsDemo.duration, curve: curve, engine: engine) {
                circle.center.x = goingRight ? BasicsDemo.right : BasicsDemo.left
            }
            animator.startAnimation()
            self.animator = animator
        case "pause": animator?.pauseAnimation()
        case "reverse": if let animator, animator.state == .active { animator.isReversed.toggle() }
        case "stop": animator?.stopAnimation(false)
        case "finish.start": animator?.finishAnimation(at: .start)
        case "finish.current": animator?.finishAnimation(at: .current)
        case "finish.end": animator?.finishAnimation(at: .end)
        default: break
        }
    }

    private func updateStatus() {
        var text: String
        switch animator?.state ?? .inactive {
        case .inactive: text = "inactive"
        case .active: text = animator?.isRunning == true ? "active, running" : "active, paused"
        case .stopped: text = "stopped: finish it"
        }
        if animator?.isReversed == true && animator?.state == .active { text += ", reversed" }
        if status.text != text { status.text = text }
    }
}
