import Testing
@testable import Kinetic
import KineticTestSupport

/// A staggered group's completion per member: once per run, at the tick the playhead passes the
/// member's end (or, reversed, its start), where the member is exactly at its end (start)
/// value; the rest with the run's own completion; none after stopAnimation(true).
@Suite("Stagger completion per member")
struct StaggerCompletionTests {
    final class Log {
        var members: [(index: Int, position: AnimatingPosition, time: Double, value: Double)] = []
        var run: [AnimatingPosition] = []
    }

    /// Four members, 0.1 s apart, each linear over 0.5 s: member i over [0.1 i, 0.1 i + 0.5].
    static func make(_ engine: AnimationEngine, _ items: [AnimatedProperty<Double>], _ log: Log) -> (Timeline, TimelineEntry) {
        let timeline = Timeline(engine: engine)
        let group = timeline.add(count: 4, stagger: Stagger(interval: 0.1), duration: 0.5, timing: .cubic(.linear)) { i in
            items[i].value = 100
        }
        group.addCompletion { i, position in
            log.members.append((i, position, engine.time, items[i].presentationValue))
        }
        timeline.addCompletion { log.run.append($0) }
        return (timeline, group)
    }

    static func step(_ engine: AnimationEngine, _ fps: Double, _ rng: inout SeededGenerator) {
        engine.tick(at: engine.time + (fps > 0 ? 1 / fps : 0.002 + 0.05 * rng.unit()))
    }

    @Test(arguments: [30.0, 60.0, 120.0, 0])
    func eachMemberCompletesOnceAtTheTickThatPassesItsEnd(fps: Double) {
        let engine = AnimationEngine()
        let items = (0..<4).map { _ in AnimatedProperty(0.0, engine: engine) }
        let log = Log()
        let (timeline, group) = Self.make(engine, items, log)
        #expect(group.start == 0 && abs(group.end - 0.8) < 1e-12 && group.count == 4)
        #expect(group.stretch(ofMember: 2).map { abs($0.start - 0.2) < 1e-12 && abs($0.end - 0.7) < 1e-12 } == true)
        #expect(group.stretch(ofMember: 4) == nil)
        var rng = SeededGenerator(seed: 9)
        var previous = 0.0
        timeline.startAnimation()
        while timeline.state == .active {
            previous = engine.time
            Self.step(engine, fps, &rng)
            // Every member whose end this tick passed completed in it, in order, at its end value.
            for m in log.members where m.time == engine.time {
                let end = 0.1 * Double(m.index) + 0.5
                #expect(previous < end + 1e-12 && end <= engine.time + 1e-12, "member \(m.index)")
                #expect(m.value == 100 && m.position == .end)
            }
        }
        #expect(log.members.map(\.index) == [0, 1, 2, 3])
        #expect(log.run == [.end])
    }

    @Test(arguments: [30.0, 60.0, 120.0, 0])
    func reversedTheRunningMembersCompleteAtTheirStartsAndTheDoneOneOnlyOnce(fps: Double) {
        let engine = AnimationEngine()
        let items = (0..<4).map { _ in AnimatedProperty(0.0, engine: engine) }
        let log = Log()
        let (timeline, _) = Self.make(engine, items, log)
        var rng = SeededGenerator(seed: 12)
        timeline.startAnimation()
        while engine.time < 0.5 { Self.step(engine, fps, &rng) }
        #expect(engine.time < 0.6)
        #expect(log.members.map(\.index) == [0])
        let shown = items.map(\.presentationValue)
        timeline.isReversed = true
        #expect(items.map(\.presentationValue) == shown)
        while timeline.state == .active { Self.step(engine, fps, &rng) }
        // Members 3, 2, 1 pass their starts on the way back, in that order, at their start value.
        #expect(log.members.map(\.index) == [0, 3, 2, 1])
        for m in log.members.dropFirst() {
            #expect(m.position == .start && m.value == 0)
        }
        #expect(log.run == [.start])
        #expect(items.allSatisfy { $0.presentationValue == 0 })
    }

    /// Issue 41 item 3: every entry has a handle with its own completion, a block as well as a
    /// group: each block's runs once at the tick that passes its end, at its end value, and at
    /// `.start` when a reversed run passes its start.
    @Test(arguments: [30.0, 60.0, 120.0, 0])
    func eachBlockCompletesOnItsOwnAtItsEnd(fps: Double) {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine), y = AnimatedProperty(0.0, engine: engine)
        let timeline = Timeline(engine: engine)
        let first = timeline.add(duration: 0.4, timing: .cubic(.linear)) { x.value = 100 }
        let second = timeline.add(duration: 0.5, timing: .cubic(.easeOut), at: .withPrevious(offset: 0.3)) { y.value = 50 }
        #expect(first.count == 1 && first.start == 0 && first.end == 0.4)
        #expect(abs(second.start - 0.3) < 1e-12 && abs(second.end - 0.8) < 1e-12 && second.stretch(ofMember: 0) != nil)
        let log = Log()
        func listen() {
            first.addCompletion(forMember: 0) { log.members.append((0, $0, engine.time, x.presentationValue)) }
            second.addCompletion { i, position in log.members.append((1 + i, position, engine.time, y.presentationValue)) }
        }
        var rng = SeededGenerator(seed: 41)
        var t0 = 0.0                                                     // the run's start
        func play(until t: Double) {
            while engine.time < t {
                let before = engine.time
                Self.step(engine, fps, &rng)
                // A block completes at the first tick that reaches its end (its start, reversed).
                for entry in log.members where entry.time == engine.time && entry.position == .end {
                    let end = entry.index == 0 ? 0.4 : 0.8
                    #expect(before - t0 < end && engine.time - t0 >= end)
                    #expect(entry.value == (entry.index == 0 ? 100 : 50))
                }
            }
        }
        listen()
        timeline.startAnimation()
        play(until: 1)
        #expect(log.members.map(\.index) == [0, 1] && log.members.allSatisfy { $0.position == .end })
        // The next run, reversed while the second block runs: it completes at .start as the
        // playhead passes its start going back; the first completed this run already.
        log.members.removeAll()
        listen()
        t0 = engine.time
        timeline.startAnimation()
        play(until: engine.time + 0.6)
        #expect(log.members.map(\.index) == [0])
        timeline.isReversed = true
        play(until: engine.time + 1)
        #expect(log.members.map(\.index) == [0, 1] && log.members[1].position == .start)
        first.addCompletion(forMember: 1) { _ in }                        // a block has member 0 only
        #expect(engine.diagnostics.count == 1)
    }

    @Test func finishingCompletesTheRestFirstAndStoppingWithoutFinishingRunsNone() {
        let engine = AnimationEngine()
        let items = (0..<4).map { _ in AnimatedProperty(0.0, engine: engine) }
        let log = Log()
        let (timeline, group) = Self.make(engine, items, log)
        var order: [String] = []
        group.addCompletion(forMember: 3) { _ in order.append("member 3") }
        timeline.addCompletion { _ in order.append("timeline") }
        group.addCompletion(forMember: 4) { _ in }        // reported, ignored
        #expect(engine.diagnostics.count == 1)
        timeline.startAnimation()
        engine.tick(at: 0.55)
        timeline.stopAnimation(false)
        timeline.finishAnimation(at: .current)
        #expect(log.members.map(\.index) == [0, 1, 2, 3])
        #expect(log.members.map(\.position) == [.end, .current, .current, .current])
        #expect(order == ["member 3", "timeline"])
        // Handlers added while inactive are for the next run; a run stopped without finishing runs none.
        let next = Log()
        group.addCompletion { i, p in next.members.append((i, p, engine.time, 0)) }
        timeline.startAnimation()      // at 0.55 s: members 0 and 1 end by 1.2 s
        engine.tick(at: 1.2)
        timeline.stopAnimation(true)
        #expect(next.members.map(\.index) == [0, 1])
        timeline.startAnimation()
        engine.tick(at: 3)
        #expect(timeline.state == .inactive)
        #expect(next.members.map(\.index) == [0, 1])
        #expect(log.members.count == 4)
    }

    /// A member's handler that pauses the run pauses it exactly at the member's end.
    @Test(arguments: [30.0, 60.0, 120.0, 0])
    func aHandlerThatPausesPausesAtTheMembersEnd(fps: Double) {
        let engine = AnimationEngine()
        let items = (0..<4).map { _ in AnimatedProperty(0.0, engine: engine) }
        let timeline = Timeline(engine: engine)
        timeline.scrubsLinearly = false
        let group = timeline.add(count: 4, stagger: Stagger(interval: 0.1), duration: 0.5, timing: .cubic(.linear)) { i in
            items[i].value = 100
        }
        group.addCompletion(forMember: 1) { _ in timeline.pauseAnimation() }
        var rng = SeededGenerator(seed: 2)
        timeline.startAnimation()
        while timeline.isRunning { Self.step(engine, fps, &rng) }
        #expect(abs(timeline.fractionComplete * timeline.duration - 0.6) <= 1e-12)
        #expect(items[1].presentationValue == 100)
        #expect(abs(items[2].presentationValue - 80) <= 1e-9 && abs(items[3].presentationValue - 60) <= 1e-9)
    }
}
