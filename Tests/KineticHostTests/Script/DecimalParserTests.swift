// The script parser reads Swift's shortest form of any double back to the same bits.
import Testing
@testable import KineticHost
import KineticTestSupport

@Suite("Decimal parser")
struct DecimalParserTests {
    /// 17-digit forms (mantissas past 2^53) and large or small exponents leave the fast path;
    /// the long division must still round correctly, ties to even included.
    @Test func shortestFormsOfRandomDoublesReadBackBitForBit() {
        var random = SeededGenerator(seed: 2026)
        var slow = 0
        for i in 0..<6_000 {
            let x: Double
            switch i % 3 {
            case 0: x = 4_000 + random.unit() * 1_000           // a page's clock, in seconds
            case 1: x = (random.unit() - 0.5) * 2_000          // positions, in points
            default: x = Double(bitPattern: random.next() & 0x800F_FFFF_FFFF_FFFF | UInt64(1 + random.int(2046)) << 52)  // any normal
            }
            let text = "\(x)"
            if text.utf8.count > 18 { slow += 1 }
            #expect(DecimalParser.parse(text[...])?.bitPattern == x.bitPattern, "\(text)")
        }
        #expect(slow > 1_000)
        // Exact halves between two doubles round to the even one; one digit more rounds up.
        #expect(DecimalParser.parse("9007199254740993"[...]) == 9_007_199_254_740_992)
        #expect(DecimalParser.parse("9007199254740995"[...]) == 9_007_199_254_740_996)
        #expect(DecimalParser.parse("9007199254740993.0000000001"[...]) == 9_007_199_254_740_992)  // past 19 digits: dropped
        #expect(DecimalParser.parse("1.7976931348623157e308"[...]) == .greatestFiniteMagnitude)
        #expect(DecimalParser.parse("1.7976931348623159e308"[...]) == nil)
        #expect(DecimalParser.parse("2.2250738585072014e-308"[...]) == .leastNormalMagnitude)
        #expect(DecimalParser.parse("1e-400"[...]) == 0)
        #expect(DecimalParser.parse("-0.0"[...])?.sign == .minus)
    }
}
