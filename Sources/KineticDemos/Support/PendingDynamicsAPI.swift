// TEMPORARY: inert stand-ins for the public API that the dyn-api and dyn-pop branches are
// building (UIKit Dynamics' and POP's model), so that the demos compile before those land.
// Nothing here moves anything. Deleted when dyn-api / dyn-pop are merged.
import Kinetic

class DynamicBehavior {
    private(set) var childBehaviors: [DynamicBehavior] = []
    var action: (() -> Void)?
    init() {}
    func addChildBehavior(_ behavior: DynamicBehavior) { childBehaviors.append(behavior) }
    func removeChildBehavior(_ behavior: DynamicBehavior) { childBehaviors.removeAll { $0 === behavior } }
}

final class DynamicAnimator {
    private(set) var behaviors: [DynamicBehavior] = []
    init(referenceBounds: Rect, engine: AnimationEngine) {}
    func addBehavior(_ behavior: DynamicBehavior) { behaviors.append(behavior) }
    func removeBehavior(_ behavior: DynamicBehavior) { behaviors.removeAll { $0 === behavior } }
    func removeAllBehaviors() { behaviors = [] }
    func updateItem(usingCurrentState item: any DynamicItem) {}
}

final class GravityBehavior: DynamicBehavior {
    var magnitude = 1.0
    var gravityDirection = Vector(dx: 0, dy: 1)
    init(items: [any DynamicItem]) {}
    func addItem(_ item: any DynamicItem) {}
    func removeItem(_ item: any DynamicItem) {}
}

final class CollisionBehavior: DynamicBehavior {
    var translatesReferenceBoundsIntoBoundary = false
    init(items: [any DynamicItem]) {}
    func addItem(_ item: any DynamicItem) {}
    func removeItem(_ item: any DynamicItem) {}
    func addBoundary(withIdentifier identifier: String, from p1: Point, to p2: Point) {}
}

final class PushBehavior: DynamicBehavior {
    enum Mode { case continuous, instantaneous }
    var pushDirection = Vector.zero
    var magnitude = 0.0
    var active = true
    init(items: [any DynamicItem], mode: Mode) {}
}

final class SnapBehavior: DynamicBehavior {
    var snapPoint: Point
    var damping = 0.5
    init(item: any DynamicItem, snapTo point: Point) { snapPoint = point }
}

final class AttachmentBehavior: DynamicBehavior {
    var anchorPoint = Point.zero
    var length = 0.0
    var frequency = 0.0
    var damping = 0.0
    init(item: any DynamicItem, offsetFromCenter offset: Vector = .zero, attachedToAnchor anchor: Point) { anchorPoint = anchor }
    init(item: any DynamicItem, offsetFromCenter offset1: Vector = .zero, attachedTo item2: any DynamicItem,
         offsetFromCenter offset2: Vector = .zero) {}
    static func pinAttachment(with item1: any DynamicItem, attachedTo item2: any DynamicItem,
                              attachmentAnchor: Point) -> AttachmentBehavior {
        AttachmentBehavior(item: item1, attachedToAnchor: attachmentAnchor)
    }
}

final class DynamicItemBehavior: DynamicBehavior {
    var elasticity = 0.0
    var friction = 0.0
    var density = 1.0
    var resistance = 0.0
    var angularResistance = 0.0
    var allowsRotation = true
    init(items: [any DynamicItem]) {}
    func addItem(_ item: any DynamicItem) {}
    func addLinearVelocity(_ velocity: Point, for item: any DynamicItem) {}
    func linearVelocity(for item: any DynamicItem) -> Point { .zero }
}

final class FieldBehavior: DynamicBehavior {
    var position = Point.zero
    var strength = 1.0
    static func radialGravityField(position: Point) -> FieldBehavior { FieldBehavior() }
    static func vortexField() -> FieldBehavior { FieldBehavior() }
    func addItem(_ item: any DynamicItem) {}
}

final class POPSpringAnimation<Value: AnimatableValue> {
    var toValue: Value?
    var velocity: Value?
    var springSpeed = 12.0
    var springBounciness = 4.0
    init() {}
}

extension AnimatedProperty {
    func popAdd(_ animation: POPSpringAnimation<Value>, forKey key: String) {}
    func popRemoveAnimation(forKey key: String) {}
}
