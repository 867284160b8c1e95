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
}

// The platform libm, named apart from the kernels.
private func libmExp(_ x: Double) -> Double { exp(x) }
private func libmSin(_ x: Double) -> Double { sin(x) }
private func libmCos(_ x: Double) -> Double { cos(x) }
