import Testing
@testable import Kinetic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SwiftUI's completion criteria on a spring: logically complete once its settling duration
/// has passed, removed once it has settled to its thresholds.
@Suite("Spring completion criteria")
struct CompletionCriteriaTests {
    /// The settling time of `.smooth` (critically damped, ω = 4π) from rest: (1 + x)e^(−x) = 0.001.
    static let smoothSettling: Double = {
        var lo = 1.0, hi = 20.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if (1 + mid) * exp(-mid) > 0.001 { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2 / (4 * Double.pi)
    }()

    @Test func logicallyCompleteFiresAtTheSettlingDurationAndRemovedWhenItSettles() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let spring = SpringAnimation(property: x, spring: .smooth, target: 100)
        var logical: Double?, removed: Double?, order: [String] = []
        spring.addCompletion(criteria: .logicallyComplete) { logical = engine.time; order.append("logical") }
        spring.addCompletion(criteria: .removed) { removed = engine.time; order.append("removed") }
        engine.tick(at: 0.1)
        spring.start()
        #expect(abs(spring.logicalCompletionTime! - (0.1 + Self.smoothSettling)) < 1e-9)
        var frame = 6
        while spring.isRunning && frame < 600 {
            frame += 1
            engine.tick(at: Double(frame) / 60)
        }
        let deadline = 0.1 + Self.smoothSettling
        // The first frame at or after the deadline.
        let expectedFrame = (deadline * 60).rounded(.up) / 60
        #expect(logical == expectedFrame)
        // Perceptually done then: within 0.001 of the 100-point distance, i.e. 0.1 point.
        #expect(removed! > logical! && order == ["logical", "removed"])
        // Removed is the first frame where |d| ≤ 0.001 and |v| ≤ 0.01 (closed form (d0 + (v0 + ωd0)t)e^(−ωt)).
        let w = 4 * Double.pi
        func state(_ t: Double) -> (d: Double, v: Double) {
            let d = -100 * (1 + w * t) * exp(-w * t)
            let v = -100 * (-w * w * t) * exp(-w * t)
            return (d, v)
        }
        var f = 7
        while true {
            let s = state(Double(f) / 60 - 0.1)
            if abs(s.d) <= 0.001 && abs(s.v) <= 0.01 { break }
            f += 1
        }
        #expect(removed == Double(f) / 60)
        #expect(x.presentationValue == 100)
    }

    @Test func anEarlyEndReportsLogicalCompletionAtOnceAndEachHandlerRunsOnce() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let spring = SpringAnimation(property: x, spring: .bouncy, target: 10)
        spring.start()
        var logical = 0, removed = 0
        spring.addCompletion(criteria: .logicallyComplete) { logical += 1 }
        spring.addCompletion(criteria: .removed) { removed += 1 }
        engine.tick(at: 0.1)
        #expect(logical == 0)
        spring.stop()
        #expect(logical == 1 && removed == 1)
        for i in 2...120 { engine.tick(at: Double(i) / 60) }
        #expect(logical == 1 && removed == 1)
        #expect(!engine.hasRunningAnimations)
    }

    @Test func aRetargetIsANewMotionAndHandlersKeepTheTimeOfTheMotionTheyWereAddedWith() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let spring = SpringAnimation(property: x, spring: .smooth, target: 10)
        spring.start()
        var first: Double?, second: Double?
        spring.addCompletion(criteria: .logicallyComplete) { first = engine.time }
        engine.tick(at: 0.5)
        spring.target = 20
        spring.addCompletion(criteria: .logicallyComplete) { second = engine.time }
        // The retarget starts a new spring motion: its own logical completion is 0.5 + 0.7348.
        #expect(abs(spring.logicalCompletionTime! - (0.5 + Self.smoothSettling)) < 1e-9)
        engine.tick(at: 0.75)                // past the first motion's time (0.7348), as SwiftUI
        #expect(first == 0.75 && second == nil && spring.isRunning)
        engine.tick(at: 1.2)
        #expect(second == nil)
        engine.tick(at: 1.25)                // past the second (1.2348)
        #expect(second == 1.25)
    }
}
