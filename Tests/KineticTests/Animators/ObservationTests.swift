import Testing
@testable import Kinetic

/// Observers that can be removed (KVO's tokens) and the `async` completion.
@Suite("Animator observation")
struct ObservationTests {
    @Test func cancellingAnObservationStopsOnlyItsCalls() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        var kept: [Double] = [], cancelled: [Double] = []
        var states: [AnimatingState] = [], running: [Bool] = [], reversed: [Bool] = []
        a.observeFractionComplete { kept.append($0) }
        let token = a.observeFractionComplete { cancelled.append($0) }
        let stateToken = a.observeState { states.append($0) }
        let runningToken = a.observeRunning { running.append($0) }
        let reversedToken = a.observeReversed { reversed.append($0) }
        a.startAnimation()
        engine.tick(at: 0.25)
        #expect(kept == [0.25] && cancelled == [0.25] && states == [.active] && running == [true])
        token.cancel()
        stateToken.cancel(); runningToken.cancel(); reversedToken.cancel()
        #expect(token.isCancelled && stateToken.isCancelled)
        token.cancel()                                  // idempotent
        a.isReversed = true
        engine.tick(at: 0.375)
        engine.tick(at: 1)
        #expect(kept == [0.25, 0.125, 0])               // reversed, back at the start: inactive
        #expect(cancelled == [0.25] && states == [.active] && running == [true] && reversed.isEmpty)
    }

    @Test func anObserverCancelledDuringARoundIsNotCalledLaterInIt() {
        let engine = AnimationEngine()
        let a = PropertyAnimator(duration: 1, engine: engine)
        var calls: [String] = []
        var second: ObservationToken?
        a.observeState { _ in calls.append("first"); second?.cancel() }
        second = a.observeState { _ in calls.append("second") }
        a.startAnimation()
        #expect(calls == ["first"])
    }

    @Test func cancellingAfterTheAnimatorIsGoneDoesNothing() {
        let engine = AnimationEngine()
        var a: PropertyAnimator? = PropertyAnimator(duration: 1, engine: engine)
        let token = a!.observeRunning { _ in }
        a = nil
        token.cancel()
        #expect(token.isCancelled)
    }

    /// Waits (yielding, never sleeping) until the animator has `count` async waiters.
    @MainActor
    private func waiters(_ a: PropertyAnimator, _ count: Int) async {
        for _ in 0..<10_000 where a.completions.waiterCount < count { await Task.yield() }
    }

    @MainActor
    @Test func awaitingTheCompletionResumesOnceWithThePosition() async {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .linear, engine: engine) { x.value = 100 }
        var order: [String] = []
        a.addCompletion { _ in order.append("handler") }
        a.startAnimation()
        let waiter = Task { @MainActor in
            let position = await a.waitForCompletion()
            order.append("awaited")
            return position
        }
        await waiters(a, 1)
        #expect(a.completions.waiterCount == 1)
        engine.tick(at: 0.5)
        engine.tick(at: 1)
        #expect(await waiter.value == .end)
        #expect(order == ["handler", "awaited"] && (a.completions.waiterCount == 0))

        // Reversed back to the start; finished at the current position.
        a.isReversed = true
        a.startAnimation()
        let back = Task { @MainActor in await a.waitForCompletion() }
        await waiters(a, 1)
        engine.tick(at: 3)
        #expect(await back.value == .start)
        a.startAnimation()
        engine.tick(at: 3.5)
        let finished = Task { @MainActor in await a.waitForCompletion() }
        await waiters(a, 1)
        a.stopAnimation(false)
        a.finishAnimation(at: .current)
        #expect(await finished.value == .current)
    }

    @MainActor
    @Test func awaitingAnAnimatorStoppedWithoutFinishingReturnsNil() async {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, engine: engine) { x.value = 100 }
        a.startAnimation()
        engine.tick(at: 0.3)
        let first = Task { @MainActor in await a.waitForCompletion() }
        let second = Task { @MainActor in await a.waitForCompletion() }
        await waiters(a, 2)
        a.stopAnimation(true)
        #expect(await first.value == nil)
        #expect(await second.value == nil)
        #expect((a.completions.waiterCount == 0))
        // Stopped, then stopped without finishing: nil as well.
        a.startAnimation()
        let third = Task { @MainActor in await a.waitForCompletion() }
        await waiters(a, 1)
        a.stopAnimation(false)
        a.stopAnimation(true)
        #expect(await third.value == nil)
    }
}
