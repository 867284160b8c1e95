// DynamicAnimator.allowsSleeping: off, nothing sleeps and the animator never pauses; the motion is otherwise the same.
import Testing
import Kinetic
@testable import KineticDynamics

@Suite struct SleepingSwitchTests {
    /// Six boxes dropped in a pile with friction.
    private func pile() -> (DynamicsHarness, [BasicDynamicItem]) {
        let h = DynamicsHarness()
        var boxes: [BasicDynamicItem] = []
        for k in 0..<6 {
            boxes.append(square(at: Point(x: 100 + Double(k % 3) * 45 + Double(k / 3) * 20, y: 500 - Double(k / 3) * 60), side: 40))
        }
        let collision = CollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        let friction = DynamicItemBehavior(items: boxes)
        friction.friction = 0.6
        h.animator.addBehavior(GravityBehavior(items: boxes))
        h.animator.addBehavior(collision)
        h.animator.addBehavior(friction)
        return (h, boxes)
    }

    private func bits(_ boxes: [BasicDynamicItem]) -> [UInt64] {
        boxes.flatMap { [$0.center.x.bitPattern, $0.center.y.bitPattern, $0.transform.rotation.bitPattern] }
    }

    private func anyAsleep(_ h: DynamicsHarness) -> Bool {
        h.animator.registry.records.contains { !h.animator.world.isAwake($0.body) }
    }

    @Test func sleepingIsOnByDefault() {
        let (h, _) = pile()
        #expect(h.animator.allowsSleeping)
        h.run(until: 4, rate: 60)
        #expect(!h.animator.isRunning, "the pile fell asleep and the animator paused")
    }

    /// Off: no body ever sleeps and the animator keeps running; every frame until the first body
    /// falls asleep with sleeping on is the same, bit for bit.
    @Test func offNothingSleepsAndTheMotionIsTheSameUntilTheFirstSleep() {
        let (on, onBoxes) = pile()
        let (off, offBoxes) = pile()
        off.animator.allowsSleeping = false
        #expect(off.diagnostics.isEmpty)
        var sameFrames = 0
        var firstSleep: Double?
        for k in 1...300 {
            let t = Double(k) / 60
            on.engine.tick(at: t)
            off.engine.tick(at: t)
            #expect(!anyAsleep(off))
            if firstSleep == nil, anyAsleep(on) { firstSleep = t }
            if firstSleep == nil {
                if bits(onBoxes) == bits(offBoxes) { sameFrames += 1 }
            }
        }
        let sleep = try! #require(firstSleep)
        #expect(sleep > 0.5 && sleep < 4, "the pile settles, then sleeps")
        #expect(sameFrames == Int((sleep * 60).rounded()) - 1)
        #expect(!on.animator.isRunning)
        #expect(off.animator.isRunning, "with nothing asleep the animator never pauses")
        // The awake pile rests where the sleeping one stopped, within the sleep tolerance.
        for (a, b) in zip(onBoxes, offBoxes) {
            #expect(a.center.distance(to: b.center) < 1)
        }
    }

    /// Turning sleeping off wakes the sleeping bodies and resumes the animator; turning it back
    /// on lets them sleep again.
    @Test func turningItOffWakesEverything() {
        let (h, _) = pile()
        h.run(until: 4, rate: 60)
        #expect(!h.animator.isRunning && anyAsleep(h))
        h.animator.allowsSleeping = false
        #expect(h.animator.isRunning)
        #expect(!anyAsleep(h))
        h.run(until: 6, rate: 60)
        #expect(h.animator.isRunning && !anyAsleep(h))
        h.animator.allowsSleeping = true
        h.run(until: 8, rate: 60)
        #expect(!h.animator.isRunning)
    }
}
