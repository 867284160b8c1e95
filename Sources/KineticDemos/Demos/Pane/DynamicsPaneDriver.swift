// The pane on UIKit Dynamics: the article's PaneBehavior in a DynamicAnimator.
import Kinetic
import KineticDynamics
import KineticScene

/// The pane driven by a ``PaneBehavior`` in its own ``DynamicAnimator`` (the screen is the
/// reference bounds). A drag removes every behaviour (the article's `removeAllBehaviors`); a
/// release adds the behaviour back with the target and the finger's velocity; a tap only moves
/// the target, so the spring and friction forces turn the item round without a velocity jump.
final class DynamicsPaneDriver: PaneDriver {
    let item: Node
    let animator: DynamicAnimator
    private(set) var behavior: PaneBehavior?

    init(item: Node, engine: AnimationEngine) {
        self.item = item
        let s = DemoCatalog.screenSize
        animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: s.width, height: s.height), engine: engine)
    }

    var velocity: Point {
        guard let behavior, isAttached else { return .zero }
        let v = behavior.itemBehavior.linearVelocity(for: item)
        return Point(x: v.dx, y: v.dy)
    }

    /// Whether the behaviour is in the animator (between a release and the next drag).
    private var isAttached: Bool { !animator.behaviors.isEmpty }

    var isAnimating: Bool { isAttached && animator.isRunning }

    func stop() {
        animator.removeAllBehaviors()
    }

    func animate(to target: Point, velocity: Point?) {
        let behavior = self.behavior ?? PaneBehavior(item: item)
        self.behavior = behavior
        behavior.targetPoint = target
        if !isAttached {
            // Added back after a drag: the animator takes the item where the finger left it
            // (a fresh body, at rest).
            animator.addBehavior(behavior)
        }
        // The article sets the velocity only when it is not zero (a tap passes zero). Set after
        // adding, so the difference is taken from the velocity the animator really has.
        if let velocity, velocity != .zero { behavior.velocity = Vector(dx: velocity.x, dy: velocity.y) }
    }
}
