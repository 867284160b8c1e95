import Kinetic
import KineticHost
import KineticScene

/// The 2D spring of the 2016 session ("Advances in UIKit Animations and Transitions"): drag a
/// square off the centre and let go; it springs back to the centre starting with the gesture's
/// velocity as a vector, so it leaves along the direction you threw it, not along the line to
/// the centre. A live graph traces the path it takes.
public final class Spring2DDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `spring2d`.
    public static var entry: SceneEntry {
        SceneEntry(name: "spring2d", title: "The 2D spring", description: "From the 2016 session: a spring whose initial velocity is a vector. Drag the square away from the centre and flick it in any direction as you let go. It springs back to the centre (damping ratio 0.5, response 0.6 s) starting with your finger's 2D velocity, so it first carries on the way you threw it and curves home, instead of heading straight along the line to the centre as a scalar velocity would make it. The dots trace its path; the cross marks the centre. Grab it again mid-flight to take over.", hint: "Drag the square off centre and flick it sideways as you let go.") { Spring2DDemo(engine: $0) }
    }

    /// The spring: damping ratio 0.5, response 0.6 s.
    public static let spring = SpringTimingParameters(dampingRatio: 0.5, response: 0.6)
    /// Where the square rests.
    public static let home = Point(x: DemoCatalog.screenSize.width / 2, y: 300)

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The square.
    public let square: Node
    /// The spring running now, if any.
    public private(set) var animation: SpringAnimation<Point>?
    private var trail: [Node] = []
    private var trailIndex = 0
    private var lastTrailTime = -Double.infinity
    private var dragStart = Point.zero
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let scene = DemoCatalog.screen(on: engine, background: .white)
        self.scene = scene
        let size = scene.size
        let home = Spring2DDemo.home
        scene.root.addChild(Widgets.box("cross.h", Rect(x: home.x - 12, y: home.y - 1, width: 24, height: 2), Palette.gray, engine: engine))
        scene.root.addChild(Widgets.box("cross.v", Rect(x: home.x - 1, y: home.y - 12, width: 2, height: 24), Palette.gray, engine: engine))
        for i in 0..<60 {
            let dot = Widgets.box("trail\(i)", Rect(x: 0, y: 0, width: 4, height: 4), Color(rgb: 0x5856D6, alpha: 0.5), radius: 2, engine: engine)
            dot.isHidden = true
            dot.isUserInteractionEnabled = false
            scene.root.addChild(dot)
            trail.append(dot)
        }
        square = Widgets.box("square", Rect(x: home.x - 40, y: home.y - 40, width: 80, height: 80), Palette.indigo, radius: 12, engine: engine)
        scene.root.addChild(square)
        scene.root.addChild(Widgets.label("hint", "Drag the square and flick it", Rect(x: 0, y: 560, width: size.width, height: 24),
                                          size: 15, color: Palette.gray, engine: engine))
        // The recognizer lives in the scene this object owns: it reaches it through a zeroing
        // reference, so the scene never keeps it alive.
        let me = zeroingReference
        let pan = PanGestureRecognizer { pan in me.object?.handlePan(pan) }
        pan.minimumDistance = 0
        square.addGestureRecognizer(pan)

        channels = SceneChannel.point("square.center", square.$center)
    }

    /// Drops a dot of the trail where the square is, at most one per 1/60 s while it moves or is held.
    public func didAdvance(to time: Double) { recordTrail() }

    func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            animation?.stop()
            animation = nil
            dragStart = square.center - pan.translation(in: nil)
        case .changed:
            square.center = dragStart + pan.translation(in: nil)
        case .ended, .cancelled:
            let a = SpringAnimation(property: square.$center, spring: Spring2DDemo.spring,
                                    target: Spring2DDemo.home, velocity: pan.velocity(in: nil))
            a.restingDistance = 0.01
            a.restingSpeed = 0.05
            animation = a
            a.start()
        default:
            break
        }
    }

    /// Drops a trail dot every 1/60 s while the square moves.
    private func recordTrail() {
        let engine = square.engine
        guard square.isAnimating || !scene.activePointers.isEmpty else { return }
        guard engine.time - lastTrailTime >= 1.0 / 60 - 1e-9 else { return }
        lastTrailTime = engine.time
        let dot = trail[trailIndex % trail.count]
        dot.center = square.presentation.center
        dot.isHidden = false
        trailIndex += 1
    }
}
