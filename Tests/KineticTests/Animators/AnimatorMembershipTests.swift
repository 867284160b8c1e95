import Testing
@testable import Kinetic

/// Which properties an animator's run holds (`AnimatorTracks.properties`): each once, however
/// often it is changed and however many runs move it at once, and none once the run ends. A
/// list longer than `AnimatorTracks.scannedLength` marks its properties; a shorter one does not.
@Suite("Animator membership")
struct AnimatorMembershipTests {
    private func count(_ property: AnyObject, in animator: PropertyAnimator) -> Int {
        animator.tracks.properties.filter { $0 === property }.count
    }

    @Test func aRunHoldsEachPropertyOnceAndLetsGoOfAllAtItsEnd() {
        let engine = AnimationEngine()
        engine.tick(at: 0)
        let properties = (0..<300).map { AnimatedProperty(Double($0), engine: engine) }
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) {
            for p in properties { p.value += 10 }
        }
        animator.addAnimations { for p in properties { p.value += 5 } }
        animator.startAnimation()
        #expect(animator.tracks.properties.count == 300)
        #expect(properties.allSatisfy { count($0, in: animator) == 1 && $0.runMembership.runs == 1 })
        engine.tick(at: 0.5)
        #expect(abs(properties[7].presentationValue - (7 + 7.5)) < 1e-12)
        engine.tick(at: 1)
        #expect(animator.state == .inactive)
        #expect(animator.tracks.properties.isEmpty)
        #expect(properties.allSatisfy { $0.runMembership.runs == 0 && $0.runMembership.mark == 0 })
        #expect(properties.enumerated().allSatisfy { $0.element.presentationValue == Double($0.offset) + 15 })
    }

    /// `others` properties beside the shared one in each run: 4 keeps both lists short, 40 makes
    /// both long (marked).
    @Test(arguments: [4, 40])
    func aPropertyTwoRunsMoveAtOnceIsInEachListOnce(others: Int) {
        let long = others >= AnimatorTracks.scannedLength
        let engine = AnimationEngine()
        engine.tick(at: 0)
        let shared = AnimatedProperty(0.0, engine: engine)
        let aOwn = (0..<others).map { AnimatedProperty(Double($0), engine: engine) }
        let bOwn = (0..<others).map { AnimatedProperty(Double($0), engine: engine) }
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine)
        let b = PropertyAnimator(duration: 2, curve: .linear, engine: engine)
        a.addAnimations { for p in aOwn { p.value += 1 } }
        b.addAnimations { for p in bOwn { p.value += 1 } }
        a.startAnimation()
        // Changed in a's and b's blocks by turns: each run's list takes it once.
        for step in 1...3 {
            a.addAnimations { shared.value += 10 }
            b.addAnimations { shared.value += 1 }
            if step == 1 { b.startAnimation() }
        }
        #expect(count(shared, in: a) == 1)
        #expect(count(shared, in: b) == 1)
        #expect(shared.runMembership.runs == (long ? 2 : 0))
        #expect(a.tracks.properties.count == others + 1 && b.tracks.properties.count == others + 1)

        // a ends: b still holds it, and a change in b's block does not add it twice.
        engine.tick(at: 1)
        #expect(a.state == .inactive)
        #expect(shared.runMembership.runs == (long ? 1 : 0))
        b.addAnimations { shared.value += 100 }
        #expect(count(shared, in: b) == 1)
        #expect(b.tracks.properties.count == others + 1)
        engine.tick(at: 2)
        #expect(b.state == .inactive)
        #expect(shared.runMembership.runs == 0 && shared.runMembership.mark == 0)
        #expect(shared.presentationValue == 133)
        #expect(shared.value == 133)
        #expect(aOwn.enumerated().allSatisfy { $0.element.presentationValue == Double($0.offset) + 1 })
    }

    @Test(arguments: [1, 40])
    func removingEveryAnimationTakesThePropertyOutOfTheRunAndItCanComeBack(others: Int) {
        let engine = AnimationEngine()
        engine.tick(at: 0)
        let x = AnimatedProperty(0.0, engine: engine)
        let rest = (0..<others).map { AnimatedProperty(Double($0), engine: engine) }
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine) {
            x.value = 10
            for p in rest { p.value += 20 }
        }
        animator.startAnimation()
        x.removeAllAnimations()
        #expect(count(x, in: animator) == 0)
        #expect(x.runMembership.runs == 0)
        animator.addAnimations { x.value = 30 }
        animator.addAnimations { x.value = 40 }
        #expect(count(x, in: animator) == 1)
        #expect(animator.tracks.properties.count == others + 1)
        engine.tick(at: 1)
        #expect(x.presentationValue == 40 && rest[0].presentationValue == 20)
        #expect(x.runMembership.runs == 0 && rest.allSatisfy { $0.runMembership.runs == 0 })
    }

    @Test func aListMarksItsPropertiesWhenItGrowsLong() {
        let engine = AnimationEngine()
        engine.tick(at: 0)
        let n = AnimatorTracks.scannedLength
        let properties = (0...n).map { AnimatedProperty(Double($0), engine: engine) }
        let animator = PropertyAnimator(duration: 1, curve: .linear, engine: engine)
        animator.addAnimations { for p in properties.prefix(n) { p.value += 1 } }
        animator.startAnimation()
        // n properties: not marked yet; the next one marks the list first.
        #expect(animator.tracks.needsMark)
        #expect(properties.allSatisfy { $0.runMembership.runs == 0 })
        animator.addAnimations { properties[n].value += 1 }
        #expect(!animator.tracks.needsMark)
        #expect(properties.allSatisfy { $0.runMembership.runs == 1 })
        #expect(Set(properties.map { $0.runMembership.mark }).count == 1)
        animator.stopAnimation(false)
        animator.finishAnimation(at: .end)
        #expect(properties.allSatisfy { $0.runMembership.runs == 0 && $0.runMembership.mark == 0 })
        #expect(properties.enumerated().allSatisfy { $0.element.value == Double($0.offset) + 1 })
    }
}
