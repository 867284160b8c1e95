// One of the objc.io article's three ways of animating the pane, driving one node's centre.
import Kinetic
import KineticScene

/// Drives one node toward a target point with one of the article's engines (UIKit Dynamics,
/// the hand-rolled spring, POP). ``PaneDemo`` gives every driver the same drag, release
/// velocity and taps, so the three curves of one throw can be compared.
protocol PaneDriver: AnyObject {
    /// The node it moves: the visible pane for the selected engine, a hidden shadow otherwise.
    var item: Node { get }
    /// The item's velocity now, in points per second (zero when it is not animating).
    var velocity: Point { get }
    /// Whether it is animating the item now.
    var isAnimating: Bool { get }
    /// The drag began: stop animating, leaving the item where it is seen (the article's
    /// `draggableViewBeganDragging:`).
    func stop()
    /// Animates the item to `target`. A release passes the finger's `velocity`; a tap passes
    /// nil: the target changes and the item keeps its current motion (no velocity jump).
    func animate(to target: Point, velocity: Point?)
}
