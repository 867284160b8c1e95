// The broad phase's pair-key sorts against the standard library's sort on pseudo-random keys.

import Testing
@testable import KineticDynamics

@Suite struct PairKeySortTests {
    /// Pair-like keys (`a << 32 | b`, a < bodies, b a body or a flagged segment), with duplicates.
    static func keys(count: Int, bodies: Int, seed: UInt64) -> [UInt64] {
        var state = seed
        var result: [UInt64] = []
        for _ in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let a = UInt64((state >> 33) % UInt64(bodies))
            let low = (state >> 13) & 1 == 0 ? (state >> 20) % UInt64(bodies) : UInt64(BroadPhase.segmentFlag) | (state >> 40) % 8
            result.append(a << 32 | low)
        }
        return result
    }

    @Test func countingSortOfPairKeysMatchesTheStandardSort() {
        for (count, bodies) in [(0, 10), (1, 10), (63, 50), (64, 50), (3_500, 1_001), (2_000, 3)] {
            var keys = PairKeySortTests.keys(count: count, bodies: bodies, seed: UInt64(count * 31 + bodies))
            let expected = keys.sorted()
            var scratch = [UInt64](repeating: 0, count: count)
            var starts = [Int32](repeating: 0, count: bodies + 1)
            keys.withUnsafeMutableBufferPointer { k in
                scratch.withUnsafeMutableBufferPointer { s in
                    starts.withUnsafeMutableBufferPointer { KeySort.sortPairKeys(k, scratch: s, starts: $0) }
                }
            }
            #expect(keys == expected, "\(count) keys among \(bodies) bodies")
        }
    }

    @Test func outOfRangeKeysFallBackToTheQuicksort() {
        var keys = PairKeySortTests.keys(count: 500, bodies: 100, seed: 7)
        keys[250] = UInt64(5_000) << 32 | 3                   // beyond the 100 buckets
        let expected = keys.sorted()
        var scratch = [UInt64](repeating: 0, count: keys.count)
        var starts = [Int32](repeating: 0, count: 101)
        keys.withUnsafeMutableBufferPointer { k in
            scratch.withUnsafeMutableBufferPointer { s in
                starts.withUnsafeMutableBufferPointer { KeySort.sortPairKeys(k, scratch: s, starts: $0) }
            }
        }
        #expect(keys == expected)
    }
}
