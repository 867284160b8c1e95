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
        #expect(Self.close(Stagger(interval: 0.1, from: .center).delays(count: 4), [0.15, 0.05, 0.05, 0.15]))
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

    @Test func badInputGivesNoNegativeOrNaNDelay() {
        #expect(Stagger(interval: -1).delays(count: 3) == [0, 0, 0])
        #expect(Stagger(interval: .nan, startDelay: .infinity).delays(count: 2) == [0, 0])
        #expect(Self.close(Stagger(interval: 0.1, from: .index(99)).delays(count: 3), [0.2, 0.1, 0]))
        #expect(Stagger(interval: 0.1).delays(for: [Point(x: 1, y: 1), Point(x: 1, y: 1)], from: Point(x: 1, y: 1)) == [0, 0])
    }
}
