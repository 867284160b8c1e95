import Kinetic
import KineticHost
import KineticScene

/// The additive rotation of the 2017 session ("Advanced Animations with UIKit"): setting a
/// transform to a rotation of 20π in one step is the identity matrix, so nothing would turn;
/// instead the animation block concatenates a rotation of π twenty times. Each change adds to
/// the last, and the twenty half-turns compose into one smooth ten-turn spin over 5 s with
/// ease-in-out.
public final class RotationDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `rotation`.
    public static var entry: SceneEntry {
        SceneEntry(name: "rotation", title: "Additive rotation", description: "From the 2017 session: a 5 s ease-in-out animator whose block does `square.transform = square.transform.concatenating(rotation by π)` twenty times. A rotation of 20π set in one step is the same matrix as no rotation at all, so nothing would move; composed additively, the twenty half-turns become one smooth ten-turn spin. Tap Spin to start it, tap the square to reverse it mid-spin, and tap Spin again while it turns to add twenty more half-turns on top without a jump.", hint: "Tap Spin, tap the square to reverse mid-spin, tap Spin again to add turns.") { RotationDemo(engine: $0) }
    }

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The square.
    public let square: Node
    /// The last animator started.
    public private(set) var animator: PropertyAnimator?
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let scene = DemoCatalog.screen(on: engine, background: .white)
        self.scene = scene
        let size = scene.size
        square = Widgets.box("square", Rect(x: size.width / 2 - 70, y: 210, width: 140, height: 140), Palette.orange, radius: 8, engine: engine)
        square.addChild(Widgets.box("square.mark", Rect(x: 60, y: 8, width: 20, height: 20), .white, radius: 10, engine: engine))
        scene.root.addChild(square)
        // The recognizers live in the scene this object owns: they reach it through a zeroing
        // reference, so the scene never keeps it alive.
        let me = zeroingReference
        square.addGestureRecognizer(TapGestureRecognizer { _ in me.object?.reverse() })
        Widgets.button("spin", "Spin", Rect(x: size.width / 2 - 60, y: 480, width: 120, height: 44), in: scene.root) {
            me.object?.spin()
        }
        let t = square.$transform
        channels = [
            SceneChannel(name: "square.rotation") { (t.value.rotation, t.presentationValue.rotation, t.velocity.rotation) },
        ]
    }

    /// Starts a 5 s ease-in-out animator of twenty concatenated half-turns (the seed's code).
    func spin() {
        let square = square
        let animator = PropertyAnimator(duration: 5, curve: .easeInOut, engine: engine) {
            for _ in 0..<20 {
                let rotation = AffineTransform(rotationAngle: Double.pi)
                square.transform = square.transform.concatenating(rotation)
            }
        }
        animator.startAnimation()
        self.animator = animator
    }

    /// Flips the running animator's direction.
    func reverse() {
        guard let animator, animator.state == .active else { return }
        animator.isReversed.toggle()
    }
}
