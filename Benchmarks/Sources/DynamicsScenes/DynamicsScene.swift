// The two dynamics benchmark scenes built through KineticDynamics' public API, and one fixed step of them.

import Kinetic
import KineticDynamics

/// A dynamic animator on its own engine, holding one of the benchmark scenes, ticked exactly one
/// fixed step (1/120 s) at a time.
public final class DynamicsScene {
    public enum Kind: String, CaseIterable, Sendable {
        /// 20 rows of 40-pt boxes, 210 in all, on the floor of the box.
        case pyramid
        /// 1,000 circles of radius 10 pt piled up in the box.
        case circles
    }

    public let kind: Kind
    public let engine = AnimationEngine()
    public let animator: DynamicAnimator
    public let items: [BasicDynamicItem]
    let material: DynamicItemBehavior
    let collision: CollisionBehavior
    /// Touching contacts (item–item and item–boundary) counted from the collision delegate while
    /// it is set (during the warm-up).
    let contactCounter = ContactCounter()
    /// The number of fixed steps taken so far; the engine's time is always `steps / 120` s
    /// computed from this integer, so that every tick is exactly one step (no accumulated drift).
    public private(set) var steps = 0

    public init(_ kind: Kind) {
        self.kind = kind
        let g = SceneGeometry.self
        animator = DynamicAnimator(
            referenceBounds: Rect(origin: .zero, size: Size(width: g.bounds, height: g.bounds)),
            engine: engine, stepRate: g.stepRate)
        animator.velocityIterations = g.velocityIterations
        animator.positionIterations = g.positionIterations
        switch kind {
        case .pyramid:
            items = g.pyramidBoxes().map {
                BasicDynamicItem(center: $0, size: Size(width: g.boxSide, height: g.boxSide))
            }
        case .circles:
            items = g.circleCentres().map {
                BasicDynamicItem(center: $0, size: Size(width: 2 * g.circleRadius, height: 2 * g.circleRadius),
                                 collisionBoundsType: .ellipse)
            }
        }
        let gravity = GravityBehavior(items: items)  // magnitude 1: 1000 pt/s² downwards
        collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.collisionDelegate = contactCounter
        material = DynamicItemBehavior(items: items)
        material.friction = g.friction
        material.elasticity = 0
        material.density = g.density
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        animator.addBehavior(material)
        engine.tick(at: 0)
    }

    /// One engine tick exactly one fixed step after the last: one solver step and the write-back
    /// of every item's centre and transform.
    @inline(__always) public func step() {
        steps += 1
        engine.tick(at: Double(steps) / SceneGeometry.stepRate)
    }

    /// Keeps every body awake, as Box2D's `SetAllowSleeping(false)` does on the other side: the
    /// public API has no switch for sleeping, so this resets every body's rest timer (a zero
    /// velocity added through `DynamicItemBehavior`, which wakes the body). A body falls asleep
    /// only after 0.5 s (60 steps) at rest, so calling this before every measured step (outside
    /// the measured region) keeps the whole pile in the solver.
    public func keepAwake() {
        for item in items { material.addLinearVelocity(.zero, for: item) }
    }

    /// Runs the warm-up (1,200 steps, 10 s of simulated time) with every body kept awake, counting
    /// contacts through the collision delegate, which is then removed (no delegate while timing).
    public func warmUp(steps count: Int = SceneGeometry.warmUpSteps) {
        for _ in 0..<count {
            keepAwake()
            step()
        }
        collision.collisionDelegate = nil
    }

    /// Figures to set beside Box2D's (`after_timing` in scenes.py): the topmost centre and the
    /// fastest and mean item speeds, from the items and the animator.
    public func summary() -> String {
        var top = Double.infinity
        var fastest = 0.0
        var speeds = 0.0
        for item in items {
            top = Swift.min(top, item.center.y)
            let v = material.linearVelocity(for: item)
            let speed = (v.x * v.x + v.y * v.y).squareRoot()
            fastest = Swift.max(fastest, speed)
            speeds += speed
        }
        return "\(kind.rawValue): \(items.count) items, \(contactCounter.touching) touching contacts at the end of the warm-up, "
            + "top at y = \(rounded(top)) pt, max speed \(rounded(fastest)) pt/s, mean speed \(rounded(speeds / Double(items.count))) pt/s, "
            + "running: \(animator.isRunning), \(animator.elapsedTime) s simulated, \(engine.diagnostics.count) diagnostics"
    }

    private func rounded(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
}

/// Counts touching contacts from a collision behaviour's began and ended callbacks.
final class ContactCounter: CollisionBehaviorDelegate {
    /// The delegate's zeroing-reference token (the collision behaviour holds it weakly; the scene keeps it).
    let lifetime = Lifetime()
    var touching = 0
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                           with item2: any DynamicItem, at point: Point) { touching += 1 }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem,
                           with item2: any DynamicItem) { touching -= 1 }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: String?, at point: Point) { touching += 1 }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: String?) { touching -= 1 }
}
