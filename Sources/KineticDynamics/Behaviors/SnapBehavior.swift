// UIKit's UISnapBehavior: pulls an item to a point, where it comes to rest unrotated.
import Kinetic

/// Pulls one item to ``snapPoint`` with a damped spring, where it comes to rest with rotation
/// 0: UIKit's `UISnapBehavior`.
///
/// ``damping`` (0…1, default 0.5) is UIKit's: 0 overshoots and oscillates the most, 1 arrives
/// with little overshoot. Moving the snap point or changing the damping wakes the item and the
/// animator; setting either to the value it has changes nothing. A point that is not finite or beyond ±1e9 points (`DynamicsLimits`), or a damping
/// outside 0…1 or not finite, is rejected with a diagnostic.
public final class SnapBehavior: DynamicBehavior {
    /// The snapped item.
    public let item: any DynamicItem
    private var point: Point
    private var storedDamping = 0.5

    /// Snaps `item` to `point` (reference coordinates). A point that is not finite or beyond
    /// ±1e9 points is rejected with a diagnostic (the item's current centre is used).
    public init(item: any DynamicItem, snapTo point: Point) {
        self.item = item
        self.point = item.center
        super.init()
        if point.isUsableCoordinate { self.point = point } else {
            report(.invalidArgument, "SnapBehavior: the snap point must be finite and within ±1e9 points; the item's centre is used")
        }
    }

    /// Where the item comes to rest, in reference coordinates.
    public var snapPoint: Point {
        get { point }
        set {
            guard newValue.isUsableCoordinate else {
                report(.invalidArgument, "SnapBehavior.snapPoint must be finite and within ±1e9 points; unchanged")
                return
            }
            // The value already there changes nothing: rebuilding the joint and waking the item
            // would: a snap point set again every frame would move the item.
            guard newValue != point else { return }
            point = newValue
            jointChanged(waking: [item])
        }
    }

    /// How much the approach is damped, 0…1 (default 0.5).
    public var damping: Double {
        get { storedDamping }
        set {
            guard newValue.isFinite, newValue >= 0, newValue <= 1 else {
                report(.invalidArgument, "SnapBehavior.damping must be within 0...1; unchanged")
                return
            }
            guard newValue != storedDamping else { return }
            storedDamping = newValue
            jointChanged(waking: [item])
        }
    }

    override var jointDefinition: JointDefinition? {
        guard let body = animatorReference?.registry.body(for: item) else { return nil }
        return JointDefinition(kind: .snap(damping: storedDamping, angle: 0), bodyA: body, bodyB: nil,
                               localAnchorA: .zero, anchorB: point)
    }

    override var referencedItems: [any DynamicItem] { [item] }

    override func savedState() -> (() -> Void)? {
        let point = point, damping = storedDamping, joint = joint
        return { [self] in
            self.point = point
            self.storedDamping = damping
            self.joint = joint
        }
    }
}
