import Testing
@testable import Kinetic
import KineticTestSupport

@Suite("Stagger")
struct StaggerTests {
    static func close(_ a: [Double], _ b: [Double], _ tolerance: Double = 1e-12) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func linearDelaysGrowByTheIntervalPerItemFromEachOrigin() {
        #expect(Self.close(Stagger(interval: 0.1).delays(count: 5), [0, 0.1, 0.2, 0.3, 0.4]))
        #expect(Self.close(Stagger(interval: 0.1, from: .last).delays(count: 5), [0.4, 0.3, 0.2, 0.1, 0]))
        #expect(Self.close(Stagger(interval: 0.1, from: .center).delays(count: 5), [0.2, 0.1, 0, 0.1, 0.2]))
        // An even row from the centre: the two middle items start at once (GSAP's distribution).
        #expect(Self.close(Stagger(interval: 0.1, from: .center).delays(count: 4), [0.1, 0, 0, 0.1]))
        #expect(Self.close(Stagger(interval: 0.1, from: .center, startDelay: 0.5).delays(count: 6), [0.7, 0.6, 0.5, 0.5, 0.6, 0.7]))
        #expect(Self.close(Stagger(interval: 0.1, from: .index(3), startDelay: 1).delays(count: 5), [1.3, 1.2, 1.1, 1, 1.1]))
        #expect(Stagger(interval: 0.1).delays(count: 0).isEmpty)
        #expect(Stagger(interval: 0.1).delays(count: 1) == [0])
    }

    @Test func theEaseShapesTheDelaysBetweenTheSameEnds() {
        // Ease-in (0.42, 0, 1, 1) over the distances 0…4 items, 0.4 s in all.
        let delays = Stagger(interval: 0.1, ease: .easeIn).delays(count: 5)
        let expected = (0..<5).map { i -> Double in
            let u = Double(i) / 4
            return u == 0 ? 0 : u == 1 ? 0.4 : 0.4 * Reference.cubic(0.42, 0, 1, 1, at: u).progress
        }
        #expect(Self.close(delays, expected, 1e-12))
        #expect(delays[1] < 0.1 && delays[3] < 0.3)
    }

    @Test func pointsRippleOutInUnitsOfTheNearestNeighbour() {
        let grid = [Point(x: 0, y: 0), Point(x: 60, y: 0), Point(x: 0, y: 60), Point(x: 60, y: 60)]
        let delays = Stagger(interval: 0.1).delays(for: grid, from: Point(x: 0, y: 0))
        #expect(Self.close(delays, [0, 0.1, 0.1, 0.1 * 2.0.squareRoot()]))
    }

    @Test func theNearestItemStartsAtOnceAndTheEaseSpansNearestToFarthest() {
        // Ease-in from the centre of 6: distances 2.5, 1.5, 0.5, …; from the nearest 2, 1, 0,
        // eased over 0…2 items, 0.2 s in all.
        let delays = Stagger(interval: 0.1, from: .center, ease: .easeIn).delays(count: 6)
        let side = [2.0, 1, 0].map { d -> Double in
            let u = d / 2
            return u == 0 ? 0 : u == 1 ? 0.2 : 0.2 * Reference.cubic(0.42, 0, 1, 1, at: u).progress
        }
        #expect(Self.close(delays, side + side.reversed(), 1e-12))
        // A tap between two items of a row spaced 60: the nearest (10 away) starts at once; the
        // others count from it in units of 40 (the smallest distance beyond it).
        let row = (0..<4).map { Point(x: 60 * Double($0), y: 0) }
        #expect(Self.close(Stagger(interval: 0.1).delays(for: row, from: Point(x: 70, y: 0)), [0.15, 0, 0.1, 0.25]))
        // A tap equidistant from every item: all start at once.
        let square = [Point(x: 0, y: 0), Point(x: 60, y: 0), Point(x: 0, y: 60), Point(x: 60, y: 60)]
        #expect(Stagger(interval: 0.1, startDelay: 0.3).delays(for: square, from: Point(x: 30, y: 30)) == [0.3, 0.3, 0.3, 0.3])
    }

    /// In a timeline, the nearest items of a group from the centre start at the group's start.
    @Test(arguments: [30.0, 60.0, 120.0])
    func inATimelineTheNearestItemsMoveFromTheFirstFrame(fps: Double) {
        let engine = AnimationEngine()
        let items = (0..<4).map { _ in AnimatedProperty(0.0, engine: engine) }
        let timeline = Timeline(engine: engine)
        timeline.add(count: 4, stagger: Stagger(interval: 0.1, from: .center), duration: 0.5,
                     timing: .cubic(.linear)) { i in items[i].value = 100 }
        #expect(abs(timeline.duration - 0.6) < 1e-12)
        timeline.startAnimation()
        var frame = 0
        while timeline.state == .active {
            frame += 1
            let t = Double(frame) / fps
            engine.tick(at: t)
            guard timeline.state == .active else { break }
            for i in 0..<4 {
                let delay = i == 1 || i == 2 ? 0.0 : 0.1
                let expected = 100 * Swift.min(Swift.max((t - delay) / 0.5, 0), 1)
                #expect(abs(items[i].presentationValue - expected) < 1e-9, "item \(i), t = \(t)")
            }
        }
        #expect(items.allSatisfy { $0.presentationValue == 100 })
    }

    @Test func badInputGivesNoNegativeOrNaNDelay() {
        #expect(Stagger(interval: -1).delays(count: 3) == [0, 0, 0])
        #expect(Stagger(interval: .nan, startDelay: .infinity).delays(count: 2) == [0, 0])
        #expect(Self.close(Stagger(interval: 0.1, from: .index(99)).delays(count: 3), [0.2, 0.1, 0]))
        #expect(Stagger(interval: 0.1).delays(for: [Point(x: 1, y: 1), Point(x: 1, y: 1)], from: Point(x: 1, y: 1)) == [0, 0])
    }
}
