// The engine's list of live animations: ids, names, kinds, UIKit states, timing and values.
import Testing
import Kinetic

/// An owner that names its properties, as a scene's node does.
private final class Owner: AnimatedPropertyOwner {
    var propertyLabelPrefix: String
    init(_ name: String) { propertyLabelPrefix = name }
}

/// Four animations created in one order and started in another, on a fresh engine.
private struct Fixture {
    let engine = AnimationEngine()
    let owner = Owner("box")
    let center: AnimatedProperty<Point>
    let spun: AnimatedProperty<Double>
    let coasting: AnimatedProperty<Point>
    let scrolled: AnimatedProperty<Double>
    let animator: PropertyAnimator
    let spring: SpringAnimation<Double>
    let decay: DecayAnimation<Point>
    let bounded: BoundedDecayAnimation

    init() {
        center = AnimatedProperty(Point(x: 10, y: 20), engine: engine)
        center.setLabel("center", owner: owner)
        spun = AnimatedProperty(0, engine: engine)
        coasting = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        coasting.setLabel("coast")
        scrolled = AnimatedProperty(50, engine: engine)
        let center = self.center
        animator = PropertyAnimator(duration: 1, timingParameters: .cubic(.easeIn), engine: engine) {
            center.value = Point(x: 110, y: 20)
        }
        spring = SpringAnimation(property: spun, spring: SpringTimingParameters(mass: 2, stiffness: 300, damping: 20),
                                 target: 1)
        decay = DecayAnimation(property: coasting, velocity: Point(x: 300, y: -40))
        bounded = BoundedDecayAnimation(property: scrolled, velocity: 900, bounds: 0...100)
        // Started in another order than created: the list follows the ids, not the starts.
        bounded.start()
        decay.start()
        spring.start()
        animator.startAnimation()
    }
}

@Suite("Animation inspection")
struct AnimationInspectionTests {
    @Test func idsFollowCreationOrderAndReplayGivesTheSameIds() {
        let f = Fixture()
        #expect([f.animator.animationID, f.spring.animationID, f.decay.animationID, f.bounded.animationID] == [1, 2, 3, 4])
        let live = f.engine.liveAnimations()
        #expect(live.map(\.id) == [1, 2, 3, 4])
        #expect(live.map(\.kind) == [.animator, .spring, .decay, .boundedDecay])
        #expect(live.map(\.name) == ["box.center", "spring 2", "coast", "boundedDecay 4"])
        f.engine.tick(at: 0.1)
        #expect(f.engine.liveAnimations().map(\.id) == [1, 2, 3, 4])
        // The same input on a fresh engine gives the same ids; the next id continues the count.
        let g = Fixture()
        #expect(g.engine.liveAnimations().map(\.id) == live.map(\.id))
        #expect(g.engine.makeAnimationID() == 5)
    }

    @Test func valuesAreThePropertiesOwnReadsExactly() {
        let f = Fixture()
        f.engine.tick(at: 0.3)
        let live = f.engine.liveAnimations()
        let a = live[0].properties[0]
        #expect(a.name == "box.center")
        #expect(a.model == [f.center.value.x, f.center.value.y])
        #expect(a.presentation == [f.center.presentationValue.x, f.center.presentationValue.y])
        #expect(a.velocity == [f.center.velocity.x, f.center.velocity.y])
        // Half way through an ease-in the box is neither at its start nor at its model.
        #expect(a.presentation[0] > 10 && a.presentation[0] < 110 && a.velocity[0] > 0)
        let s = live[1].properties[0]
        #expect(s.model == [1] && s.presentation == [f.spun.presentationValue] && s.velocity == [f.spun.velocity])
        let d = live[2].properties[0]
        #expect(d.presentation == [f.coasting.presentationValue.x, f.coasting.presentationValue.y])
        #expect(d.velocity == [f.coasting.velocity.x, f.coasting.velocity.y])
        #expect(live[3].properties[0].presentation == [f.scrolled.presentationValue])
    }

    @Test func timingIsTheAnimationsOwnParameters() {
        let f = Fixture()
        let live = f.engine.liveAnimations()
        #expect(live[0].timing == .cubic(c1x: 0.42, c1y: 0, c2x: 1, c2y: 1, duration: 1))
        let spring = SpringTimingParameters(mass: 2, stiffness: 300, damping: 20)
        #expect(live[1].timing == .spring(mass: 2, stiffness: 300, damping: 20, duration: spring.settlingDuration))
        #expect(spring.settlingDuration > 0.5 && spring.settlingDuration < 3)
        #expect(live[2].timing == .decay(rate: 0.998))
        #expect(live[3].timing == .decay(rate: 0.998))
        // Physics animations have no fraction and never run reversed.
        #expect(live[1...].allSatisfy { $0.fractionComplete == nil && !$0.isReversed && $0.state == .running && $0.isRunning })
    }

    @Test func animatorStatesFollowUIKitThroughStartPauseReverseStopAndFinish() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let animator = PropertyAnimator(duration: 2, timingParameters: .cubic(.linear), engine: engine) { x.value = 100 }
        var i = animator.inspection()
        #expect(i.state == .inactive && !i.isRunning && i.fractionComplete == 0 && i.properties.isEmpty)
        #expect(engine.liveAnimations().isEmpty)
        #expect(i.name == "animator 1")

        animator.startAnimation()
        engine.tick(at: 0.5)
        i = engine.liveAnimations()[0]
        #expect(i.state == .active && i.isRunning && !i.isReversed && i.fractionComplete == 0.25)
        #expect(i.properties[0].presentation == [25] && i.properties[0].velocity == [50])

        animator.pauseAnimation()
        animator.isReversed = true
        i = engine.liveAnimations()[0]
        #expect(i.state == .active && !i.isRunning && i.isReversed && i.fractionComplete == animator.fractionComplete)

        animator.stopAnimation(false)
        i = engine.liveAnimations()[0]
        // Stopped, the animator has let go of its properties (their presentation became their model).
        #expect(i.state == .stopped && !i.isRunning && i.properties.isEmpty && i.fractionComplete == animator.fractionComplete)
        #expect(x.value == x.presentationValue && x.value > 0 && x.value < 100)

        animator.finishAnimation(at: .end)
        #expect(animator.inspection().state == .inactive)
        #expect(engine.liveAnimations().isEmpty)
    }

    @Test func physicsAnimationsLeaveTheListWhenTheySettle() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let spring = SpringAnimation(property: x, spring: SpringTimingParameters(mass: 1, stiffness: 400, damping: 40), target: 1)
        #expect(spring.inspection()?.state == .atRest)
        spring.start()
        #expect(engine.liveAnimations().map(\.state) == [.running])
        var t = 0.0
        while spring.isRunning && t < 10 { t += 1.0 / 60; engine.tick(at: t) }
        #expect(!spring.isRunning && engine.liveAnimations().isEmpty)
        #expect(spring.inspection()?.state == .atRest && spring.inspection()?.properties[0].presentation == [1])
    }

    @Test func inspectablePropertiesOfAnAnimationAreTheOnesItMoves() {
        let f = Fixture()
        #expect(f.engine.inspectableProperties(ofAnimation: 1).map { $0 === f.center } == [true])
        #expect(f.engine.inspectableProperties(ofAnimation: 3).map { $0 === f.coasting } == [true])
        #expect(f.engine.inspectableProperties(ofAnimation: 99).isEmpty)
    }

    @Test func labelsAreOwnerAndNameAndFollowRenames() {
        let engine = AnimationEngine()
        let owner = Owner("drawer")
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        #expect(p.label == "")
        p.setLabel("center", owner: owner)
        #expect(p.label == "drawer.center")
        owner.propertyLabelPrefix = "pane"
        #expect(p.label == "pane.center")
        owner.propertyLabelPrefix = ""
        #expect(p.label == "center")
        p.setLabel("center", owner: nil)
        #expect(p.label == "center")
    }

    @Test func componentsFollowEachValuesDocumentedOrder() {
        #expect(2.5.components == [2.5])
        #expect(Point(x: 1, y: 2).components == [1, 2])
        #expect(Size(width: 3, height: 4).components == [3, 4])
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).components == [1, 2, 3, 4])
        #expect(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4).components == [0.1, 0.2, 0.3, 0.4])
        let t = AffineTransform(translationX: 1, translationY: 2, rotation: 3, scaleX: 4, scaleY: 5, shear: 6)
        #expect(t.components == [1, 2, 3, 4, 5, 6] && t.componentCount == 6)
    }
}

@Suite("Property recorder")
struct PropertyRecorderTests {
    @Test func theRingKeepsTheNewestSamplesInOrderWithoutGrowing() {
        let engine = AnimationEngine()
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let animator = PropertyAnimator(duration: 1, timingParameters: .cubic(.linear), engine: engine) {
            p.value = Point(x: 60, y: -30)
        }
        animator.startAnimation()
        let recorder = PropertyRecorder(capacity: 4)
        recorder.record()                                   // nothing watched: nothing happens
        #expect(recorder.count == 0 && recorder.storageCapacity == 0)
        recorder.watch(p)
        #expect(recorder.componentCount == 2 && recorder.stride == 7)
        let storage = recorder.storageCapacity
        #expect(storage >= 4 * 7)
        var expected: [[Double]] = []
        for frame in 1...6 {
            engine.tick(at: Double(frame) / 10)
            recorder.record()
            expected.append([engine.time] + p.value.components + p.presentationValue.components + p.velocity.components)
        }
        #expect(recorder.count == 4 && recorder.recordedCount == 6)
        #expect(recorder.storageCapacity == storage)
        var samples: [Double] = []
        recorder.copySamples(into: &samples)
        #expect(samples == Array(expected[2...].joined()))
        // Linear: at t = 0.3 the presentation is 30 % of the way, moving at 60 and -30 per second.
        #expect(samples[0] == 0.3 && samples[5] == 60 && samples[6] == -30)
        recorder.stopWatching()
        recorder.record()
        #expect(recorder.count == 0 && recorder.storageCapacity == storage)
    }

    @Test func aSmallerWatchReusesTheRing() {
        let engine = AnimationEngine()
        let rect = AnimatedProperty(Rect(x: 0, y: 0, width: 1, height: 1), engine: engine)
        let scalar = AnimatedProperty(1.0, engine: engine)
        let recorder = PropertyRecorder(capacity: 3)
        recorder.watch(rect)
        let storage = recorder.storageCapacity
        recorder.watch(scalar)
        recorder.record()
        #expect(recorder.stride == 4 && recorder.storageCapacity == storage)
        var samples: [Double] = []
        recorder.copySamples(into: &samples)
        #expect(samples == [0, 1, 1, 0])
        #expect(PropertyRecorder(capacity: 0).capacity == 1)
    }
}
