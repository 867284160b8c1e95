// Snapshot and restore: the continuation after a restore is the original one, bit for bit.
import Testing
import Kinetic
@testable import KineticDynamics

/// A world with warm contacts and joints: a stack of boxes hit by a ball, a chain of two items
/// pinned to each other and hung from an anchor by a spring, gravity, friction, restitution, an
/// instantaneous push, a noise field (time-dependent).
private final class SnapshotScene {
    let h = DynamicsHarness()
    var boxes: [BasicDynamicItem] = []
    let thrown = ball(at: Point(x: 40, y: 380), diameter: 30)
    let link1 = square(at: Point(x: 220, y: 150), side: 20)
    let link2 = square(at: Point(x: 260, y: 150), side: 20)
    let gravity: GravityBehavior
    let collision: CollisionBehavior
    let materials: DynamicItemBehavior
    let push: PushBehavior
    let spring: AttachmentBehavior
    let pin: AttachmentBehavior
    let noise = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 2)

    init() {
        for row in 0..<3 {
            for column in 0..<(3 - row) {
                boxes.append(square(at: Point(x: 120 + Double(column) * 41 + Double(row) * 20, y: 620 - Double(row) * 40), side: 40))
            }
        }
        let all: [any DynamicItem] = boxes + [thrown, link1, link2]
        gravity = GravityBehavior(items: all)
        collision = CollisionBehavior(items: boxes + [thrown])
        collision.translatesReferenceBoundsIntoBoundary = true
        materials = DynamicItemBehavior(items: all)
        materials.friction = 0.5
        materials.elasticity = 0.3
        push = PushBehavior(items: [thrown], mode: .instantaneous)
        push.pushDirection = Vector(dx: 2, dy: -0.5)
        spring = AttachmentBehavior(item: link1, attachedToAnchor: Point(x: 200, y: 80))
        spring.frequency = 2
        spring.damping = 0.3
        pin = AttachmentBehavior.pinAttachment(with: link1, attachedTo: link2, attachmentAnchor: Point(x: 240, y: 150))
        noise.addItem(link2)
        noise.strength = 0.2
        for behavior in [gravity, collision, materials, push, spring, pin, noise] as [DynamicBehavior] {
            h.animator.addBehavior(behavior)
        }
    }

    var items: [BasicDynamicItem] { boxes + [thrown, link1, link2] }

    /// Every item's centre, transform and velocities as raw bits.
    func bits() -> [UInt64] {
        var result: [UInt64] = []
        for item in items {
            let v = materials.linearVelocity(for: item)
            let t = item.transform
            result += [item.center.x.bitPattern, item.center.y.bitPattern, v.dx.bitPattern, v.dy.bitPattern,
                       materials.angularVelocity(for: item).bitPattern, t.rotation.bitPattern,
                       t.translationX.bitPattern, t.translationY.bitPattern, t.scaleX.bitPattern, t.shear.bitPattern]
        }
        return result
    }

    /// Ticks at 60 Hz from the engine's time for `seconds`, recording the bits after each tick.
    func record(for seconds: Double) -> [[UInt64]] {
        var frames: [[UInt64]] = []
        h.run(until: h.engine.time + seconds, rate: 60) { _ in frames.append(self.bits()) }
        return frames
    }
}

@Suite struct SnapshotTests {
    /// After contacts and joints are warm (1 s), a snapshot; the world is then disturbed (a
    /// second push, gravity turned, the anchor moved, an item velocity added) for 1 s and
    /// restored; the next 2 s (120 frames, 240 steps) equal an unbroken run's, bit for bit.
    @Test func restoringRepeatsTheContinuationBitForBit() {
        let unbroken = SnapshotScene()
        unbroken.h.run(until: 1, rate: 60)
        unbroken.push.active = true
        let atSnapshot = unbroken.bits()
        let expected = unbroken.record(for: 2)

        let scene = SnapshotScene()
        scene.h.run(until: 1, rate: 60)
        scene.push.active = true
        #expect(scene.bits() == atSnapshot, "the same scene, deterministic")
        let snapshot = scene.h.animator.snapshot()!
        #expect(snapshot.elapsedTime == 1)

        // Disturb everything the snapshot covers.
        scene.h.run(until: 1.25, rate: 60)
        scene.push.active = true
        scene.gravity.angle = 1
        scene.spring.anchorPoint = Point(x: 100, y: 300)
        scene.spring.frequency = 5
        scene.materials.friction = 0.1
        scene.materials.addLinearVelocity(Vector(dx: 0, dy: -500), for: scene.boxes[0])
        scene.noise.strength = 3
        let disturbed = scene.record(for: 0.75)
        #expect(disturbed.last != expected[59], "the disturbance changed the motion")

        scene.h.animator.restore(snapshot)
        #expect(scene.h.diagnostics.isEmpty)
        #expect(scene.h.animator.elapsedTime == 1)
        #expect(scene.bits() == atSnapshot, "the items show the snapshot's state")
        #expect(scene.gravity.angle == unbroken.gravity.angle && scene.spring.frequency == 2 && scene.materials.friction == 0.5)
        #expect(scene.push.active)
        let repeated = scene.record(for: 2)
        #expect(repeated.count == 120)
        for k in repeated.indices where repeated[k] != expected[k] {
            Issue.record("frame \(k) differs from the unbroken run")
            break
        }
        // The run moved: boxes were hit, the chain swings (the comparison is not of still frames).
        #expect(expected[0] != expected[119])
    }

    /// Restoring twice from one snapshot gives the same run twice (the snapshot is a value the
    /// world does not write through).
    @Test func aSnapshotCanBeRestoredAgain() {
        let scene = SnapshotScene()
        scene.h.run(until: 0.5, rate: 60)
        let snapshot = scene.h.animator.snapshot()!
        let first = scene.record(for: 1)
        scene.h.animator.restore(snapshot)
        let second = scene.record(for: 1)
        scene.h.animator.restore(snapshot)
        let third = scene.record(for: 1)
        #expect(first == second && second == third)
    }

    /// A restore into a changed configuration reports and changes nothing.
    @Test func aChangedConfigurationIsRejected() {
        let scene = SnapshotScene()
        scene.h.run(until: 0.5, rate: 60)
        let snapshot = scene.h.animator.snapshot()!
        scene.h.run(until: 1, rate: 60)

        let extra = SnapBehavior(item: scene.thrown, snapTo: Point(x: 10, y: 10))
        scene.h.animator.addBehavior(extra)
        let before = scene.bits()
        scene.h.animator.restore(snapshot)
        #expect(scene.h.diagnostics.map(\.kind) == [.invalidArgument])
        #expect(scene.bits() == before)
        #expect(scene.h.animator.elapsedTime == 1)

        // The same behaviours again, but one item taken out of every behaviour and put back:
        // a new body.
        scene.h.animator.removeBehavior(extra)
        scene.h.animator.restore(snapshot)
        #expect(scene.h.diagnostics.count == 1, "the configuration matches again: restored")
        #expect(scene.h.animator.elapsedTime == 0.5)
        scene.noise.removeItem(scene.link2)
        scene.gravity.removeItem(scene.link2)
        scene.materials.removeItem(scene.link2)
        scene.h.animator.removeBehavior(scene.pin)
        scene.gravity.addItem(scene.link2)
        scene.h.animator.addBehavior(scene.pin)
        let now = scene.bits()
        scene.h.animator.restore(snapshot)
        #expect(scene.h.diagnostics.count == 2)
        #expect(scene.bits() == now)

        // Another animator's snapshot.
        let other = SnapshotScene()
        other.h.animator.restore(snapshot)
        #expect(other.h.diagnostics.map(\.kind) == [.invalidArgument])
    }

    /// The animator runs or pauses as it did when the snapshot was taken.
    @Test func theClockComesBackWithTheSnapshot() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 300), side: 40)
        let log = PauseLog()
        h.animator.delegate = log
        let snap = SnapBehavior(item: item, snapTo: Point(x: 160, y: 300))
        h.animator.addBehavior(snap)
        h.run(until: 3)
        #expect(!h.animator.isRunning)
        let resting = h.animator.snapshot()!
        snap.snapPoint = Point(x: 60, y: 100)
        h.run(until: 3.2)
        #expect(h.animator.isRunning)
        let moving = h.animator.snapshot()!
        let movingCenter = item.center
        h.animator.restore(resting)
        #expect(!h.animator.isRunning)
        #expect(item.center == Point(x: 160, y: 300))
        #expect(snap.snapPoint == Point(x: 160, y: 300))
        #expect(log.events == ["resume", "pause", "resume", "pause"])
        h.animator.restore(moving)
        #expect(h.animator.isRunning)
        #expect(item.center == movingCenter)
        #expect(log.events == ["resume", "pause", "resume", "pause", "resume"])
        #expect(h.diagnostics.isEmpty)
    }

    /// Inside a step there is no snapshot (diagnostic), and a restore waits for the step's end.
    @Test func insideAStepSnapshotIsNilAndRestoreIsDeferred() {
        let scene = SnapshotScene()
        scene.h.run(until: 0.5, rate: 60)
        let snapshot = scene.h.animator.snapshot()!
        let atSnapshot = scene.bits()
        let expected = scene.record(for: 0.5)
        var snapshotsInside: [DynamicAnimatorSnapshot?] = []
        scene.gravity.action = { [unowned scene] in
            guard snapshotsInside.isEmpty else { return }
            snapshotsInside.append(scene.h.animator.snapshot())
            scene.h.animator.restore(snapshot)
        }
        // This tick is due two steps; the restore follows the first, and takes the snapshot's
        // phase at the tick's time: no second step, and the items show the snapshot's state.
        scene.h.engine.tick(at: scene.h.engine.time + 1 / 60.0)
        scene.gravity.action = nil
        #expect(snapshotsInside.count == 1 && snapshotsInside[0] == nil)
        #expect(scene.h.diagnostics.map(\.kind) == [.illegalStateTransition])
        #expect(scene.bits() == atSnapshot)
        #expect(scene.h.animator.elapsedTime == 0.5)
        // From there the continuation is the original one, one frame later.
        #expect(scene.record(for: 0.5) == expected)
    }

    /// Every stored property of the world is either in its snapshot or rewritten by each step
    /// before it is read: this list has to grow with the world.
    @Test func theWorldSnapshotCoversEveryStoredProperty() {
        let covered: Set<String> = [
            "velocityIterations", "positionIterations", "allowsSleeping", "bodies", "boundaries", "joints",
            "contacts", "broadPhase", "eventLog", "sleepingIslands",
        ]
        let scratch: Set<String> = [
            // recordsContactEvents: set by the animator before every step (the log it gates is
            // covered, and knows whether its pairs are current).
            "stepRate", "bundleWidth", "pairs", "recordsContactEvents", "stepBuffers",
        ]
        let names = Set(Mirror(reflecting: PhysicsWorld()).children.compactMap(\.label))
        #expect(names == covered.union(scratch))
    }
}
