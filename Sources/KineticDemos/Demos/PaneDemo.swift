import Kinetic
import KineticHost
import KineticScene

/// The Control Center pane of the objc.io article ("Interactive Animations", 2014), three ways:
/// a pane with two states, opened and closed, that you drag and throw; on release the target
/// state is `velocity.y >= 0 ? closed : open` and the pane animates there starting with the
/// drag's 2D velocity; a tap toggles the target at any moment, keeping the current velocity,
/// so it turns round without a jump.
///
/// The article animates it with three engines, and so does this demo (``mode``, or the three
/// buttons at the top): UIKit Dynamics (the article's `PaneBehavior`: an attachment of
/// frequency 3.5 Hz and damping 0.4 to the target, density 100, resistance 10), its hand-rolled
/// spring (k 300, friction 20, mass 1, in closed form here) and POP (a spring animation on the
/// centre, springSpeed 15, springBounciness 6). The selected engine drives the pane; the two
/// others drive hidden shadow copies that get the same drag, release velocity and taps, so the
/// live graph shows the three engines' curves of the same throw (centre y: Dynamics blue,
/// spring orange, POP pink).
public final class PaneDemo: LifetimeOwner, HostedScene {
    /// The catalog entry the pane opens under on `mode`'s engine: `pane` (the hand-rolled
    /// spring, the default), `pane-dynamics` or `pane-pop` (for scripts that pick an engine).
    public static func entry(for mode: Mode) -> SceneEntry {
        switch mode {
        case .spring:
            return SceneEntry(name: "pane", title: "The Control Center pane", description: "The sliding pane of objc.io's Interactive Animations article, driven by physics instead of a fire-and-forget animation, with the article's three engines: UIKit Dynamics (an attachment of frequency 3.5 and damping 0.4 to the target, density 100, resistance 10), the hand-written spring (spring constant 300, friction 20) and POP (spring speed 15, bounciness 6); pick one with the buttons at the top. Drag the pane anywhere and throw it: on release it heads for the open state if you were moving up and the closed state otherwise, starting with your finger's 2D velocity. Tap it at any moment, even mid-flight, and the target flips while the pane keeps its velocity, so it turns round smoothly. The graph traces the three engines' curves of the same throw: Dynamics blue, spring orange, POP pink.", hint: "Throw the pane up or down; tap it mid-flight to turn it round without a jump.") { PaneDemo(engine: $0, mode: .spring) }
        case .dynamics:
            return SceneEntry(name: "pane-dynamics", title: "The pane on UIKit Dynamics", description: "The Control Center pane of objc.io's Interactive Animations article, opened on its UIKit Dynamics engine: the article's PaneBehavior, an attachment behaviour of frequency 3.5 and damping 0.4 with length 0 pulling the pane's centre to its target, and a dynamic item behaviour with density 100 and resistance 10; the release velocity is set by adding the difference to the item's velocity. Throw the pane, tap it mid-flight to turn it round; the buttons at the top switch engines, and the graph compares the three engines' curves of the same throw.", hint: "Throw the pane on UIKit Dynamics; tap it mid-flight to turn it round.") { PaneDemo(engine: $0, mode: .dynamics) }
        case .pop:
            return SceneEntry(name: "pane-pop", title: "The pane on POP", description: "The Control Center pane of objc.io's Interactive Animations article, opened on its POP engine: a POP spring animation on the pane's centre with spring speed 15 and bounciness 6, started with the pan's velocity and added under one key, so a tap mid-flight replaces it from the current position and velocity without a jump. Throw the pane, tap it mid-flight to turn it round; the buttons at the top switch engines, and the graph compares the three engines' curves of the same throw.", hint: "Throw the pane on POP; tap it mid-flight to turn it round.") { PaneDemo(engine: $0, mode: .pop) }
        }
    }

    /// The pane's two states.
    public enum PaneState: Sendable, Equatable { case open, closed }

    /// The article's three engines.
    public enum Mode: Int, Sendable, Equatable, CaseIterable {
        /// UIKit Dynamics: the article's `PaneBehavior`.
        case dynamics
        /// The article's hand-rolled spring (k 300, friction 20).
        case spring
        /// POP: `POPSpringAnimation` on the centre (speed 15, bounciness 6).
        case pop

        var title: String {
            switch self {
            case .dynamics: return "Dynamics"
            case .spring: return "Spring"
            case .pop: return "POP"
            }
        }
        var name: String {
            switch self {
            case .dynamics: return "dynamics"
            case .spring: return "spring"
            case .pop: return "pop"
            }
        }
        var color: Color {
            switch self {
            case .dynamics: return Palette.blue
            case .spring: return Palette.orange
            case .pop: return Palette.pink
            }
        }
    }

    /// The article's hand-rolled spring: k = 300, friction μ = 20, mass 1.
    public static let spring = SpringTimingParameters(mass: 1, stiffness: 300, damping: 20)
    /// The pane's height; 80 points show when closed.
    public static let paneHeight = 520.0
    static let visibleWhenClosed = 80.0
    /// Where the mode buttons sit (their centres), left to right: Dynamics, Spring, POP.
    public static func buttonCenter(for mode: Mode) -> Point {
        Point(x: 67.5 + Double(mode.rawValue) * 120, y: 30)
    }

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The pane.
    public let pane: Node
    /// Where the pane is headed (the article's `paneState`).
    public private(set) var paneState: PaneState = .closed
    /// The engine driving the pane. Setting it mid-flight hands the motion over: the pane
    /// carries on from where it is with the velocity it has, on the new engine.
    public var mode: Mode {
        didSet { if mode != oldValue { switchEngine(from: oldValue) } }
    }
    /// The three engines' drivers, by ``Mode/rawValue``: the selected one moves ``pane``, the
    /// others a hidden shadow each.
    private(set) var drivers: [any PaneDriver] = []
    private var buttons: [Node] = []
    private let graph: LiveGraph
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []

    /// The centre of the pane in a state.
    public static func targetPoint(for state: PaneState) -> Point {
        let s = DemoCatalog.screenSize
        switch state {
        case .open: return Point(x: s.width / 2, y: s.height - paneHeight / 2)
        case .closed: return Point(x: s.width / 2, y: s.height - visibleWhenClosed + paneHeight / 2)
        }
    }

    /// Builds the demo on `engine`, the pane driven by `mode` (default: the hand-rolled spring).
    public init(engine: AnimationEngine, mode: Mode = .spring) {
        self.mode = mode
        let scene = DemoCatalog.screen(on: engine, background: Color(rgb: 0x2C3E50))
        self.scene = scene
        let size = scene.size
        for i in 0..<8 {
            scene.root.addChild(Widgets.box("icon\(i)", Rect(x: 28 + Double(i % 4) * 84, y: 170 + Double(i / 4) * 100, width: 60, height: 60),
                                            [Palette.blue, Palette.green, Palette.orange, Palette.pink][i % 4], radius: 14, engine: engine))
        }
        // Centre y from a little above open (407) to a little below closed (847), over 2.5 s.
        // Above the open pane's top (147), so the pane at rest never covers it. The three curves
        // of one throw often coincide: each engine has its own marks (named in the legend) and
        // is drawn 3 points below the one before, so equal values show as three strands.
        let marks: [(LiveGraph.Style, String)] = [(.solid, "■ "), (.dots, "● "), (.diamonds, "◆ ")]
        graph = LiveGraph(name: "graph", frame: Rect(x: 12, y: 52, width: size.width - 24, height: 92),
                          range: 360...900, window: 2.5,
                          series: Mode.allCases.map {
                              .init(color: $0.color, style: marks[$0.rawValue].0, name: marks[$0.rawValue].1 + $0.title,
                                    offset: 3 * Double($0.rawValue - 1))
                          },
                          title: "pane centre y:", engine: engine)

        let closed = PaneDemo.targetPoint(for: .closed)
        let paneFrame = Rect(x: 0, y: closed.y - PaneDemo.paneHeight / 2, width: size.width, height: PaneDemo.paneHeight)
        pane = Widgets.box("pane", paneFrame, Color(rgb: 0xE5E5EA, alpha: 0.96), radius: 24, engine: engine)
        pane.maskedCorners = .top
        scene.root.addChild(pane)
        // The graph measures the pane: drawn above it, so a pane thrown high never hides it.
        scene.root.addChild(graph.node)
        pane.addChild(Widgets.box("pane.grabber", Rect(x: size.width / 2 - 20, y: 10, width: 40, height: 5), Palette.gray, radius: 2.5, engine: engine))
        pane.addChild(Widgets.label("pane.title", "Control Center", Rect(x: 0, y: 28, width: size.width, height: 30), size: 20, engine: engine))
        for i in 0..<8 {
            pane.addChild(Widgets.box("pane.control\(i)", Rect(x: 28 + Double(i % 4) * 84, y: 90 + Double(i / 4) * 84, width: 64, height: 64),
                                      Color(white: 1, alpha: 0.9), radius: 32, engine: engine))
        }
        // The shadows: the same size as the pane (UIKit Dynamics' mass depends on it), never drawn.
        var shadows: [Node] = []
        for m in Mode.allCases {
            shadows.append(Node(frame: paneFrame, name: "pane.shadow." + m.name, engine: engine))
        }
        // The recognizers live in the scene this object owns: they reach it through a zeroing
        // reference, so the scene never keeps it alive.
        let me = zeroingReference
        for m in Mode.allCases {
            let b = Widgets.button("mode." + m.name, m.title, Rect(x: 12 + Double(m.rawValue) * 120, y: 14, width: 111, height: 32),
                                   in: scene.root, color: Palette.gray) { me.object?.mode = m }
            buttons.append(b)
        }
        for m in Mode.allCases {
            drivers.append(makeDriver(m, item: m == mode ? pane : shadows[m.rawValue]))
        }
        highlightButtons()

        let pan = PanGestureRecognizer { pan in me.object?.handlePan(pan) }
        pane.addGestureRecognizer(pan)
        let tap = TapGestureRecognizer { _ in me.object?.didTap() }
        pane.addGestureRecognizer(tap)

        let c = pane.$center
        channels = [
            SceneChannel(name: "pane.center.x") {
                (c.value.x, c.presentationValue.x, me.object?.activeDriver.velocity.x ?? 0)
            },
            SceneChannel(name: "pane.center.y") {
                (c.value.y, c.presentationValue.y, me.object?.activeDriver.velocity.y ?? 0)
            },
            SceneChannel(name: "pane.open") {
                let v = me.object?.paneState == .open ? 1.0 : 0.0
                return (v, v, 0)
            },
            SceneChannel(name: "pane.mode") {
                let v = Double(me.object?.mode.rawValue ?? 0)
                return (v, v, 0)
            },
        ]
        for m in Mode.allCases {
            channels.append(SceneChannel(name: "pane." + m.name + ".y") {
                guard let driver = me.object?.drivers[m.rawValue] else { return (0, 0, 0) }
                let p = driver.item.$center
                return (p.value.y, p.presentationValue.y, driver.velocity.y)
            })
        }
    }

    /// Traces the three engines' centre y (the pane's and its two shadows') on the live graph.
    public func didAdvance(to time: Double) {
        graph.record(time: time, values: drivers.map { $0.item.presentation.center.y })
    }

    /// The driver moving the pane now.
    var activeDriver: any PaneDriver { drivers[mode.rawValue] }

    private func makeDriver(_ mode: Mode, item: Node) -> any PaneDriver {
        switch mode {
        case .dynamics: return DynamicsPaneDriver(item: item, engine: engine)
        case .spring: return SpringPaneDriver(item: item)
        case .pop: return POPPaneDriver(item: item, engine: engine)
        }
    }

    private func highlightButtons() {
        for (i, b) in buttons.enumerated() { b.backgroundColor = i == mode.rawValue ? Mode.allCases[i].color : Palette.gray }
    }

    /// Hands the pane over to the new engine: every driver stops, the pane's and the old
    /// shadow's nodes swap drivers, and if the pane was moving all three carry on from the
    /// pane's position and velocity toward the current target.
    private func switchEngine(from old: Mode) {
        let was = drivers[old.rawValue]
        let moving = was.isAnimating
        let velocity = was.velocity
        let position = pane.presentation.center
        for d in drivers { d.stop() }
        let shadow = drivers[mode.rawValue].item
        drivers[old.rawValue] = makeDriver(old, item: shadow)
        drivers[mode.rawValue] = makeDriver(mode, item: pane)
        for d in drivers { d.item.center = position }
        if moving {
            for d in drivers { d.animate(to: PaneDemo.targetPoint(for: paneState), velocity: velocity) }
        }
        highlightButtons()
    }

    private var dragStart = Point.zero

    func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            // draggableViewBeganDragging: stop every engine; the pane stays where it is seen.
            for d in drivers { d.stop() }
            // The pan begins after the finger moved a little: measure from here, so the pane
            // does not jump by that distance.
            dragStart = pane.presentation.center - pan.translation(in: nil)
            for d in drivers { d.item.center = pane.presentation.center }
        case .changed:
            for d in drivers { d.item.center = dragStart + pan.translation(in: nil) }
        case .ended, .cancelled:
            // draggingEndedWithVelocity:
            let velocity = pan.velocity(in: nil)
            paneState = velocity.y >= 0 ? .closed : .open
            for d in drivers { d.animate(to: PaneDemo.targetPoint(for: paneState), velocity: velocity) }
        default:
            break
        }
    }

    func didTap() {
        paneState = paneState == .open ? .closed : .open
        for d in drivers { d.animate(to: PaneDemo.targetPoint(for: paneState), velocity: nil) }
    }
}
