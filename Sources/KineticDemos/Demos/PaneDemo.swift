import Kinetic
import KineticScene

/// The Control Center pane of the objc.io article ("Interactive Animations", 2014): a pane with
/// two states, opened and closed, driven by a spring on its centre. Dragging moves it with the
/// finger (the spring is cancelled when the drag begins); on release the target state is
/// `velocity.y >= 0 ? closed : open` and the spring starts from there with the drag's 2D
/// velocity; a tap toggles the target at any moment, keeping the current velocity, so it turns
/// round without a jump. The spring is the article's hand-written one: spring constant 300 and
/// friction 20 per unit mass (damping ratio 20 / (2·√300) ≈ 0.577), solved here in closed form
/// instead of stepped at 60 Hz.
public final class PaneDemo {
    /// The catalog entry.
    public static let info = DemoInfo(
        name: "pane",
        title: "The Control Center pane",
        description: "The sliding pane of objc.io's Interactive Animations article, driven by a spring instead of a fire-and-forget animation: spring constant 300 and friction 20 (mass 1), the article's own numbers. Drag the pane anywhere and throw it: on release it springs to the open state if you were moving up and to the closed state otherwise, starting with your finger's 2D velocity. Tap it at any moment, even mid-flight, and the spring's target flips while the pane keeps its velocity, so it turns round smoothly instead of hitting a wall."
    )

    /// The pane's two states.
    public enum PaneState: Sendable, Equatable { case open, closed }

    /// The article's spring: k = 300, friction μ = 20, mass 1.
    public static let spring = SpringTimingParameters(mass: 1, stiffness: 300, damping: 20)
    /// The pane's height; 80 points show when closed.
    public static let paneHeight = 520.0
    static let visibleWhenClosed = 80.0

    /// The demo.
    public private(set) var demo: Demo!
    /// The pane.
    public let pane: Node
    /// Where the pane is headed (the article's `paneState`).
    public private(set) var paneState: PaneState = .closed
    /// The running spring, if any.
    public private(set) var springAnimation: SpringAnimation<Point>?

    /// The centre of the pane in a state.
    public static func targetPoint(for state: PaneState) -> Point {
        let s = Demo.screenSize
        switch state {
        case .open: return Point(x: s.width / 2, y: s.height - paneHeight / 2)
        case .closed: return Point(x: s.width / 2, y: s.height - visibleWhenClosed + paneHeight / 2)
        }
    }

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let size = Demo.screenSize
        let scene = Scene(size: size, engine: engine)
        scene.root.backgroundColor = Color(rgb: 0x2C3E50)
        for i in 0..<12 {
            scene.root.addChild(Widgets.box("icon\(i)", Rect(x: 28 + Double(i % 4) * 84, y: 80 + Double(i / 4) * 100, width: 60, height: 60),
                                            [Palette.blue, Palette.green, Palette.orange, Palette.pink][i % 4], radius: 14, engine: engine))
        }
        let closed = PaneDemo.targetPoint(for: .closed)
        pane = Widgets.box("pane", Rect(x: 0, y: closed.y - PaneDemo.paneHeight / 2, width: size.width, height: PaneDemo.paneHeight),
                           Color(rgb: 0xE5E5EA, alpha: 0.96), radius: 24, engine: engine)
        pane.maskedCorners = .top
        scene.root.addChild(pane)
        pane.addChild(Widgets.box("pane.grabber", Rect(x: size.width / 2 - 20, y: 10, width: 40, height: 5), Palette.gray, radius: 2.5, engine: engine))
        pane.addChild(Widgets.label("pane.title", "Control Center", Rect(x: 0, y: 28, width: size.width, height: 30), size: 20, engine: engine))
        for i in 0..<8 {
            pane.addChild(Widgets.box("pane.control\(i)", Rect(x: 28 + Double(i % 4) * 84, y: 90 + Double(i / 4) * 84, width: 64, height: 64),
                                      Color(white: 1, alpha: 0.9), radius: 32, engine: engine))
        }

        let pan = PanGestureRecognizer { [unowned(unsafe) self] pan in self.handlePan(pan) }
        pane.addGestureRecognizer(pan)
        let tap = TapGestureRecognizer { [unowned(unsafe) self] _ in self.didTap() }
        pane.addGestureRecognizer(tap)

        let c = pane.centerProperty
        let channels = [
            DemoChannel(name: "pane.center.x") { (c.value.x, c.presentationValue.x, c.velocity.x) },
            DemoChannel(name: "pane.center.y") { (c.value.y, c.presentationValue.y, c.velocity.y) },
            DemoChannel(name: "pane.open") { [unowned(unsafe) self] in
                let v = self.paneState == .open ? 1.0 : 0.0
                return (v, v, 0)
            },
        ]
        demo = Demo(info: PaneDemo.info, scene: scene, channels: channels, owner: self)
    }

    private var dragStart = Point.zero

    func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            // draggableViewBeganDragging: cancel the spring; the pane stays where it is seen.
            cancelSpringAnimation()
            // The pan begins after the finger moved a little: measure from here, so the pane
            // does not jump by that distance.
            dragStart = pane.center - pan.translation(in: nil)
        case .changed:
            pane.center = dragStart + pan.translation(in: nil)
        case .ended, .cancelled:
            // draggingEndedWithVelocity:
            let velocity = pan.velocity(in: nil)
            paneState = velocity.y >= 0 ? .closed : .open
            startAnimating(initialVelocity: velocity)
        default:
            break
        }
    }

    func didTap() {
        paneState = paneState == .open ? .closed : .open
        startAnimating(initialVelocity: springAnimation?.velocity ?? .zero)
    }

    private func cancelSpringAnimation() {
        springAnimation?.stop()
        springAnimation = nil
    }

    private func startAnimating(initialVelocity: Point) {
        if let running = springAnimation, running.isRunning {
            // Retarget in place: position and velocity carry on (the article's tap).
            running.target = PaneDemo.targetPoint(for: paneState)
            return
        }
        let animation = SpringAnimation(property: pane.centerProperty, spring: PaneDemo.spring,
                                        target: PaneDemo.targetPoint(for: paneState), velocity: initialVelocity)
        animation.restingDistance = 0.01
        animation.restingSpeed = 0.05
        springAnimation = animation
        animation.start()
    }
}
