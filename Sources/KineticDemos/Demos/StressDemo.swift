// The stress demo: ten thousand dots on independent springs, swept by the pointer.
import Kinetic
import KineticHost
import KineticScene

/// Ten thousand dots, each on its own spring: sweep the pointer through the field and the dots
/// it passes are thrown away from it with a velocity proportional to its speed, then spring
/// home; sweep again mid-flight and the new throw adds to the motion without a jump.
///
/// Every dot is an `AnimatedProperty<Point>` moved by a `SpringAnimation` (damping ratio 0.2,
/// response 0.8 s) whose target is the dot's home: the engine evaluates ten thousand closed-form
/// springs per frame. The field is one node drawing a `DotBatch` (one render command, one
/// canvas in the playground), not ten thousand nodes. Ownership: the pan's action captures the
/// ``SpringDots`` state only (which owns no node and no closure) and reaches the field node
/// through the recognizer, so nothing in the scene holds the demo.
public final class StressDemo: HostedScene {
    /// The catalog entry: `stress`.
    public static var entry: SceneEntry {
        SceneEntry(name: "stress", title: "Ten thousand springs", description: "A stress test of the engine: 10,000 dots, each an animated point with its own spring (damping ratio 0.2, response 0.8 s) pulling it home. Drag through the field: every dot your path passes within 40 points of is thrown away from it, at up to a quarter of your speed (900 points per second at most), and springs back; drag through the wake again and the new throw adds to each dot's motion with no jump. Colour shows how far a dot swings. The readout shows the engine's own time per frame (Swift ticking every spring and encoding the dots) beside the time the page takes to draw them on one canvas.", hint: "Drag through the field of dots, then drag through the wake again.") { StressDemo(engine: $0) }
    }

    /// Columns and rows of dots (80 × 125 = 10,000).
    public static let columns = 80
    public static let rows = 125
    /// Every dot's spring.
    public static let spring = SpringTimingParameters(dampingRatio: 0.2, response: 0.8)
    /// The dots' colours: at rest, then growing swings (a step per 6 points of amplitude).
    public static let palette: [Color] = [0x3A3F5C, 0x5E5CE6, 0x0A84FF, 0x64D2FF, 0xFFD60A, 0xFF9F0A, 0xFF375F].map { Color(rgb: $0) }

    /// The scene.
    public let scene: Scene
    /// The numbers hosts record: the centres of the ``sampleDots``.
    public let channels: [SceneChannel]
    /// The dots' springs, homes and batch.
    public let dots: SpringDots
    /// The node drawing the dots (fills the screen).
    public let field: Node
    /// The label counting the moving springs.
    public let counter: Node

    /// The indices of the three dots whose centres are recorded (`dot2280.center.x`…): one on
    /// the first sweep of `gestures/stress.txt`, one on the second, one no sweep reaches.
    public static let sampleDots = [2280, 4980, 8860]

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let size = DemoCatalog.screenSize
        let scene = Scene(size: size, engine: engine)
        scene.root.backgroundColor = Color(rgb: 0x0B0B12)
        let bounds = Rect(origin: .zero, size: size)
        let dx = size.width / Double(StressDemo.columns), dy = size.height / Double(StressDemo.rows)
        var homes: [Point] = []
        homes.reserveCapacity(StressDemo.columns * StressDemo.rows)
        for row in 0..<StressDemo.rows {
            for column in 0..<StressDemo.columns {
                homes.append(Point(x: (Double(column) + 0.5) * dx, y: (Double(row) + 0.5) * dy))
            }
        }
        let dots = SpringDots(homes: homes, bounds: bounds, dotRadius: 1.4, palette: StressDemo.palette,
                              spring: StressDemo.spring, restingDistance: 0.02, restingSpeed: 0.2,
                              reach: 40, gain: 0.25, maximumKick: 900, amplitudePerColor: 6, engine: engine)
        let field = Node(frame: bounds, name: "field", engine: engine)
        field.dots = dots.batch
        scene.root.addChild(field)
        let counter = Widgets.label("count", StressDemo.countText(0), Rect(x: 77.5, y: 14, width: 220, height: 28),
                                    size: 14, color: .white, engine: engine)
        counter.backgroundColor = Color(rgb: 0x000000, alpha: 0.6)
        counter.cornerRadius = 14
        counter.isUserInteractionEnabled = false
        scene.root.addChild(counter)

        let pan = PanGestureRecognizer { pan in StressDemo.handlePan(pan, dots) }
        pan.minimumDistance = 0
        field.addGestureRecognizer(pan)

        var channels: [SceneChannel] = []
        for i in StressDemo.sampleDots {
            channels += SceneChannel.point("dot\(i).center", dots.properties[i])
        }
        self.scene = scene
        self.channels = channels
        self.dots = dots
        self.field = field
        self.counter = counter
    }

    /// Updates the dots' batch from their springs and the counter of moving springs.
    public func didAdvance(to time: Double) {
        dots.update()
        let text = StressDemo.countText(dots.moving.count)
        if counter.text != text { counter.text = text }
    }

    /// The counter's text for `moving` springs in motion.
    static func countText(_ moving: Int) -> String {
        "\(moving) of \(columns * rows) springs moving"
    }

    /// Each move of the pan sweeps the path from the previous location to this one, at the speed
    /// the pointer covered it.
    static func handlePan(_ pan: PanGestureRecognizer, _ dots: SpringDots) {
        let p = pan.location(in: pan.node)
        switch pan.state {
        case .began:
            dots.lastPointer = p
            dots.lastPointerTime = pan.lastEventTime
        case .changed, .ended:
            // The segment's own speed, not the pan's fitted velocity: a browser under load delivers
            // moves 40 ms or more apart, where the fit reads zero, and each segment is thrown by the
            // speed it was drawn at. Moves with one timestamp count as 1/240 s apart.
            let distance = (p - dots.lastPointer).magnitude
            let elapsed = Swift.max(pan.lastEventTime - dots.lastPointerTime, 1.0 / 240)
            dots.sweep(from: dots.lastPointer, to: p, speed: distance / elapsed)
            dots.lastPointer = p
            dots.lastPointerTime = pan.lastEventTime
        default:
            break
        }
    }
}
