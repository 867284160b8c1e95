// AnimationEngine.invalidate(): a discarded engine lets go of the animations in flight.
import Testing
@testable import Kinetic

/// An animator in flight and the property it moves keep each other (and the engine) alive until
/// it finishes; `invalidate()` is how a host discarding a scene mid-flight frees them.
@Suite("Engine invalidation")
struct EngineInvalidationTests {
    @Test func anAnimatorInFlightKeepsItselfAliveUntilTheEngineIsInvalidated() {
        weak var animator: PropertyAnimator?
        weak var property: AnimatedProperty<Double>?
        weak var engine: AnimationEngine?
        var completions = 0
        var strongEngine: AnimationEngine? = AnimationEngine()
        do {
            let p = AnimatedProperty(0.0, engine: strongEngine!)
            let a = PropertyAnimator(duration: 1, curve: .linear, engine: strongEngine!) { p.value = 100 }
            a.addCompletion { _ in completions += 1 }
            a.startAnimation()
            strongEngine!.tick(at: 0.25)
            #expect(abs(p.presentationValue - 25) < 1e-9)
            animator = a
            property = p
        }
        engine = strongEngine
        // Dropped mid-flight: the running animator holds the property and itself.
        #expect(animator != nil)
        #expect(property != nil)
        strongEngine!.invalidate()
        #expect(animator == nil)
        #expect(property == nil)
        #expect(completions == 0)
        #expect(!strongEngine!.hasRunningAnimations)
        #expect(strongEngine!.animators.isEmpty)
        strongEngine = nil
        #expect(engine == nil)
    }

    @Test func invalidationStopsWhereTheAnimationIsEvenWhenNotInterruptible() {
        let engine = AnimationEngine()
        let p = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { p.value = 100 }
        a.isInterruptible = false
        a.startAnimation()
        engine.tick(at: 0.5)
        engine.invalidate()
        // As stopAnimation(true): the presentation becomes the model, the animator inactive.
        #expect(a.state == .inactive)
        #expect(abs(p.value - 50) < 1e-9)
        #expect(abs(p.presentationValue - 50) < 1e-9)
        engine.tick(at: 0.75)
        #expect(abs(p.presentationValue - 50) < 1e-9)
        engine.invalidate()   // idempotent
        #expect(engine.animators.isEmpty)
    }

    @Test func aSpringInFlightIsReleasedByInvalidation() {
        weak var spring: SpringAnimation<Double>?
        let engine = AnimationEngine()
        do {
            let p = AnimatedProperty(0.0, engine: engine)
            let s = SpringAnimation(property: p, spring: SpringTimingParameters(mass: 1, stiffness: 100, damping: 10),
                                    target: 1, velocity: 0)
            s.start()
            engine.tick(at: 0.1)
            spring = s
        }
        #expect(spring != nil)
        #expect(engine.hasRunningAnimations)
        engine.invalidate()
        #expect(spring == nil)
        #expect(!engine.hasRunningAnimations)
    }

    /// A spring released by invalidation leaves nothing of itself on its property: its offset is
    /// folded into the model (it stops where it is, as an animator does), so the property reads
    /// the same value at rest and a new spring started on it takes over no freed track (the old
    /// track's segment named its freed owner: valgrind saw an invalid read in `swift_retain`).
    @Test(arguments: [false, true])
    func aPropertyKeepsNoTrackOfAnInvalidatedPhysicsAnimation(decay: Bool) {
        weak var old: AnyObject?
        let engine = AnimationEngine()
        let p = AnimatedProperty(0.0, engine: engine)
        var completions = 0
        do {
            if decay {
                let d = DecayAnimation(property: p, velocity: 1000)
                d.addCompletion { _ in completions += 1 }
                d.start()
                old = d
            } else {
                let s = SpringAnimation(property: p, spring: SpringTimingParameters(mass: 1, stiffness: 100, damping: 10),
                                        target: 100, velocity: 0)
                s.addCompletion { _ in completions += 1 }
                s.start()
                old = s
            }
        }
        engine.tick(at: 0.1)
        let before = p.presentationValue
        #expect(before > 1)
        engine.invalidate()
        #expect(old == nil)
        #expect(completions == 0, "no completion runs, as for an animator stopped by invalidation")
        #expect(!p.isAnimating)
        #expect(p.value == before && p.presentationValue == before && p.velocity == 0)
        let next = SpringAnimation(property: p, spring: SpringTimingParameters(mass: 1, stiffness: 100, damping: 20),
                                   target: 0, velocity: 0)
        next.start()
        #expect(p.presentationValue == before, "starts from where the invalidated one stopped")
        engine.tick(at: 10)
        #expect(abs(p.presentationValue) < 1e-3)
    }
}
