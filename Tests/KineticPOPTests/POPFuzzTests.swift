import Testing
import Kinetic
@testable import KineticPOP
import KineticTestSupport

/// Random sequences of POP calls: every run completes exactly once, nothing becomes NaN, and
/// handing a property to a spring or decay with no from value and no velocity never jumps.
@Suite("POP fuzz")
struct POPFuzzTests {
    final class Ledger {
        var starts: [ObjectIdentifier: Int] = [:]
        var ends: [ObjectIdentifier: Int] = [:]
        var finished = 0
        var animations: [POPAnimation] = []
        func track(_ a: POPAnimation) {
            let id = ObjectIdentifier(a)
            animations.append(a)
            a.animationDidStartBlock = { [self] _ in starts[id, default: 0] += 1 }
            a.completionBlock = { [self] _, done in
                ends[id, default: 0] += 1
                if done { finished += 1 }
            }
        }
        /// Every run that started has ended at most once, and all but the current one ended.
        func consistent() -> Bool {
            animations.allSatisfy { a in
                let id = ObjectIdentifier(a)
                let s = starts[id, default: 0], e = ends[id, default: 0]
                let open = a.state == .running || a.state == .paused ? 1 : 0
                return e == s - open
            }
        }
    }

    @Test("random add / replace / remove / pause / retarget sequences keep every invariant", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomSequencesKeepInvariants(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let engine = AnimationEngine()
        let pop = POPAnimator(engine: engine)
        let objects = [POPTestObject(), POPTestObject()]
        let properties = [AnimatedProperty(Point(x: 0, y: 0), engine: engine),
                          AnimatedProperty(Point(x: 100, y: -50), engine: engine)]
        let keys = ["a", "b"]
        let ledger = Ledger()
        var time = 0.0
        func randomPoint(_ scale: Double) -> Point {
            Point(x: Double.random(in: -scale...scale, using: &rng), y: Double.random(in: -scale...scale, using: &rng))
        }
        for _ in 0..<400 {
            let object = objects.randomElement(using: &rng)!
            let key = keys.randomElement(using: &rng)!
            let pi = Int.random(in: 0..<2, using: &rng)
            let property = properties[pi]
            switch Int.random(in: 0..<16, using: &rng) {
            case 0, 1:
                let spring = POPSpringAnimation(property: property)
                spring.toValue = randomPoint(300)
                spring.springBounciness = Double.random(in: 0...20, using: &rng)
                spring.springSpeed = Double.random(in: 0...20, using: &rng)
                let seamless = Bool.random(using: &rng)
                if !seamless { spring.velocity = randomPoint(2000) }
                ledger.track(spring)
                let before = property.presentation
                pop.addAnimation(spring, to: object, forKey: key)
                if spring.state == .running {
                    #expect((property.presentationValue - before.value).magnitude <= 1e-9)
                    if seamless { #expect((property.velocity - before.velocity).magnitude <= 1e-8) }
                }
            case 2:
                let decay = POPDecayAnimation(property: property)
                if Bool.random(using: &rng) { decay.velocity = randomPoint(2000) }
                ledger.track(decay)
                let before = property.presentation
                let seamless = decay.velocity == nil
                pop.addAnimation(decay, to: object, forKey: key)
                if decay.state == .running {
                    #expect((property.presentationValue - before.value).magnitude <= 1e-9)
                    if seamless { #expect((property.velocity - before.velocity).magnitude <= 1e-8) }
                }
            case 3:
                let basic = POPBasicAnimation(property: property, timingFunction: .easeInOut)
                basic.toValue = randomPoint(300)
                basic.duration = Double.random(in: 0...0.5, using: &rng)
                basic.removedOnCompletion = Bool.random(using: &rng)
                ledger.track(basic)
                pop.addAnimation(basic, to: object, forKey: key)
            case 4:
                let limit = Double.random(in: 0...0.3, using: &rng) + time
                let custom = POPCustomAnimation { _, a in a.currentTime < limit }
                ledger.track(custom)
                pop.addAnimation(custom, to: object, forKey: key)
            case 5:
                pop.removeAnimation(forKey: key, from: object)
            case 6:
                if Int.random(in: 0..<4, using: &rng) == 0 { pop.removeAllAnimations(from: object) }
            case 7:
                if let a = pop.animation(forKey: key, on: object) { a.isPaused.toggle() }
            case 8:
                if let s = pop.animation(forKey: key, on: object) as? POPSpringAnimation<Point>, s.state == .running {
                    let before = s.property.presentation
                    s.toValue = randomPoint(300)
                    #expect((s.property.presentation.value - before.value).magnitude <= 1e-9)
                    #expect((s.property.presentation.velocity - before.velocity).magnitude <= 1e-8)
                }
            default:
                time += Double.random(in: 0...0.2, using: &rng)
                engine.tick(at: time)
            }
            #expect(ledger.consistent())
            for p in properties { #expect(p.presentationValue.isFinite && p.velocity.isFinite) }
        }
        // Clear everything: every run has now reported exactly once.
        for o in objects { pop.removeAllAnimations(from: o) }
        time += 30
        engine.tick(at: time)
        #expect(ledger.consistent())
        #expect(ledger.animations.allSatisfy { $0.state == .finished || $0.state == .idle })
        for a in ledger.animations {
            let id = ObjectIdentifier(a)
            #expect(ledger.starts[id, default: 0] == ledger.ends[id, default: 0])
        }
        let runs = ledger.starts.values.reduce(0, +)
        print("POP fuzz seed \(seed): \(ledger.animations.count) animations, \(runs) runs, \(ledger.finished) completed, \(runs - ledger.finished) removed, replaced or taken over")
    }
}
