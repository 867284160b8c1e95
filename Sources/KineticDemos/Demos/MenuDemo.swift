import Kinetic
import KineticHost
import KineticScene

/// A menu on scrubbable timelines: a `Timeline` dims the screen and turns the
/// + button, five items spring in from the right one after another (a `Stagger` from the item
/// nearest the button), and a "new" badge flies along a Bézier path to the top item, turning
/// with the path's tangent; closing is a second timeline (items from the top). Tap + to open or
/// close it (mid-flight, the run reverses on the spot); drag sideways anywhere to scrub the
/// whole run with the finger (`fractionComplete`), and let go to throw it open or shut at the
/// finger's speed. Each run is a new timeline, so it starts under the motion policy of its moment.
public final class MenuDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `menu`.
    public static var entry: SceneEntry {
        SceneEntry(name: "menu", title: "Staggered menu", description: "A Timeline (motion.dev's timeline, GSAP's gsap.timeline) built on one PropertyAnimator: the backdrop fades and the + button turns, five items spring in from the right with a Stagger of 60 ms starting with the one nearest the button, and a badge flies along a cubic Bézier path at paced speed, turning with its tangent, to the top item. Tap + to open; tap it again mid-flight and the whole timeline reverses on the spot, springs included, with no jump. Drag sideways anywhere to scrub the timeline (its fractionComplete follows the finger from where you caught it), and let go: it is thrown open (moving left) or shut (moving right), faster for a faster fling. With reduced motion on, nothing travels: each item, the badge and the + button's turn land in place at their moment in the same timeline, while the backdrop still fades.", hint: "Tap +, tap it again mid-flight, then drag sideways to scrub and fling.") { MenuDemo(engine: $0) }
    }

    /// How far the items travel in from the right, and the drag that scrubs the whole timeline.
    public static let travel = 300.0
    /// The number of menu items.
    public static let itemCount = 5

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The dimming layer.
    public let backdrop: Node
    /// The + button.
    public let button: Node
    /// The menu items, top to bottom.
    public let items: [Node]
    /// The badge that follows the path.
    public let badge: Node
    /// The badge's heading (radians), turned with the path's tangent; drawn as its rotation.
    public let heading: AnimatedProperty<Double>
    /// The run in flight (opening or closing), nil at rest: each open and each close is a new
    /// `Timeline`, so each starts under the engine's motion policy of that moment.
    public private(set) var timeline: Timeline?
    /// Whether the run in flight opens the menu (it closes it when reversed).
    public private(set) var runOpens = true
    /// Whether the menu is open (updated when a run completes).
    public private(set) var isOpen = false
    /// The badge's path out to the top item, and the same curve back.
    let path: BezierPath
    let returnPath: BezierPath
    /// How many times the timeline's "items shown" callback has run.
    public private(set) var callbackCount = 0
    private var scrubStart = 0.0
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let scene = DemoCatalog.screen(on: engine, background: Palette.background)
        self.scene = scene
        let size = scene.size
        let root = scene.root
        root.addChild(Widgets.label("title", "Inbox", Rect(x: 20, y: 40, width: 200, height: 34), size: 28, engine: engine))
        for i in 0..<4 {
            root.addChild(Widgets.box("mail\(i)", Rect(x: 20, y: 100 + Double(i) * 76, width: size.width - 40, height: 64),
                                      .white, radius: 12, engine: engine))
        }
        backdrop = Widgets.box("backdrop", Rect(x: 0, y: 0, width: size.width, height: size.height), Palette.dark, engine: engine)
        backdrop.alpha = 0
        root.addChild(backdrop)
        let titles = ["New message", "New folder", "Scan document", "Reminder", "Photo"]
        let colors = [Palette.blue, Palette.teal, Palette.indigo, Palette.orange, Palette.pink]
        var items: [Node] = []
        for i in 0..<MenuDemo.itemCount {
            let item = Widgets.box("item\(i)", Rect(x: size.width - 230 + MenuDemo.travel, y: 255 + Double(i) * 58, width: 210, height: 46),
                                   colors[i], radius: 23, engine: engine)
            item.text = titles[i]
            item.fontSize = 16
            item.textColor = .white
            item.alpha = 0
            root.addChild(item)
            items.append(item)
        }
        self.items = items
        button = Widgets.box("plus", Rect(x: size.width - 84, y: size.height - 92, width: 60, height: 60), Palette.blue, radius: 30, engine: engine)
        button.text = "+"
        button.fontSize = 32
        button.textColor = .white
        root.addChild(button)
        badge = Widgets.box("badge", Rect(x: button.center.x - 20, y: button.center.y - 11, width: 40, height: 22), Palette.red, radius: 11, engine: engine)
        badge.text = "new"
        badge.fontSize = 12
        badge.textColor = .white
        badge.alpha = 0
        root.addChild(badge)
        heading = AnimatedProperty(0, engine: engine)
        heading.motionRole = .geometry     // the badge's turn: it lands under reduced motion

        // The path: from the + button, out to the left and up, to the top item's left end.
        let top = items[0]
        var path = BezierPath(start: badge.center)
        path.addCurve(to: Point(x: top.center.x - MenuDemo.travel - 105, y: top.center.y - 24),
                      controlPoint1: Point(x: 60, y: size.height - 40), controlPoint2: Point(x: 20, y: top.center.y + 120))
        heading.value = path.tangentAngle(atProgress: 0)

        self.path = path
        var back = BezierPath(start: path.end)
        if case .curve(_, let c1, let c2)? = path.elements.last {
            back.addCurve(to: path.start, controlPoint1: c2, controlPoint2: c1)
        }
        returnPath = back
        let me = zeroingReference
        button.addGestureRecognizer(TapGestureRecognizer { _ in me.object?.toggle() })
        root.addGestureRecognizer(PanGestureRecognizer { pan in me.object?.scrub(pan) })

        let first = items[0].$center, b = badge.$center, h = heading
        channels = [
            SceneChannel(name: "timeline.fractionComplete") {
                let f = me.object?.timeline?.fractionComplete ?? 0
                return (f, f, 0)
            },
            SceneChannel.coordinate("item0.center.x", first) { $0.x },
        ] + SceneChannel.point("badge.center", b) + [
            SceneChannel.property("badge.heading", h),
        ]
    }

    /// Draws the badge turned to its heading (a rotation of the transform; set without
    /// animation, as a view's rotation is set from a model value each frame).
    public func didAdvance(to time: Double) {
        badge.$transform.setWithoutAnimation(AffineTransform(rotationAngle: heading.presentationValue))
    }

    /// A run that opens (or closes) the menu: the backdrop and the + button first, then the
    /// items staggered from the one nearest the button (from the top when closing), and the
    /// badge along its path, turning with the tangent.
    func makeRun(opening: Bool) -> Timeline {
        let timeline = Timeline(engine: engine)
        let backdrop = self.backdrop, button = self.button, badge = self.badge, heading = self.heading, items = self.items
        let path = opening ? self.path : returnPath
        let x = DemoCatalog.screenSize.width - 125 + (opening ? 0 : MenuDemo.travel)
        timeline.add(duration: 0.3, timing: .cubic(.easeOut)) { backdrop.alpha = opening ? 0.35 : 0 }
        timeline.add(duration: 0.45, timing: .spring(SpringTimingParameters(dampingRatio: 0.6)), at: .withPrevious) {
            button.transform = opening ? AffineTransform(rotationAngle: 0.7853981633974483) : .identity
        }
        timeline.addLabel("items", at: .withPrevious(offset: 0.05))
        timeline.add(count: MenuDemo.itemCount, stagger: Stagger(interval: 0.06, from: opening ? .last : .first), duration: 0.55,
                     timing: .spring(SpringTimingParameters(dampingRatio: 0.72)), at: .label("items")) { i in
            items[i].center.x = x
            items[i].alpha = opening ? 1 : 0
        }
        timeline.add(duration: 0.7, timing: .cubic(.easeInOut), at: .label("items", offset: 0.1)) {
            badge.alpha = opening ? 1 : 0
            badge.$center.move(along: path, orientation: heading)
        }
        let me = zeroingReference
        timeline.addCallback(at: .label("items", offset: 0.3)) { me.object?.callbackCount += 1 }
        timeline.addCompletion { position in
            guard let self = me.object else { return }
            // Completed at its end it did what it was made for; back at its start it undid it.
            self.isOpen = (position == .end) == opening
            self.timeline = nil
        }
        runOpens = opening
        self.timeline = timeline
        return timeline
    }

    /// The + button: open or close; mid-flight, the run reverses on the spot.
    func toggle() {
        if let timeline, timeline.isRunning {
            timeline.isReversed.toggle()
        } else if let timeline {
            timeline.startAnimation()
        } else {
            makeRun(opening: !isOpen).startAnimation()
        }
    }

    /// A sideways drag scrubs the whole run (a new one, paused at its start, if none is in
    /// flight); the release throws it open (moving left) or shut (moving right).
    func scrub(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            let timeline = self.timeline ?? makeRun(opening: !isOpen)
            timeline.pauseAnimation()
            scrubStart = timeline.fractionComplete
            pan.setTranslation(.zero, in: nil)
        case .changed:
            // Opening runs forward as the finger moves left; closing as it moves right.
            let dx = pan.translation(in: nil).x
            timeline?.fractionComplete = scrubStart + (runOpens ? -dx : dx) / MenuDemo.travel
        default:
            guard let timeline else { return }
            let vx = pan.velocity(in: nil).x
            let f = timeline.fractionComplete
            let wantsOpen = vx < 0 || (vx == 0 && (runOpens ? f > 0.5 : f < 0.5))
            let forward = wantsOpen == runOpens
            timeline.isReversed = !forward
            // Thrown at the finger's pace (fraction per second), never slower than the run's own.
            let remaining = forward ? 1 - f : f
            let pace = Swift.max(vx.magnitude / MenuDemo.travel, 1 / timeline.duration)
            let seconds = Swift.min(remaining / pace, remaining * timeline.duration)
            timeline.continueAnimation(withTimingParameters: nil,
                                       durationFactor: seconds > 0 ? seconds / timeline.duration : 0)
        }
    }
}
