// Grab and throw for dynamics demos: a pointer holds an item with an attachment to the finger.
import Kinetic
import KineticDynamics
import KineticScene

/// Lets a pointer grab any item of a ``DynamicAnimator`` and throw it, as UIKit's dynamics
/// catalog does: on touch down the item is held by an ``AttachmentBehavior`` from the touched
/// point of the item to the finger (``AttachmentBehavior/anchorPoint`` follows the pan); on
/// release the attachment is removed and the item's velocity set to the finger's release
/// velocity (by ``DynamicItemBehavior/addLinearVelocity(_:for:)`` of the difference).
///
/// Coordinates are the `world` node's: the animator's reference bounds are `world.bounds`, and
/// the items are `world`'s children. A demo keeps one grabber for its lifetime and points it at
/// each new animator (``attach(to:itemBehavior:)``), so a recognizer never outlives it.
final class ItemGrabber: LifetimeOwner {
    /// The token of the grabber's zeroing references (its recognizers reach it so).
    let lifetime = Lifetime()
    /// The animator the items are in. The grabber belongs to the demo, not to the scene, so it
    /// can hold the animator, the world and the behaviour strongly without a cycle.
    private(set) var animator: DynamicAnimator
    let world: Node
    /// The behaviour whose velocity the release sets (it must hold every grabbable item).
    private(set) var itemBehavior: DynamicItemBehavior
    /// The attachment holding the grabbed item, while a pointer holds one.
    private(set) var attachment: AttachmentBehavior?
    /// The item held, if any.
    private(set) var grabbed: Node?

    init(animator: DynamicAnimator, world: Node, itemBehavior: DynamicItemBehavior) {
        self.animator = animator
        self.world = world
        self.itemBehavior = itemBehavior
    }

    /// Lets go of any item and works with a new animator from now on.
    func attach(to animator: DynamicAnimator, itemBehavior: DynamicItemBehavior) {
        release()
        self.animator = animator
        self.itemBehavior = itemBehavior
    }

    /// Makes `item` grabbable: adds a pan that begins on touch down. The recognizer finds the
    /// item as its node and the grabber through a zeroing reference, so the item → recognizer →
    /// closure chain keeps neither alive.
    func makeGrabbable(_ item: Node) {
        let me = zeroingReference
        let pan = PanGestureRecognizer { pan in
            guard let item = pan.node else { return }
            me.object?.handle(pan, item: item)
        }
        pan.minimumDistance = 0
        item.addGestureRecognizer(pan)
    }

    /// Lets go of any item held (when the scene is rebuilt under a finger).
    func release() {
        if let attachment { animator.removeBehavior(attachment) }
        attachment = nil
        grabbed = nil
    }

    func handle(_ pan: PanGestureRecognizer, item: Node) {
        switch pan.state {
        case .began:
            release()
            let finger = pan.location(in: world)
            // The touched point of the item, relative to its centre in the item's own
            // (unrotated) coordinates, as UIKit's offsetFromCenter.
            let local = pan.location(in: item)
            let b = item.bounds
            let offset = Vector(dx: local.x - b.midX, dy: local.y - b.midY)
            let holder = AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: finger)
            animator.addBehavior(holder)
            attachment = holder
            grabbed = item
        case .changed:
            guard grabbed === item, let attachment else { return }
            attachment.anchorPoint = pan.location(in: world)
        case .ended, .cancelled:
            guard grabbed === item else { return }
            release()
            let v = pan.velocity(in: world)
            let current = itemBehavior.linearVelocity(for: item)
            itemBehavior.addLinearVelocity(Vector(dx: v.x - current.dx, dy: v.y - current.dy), for: item)
        default:
            break
        }
    }
}

/// `nodes` as dynamic items. Written as a loop because Embedded Swift cannot convert an array
/// of nodes to an array of existentials (a dynamic cast).
func dynamicItems(_ nodes: [Node]) -> [any DynamicItem] {
    var items: [any DynamicItem] = []
    items.reserveCapacity(nodes.count)
    for node in nodes { items.append(node) }
    return items
}
