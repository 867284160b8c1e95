import Testing
@testable import Kinetic
import KineticTestSupport

/// A label callback that pauses its timeline from inside a tick pauses it exactly at the label,
/// whatever the frame rate: the run's time and every entry's value are those at the label's
/// time (compared with the same timeline scrubbed there, bit for bit, and with closed forms).
@Suite("Timeline label pause")
struct TimelineLabelPauseTests {
    static let label = 0.71
    static let spring = SpringTimingParameters(dampingRatio: 0.6)

    final class Count { var value = 0 }

    /// x linear over [0, 1] s, y a spring over [0.4, 1.6] s, z ease-in over [0.5, 2] s, and the
    /// label "hold" at 0.71 s, inside all three.
    static func make(_ engine: AnimationEngine, _ x: AnimatedProperty<Double>, _ y: AnimatedProperty<Double>,
                     _ z: AnimatedProperty<Double>) -> Timeline {
        let timeline = Timeline(engine: engine)
        timeline.scrubsLinearly = false
        timeline.add(duration: 1, timing: .cubic(.linear)) { x.value = 100 }
        timeline.add(duration: 1.2, timing: .spring(spring), at: .at(0.4)) { y.value = 50 }
        timeline.add(duration: 1.5, timing: .cubic(.easeIn), at: .at(0.5)) { z.value = 30 }
        timeline.addLabel("hold", at: .at(label))
        return timeline
    }

    /// The same timeline scrubbed to time `t`: what every entry shows there.
    static func scrubbed(to t: Double) -> [Double] {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let z = AnimatedProperty(0.0, engine: engine)
        let timeline = make(engine, x, y, z)
        timeline.fractionComplete = t / timeline.duration
        return [x.presentationValue, y.presentationValue, z.presentationValue]
    }

    static func easeIn(_ u: Double) -> Double {
        u <= 0 ? 0 : u >= 1 ? 1 : Reference.cubic(0.42, 0, 1, 1, at: u).progress
    }

    /// fps 0: a jittered clock (frames 2 to 52 ms apart).
    @Test(arguments: [30.0, 60.0, 120.0, 0])
    func aLabelCallbackThatPausesPausesExactlyAtTheLabel(fps: Double) {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let z = AnimatedProperty(0.0, engine: engine)
        let timeline = Self.make(engine, x, y, z)
        let count = Count()
        var completions: [AnimatingPosition] = []
        timeline.addCallback(at: .label("hold")) {
            count.value += 1
            timeline.pauseAnimation()
        }
        timeline.addCompletion { completions.append($0) }
        var rng = SeededGenerator(seed: 41)
        func step() {
            let dt = fps > 0 ? 1 / fps : 0.002 + 0.05 * rng.unit()
            engine.tick(at: engine.time + dt)
        }
        timeline.startAnimation()
        while timeline.isRunning { step() }
        #expect(count.value == 1)
        #expect(engine.time > Self.label)      // the tick that crossed the label went past it
        // Held at the label: the run's time and every value are the label's.
        #expect(abs(timeline.fractionComplete * timeline.duration - Self.label) <= 1e-12)
        let shown = [x.presentationValue, y.presentationValue, z.presentationValue]
        #expect(shown == Self.scrubbed(to: Self.label))
        #expect(abs(shown[0] - 100 * Self.label) <= 1e-12)
        #expect(abs(shown[2] - 30 * Self.easeIn((Self.label - 0.5) / 1.5)) <= 1e-9)
        // Still while paused, whatever the frames.
        for _ in 0..<5 { step() }
        #expect([x.presentationValue, y.presentationValue, z.presentationValue] == shown)
        // Playing on: nothing moves at the call, the label does not run again, and the run goes
        // on from the label's time.
        let resumed = engine.time
        timeline.startAnimation()
        #expect([x.presentationValue, y.presentationValue, z.presentationValue] == shown)
        while timeline.state == .active {
            step()
            let t = Self.label + (engine.time - resumed)
            if t < 2 {
                #expect(abs(x.presentationValue - 100 * Swift.min(t, 1)) <= 1e-9, "t = \(t)")
                #expect(abs(z.presentationValue - 30 * Self.easeIn((t - 0.5) / 1.5)) <= 1e-9, "t = \(t)")
            }
        }
        #expect(count.value == 1)
        #expect(completions == [.end])
        #expect(x.presentationValue == 100 && y.presentationValue == 50 && z.presentationValue == 30)
    }

    /// Crossed backwards (a reversed run from the end), the callback pauses at the label too;
    /// a second callback later in the crossing waits for the playhead, one at the same time runs.
    @Test(arguments: [30.0, 60.0, 120.0, 0])
    func aReversedCrossingPausesAtTheLabelAndLaterCallbacksWait(fps: Double) {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let z = AnimatedProperty(0.0, engine: engine)
        let timeline = Self.make(engine, x, y, z)
        var events: [String] = []
        timeline.addCallback(at: .label("hold")) { events.append("hold"); timeline.pauseAnimation() }
        timeline.addCallback(at: .label("hold")) { events.append("same time") }
        timeline.addCallback(at: .label("hold", offset: -0.001)) { events.append("just before") }
        timeline.isReversed = true
        var rng = SeededGenerator(seed: 4)
        func step() {
            // Frames long enough that one crosses both callbacks.
            let dt = fps > 0 ? 1 / fps : 0.002 + 0.05 * rng.unit()
            engine.tick(at: engine.time + dt)
        }
        timeline.startAnimation()
        while timeline.isRunning { step() }
        #expect(events == ["hold", "same time"])
        #expect(abs(timeline.fractionComplete * timeline.duration - Self.label) <= 1e-12)
        #expect([x.presentationValue, y.presentationValue, z.presentationValue] == Self.scrubbed(to: Self.label))
        timeline.startAnimation()
        while timeline.state == .active { step() }
        #expect(events == ["hold", "same time", "just before"])
        #expect(x.presentationValue == 0 && y.presentationValue == 0 && z.presentationValue == 0)
    }
}
