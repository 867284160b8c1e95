// The animator: pausing and resuming, elapsed time, frame-rate independence, one body per item, bad input.
import Testing
import Kinetic
import KineticDynamics

final class PauseLog: DynamicAnimatorDelegate {
    let lifetime = Lifetime()
    var events: [String] = []
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { events.append("resume") }
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { events.append("pause") }
}

@Suite struct DynamicAnimatorTests {
    /// UIKit holds the delegates weakly. Before: the animator and the collision behaviour kept
    /// theirs alive.
    @Test func delegatesAreNotKeptAlive() {
        let h = DynamicsHarness()
        let collision = CollisionBehavior()
        weak var animatorDelegate: PauseLog?
        weak var contactDelegate: ContactLog?
        do {
            let log = PauseLog()
            let contacts = ContactLog([])
            h.animator.delegate = log
            collision.collisionDelegate = contacts
            #expect(h.animator.delegate === log && collision.collisionDelegate === contacts)
            animatorDelegate = log
            contactDelegate = contacts
        }
        #expect(animatorDelegate == nil && contactDelegate == nil)
        #expect(h.animator.delegate == nil && collision.collisionDelegate == nil)
        // Stepping with a gone delegate calls nothing.
        h.animator.addBehavior(SnapBehavior(item: square(at: Point(x: 160, y: 300), side: 40), snapTo: Point(x: 100, y: 100)))
        h.run(until: 3)
        #expect(!h.animator.isRunning)
    }

    @Test func pausesAtRestAndResumesOnAChange() {
        let h = DynamicsHarness()
        let log = PauseLog()
        h.animator.delegate = log
        var closureEvents: [String] = []
        h.animator.onPause = { closureEvents.append("pause") }
        h.animator.onResume = { closureEvents.append("resume") }
        let item = square(at: Point(x: 160, y: 300), side: 40)
        let snap = SnapBehavior(item: item, snapTo: Point(x: 160, y: 300))
        #expect(!h.animator.isRunning)
        h.animator.addBehavior(snap)
        #expect(h.animator.isRunning)
        #expect(log.events == ["resume"])
        h.run(until: 3)
        #expect(!h.animator.isRunning)
        #expect(log.events == ["resume", "pause"])
        #expect(!h.engine.hasRunningAnimations, "the engine dropped the paused animator")
        let pausedAt = h.animator.elapsedTime
        h.run(until: 4)
        #expect(h.animator.elapsedTime == pausedAt, "elapsedTime does not advance while paused")
        snap.snapPoint = Point(x: 100, y: 100)
        #expect(h.animator.isRunning)
        #expect(log.events == ["resume", "pause", "resume"])
        #expect(closureEvents == log.events)
        h.run(until: 4.5)
        #expect((h.animator.elapsedTime - pausedAt - 0.5).magnitude < 1e-12, "counted again from the resume")
    }

    @Test func elapsedTimeCountsSimulatedSeconds() {
        let h = DynamicsHarness()
        #expect(h.animator.elapsedTime == 0)
        let item = square(at: Point(x: 160, y: 0))
        h.run(until: 0.25)                                   // nothing to run yet
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.run(until: 0.75, rate: 60)
        #expect(h.animator.elapsedTime == 0.5)
        h.engine.tick(at: 0.7551)                            // not yet a whole step more
        #expect(h.animator.elapsedTime == 0.5 + 0.0 / 120)
        h.engine.tick(at: 0.7584)
        #expect(h.animator.elapsedTime == 61.0 / 120)
    }

    /// Gravity, walls, two colliding items, a pendulum, a push activated at 0.5 s and an anchor
    /// moved at 1 s, ticked at `ticks` (each with whether to sample after it): the positions
    /// sampled at the instants 1/30 s apart.
    private func scriptedRun(_ ticks: [(time: Double, sample: Bool)]) -> [[Double]] {
        let h = DynamicsHarness()
        let a = ball(at: Point(x: 100, y: 100), diameter: 40)
        let b = square(at: Point(x: 130, y: 300), side: 50)
        let bob = ball(at: Point(x: 250, y: 150), diameter: 30)
        let material = DynamicItemBehavior(items: [a, b])
        material.elasticity = 0.5
        material.friction = 0.3
        let collision = CollisionBehavior(items: [a, b, bob])
        collision.translatesReferenceBoundsIntoBoundary = true
        let push = PushBehavior(items: [b], mode: .instantaneous)
        push.pushDirection = Vector(dx: 3, dy: -2)
        push.active = false
        let rope = AttachmentBehavior(item: bob, attachedToAnchor: Point(x: 200, y: 100))
        h.animator.addBehavior(material)
        h.animator.addBehavior(GravityBehavior(items: [a, b, bob]))
        h.animator.addBehavior(collision)
        h.animator.addBehavior(push)
        h.animator.addBehavior(rope)
        var samples: [[Double]] = []
        for tick in ticks {
            h.engine.tick(at: tick.time)
            if tick.sample {
                samples.append([a.center.x, a.center.y, b.center.x, b.center.y, b.transform.rotation,
                                bob.center.x, bob.center.y])
            }
            if tick.time == 0.5 { push.active = true }
            if tick.time == 1 { rope.anchorPoint = Point(x: 150, y: 120) }
        }
        return samples
    }

    /// Frames k/rate for 2 s; every (rate/30)th is a shared instant.
    private func regular(_ rate: Int) -> [(time: Double, sample: Bool)] {
        (1...(2 * rate)).map { (Double($0) / Double(rate), $0 % (rate / 30) == 0) }
    }

    /// The 30 Hz instants with 0 to 3 extra ticks at seeded pseudo-random times between them.
    private func jittery(seed: UInt64) -> [(time: Double, sample: Bool)] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var ticks: [(time: Double, sample: Bool)] = []
        for j in 1...60 {
            let start = Double(j - 1) / 30, end = Double(j) / 30
            var extra = (0..<Int(next() * 4)).map { _ in start + (end - start) * next() }
            extra.sort()
            for t in extra where t > start && t < end { ticks.append((t, false)) }
            ticks.append((end, true))
        }
        return ticks
    }

    @Test func theSameEventsAt30_60And120HzGiveIdenticalPositions() {
        let at30 = scriptedRun(regular(30)), at60 = scriptedRun(regular(60)), at120 = scriptedRun(regular(120))
        #expect(at30.count == 60)
        #expect(at30 == at60)
        #expect(at60 == at120)
        #expect(at120.last![1] != 100, "something moved")
    }

    @Test func jitteryFramesGiveTheSamePositionsAtTheSharedInstants() {
        let reference = scriptedRun(regular(30))
        for seed: UInt64 in [1, 2, 3] {
            #expect(scriptedRun(jittery(seed: seed)) == reference, "seed \(seed)")
        }
    }

    @Test func oneBodyPerItemHoweverManyBehavioursNameIt() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 100))
        let g1 = GravityBehavior(items: [item]), g2 = GravityBehavior(items: [item])
        let probe = DynamicItemBehavior(items: [item])
        h.animator.addBehavior(g1)
        h.animator.addBehavior(g2)
        h.animator.addBehavior(probe)
        h.run(until: 0.5)
        #expect((probe.linearVelocity(for: item).y - 1000).magnitude < 1e-9, "two gravities on one body: 2000 pt/s² × 0.5 s")
        let before = probe.linearVelocity(for: item)
        h.animator.removeBehavior(g2)
        h.animator.removeBehavior(g1)
        #expect(probe.linearVelocity(for: item) == before, "the body survives while a behaviour names the item")
        h.animator.removeBehavior(probe)
        let resting = item.center
        h.run(until: 1)
        #expect(item.center == resting)
        #expect(h.animator.items(in: Rect(x: 0, y: 0, width: 1000, height: 1000)).isEmpty)
    }

    @Test func itemsInARectUseTheSimulatedFrames() {
        let h = DynamicsHarness()
        let left = square(at: Point(x: 50, y: 50), side: 40)
        let right = square(at: Point(x: 250, y: 50), side: 40)
        h.animator.addBehavior(DynamicItemBehavior(items: [left, right]))
        let found = h.animator.items(in: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(found.count == 1 && found[0] === left)
        #expect(h.animator.items(in: Rect(x: 225, y: 60, width: 10, height: 10)).count == 1)
    }

    @Test func updateItemReadsTheItemBack() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 50, y: 50), side: 40)
        let gravity = GravityBehavior(items: [item])
        h.animator.addBehavior(gravity)
        h.run(until: 0.2)
        item.center = Point(x: 200, y: 10)
        h.animator.updateItem(usingCurrentState: item)
        h.run(until: 0.2 + 1.0 / 120)
        #expect(item.center.x == 200)
        #expect(item.center.y > 10 && item.center.y < 20)
        h.animator.updateItem(usingCurrentState: square(at: .zero))
        #expect(h.diagnostics.count == 1)
    }

    @Test func removingFromInsideAnActionIsDeferredToTheEndOfTheStep() {
        let h = DynamicsHarness()
        let a = square(at: Point(x: 50, y: 50)), b = square(at: Point(x: 250, y: 50))
        let gravity = GravityBehavior(items: [a, b])
        let watcher = DynamicBehavior()
        var seenDuringStep: [Int] = []
        var removed = false
        gravity.action = {
            if !removed {
                removed = true
                gravity.removeItem(b)
                seenDuringStep.append(gravity.items.count)
            }
        }
        watcher.action = { seenDuringStep.append(gravity.items.count) }
        h.animator.addBehavior(gravity)
        h.animator.addBehavior(watcher)
        h.run(until: 1.0 / 120)
        #expect(seenDuringStep == [2, 2], "the rest of the step still sees both items")
        #expect(gravity.items.count == 1)
        let y = b.center.y
        h.run(until: 0.5)
        #expect(b.center.y == y, "b no longer falls")
        #expect(a.center.y > 150)
    }

    @Test func illegalCallsAreRejectedAndChangeNothing() {
        let h = DynamicsHarness()
        let other = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 10, height: 10), engine: h.engine)
        let item = square(at: Point(x: 50, y: 50))
        let gravity = GravityBehavior(items: [item, item])       // duplicate: reported when added
        #expect(gravity.items.count == 1)
        h.animator.addBehavior(gravity)
        #expect(h.diagnostics.count == 1)
        h.animator.addBehavior(gravity)                          // twice
        other.addBehavior(gravity)                               // two animators
        #expect(h.diagnostics.count == 3)
        #expect(other.behaviors.isEmpty && h.animator.behaviors.count == 1)
        #expect(h.diagnostics.suffix(2).allSatisfy { $0.kind == .illegalStateTransition })
        let parent = DynamicBehavior(), child = DynamicBehavior()
        parent.addChildBehavior(child)
        h.animator.addBehavior(child)                            // someone's child
        parent.addChildBehavior(child)                           // twice
        child.addChildBehavior(parent)                           // a cycle
        h.animator.removeBehavior(DynamicBehavior())             // not there
        gravity.removeItem(square(at: .zero))                    // not there
        #expect(h.diagnostics.count == 6, "\(h.diagnostics.map { $0.message })")
        #expect(h.animator.behaviors.count == 1 && parent.childBehaviors.count == 1 && child.childBehaviors.isEmpty)
        _ = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 10, height: 10), engine: h.engine, stepRate: .nan)
        #expect(h.diagnostics.count == 7)
    }

    @Test func anItemWithANonFiniteCentreIsNotSimulated() {
        let h = DynamicsHarness()
        let bad = square(at: Point(x: .nan, y: 0))
        let good = square(at: Point(x: 10, y: 10))
        h.animator.addBehavior(GravityBehavior(items: [bad, good]))
        h.run(until: 0.5)
        #expect(h.diagnostics.count == 1)
        #expect(good.center.y > 100)
        #expect(bad.center.x.isNaN, "left alone")
    }

    @Test func removingTheLastBehaviourPausesAtOnce() {
        let h = DynamicsHarness()
        let log = PauseLog()
        h.animator.delegate = log
        let gravity = GravityBehavior(items: [square(at: .zero)])
        h.animator.addBehavior(gravity)
        h.run(until: 0.1)
        h.animator.removeBehavior(gravity)
        #expect(!h.animator.isRunning)
        #expect(log.events == ["resume", "pause"])
        #expect(gravity.dynamicAnimator == nil)
    }
}

@Suite struct DynamicAnimatorLifetimeTests {
    @Test func aFreedAnimatorLetsItsBehavioursGoCleanly() {
        let item = square(at: Point(x: 100, y: 100), side: 40)
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "floor", from: Point(x: 0, y: 300), to: Point(x: 320, y: 300))
        do {
            let h = DynamicsHarness()
            h.animator.addBehavior(collision)
            #expect(collision.dynamicAnimator === h.animator)
            h.run(until: 2)                              // at rest: paused and dropped by the engine
            #expect(!h.animator.isRunning)
        }
        #expect(collision.dynamicAnimator == nil, "the freed animator cleared the back reference")
        let h = DynamicsHarness()
        h.animator.addBehavior(collision)
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.run(until: 1.5)
        #expect(h.diagnostics.isEmpty)
        #expect((item.center.y - 280).magnitude < 1, "lands on the boundary, re-created in the new world: \(item.center.y)")
    }
}

@Suite struct ItemShapeTests {
    private func restingY(of item: BasicDynamicItem) -> (y: Double, diagnostics: Int) {
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 320, height: 640))
        let walls = CollisionBehavior(items: [item])
        walls.translatesReferenceBoundsIntoBoundary = true
        let material = DynamicItemBehavior(items: [item])
        material.allowsRotation = false
        h.animator.addBehavior(walls)
        h.animator.addBehavior(material)
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.run(until: 2)
        return (item.center.y, h.diagnostics.count)
    }

    @Test func eachCollisionBoundsTypeRestsOnItsOwnShape() {
        let box = BasicDynamicItem(center: Point(x: 160, y: 300), size: Size(width: 80, height: 40))
        #expect((restingY(of: box).y - 620).magnitude < 0.5)
        let disc = BasicDynamicItem(center: Point(x: 160, y: 300), size: Size(width: 40, height: 40), collisionBoundsType: .ellipse)
        #expect((restingY(of: disc).y - 620).magnitude < 0.5)
        let ellipse = BasicDynamicItem(center: Point(x: 160, y: 300), size: Size(width: 80, height: 40), collisionBoundsType: .ellipse)
        #expect((restingY(of: ellipse).y - 620).magnitude < 0.5)
        // A triangle whose lowest vertex is 30 below the centre, inside 100 × 100 bounds.
        let triangle = BasicDynamicItem(center: Point(x: 160, y: 300), size: Size(width: 100, height: 100),
                                        collisionBoundsType: .path([Point(x: -40, y: 30), Point(x: 40, y: 30), Point(x: 0, y: -40)]))
        #expect((restingY(of: triangle).y - 610).magnitude < 0.5)
    }

    @Test func aConcavePathFallsBackToTheRectangleWithADiagnostic() {
        let dart = BasicDynamicItem(center: Point(x: 160, y: 300), size: Size(width: 60, height: 60),
                                    collisionBoundsType: .path([Point(x: -30, y: 30), Point(x: 0, y: 0), Point(x: 30, y: 30), Point(x: 0, y: -30)]))
        let result = restingY(of: dart)
        #expect((result.y - 610).magnitude < 0.5, "rests on its 60-point rectangle")
        #expect(result.diagnostics == 1)
    }
}
