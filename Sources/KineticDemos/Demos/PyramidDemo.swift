import Kinetic
import KineticDynamics
import KineticHost
import KineticScene

/// A pyramid of 210 boxes (20 rows of 40-point boxes, 20 at the bottom, 1 at the top) standing
/// on the floor of a `DynamicAnimator`'s reference bounds: the classic stacking test of a
/// rigid-body solver. It must stand still until you knock it over: grab any box or the ball
/// and throw it (`ItemGrabber`), tap the background for a blast that pushes the boxes near
/// the tap away, or press Throw to fire the ball at it.
///
/// The world is 1000 points wide, so the 800-point pyramid fits with room for the ball; the
/// world node is scaled by 0.375 to fit the 375-point screen (a box shows 15 points wide).
public final class PyramidDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `pyramid`.
    public static var entry: SceneEntry {
        SceneEntry(name: "pyramid", title: "The pyramid", description: "A stress test of the rigid-body solver under UIKit Dynamics: 210 boxes of 40 points in 20 rows (20 at the bottom, one at the top), stacked on the floor under gravity and collisions, with friction. It stands still, every box asleep, until you knock it over. Grab any box or the ball and throw it at the pyramid, tap the background for a blast that pushes the nearby boxes away, or press Throw to fire the ball at it. Reset stacks it again. The world is 1000 points wide, drawn at 0.375 scale.", hint: "Grab the ball and throw it at the pyramid, or press Throw.") { PyramidDemo(engine: $0) }
    }

    /// Rows, and the boxes' side in world points.
    public static let rows = 20
    public static let boxSide = 40.0
    /// The world's size in world points (1000 wide, the screen's aspect ratio).
    public static let worldSize = Size(width: 1000, height: 1000 * DemoCatalog.screenSize.height / DemoCatalog.screenSize.width)
    /// The scale from world points to screen points.
    public static let scale = DemoCatalog.screenSize.width / 1000
    /// The ball's radius in world points.
    public static let ballRadius = 40.0

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The scaled node the animator works in: its bounds are the reference bounds.
    public let world: Node
    /// The boxes, bottom row first, left to right.
    public private(set) var boxes: [Node] = []
    /// The ball.
    public private(set) var ball: Node!
    /// The running animator.
    public private(set) var animator: DynamicAnimator!
    private var itemBehavior: DynamicItemBehavior!
    private var ballBehavior: DynamicItemBehavior!
    private var grabber: ItemGrabber!
    private var pushes: [PushBehavior] = []
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []

    /// The centre of box `column` of `row` (row 0 at the bottom), in world points.
    public static func boxCenter(row: Int, column: Int) -> Point {
        let left = (worldSize.width - Double(rows) * boxSide) / 2
        return Point(x: left + boxSide / 2 + Double(column) * boxSide + Double(row) * boxSide / 2,
                     y: worldSize.height - boxSide / 2 - Double(row) * boxSide)
    }

    /// Where the ball waits: on the floor, left of the pyramid.
    public static var ballHome: Point { Point(x: 50, y: worldSize.height - ballRadius) }

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let scene = DemoCatalog.screen(on: engine, background: Palette.background)
        self.scene = scene
        let size = scene.size
        let w = PyramidDemo.worldSize
        world = Node(frame: Rect(x: 0, y: 0, width: w.width, height: w.height), name: "world", engine: engine)
        world.center = Point(x: size.width / 2, y: size.height / 2)
        world.transform = AffineTransform(scaleX: PyramidDemo.scale, y: PyramidDemo.scale)
        world.backgroundColor = .white
        scene.root.addChild(world)
        // The buttons and recognizers live in the scene this object owns: they reach it through
        // a zeroing reference, so the scene never keeps it alive.
        let me = zeroingReference
        world.addGestureRecognizer(TapGestureRecognizer { tap in
            guard let self = me.object else { return }
            self.blast(at: tap.location(in: self.world))
        })
        Widgets.button("throw", "Throw", Rect(x: 12, y: 12, width: 100, height: 36), in: scene.root) { me.object?.throwBall() }
        Widgets.button("reset", "Reset", Rect(x: 120, y: 12, width: 100, height: 36), in: scene.root, color: Palette.gray) {
            me.object?.build()
        }
        build()

        for i in 0..<(PyramidDemo.rows * (PyramidDemo.rows + 1) / 2) {
            channels.append(SceneChannel(name: "box\(i).x") {
                let v = me.object?.boxes[i].center.x ?? 0
                return (v, v, 0)
            })
            channels.append(SceneChannel(name: "box\(i).y") {
                let v = me.object?.boxes[i].center.y ?? 0
                return (v, v, 0)
            })
        }
        channels.append(SceneChannel(name: "ball.x") {
            let v = me.object?.ball.center.x ?? 0
            return (v, v, 0)
        })
        channels.append(SceneChannel(name: "ball.y") {
            let v = me.object?.ball.center.y ?? 0
            return (v, v, 0)
        })
    }

    /// Stacks the pyramid again on a fresh animator.
    public func build() {
        grabber?.release()
        ballGrabber?.release()
        animator?.removeAllBehaviors()
        for child in world.children { child.removeFromParent() }
        boxes = []
        pushes = []
        let w = PyramidDemo.worldSize
        animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: w.width, height: w.height), engine: engine)
        itemBehavior = DynamicItemBehavior(items: [])
        itemBehavior.friction = 0.6
        itemBehavior.elasticity = 0
        ballBehavior = DynamicItemBehavior(items: [])
        ballBehavior.density = 4
        ballBehavior.friction = 0.3
        ballBehavior.elasticity = 0.2
        if let grabber, let ballGrabber {
            grabber.attach(to: animator, itemBehavior: itemBehavior)
            ballGrabber.attach(to: animator, itemBehavior: ballBehavior)
        } else {
            grabber = ItemGrabber(animator: animator, world: world, itemBehavior: itemBehavior)
            ballGrabber = ItemGrabber(animator: animator, world: world, itemBehavior: ballBehavior)
        }
        let s = PyramidDemo.boxSide
        let colors = [Palette.orange, Palette.yellow, Palette.red, Palette.pink]
        for row in 0..<PyramidDemo.rows {
            for column in 0..<(PyramidDemo.rows - row) {
                let c = PyramidDemo.boxCenter(row: row, column: column)
                let box = Widgets.box("box\(boxes.count)", Rect(x: c.x - s / 2, y: c.y - s / 2, width: s, height: s),
                                      colors[(row + column) % colors.count], radius: 3, engine: engine)
                world.addChild(box)
                boxes.append(box)
                itemBehavior.addItem(box)
                grabber.makeGrabbable(box)
            }
        }
        let r = PyramidDemo.ballRadius, home = PyramidDemo.ballHome
        let ball = Widgets.box("ball", Rect(x: home.x - r, y: home.y - r, width: 2 * r, height: 2 * r), Palette.blue, radius: r, engine: engine)
        ball.collisionBoundsType = .ellipse
        world.addChild(ball)
        self.ball = ball
        ballBehavior.addItem(ball)
        ballGrabber?.makeGrabbable(ball)
        let all = dynamicItems(boxes + [ball])
        animator.addBehavior(GravityBehavior(items: all))
        let collision = CollisionBehavior(items: all)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(itemBehavior)
        animator.addBehavior(ballBehavior)
    }
    private var ballGrabber: ItemGrabber?

    /// Fires the ball from the left at the pyramid's middle.
    public func throwBall() {
        ball.center = Point(x: 60, y: PyramidDemo.worldSize.height - 500)
        animator.updateItem(usingCurrentState: ball)
        let current = ballBehavior.linearVelocity(for: ball)
        ballBehavior.addLinearVelocity(Vector(dx: 1800 - current.dx, dy: 100 - current.dy), for: ball)
    }

    /// Pushes the boxes within 300 world points of `p` away from it (and upwards: a blast on
    /// the pyramid's flank throws boxes up and off, not into the floor).
    func blast(at p: Point) {
        for push in pushes { animator.removeBehavior(push) }
        pushes = []
        for box in boxes {
            let d = box.center - p
            let distance = (d.x * d.x + d.y * d.y).squareRoot()
            guard distance > 1, distance < 300 else { continue }
            // Magnitude 1 changes a 100 × 100 density-1 item's velocity by 100 pt/s; a box is
            // 0.16 of that mass: this gives up to ~1200 pt/s.
            let speed = 1200 * (1 - distance / 300)
            var direction = Vector(dx: d.x / distance, dy: d.y / distance - 0.8)
            let n = (direction.dx * direction.dx + direction.dy * direction.dy).squareRoot()
            direction = Vector(dx: direction.dx / n * speed * 0.16 / 100, dy: direction.dy / n * speed * 0.16 / 100)
            let push = PushBehavior(items: [box], mode: .instantaneous)
            push.pushDirection = direction
            animator.addBehavior(push)
            pushes.append(push)
        }
    }
}
