import Testing
import Kinetic
@testable import KineticPOP

/// POPCustomAnimation: called at the add and every tick with exact times, until it returns false.
@Suite("POP custom animation")
struct POPCustomAnimationTests {
    @Test("the block runs at the add and at every tick with the target and exact times, until it returns false")
    func calledEachTickUntilItReturnsFalse() {
        let engine = AnimationEngine(time: 10)
        let pop = POPAnimator(engine: engine)
        let target = POPTestObject()
        var calls: [(current: Double, elapsed: Double)] = []
        var sawTarget = true
        let custom = POPCustomAnimation { object, animation in
            sawTarget = sawTarget && object === target
            calls.append((animation.currentTime, animation.elapsedTime))
            return calls.count < 5
        }
        let log = CompletionLog()
        log.record(custom)
        pop.addAnimation(custom, to: target, forKey: "custom")
        #expect(calls.count == 1 && calls[0].current == 10 && calls[0].elapsed == 0)
        let ticks = [10.016, 10.05, 10.0625, 10.1, 10.2, 10.3]
        for t in ticks { engine.tick(at: t) }
        #expect(sawTarget)
        #expect(calls.count == 5)                            // returned false at the 5th: no more calls
        #expect(calls.map { $0.current } == [10, 10.016, 10.05, 10.0625, 10.1])
        for i in 1..<calls.count {
            #expect(abs(calls[i].elapsed - (calls[i].current - calls[i - 1].current)) < 1e-15)
        }
        #expect(log.finished == 1 && log.unfinished == 0)
        #expect(custom.state == .finished && pop.animationKeys(on: target).isEmpty)
    }

    @Test("removal stops the calls and reports finished = false once; paused time is not elapsed")
    func removalAndPause() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let target = POPTestObject()
        var elapsed: [Double] = []
        let custom = POPCustomAnimation { _, animation in
            elapsed.append(animation.elapsedTime)
            return true
        }
        let log = CompletionLog()
        log.record(custom)
        pop.addAnimation(custom, to: target, forKey: "c")
        engine.tick(at: 0.1)
        custom.isPaused = true
        engine.tick(at: 0.5)                                 // not called while paused
        custom.isPaused = false
        engine.tick(at: 0.6)
        #expect(elapsed.count == 3 && abs(elapsed[2] - 0.1) < 1e-12)
        pop.removeAnimation(forKey: "c", from: target)
        engine.tick(at: 0.7)
        #expect(elapsed.count == 3)
        #expect(log.unfinished == 1 && log.finished == 0)
    }
}
