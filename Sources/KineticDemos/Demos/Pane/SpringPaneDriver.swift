// The article's hand-rolled spring (k 300, friction 20, mass 1), solved in closed form.
import Kinetic
import KineticScene

/// The pane on the article's own spring: force = 300·(target − x) − 20·v per unit mass. Kinetic's
/// ``SpringAnimation`` evaluates it in closed form (the article steps it at 60 Hz); a tap
/// retargets the running spring in place, so position and velocity carry on.
final class SpringPaneDriver: PaneDriver {
    /// The article's spring: k = 300, friction μ = 20, mass 1 (damping ratio ≈ 0.577).
    static let spring = SpringTimingParameters(mass: 1, stiffness: 300, damping: 20)

    let item: Node
    private(set) var animation: SpringAnimation<Point>?

    init(item: Node) {
        self.item = item
    }

    var velocity: Point {
        guard let animation, animation.isRunning else { return .zero }
        return animation.velocity
    }

    var isAnimating: Bool { animation?.isRunning ?? false }

    func stop() {
        animation?.stop()
        animation = nil
    }

    func animate(to target: Point, velocity: Point?) {
        if let running = animation, running.isRunning {
            // Retarget in place: position and velocity carry on (the article's tap). A release
            // always follows a drag, which stopped the spring, so it never lands here.
            running.target = target
            return
        }
        let animation = SpringAnimation(property: item.$center, spring: SpringPaneDriver.spring,
                                        target: target, velocity: velocity ?? .zero)
        animation.restingDistance = 0.01
        animation.restingSpeed = 0.05
        self.animation = animation
        animation.start()
    }
}
