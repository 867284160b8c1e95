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
        let s = Demo.screenSize
        animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: s.width, height: s.height), engine: engine)
    }

    var velocity: Point {
        guard let behavior, isAnimating else { return .zero }
        return behavior.itemBehavior.linearVelocity(for: item)
    }

    var isAnimating: Bool { !animator.behaviors.isEmpty }

    func stop() {
        animator.removeAllBehaviors()
    }

    func animate(to target: Point, velocity: Point?) {
        let behavior = self.behavior ?? PaneBehavior(item: item)
        self.behavior = behavior
        behavior.targetPoint = target
        if !isAnimating {
            // Added back after a drag: the animator takes the item where the finger left it.
            animator.addBehavior(behavior)
        }
        // The article sets the velocity only when it is not zero (a tap passes zero). Set after
        // adding, so the difference is taken from the velocity the animator really has.
        if let velocity, velocity != .zero { behavior.velocity = velocity }
    }
}
