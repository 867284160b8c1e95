// The world's static boundaries: chains of two-sided segments with their ghost vertices, the
// points a chain drops, and the order in which removed slots come back.

import Kinetic
import Testing
@testable import KineticDynamics

@Suite struct BoundarySetTests {
    /// The live segments of boundary `b`, as (start, end, normal, previous, next).
    static func chain(_ set: BoundarySet, _ b: Int32) -> [(Vec2, Vec2, Vec2, Vec2?, Vec2?)] {
        set.records[Int(b)].segments.map { s in
            let i = Int(s)
            return (set.vertices[2 * i], set.vertices[2 * i + 1], set.normals[2 * i],
                    set.segments[i].previous, set.segments[i].next)
        }
    }

    @Test func anOpenChainHasOneSegmentPerGapAndGhostsOnlyInside() {
        var set = BoundarySet()
        let b = set.add(points: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 5)], isClosed: false, mask: 0b10)
        let segments = Self.chain(set, b)
        #expect(segments.count == 2)
        let (p0, q0, n0, previous0, next0) = segments[0]
        #expect(p0 == Vec2(0, 0) && q0 == Vec2(10, 0))
        // The right-hand unit normal of (10, 0); the segment's other face has the opposite one.
        #expect(n0 == Vec2(0, -1))
        #expect(set.normals[2 * Int(set.records[Int(b)].segments[0]) + 1] == Vec2(0, 1))
        #expect(previous0 == nil && next0 == Vec2(10, 5))
        let (p1, q1, n1, previous1, next1) = segments[1]
        #expect(p1 == Vec2(10, 0) && q1 == Vec2(10, 5))
        #expect(n1 == Vec2(1, 0))
        #expect(previous1 == Vec2(0, 0) && next1 == nil)
        #expect(set.segments.allSatisfy { $0.mask == 0b10 && $0.boundary == b })
    }

    @Test func aClosedChainWrapsItsGhostsAndDropsARepeatedEnd() {
        var set = BoundarySet()
        let square = [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 4), Point(x: 0, y: 4), Point(x: 0, y: 0)]
        let b = set.add(points: square, isClosed: true, mask: 1)
        let segments = Self.chain(set, b)
        #expect(segments.count == 4)
        for k in 0..<4 {
            let (p, q, n, previous, next) = segments[k]
            #expect(q == segments[(k + 1) % 4].0)
            #expect(previous == segments[(k + 3) % 4].0)
            #expect(next == segments[(k + 1) % 4].1)
            // Unit length, perpendicular to its segment.
            #expect(abs(n.x * n.x + n.y * n.y - 1) < 1e-15)
            #expect(abs((q - p).x * n.x + (q - p).y * n.y) < 1e-15)
        }
        // Counter-clockwise in y-up terms, so the right-hand normals point out of the square.
        #expect(segments[0].2 == Vec2(0, -1))
        #expect(segments[1].2 == Vec2(1, 0))
    }

    @Test func nonFiniteAndRepeatedPointsAreSkipped() {
        var set = BoundarySet()
        let points = [Point(x: 0, y: 0), Point(x: .nan, y: 3), Point(x: 0, y: 0), Point(x: 5, y: 0),
                      Point(x: 5, y: .infinity), Point(x: 5, y: 1e-7), Point(x: 5, y: 5)]
        let b = set.add(points: points, isClosed: false, mask: 1)
        let segments = Self.chain(set, b)
        // (0,0) → (5,0) → (5,5): the NaN and infinite points go, and so do the repeat of (0,0)
        // and (5, 1e-7), which is within 1e-6 of (5,0).
        #expect(segments.count == 2)
        #expect(segments[0].0 == Vec2(0, 0) && segments[0].1 == Vec2(5, 0))
        #expect(segments[1].0 == Vec2(5, 0) && segments[1].1 == Vec2(5, 5))
    }

    @Test func tooFewPointsMakeALiveBoundaryWithoutSegments() {
        var set = BoundarySet()
        let one = set.add(points: [Point(x: 1, y: 1)], isClosed: true, mask: 1)
        let two = set.add(points: [Point(x: 1, y: 1), Point(x: 3, y: 1)], isClosed: true, mask: 1)
        #expect(set.isAlive(Int(one)) && set.records[Int(one)].segments.isEmpty)
        // Two points cannot close: one segment, with no ghosts.
        let segments = Self.chain(set, two)
        #expect(segments.count == 1)
        #expect(segments[0].3 == nil && segments[0].4 == nil)
        #expect(!set.isAlive(-1) && !set.isAlive(2))
    }

    @Test func removedSlotsAreReusedLastFreedFirst() {
        var set = BoundarySet()
        let a = set.add(points: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 2, y: 1)], isClosed: false, mask: 1)
        let b = set.add(points: [Point(x: 0, y: 5), Point(x: 1, y: 5)], isClosed: false, mask: 1)
        #expect((a, b) == (0, 1))
        #expect(set.records[0].segments == [0, 1] && set.records[1].segments == [2])
        set.remove(Int(a))
        #expect(!set.isAlive(Int(a)) && set.isAlive(Int(b)))
        #expect(!set.segments[0].isAlive && !set.segments[1].isAlive && set.segments[2].isAlive)
        // The boundary's slot comes back; its segments' slots come back last freed first.
        let c = set.add(points: [Point(x: 0, y: 9), Point(x: 1, y: 9), Point(x: 2, y: 9)], isClosed: false, mask: 4)
        #expect(c == a)
        #expect(set.records[Int(c)].segments == [1, 0])
        #expect(set.segments.count == 3)
        #expect(set.segments[1].isAlive && set.segments[1].mask == 4 && set.vertices[2] == Vec2(0, 9))
    }
}
