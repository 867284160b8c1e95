// The pane on POP: a spring animation on the centre, springSpeed 15, springBounciness 6.
import Kinetic
import KineticScene

/// The pane driven by a ``POPSpringAnimation`` on its centre, with the article's numbers
/// (springSpeed 15, springBounciness 6) and the finger's velocity. Every call adds a new
/// animation under the same key, which replaces the running one from the current position and
/// velocity, so a tap mid-flight does not jump.
final class POPPaneDriver: PaneDriver {
    /// The key the article adds its animation under.
    static let key = "animation"

    let item: Node
    private var animating = false

    init(item: Node) {
        self.item = item
    }

    var velocity: Point { isAnimating ? item.centerProperty.velocity : .zero }

    var isAnimating: Bool { animating && item.centerProperty.isAnimating }

    func stop() {
        item.centerProperty.popRemoveAnimation(forKey: POPPaneDriver.key)
        animating = false
    }

    func animate(to target: Point, velocity: Point?) {
        let animation = POPSpringAnimation<Point>()
        animation.toValue = target
        animation.velocity = velocity ?? self.velocity
        animation.springSpeed = 15
        animation.springBounciness = 6
        item.centerProperty.popAdd(animation, forKey: POPPaneDriver.key)
        animating = true
    }
}
