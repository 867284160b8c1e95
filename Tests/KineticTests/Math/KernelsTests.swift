// Kinetic's exp and sincos kernels against the platform libm over millions of arguments.
import Testing
@testable import Kinetic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Elementary kernels")
struct KernelsTests {
    /// A deterministic 64-bit generator (SplitMix64), uniform doubles in [lo, hi).
    struct Generator {
        var state: UInt64
        mutating func next(_ lo: Double, _ hi: Double) -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return lo + (hi - lo) * Double(z >> 11) / 9007199254740992
        }
    }

    /// |a − b| in units in the last place of b (libm's value).
    static func ulps(_ a: Double, _ b: Double) -> Double {
        if a == b { return 0 }
        return (a - b).magnitude / b.ulp
    }

    @Test func expIsWithinOneUlpOfLibmOverFourMillionArguments() {
        var g = Generator(state: 1)
        var worst = 0.0
        for i in 0..<4_000_000 {
            // Half over the whole normal range, half over (−40, 5), where springs sample.
            let x = i & 1 == 0 ? g.next(-708, 709.78) : g.next(-40, 5)
            worst = Swift.max(worst, Self.ulps(Kernels.exp(x), libmExp(x)))
        }
        #expect(worst <= 1, "worst \(worst) ulp")
    }

    @Test func sinAndCosAreWithinTwoUlpsOfLibmOverFourMillionArguments() {
        var g = Generator(state: 2)
        var worst = 0.0
        for i in 0..<2_000_000 {
            let x = i & 1 == 0 ? g.next(-5e4, 5e4) : g.next(-8, 8)
            let sc = Kernels.sinCos(x)
            worst = Swift.max(worst, Self.ulps(sc.sin, libmSin(x)), Self.ulps(sc.cos, libmCos(x)))
        }
        #expect(worst <= 2, "worst \(worst) ulp")
    }

    @Test func largeSinCosArgumentsStayWithinOneQuadrillionth() {
        var g = Generator(state: 3)
        var worst = 0.0
        for _ in 0..<200_000 {
            let x = g.next(-8e8, 8e8)
            let sc = Kernels.sinCos(x)
            worst = Swift.max(worst, (sc.sin - libmSin(x)).magnitude, (sc.cos - libmCos(x)).magnitude)
        }
        #expect(worst <= 1e-15, "worst \(worst)")
    }

    @Test func edgeCasesFollowTheDocumentedOutcomes() {
        #expect(Kernels.exp(0) == 1)
        #expect(Kernels.exp(-.infinity) == 0)
        #expect(Kernels.exp(.infinity) == .infinity)
        #expect(Kernels.exp(710) == .infinity)
        #expect(Kernels.exp(-746) == 0)
        #expect(Kernels.exp(.nan).isNaN)
        // Subnormal results: within 1e-12 relative (the shifted argument x + 64 ln2 is rounded).
        for x in [-708.5, -720.25, -730.0] {
            #expect((Kernels.exp(x) - libmExp(x)).magnitude <= 1e-12 * libmExp(x), "x = \(x)")
        }
        #expect(Kernels.sinCos(0) == (sin: 0, cos: 1))
        #expect(Kernels.sinCos(.infinity).sin.isNaN)
        #expect(Kernels.sinCos(.nan).cos.isNaN)
        #expect(Kernels.sinCos(1e12) == (sin: 0, cos: 1))
    }

    @Test func expm1AndLogAreWithinTwoUlpsAndLog1pThreeOfLibm() {
        var g = Generator(state: 4)
        var worstExpm1 = 0.0, worstLog = 0.0, worstLog1p = 0.0
        for i in 0..<300_000 {
            // expm1: where decays sample it (−0.5…0), the series' whole range and beyond.
            let e = i % 3 == 0 ? g.next(-0.5, 0) : (i % 3 == 1 ? g.next(-1, 1) : g.next(-40, 40))
            worstExpm1 = Swift.max(worstExpm1, Self.ulps(Kernels.expm1(e), libmExpm1(e)))
            // log: near 1, decay rates, and the whole normal and subnormal range by exponent.
            let l = i % 3 == 0 ? g.next(0.5, 2) : (i % 3 == 1 ? g.next(0.98, 1) : pow2(g.next(-1070, 1020)))
            worstLog = Swift.max(worstLog, Self.ulps(Kernels.log(l), libmLog(l)))
            let p = i & 1 == 0 ? g.next(-0.9, 1) : g.next(-1e-6, 1e-6)
            worstLog1p = Swift.max(worstLog1p, Self.ulps(Kernels.log1p(p), libmLog1p(p)))
        }
        #expect(worstExpm1 <= 2, "expm1 worst \(worstExpm1) ulp")
        #expect(worstLog <= 2, "log worst \(worstLog) ulp")
        #expect(worstLog1p <= 3, "log1p worst \(worstLog1p) ulp")
    }

    @Test func atan2AndCbrtAreWithinFourAndThreeUlpsOfLibm() {
        var g = Generator(state: 5)
        var worstAtan2 = 0.0, worstAtan = 0.0, worstCbrt = 0.0
        for i in 0..<300_000 {
            let y = g.next(-10, 10), x = i & 1 == 0 ? g.next(-10, 10) : g.next(-1e-3, 1e-3)
            worstAtan2 = Swift.max(worstAtan2, Self.ulps(Kernels.atan2(y, x), libmAtan2(y, x)))
            worstAtan = Swift.max(worstAtan, Self.ulps(Kernels.atan(y / (x == 0 ? 1 : x)), libmAtan(y / (x == 0 ? 1 : x))))
            let c = i & 1 == 0 ? g.next(-8, 8) : pow2(g.next(-1070, 1020)) * (i & 2 == 0 ? 1 : -1)
            worstCbrt = Swift.max(worstCbrt, Self.ulps(Kernels.cbrt(c), libmCbrt(c)))
        }
        #expect(worstAtan2 <= 4, "atan2 worst \(worstAtan2) ulp")
        #expect(worstAtan <= 4, "atan worst \(worstAtan) ulp")
        #expect(worstCbrt <= 3, "cbrt worst \(worstCbrt) ulp")
    }

    @Test func inverseKernelsFollowCsSpecialValues() {
        #expect(Kernels.expm1(0) == 0)
        #expect(Kernels.expm1(-800) == -1)
        #expect(Kernels.expm1(800) == .infinity)
        #expect(Kernels.expm1(.nan).isNaN)
        #expect(Kernels.expm1(1e-300) == 1e-300)
        #expect(Kernels.log(1) == 0)
        #expect(Kernels.log(0) == -.infinity)
        #expect(Kernels.log(.infinity) == .infinity)
        #expect(Kernels.log(-1).isNaN && Kernels.log(.nan).isNaN)
        #expect(Kernels.log(2) == 0.6931471805599453)
        #expect(Kernels.log1p(0) == 0)
        #expect(Kernels.log1p(-1) == -.infinity)
        #expect(Kernels.log1p(-2).isNaN)
        #expect(Kernels.log1p(.infinity) == .infinity)
        #expect(Kernels.log1p(1e-20) == 1e-20)
        #expect(Kernels.atan2(0, 1) == 0 && Kernels.atan2(-0.0, 1).sign == .minus)
        #expect(Kernels.atan2(0, -1) == Double.pi && Kernels.atan2(-0.0, -1) == -Double.pi)
        #expect(Kernels.atan2(0, -0.0) == Double.pi && Kernels.atan2(0, 0) == 0)
        #expect(Kernels.atan2(1, 0) == Double.pi / 2 && Kernels.atan2(-1, 0) == -Double.pi / 2)
        #expect(Kernels.atan2(.infinity, .infinity) == Double.pi / 4)
        #expect(Kernels.atan2(-.infinity, -.infinity) == -3 * Double.pi / 4)
        #expect(Kernels.atan2(1, .infinity) == 0 && Kernels.atan2(.infinity, 1) == Double.pi / 2)
        #expect(Kernels.atan2(.nan, 1).isNaN)
        #expect(Kernels.atan(.infinity) == Double.pi / 2 && Self.ulps(Kernels.atan(1), Double.pi / 4) <= 1)
        #expect(Kernels.cbrt(27) == 3 && Kernels.cbrt(-8) == -2 && Kernels.cbrt(0.001) == 0.1)
        #expect(Kernels.cbrt(-0.0).sign == .minus && Kernels.cbrt(.infinity) == .infinity)
        #expect(Kernels.cbrt(.nan).isNaN)
    }
}

/// 2^e for a real exponent: log-uniform arguments over the whole double range.
private func pow2(_ e: Double) -> Double { exp2(e) }

// The platform libm, named apart from the kernels.
private func libmExp(_ x: Double) -> Double { exp(x) }
private func libmSin(_ x: Double) -> Double { sin(x) }
private func libmCos(_ x: Double) -> Double { cos(x) }
private func libmExpm1(_ x: Double) -> Double { expm1(x) }
private func libmLog(_ x: Double) -> Double { log(x) }
private func libmLog1p(_ x: Double) -> Double { log1p(x) }
private func libmAtan(_ x: Double) -> Double { atan(x) }
private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
private func libmCbrt(_ x: Double) -> Double { cbrt(x) }
