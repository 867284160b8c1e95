// What a collision behaviour tells its delegate: contacts between items, and with boundaries, began or ended.
import Kinetic

/// Told when the items of a ``CollisionBehavior`` touch each other or its boundaries (UIKit's
/// `UICollisionBehaviorDelegate`). Every method has an empty default implementation.
///
/// Calls come after the step in which the contact began or ended, after the behaviours'
/// actions, in the solver's deterministic order. A boundary's identifier is the one given to
/// ``CollisionBehavior/addBoundary(withIdentifier:from:to:)``, or nil for the reference-bounds
/// boundary (as in UIKit). The behaviour does not keep its delegate alive, as UIKit holds it
/// weakly: Embedded Swift has no `weak`, so a delegate is a `LifetimeOwner` (declare
/// `let lifetime = Lifetime()`), and ``CollisionBehavior/collisionDelegate`` reads nil once it is
/// gone.
public protocol CollisionBehaviorDelegate: LifetimeOwner {
    /// `item1` and `item2` began touching at `point` (reference coordinates).
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                           with item2: any DynamicItem, at point: Point)
    /// `item1` and `item2` stopped touching.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
                           with item2: any DynamicItem)
    /// `item` began touching the boundary `identifier` (nil: the reference bounds) at `point`.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: String?, at point: Point)
    /// `item` stopped touching the boundary `identifier` (nil: the reference bounds).
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: String?)
}

extension CollisionBehaviorDelegate {
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                                  with item2: any DynamicItem, at point: Point) {}
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
                                  with item2: any DynamicItem) {}
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                                  withBoundaryIdentifier identifier: String?, at point: Point) {}
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                                  withBoundaryIdentifier identifier: String?) {}
}
