// The pane on POP: a spring animation on the centre, springSpeed 15, springBounciness 6.
import Kinetic
import KineticPOP
import KineticScene

/// The pane driven by a ``POPSpringAnimation`` on its centre, with the article's numbers
/// (springSpeed 15, springBounciness 6) and the finger's velocity, added under the article's
/// key. Every call adds a new animation under that key, which replaces the running one: a
/// release gives it the pan's velocity; a tap gives none, so it carries on with the velocity
/// the pane has (``POPAnimator``'s seamless hand-over), and nothing jumps.
final class POPPaneDriver: PaneDriver {
    /// The key the article adds its animation under.
    static let key = "animation"

    let item: Node
    private let pop: POPAnimator
    private var animation: POPSpringAnimation<Point>?

    init(item: Node, engine: AnimationEngine) {
        self.item = item
        pop = POPAnimator(engine: engine)
    }

    // A POP animation and the animator it is added to hold each other until it is removed:
    // remove it when the pane goes, so a pane dropped mid-flight is freed.
    deinit { pop.removeAllAnimations(from: item) }

    var velocity: Point { isAnimating ? item.$center.velocity : .zero }

    var isAnimating: Bool { animation?.isRunning ?? false }

    func stop() {
        // The article's `pop_removeAllAnimations`: the pane stays where it is seen.
        pop.removeAllAnimations(from: item)
        animation = nil
    }

    func animate(to target: Point, velocity: Point?) {
        let animation = POPSpringAnimation(property: item.$center)
        if let velocity { animation.velocity = velocity }
        animation.toValue = target
        animation.springSpeed = 15
        animation.springBounciness = 6
        pop.addAnimation(animation, to: item, forKey: POPPaneDriver.key)
        self.animation = animation
    }
}
