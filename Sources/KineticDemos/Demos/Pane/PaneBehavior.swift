// The objc.io article's PaneBehavior: an attachment spring and an item behaviour in one.
import Kinetic
import KineticDynamics

/// The article's custom behaviour for the sliding pane, a ``DynamicBehavior`` subclass holding
/// two child behaviours: an ``AttachmentBehavior`` that pulls the item to ``targetPoint``
/// (frequency 3.5 Hz, damping ratio 0.4, length 0) and a ``DynamicItemBehavior`` that gives it
/// density 100 and resistance 10 (velocity damping per second).
final class PaneBehavior: DynamicBehavior {
    /// The item it moves.
    let item: any DynamicItem
    /// The spring to the target point.
    let attachmentBehavior: AttachmentBehavior
    /// The item's density and resistance, and the way to change its velocity.
    let itemBehavior: DynamicItemBehavior

    /// Where the attachment pulls the item's centre (the attachment's anchor).
    var targetPoint = Point.zero {
        didSet { attachmentBehavior.anchorPoint = targetPoint }
    }

    /// The item's velocity, in points per second. The item behaviour only adds velocity, so
    /// setting it adds the difference from the current one (as the article does).
    var velocity = Vector.zero {
        didSet {
            let current = itemBehavior.linearVelocity(for: item)
            itemBehavior.addLinearVelocity(velocity - current, for: item)
        }
    }

    init(item: any DynamicItem) {
        self.item = item
        let attachment = AttachmentBehavior(item: item, attachedToAnchor: .zero)
        attachment.frequency = 3.5
        attachment.damping = 0.4
        attachment.length = 0
        attachmentBehavior = attachment
        let itemBehavior = DynamicItemBehavior(items: [item])
        itemBehavior.density = 100
        itemBehavior.resistance = 10
        self.itemBehavior = itemBehavior
        super.init()
        addChildBehavior(attachment)
        addChildBehavior(itemBehavior)
    }
}
