import Testing
@testable import Kinetic
import KineticTestSupport

/// A staggered group caught mid-way (paused, reversed) and thrown on with new timing keeps every
/// member where it is drawn: members the playhead has not reached stay exactly still until it
/// does, then run on their own timing; running members continue from where they are with the
/// velocity they had. On a manual clock at 30, 60 and 120 Hz and a jittered clock.
@Suite("Stagger catch")
struct StaggerCatchTests {
    static let spring = SpringTimingParameters(dampingRatio: 0.5)
    static let count = 4
    /// Member i over [0.2 i, 0.2 i + 0.5] s of a 1.1 s timeline.
    static func stretch(_ i: Int) -> (lo: Double, hi: Double) { (0.2 * Double(i) / 1.1, (0.2 * Double(i) + 0.5) / 1.1) }

    static func make(_ engine: AnimationEngine, _ items: [AnimatedProperty<Double>]) -> Timeline {
        let timeline = Timeline(engine: engine)
        timeline.add(count: count, stagger: Stagger(interval: 0.2), duration: 0.5, timing: .spring(spring)) { i in
            items[i].value = 100
        }
        return timeline
    }

    /// What member `i` shows with the group scrubbed to time fraction `f` (its own spring there).
    static func scrubbed(_ i: Int, at f: Double) -> Double {
        let engine = AnimationEngine()
        let items = (0..<count).map { _ in AnimatedProperty(0.0, engine: engine) }
        let timeline = make(engine, items)
        timeline.fractionComplete = f
        return items[i].presentationValue
    }

    /// Catches the group just after 0.5 s (member 0 done, 1 and 2 running, 3 not started),
    /// optionally reverses it, and throws it on with a critically damped spring over 0.55 s.
    @Test(arguments: [(30.0, false), (60.0, false), (120.0, false), (0, false),
                      (30.0, true), (60.0, true), (120.0, true), (0, true)])
    func aCaughtGroupKeepsEveryMemberWhereItIsAndUnreachedMembersWaitTheirTurn(fps: Double, reversed: Bool) {
        let engine = AnimationEngine()
        let items = (0..<Self.count).map { _ in AnimatedProperty(0.0, engine: engine) }
        let timeline = Self.make(engine, items)
        var completions: [AnimatingPosition] = []
        timeline.addCompletion { completions.append($0) }
        var rng = SeededGenerator(seed: 23)
        func step() {
            let dt = fps > 0 ? 1 / fps : 0.002 + 0.05 * rng.unit()
            engine.tick(at: engine.time + dt)
        }
        timeline.startAnimation()
        while engine.time < 0.5 { step() }
        #expect(engine.time < 0.6)
        let drawn = items.map(\.presentationValue)
        timeline.pauseAnimation()
        #expect(items.map(\.presentationValue) == drawn)
        if reversed { timeline.isReversed = true }
        #expect(items.map(\.presentationValue) == drawn)
        let f = timeline.fractionComplete
        let velocities = items.map(\.velocity)
        let caught = engine.time
        timeline.continueAnimation(withTimingParameters: .spring(SpringTimingParameters(dampingRatio: 1)),
                                   durationFactor: 0.5)
        // Nothing moves at the call, in position or velocity.
        #expect(items.map(\.presentationValue) == drawn)
        #expect(items.map(\.velocity) == velocities)
        // Members the playhead has not reached in the direction it goes: member 3 forward,
        // member 0 backward (its way back), and member 3 backward (it never starts).
        let waiting = reversed ? [0, 3] : [3]
        while timeline.state == .active {
            step()
            // The playhead covers what remains in 0.55 s, linearly.
            let elapsed = Swift.min((engine.time - caught) / 0.55, 1)
            let playhead = reversed ? f * (1 - elapsed) : f + (1 - f) * elapsed
            guard timeline.state == .active else { break }
            #expect(abs(timeline.fractionComplete - playhead) <= 1e-12)
            for i in waiting {
                let s = Self.stretch(i)
                let reached = reversed ? playhead < s.hi : playhead > s.lo
                if !reached {
                    #expect(items[i].presentationValue == drawn[i], "member \(i) moved before its turn, t = \(engine.time)")
                    #expect(items[i].velocity == 0)
                } else {
                    // Its own spring on its own stretch, as the group scrubbed there shows it.
                    #expect(abs(items[i].presentationValue - Self.scrubbed(i, at: playhead)) <= 1e-9,
                            "member \(i), t = \(engine.time)")
                }
            }
        }
        #expect(completions == [reversed ? .start : .end])
        #expect(items.allSatisfy { $0.presentationValue == (reversed ? 0 : 100) })
    }

    /// Stopped mid-way, every member stays where it is drawn, started or not, and stays there.
    @Test(arguments: [30.0, 60.0, 120.0, 0])
    func aStoppedGroupKeepsEveryMemberWhereItIs(fps: Double) {
        let engine = AnimationEngine()
        let items = (0..<Self.count).map { _ in AnimatedProperty(0.0, engine: engine) }
        let timeline = Self.make(engine, items)
        var rng = SeededGenerator(seed: 5)
        timeline.startAnimation()
        while engine.time < 0.5 { engine.tick(at: engine.time + (fps > 0 ? 1 / fps : 0.002 + 0.05 * rng.unit())) }
        let drawn = items.map(\.presentationValue)
        #expect(drawn[3] == 0)
        timeline.stopAnimation(false)
        #expect(items.map(\.presentationValue) == drawn)
        engine.tick(at: engine.time + 0.3)
        #expect(items.map(\.presentationValue) == drawn && items.allSatisfy { $0.velocity == 0 })
        timeline.finishAnimation(at: .current)
        #expect(items.map(\.presentationValue) == drawn && items.map(\.value) == drawn)
    }
}
