import Testing
import Kinetic
@testable import KineticPOP

/// POPAnimator: the per-object, per-key registry of POP's `pop_` methods.
@Suite("POP animator")
struct POPAnimatorTests {
    @Test("keys are per object, listed in the order added, and looked up by identity")
    func keysArePerObject() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let a = POPTestObject(), b = POPTestObject()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let one = POPBasicAnimation(property: x), two = POPBasicAnimation(property: y), three = POPCustomAnimation { _, _ in true }
        one.toValue = 1; two.toValue = 2
        pop.addAnimation(one, to: a, forKey: "x")
        pop.addAnimation(three, to: a, forKey: "tick")
        pop.addAnimation(two, to: b, forKey: "x")
        #expect(pop.animationKeys(on: a) == ["x", "tick"])
        #expect(pop.animationKeys(on: b) == ["x"])
        #expect(pop.animation(forKey: "x", on: a) === one && pop.animation(forKey: "x", on: b) === two)
        #expect(pop.animation(forKey: "y", on: a) == nil)
        #expect(one.animator === pop && one.object === a && one.key == "x")
        pop.removeAllAnimations(from: a)
        #expect(pop.animationKeys(on: a).isEmpty && pop.animationKeys(on: b) == ["x"])
        #expect(one.animator == nil && one.object == nil && three.state == .finished)
    }

    @Test("adding the animation already under the key does nothing; adding it elsewhere moves it")
    func reAddingAndMoving() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let a = POPTestObject(), b = POPTestObject()
        var calls = 0
        let custom = POPCustomAnimation { _, _ in calls += 1; return true }
        let log = CompletionLog()
        log.record(custom)
        pop.addAnimation(custom, to: a, forKey: "k")
        pop.addAnimation(custom, to: a, forKey: "k")        // POP: no cancel, no restart
        #expect(calls == 1 && log.total == 0)
        pop.addAnimation(custom, to: b, forKey: "k")        // moved: ends there, starts here
        #expect(log.unfinished == 1 && calls == 2)
        #expect(pop.animationKeys(on: a).isEmpty && pop.animation(forKey: "k", on: b) === custom)
        #expect(custom.object === b && custom.state == .running)
    }

    @Test("removeAllAnimations unlists every animation before the first completion runs")
    func removeAllUnlistsFirst() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let a = POPTestObject()
        var seen: [[String]] = []
        for key in ["one", "two", "three"] {
            let custom = POPCustomAnimation { _, _ in true }
            custom.completionBlock = { _, finished in
                #expect(!finished)
                seen.append(pop.animationKeys(on: a))
            }
            pop.addAnimation(custom, to: a, forKey: key)
        }
        pop.removeAllAnimations(from: a)
        #expect(seen == [[], [], []])
    }

    @Test("keys compare by code units, as POP's isEqualToString:")
    func keysCompareByCodeUnits() {
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let a = POPTestObject()
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        pop.addAnimation(POPCustomAnimation { _, _ in true }, to: a, forKey: composed)
        pop.addAnimation(POPCustomAnimation { _, _ in true }, to: a, forKey: decomposed)
        #expect(pop.animationKeys(on: a).count == 2)
    }
}
