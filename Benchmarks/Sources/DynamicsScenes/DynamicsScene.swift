// The dynamics benchmark scenes built through KineticDynamics' public API, and one fixed step or
// one 1/60 s frame of them.

import Kinetic
import KineticDynamics

/// A dynamic animator on its own engine, holding one of the benchmark scenes, ticked exactly one
/// fixed step (1/120 s unless built with another rate) or one 60 Hz frame at a time.
public final class DynamicsScene {
    public enum Kind: String, CaseIterable, Sendable {
        /// 20 rows of 40-pt boxes, 210 in all, on the floor of the box.
        case pyramid
        /// 1,000 circles of radius 10 pt piled up in the box.
        case circles
        /// Box2D v3's `large_pyramid`: 5,050 boxes of 100 pt (1 m) in 100 rows on a ground.
        case largePyramid = "large_pyramid"
        /// Box2D v3's `joint_grid`: 100 × 100 circles of radius 40 pt, 100 pt apart, each pinned to
        /// its neighbours, the 7 middle bodies of the top row fixed; they do not collide.
        case jointGrid = "joint_grid"

        /// The size the scene has unless told otherwise: rows (pyramid), circles, bottom-row boxes
        /// (large pyramid), bodies per side (joint grid).
        public var defaultSize: Int {
            switch self {
            case .pyramid: SceneGeometry.pyramidRows
            case .circles: SceneGeometry.circleCount
            case .largePyramid: SceneGeometry.largePyramidBase
            case .jointGrid: SceneGeometry.jointGridSize
            }
        }
    }

    public let kind: Kind
    /// Rows, circles, bottom-row boxes or bodies per side (see `Kind.defaultSize`).
    public let size: Int
    public let engine = AnimationEngine()
    public let animator: DynamicAnimator
    public let items: [BasicDynamicItem]
    /// The items that move (all but the joint grid's fixed ones) and where they started.
    let movingItems: [BasicDynamicItem]
    let startCentres: [Point]
    let material: DynamicItemBehavior
    let collision: CollisionBehavior?
    /// The attachments (joint grid only).
    public let attachmentCount: Int
    /// Touching contacts (item–item and item–boundary) counted from the collision delegate while
    /// it is set (during the warm-up).
    let contactCounter = ContactCounter()
    /// The animator's fixed steps per second: 120 (`SceneGeometry.stepRate`, Kinetic's default,
    /// and the Box2D 2.x comparison's rate) or 60 (Box2D v3's). Either way the solver runs 240
    /// substeps per simulated second (`velocityIterations` = 960 / rate, a quarter of which is
    /// the substep count per step).
    public let stepRate: Double
    /// Fixed steps per 1/60 s frame: 2 at 120 Hz, 1 at 60 Hz.
    public let stepsPerFrame: Int
    /// The number of fixed steps taken so far; the engine's time is always `steps / stepRate` s
    /// computed from this integer, so that every tick is exactly one step or frame (no
    /// accumulated drift).
    public private(set) var steps = 0

    /// Builds `kind` at `size` (default `kind.defaultSize`; at least 1). Every body has
    /// density 1, friction 0.6 (the boundary and ground take the bodies' friction) and elasticity
    /// 0; gravity is 1000 pt/s² (10 m/s² at 1 m = 100 pt).
    ///
    /// `stepRate` is 120 (the default) or 60; any other value is taken as 120.
    public init(_ kind: Kind, size: Int? = nil, stepRate: Double = SceneGeometry.stepRate) {
        self.kind = kind
        let n = Swift.max(size ?? kind.defaultSize, 1)
        self.size = n
        let g = SceneGeometry.self
        let rate = stepRate == 60 ? 60.0 : g.stepRate
        self.stepRate = rate
        stepsPerFrame = Int(rate / 60)
        let velocityIterations = Int(960 / rate)
        var fixed: [BasicDynamicItem] = []
        var attachments: [AttachmentBehavior] = []
        switch kind {
        case .pyramid, .circles:
            animator = DynamicAnimator(
                referenceBounds: Rect(origin: .zero, size: Size(width: g.bounds, height: g.bounds)),
                engine: engine, stepRate: rate)
            animator.velocityIterations = velocityIterations
            animator.positionIterations = g.positionIterations
            if kind == .pyramid {
                items = g.pyramidBoxes(rows: n).map {
                    BasicDynamicItem(center: $0, size: Size(width: g.boxSide, height: g.boxSide))
                }
            } else {
                items = g.circleCentres(count: n).map {
                    BasicDynamicItem(center: $0, size: Size(width: 2 * g.circleRadius, height: 2 * g.circleRadius),
                                     collisionBoundsType: .ellipse)
                }
            }
            let collision = CollisionBehavior(items: items)
            collision.translatesReferenceBoundsIntoBoundary = true
            self.collision = collision
        case .largePyramid:
            // Kinetic's own iterations (positionIterations 3) at the scene's rate.
            animator = DynamicAnimator(engine: engine, stepRate: rate)
            animator.velocityIterations = velocityIterations
            items = g.largePyramidBoxes(base: n).map {
                BasicDynamicItem(center: $0, size: Size(width: g.largeBoxSide, height: g.largeBoxSide))
            }
            let collision = CollisionBehavior(items: items)
            collision.addBoundary(withIdentifier: "ground", for: g.largePyramidGround)
            self.collision = collision
        case .jointGrid:
            animator = DynamicAnimator(engine: engine, stepRate: rate)
            animator.velocityIterations = velocityIterations
            let side = 2 * g.jointGridRadius
            var grid: [BasicDynamicItem] = []
            for k in 0..<n {
                for i in 0..<n {
                    let item = BasicDynamicItem(center: g.jointGridCentre(column: k, row: i),
                                                size: Size(width: side, height: side), collisionBoundsType: .ellipse)
                    if g.isJointGridFixed(column: k, row: i, size: n) { fixed.append(item) }
                    // Box2D's anchors: half way to the neighbour above and to the one on the left.
                    if i > 0 {
                        let above = grid[grid.count - 1]
                        attachments.append(.pinAttachment(with: above, attachedTo: item, attachmentAnchor:
                            Point(x: item.center.x, y: item.center.y - g.jointGridPitch / 2)))
                    }
                    if k > 0 {
                        let left = grid[grid.count - n]
                        attachments.append(.pinAttachment(with: left, attachedTo: item, attachmentAnchor:
                            Point(x: item.center.x - g.jointGridPitch / 2, y: item.center.y)))
                    }
                    grid.append(item)
                }
            }
            items = grid
            collision = nil  // Box2D's filter: the grid's bodies collide with nothing
        }
        movingItems = items.filter { item in !fixed.contains { $0 === item } }
        startCentres = movingItems.map(\.center)
        attachmentCount = attachments.count

        let gravity = GravityBehavior(items: items)  // magnitude 1: 1000 pt/s² downwards
        material = DynamicItemBehavior(items: items)
        material.friction = g.friction
        material.elasticity = 0
        material.density = g.density
        animator.addBehavior(gravity)
        if let collision {
            collision.collisionDelegate = contactCounter
            animator.addBehavior(collision)
        }
        animator.addBehavior(material)
        if !fixed.isEmpty {
            let anchored = DynamicItemBehavior(items: fixed)
            anchored.isAnchored = true
            animator.addBehavior(anchored)
        }
        if !attachments.isEmpty {
            let joints = DynamicBehavior()
            for attachment in attachments { joints.addChildBehavior(attachment) }
            animator.addBehavior(joints)
        }
        // Every body stays in the solver, as Box2D's `SetAllowSleeping(false)` on the other side.
        animator.allowsSleeping = false
        engine.tick(at: 0)
    }

    /// One engine tick exactly one fixed step after the last: one solver step and the write-back
    /// of every item's centre and transform.
    @inline(__always) public func step() {
        steps += 1
        engine.tick(at: Double(steps) / stepRate)
    }

    /// One engine tick exactly 1/60 s after the last, as Box2D v3's benchmark steps and a 60 Hz
    /// host ticks: the animator takes its fixed steps inside (two at 120 Hz, one at 60 Hz) and
    /// writes every item back once.
    @inline(__always) public func frame() {
        steps += stepsPerFrame
        engine.tick(at: Double(steps) / stepRate)
    }

    /// Runs the warm-up (1,200 steps, 10 s of simulated time), counting contacts through the
    /// collision delegate, which is then removed (no delegate while timing).
    public func warmUp(steps count: Int = SceneGeometry.warmUpSteps) {
        for _ in 0..<count { step() }
        collision?.collisionDelegate = nil
    }

    /// `warmUp(steps:)` by 1/60 s frames.
    public func warmUp(frames count: Int) {
        for _ in 0..<count { frame() }
        collision?.collisionDelegate = nil
    }

    /// The state to set beside Box2D v3's, in metres with y up (1 m = 100 pt): how many moving
    /// items' centres moved more than 0.25 m sideways since they were made (the "stands" check of
    /// a pyramid), the largest such move, the lowest and highest centre and the fastest item.
    public func state() -> SceneState {
        var result = SceneState(bodies: movingItems.count, joints: attachmentCount,
                                simulatedSeconds: Double(steps) / stepRate)
        // The floor of the 1000-pt box is y = 0 m for pyramid and circles; Box2D's layouts keep
        // their origin.
        let floor = kind == .pyramid || kind == .circles ? SceneGeometry.bounds : 0
        for (item, start) in zip(movingItems, startCentres) {
            let dx = (item.center.x - start.x).magnitude / 100
            if dx > 0.25 { result.sideways += 1 }
            result.maxSideways = Swift.max(result.maxSideways, dx)
            let y = (floor - item.center.y) / 100
            result.lowestY = Swift.min(result.lowestY, y)
            result.highestY = Swift.max(result.highestY, y)
            let v = material.linearVelocity(for: item)
            result.fastest = Swift.max(result.fastest, (v.x * v.x + v.y * v.y).squareRoot() / 100)
        }
        return result
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

/// `DynamicsScene.state()`: figures in metres, y up, seconds.
public struct SceneState: Sendable {
    /// Moving items (Box2D's dynamic bodies) and attachments (its joints).
    public var bodies: Int
    public var joints: Int
    public var simulatedSeconds: Double
    /// Items whose centre moved more than 0.25 m sideways, and the largest sideways move.
    public var sideways = 0
    public var maxSideways = 0.0
    public var lowestY = Double.infinity
    public var highestY = -Double.infinity
    /// The fastest item's speed, m/s.
    public var fastest = 0.0
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
