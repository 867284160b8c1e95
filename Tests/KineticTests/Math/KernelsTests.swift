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

    /// Issue 21: beyond 8·10⁸ the kernel used to return (0, 1), and between 5·10⁴ and 8·10⁸ it was
    /// within 1e-15 absolute only. Every finite argument is now reduced exactly (Payne–Hanek):
    /// within 2 ulps of glibc (whose sin and cos are accurate for all arguments) at arguments
    /// spread over every binade up to 2⁶⁰, beyond the 1.4·10¹⁷ the engine can produce
    /// (2³² s times the largest ω, √(10⁹/10⁻⁶)).
    @Test func largeSinCosArgumentsAreWithinTwoUlpsOfLibmUpToTwoToTheSixty() {
        var g = Generator(state: 3)
        var worst = 0.0
        for i in 0..<200_000 {
            let x = Double(sign: i & 1 == 0 ? .plus : .minus, exponent: 15 + i % 45, significand: 1 + g.next(0, 1))
            let sc = Kernels.sinCos(x)
            worst = Swift.max(worst, Self.ulps(sc.sin, libmSin(x)), Self.ulps(sc.cos, libmCos(x)))
        }
        #expect(worst <= 2, "worst \(worst) ulp")
    }

    /// Reference values independent of any libm: sin and cos of the exact doubles, computed
    /// with mpmath at 400 bits and rounded once, by this script (/tmp is not kept; rerun it):
    ///
    ///     from mpmath import mp, mpf, sin, cos, pi
    ///     mp.prec = 400
    ///     for x in XS: print(x, float(sin(mpf(x))), float(cos(mpf(x))))
    ///
    /// XS: the audit's arguments (8·10⁸, ω·t = 31622776.6·25.3, the command line's 10·10⁹), the
    /// engine's largest (2³²·√10¹⁵), the doubles nearest k·π/2 for large k (a reduction that
    /// loses bits shows there first: sin or cos is 1e-11 there), and random binades.
    static let references: [(x: Double, sin: Double, cos: Double)] = [
        (50000.0, -0.9998401890897896, -0.017877255966556333),
        (100000.0, 0.03574879797201651, -0.9993608074382124),
        (123456.789, -0.9986640823432246, 0.05167253271870138),
        (800000000.0, 0.1656353169100455, -0.9861870724117756),
        (800000010.0, 0.3975267080494149, 0.9175906039118945),
        (800056248.0225999, -0.70422280104721, -0.7099790465113894),
        (10000000000.0, -0.4875060250875107, 0.873119622676856),
        (1.358187913129459e+17, -0.34092086275071837, 0.940091998339155),
        (9007199254740992.0, -0.848925964814655, -0.5285117844130887),
        (1.4411518807585587e+17, -0.4927377568000124, -0.8701778571209978),
        (1e+17, -0.4645301048353727, -0.8855573282976307),
        (157079.63267948967, 1.2123503458582607e-11, 1.0),
        (1570797.8975912235, 1.0, -6.046402952076414e-11),
        (1570796337.7904708, -0.9999999999999977, -6.824884509657146e-08),
        (4712388980386.261, 0.999999996113313, -8.816673991423601e-05),
        (1570796326794901.2, -0.9966709119239534, -0.08152970823371743),
        (1.0995574287564278e+17, 0.9728728689338656, -0.23134040047598592),
        (13493037712.376001, 0.999999999999707, -7.654587608173724e-07),
        (5646433.504222852, -0.944987550322732, 0.3271062973026384),
        (19605866833254.117, -0.8534887513650269, 0.5211112657517273),
        (4072346709461.795, -0.7737087239905888, 0.6335414827940273),
        (46443561034.87181, 0.06284875132161774, -0.9980230630888814),
        (24444287.23210179, 0.7837471992908618, 0.6210799687670906),
        (375295684552218.4, 0.9810189638747281, 0.19391181634483998),
        (580853674073681.6, 0.6856392427227125, 0.7279415009728635),
        (120955743576.52086, -0.3626389271583797, -0.9319297229455767),
        (97892817034.54721, 0.997473261394045, 0.0710428941128319),
        (43446404.37536581, 0.09979167633156137, 0.99500835239456),
        (54413.54144713527, 0.9154750518602242, 0.40237473755383774),
        (2090691477.3189101, 0.5641692481298011, 0.825659166644842),
    ]

    @Test func largeSinCosArgumentsMatchHighPrecisionReferences() {
        for r in Self.references {
            for sign in [1.0, -1.0] {
                let sc = Kernels.sinCos(sign * r.x)
                // 2 ulps, also where the result is 1e-11 (relative accuracy, not absolute).
                let sinTolerance = 2 * r.sin.magnitude.ulp
                let cosTolerance = 2 * r.cos.magnitude.ulp
                #expect((sc.sin - sign * r.sin).magnitude <= sinTolerance, "sin(\(sign * r.x)) = \(sc.sin), not \(sign * r.sin)")
                #expect((sc.cos - r.cos).magnitude <= cosTolerance, "cos(\(sign * r.x)) = \(sc.cos), not \(r.cos)")
            }
        }
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
        #expect(Kernels.sinCos(-.infinity).cos.isNaN)
        #expect(Kernels.sinCos(.greatestFiniteMagnitude).sin.isFinite)
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
            worstLog = Swift.max(worstLog, Self.ulps(InverseKernels.log(l), libmLog(l)))
            let p = i & 1 == 0 ? g.next(-0.9, 1) : g.next(-1e-6, 1e-6)
            worstLog1p = Swift.max(worstLog1p, Self.ulps(InverseKernels.log1p(p), libmLog1p(p)))
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
            worstAtan2 = Swift.max(worstAtan2, Self.ulps(InverseKernels.atan2(y, x), libmAtan2(y, x)))
            worstAtan = Swift.max(worstAtan, Self.ulps(InverseKernels.atan(y / (x == 0 ? 1 : x)), libmAtan(y / (x == 0 ? 1 : x))))
            let c = i & 1 == 0 ? g.next(-8, 8) : pow2(g.next(-1070, 1020)) * (i & 2 == 0 ? 1 : -1)
            worstCbrt = Swift.max(worstCbrt, Self.ulps(InverseKernels.cbrt(c), libmCbrt(c)))
        }
        #expect(worstAtan2 <= 4, "atan2 worst \(worstAtan2) ulp")
        #expect(worstAtan <= 4, "atan worst \(worstAtan) ulp")
        #expect(worstCbrt <= 3, "cbrt worst \(worstCbrt) ulp")
    }

    /// The four-lane atan2 gives each lane the scalar's bits: random pairs over several scales
    /// (the pairs of unit rotations the dynamics animator reads among them), and every pairing
    /// of the special values, each in every lane beside others.
    @Test func fourLaneAtan2GivesTheScalarsBitsInEveryLane() {
        var g = Generator(state: 11)
        func check(_ y: SIMD4<Double>, _ x: SIMD4<Double>) -> Bool {
            let lanes = InverseKernels.atan2(y, x)
            return (0..<4).allSatisfy { lanes[$0].bitPattern == InverseKernels.atan2(y[$0], x[$0]).bitPattern }
        }
        var mismatches = 0
        for i in 0..<100_000 {
            let scale = [1.0, 1e-3, 1e3, 1e-300, 1e300][i % 5]
            var y = SIMD4<Double>(), x = SIMD4<Double>()
            for lane in 0..<4 {
                if i % 7 == 0 {
                    let angle = g.next(-4, 4)                          // a unit rotation pair
                    y[lane] = Elementary.sin(angle); x[lane] = Elementary.cos(angle)
                } else {
                    y[lane] = g.next(-1, 1) * scale; x[lane] = g.next(-1, 1) * scale
                }
            }
            if !check(y, x) { mismatches += 1 }
        }
        #expect(mismatches == 0)
        let specials: [Double] = [0, -0.0, 1, -1, 0.5, -2, .infinity, -.infinity, .nan, .leastNonzeroMagnitude,
                                  -.greatestFiniteMagnitude]
        var specialMismatches = 0
        for (k, y) in specials.enumerated() {
            for (j, x) in specials.enumerated() {
                let other = specials[(k + j + 3) % specials.count]
                if !check(SIMD4(y, 0.25, other, y), SIMD4(x, -3, x, other)) { specialMismatches += 1 }
            }
        }
        #expect(specialMismatches == 0)
    }

    @Test func inverseKernelsFollowCsSpecialValues() {
        #expect(Kernels.expm1(0) == 0)
        #expect(Kernels.expm1(-800) == -1)
        #expect(Kernels.expm1(800) == .infinity)
        #expect(Kernels.expm1(.nan).isNaN)
        #expect(Kernels.expm1(1e-300) == 1e-300)
        #expect(InverseKernels.log(1) == 0)
        #expect(InverseKernels.log(0) == -.infinity)
        #expect(InverseKernels.log(.infinity) == .infinity)
        #expect(InverseKernels.log(-1).isNaN && InverseKernels.log(.nan).isNaN)
        #expect(InverseKernels.log(2) == 0.6931471805599453)
        #expect(InverseKernels.log1p(0) == 0)
        #expect(InverseKernels.log1p(-1) == -.infinity)
        #expect(InverseKernels.log1p(-2).isNaN)
        #expect(InverseKernels.log1p(.infinity) == .infinity)
        #expect(InverseKernels.log1p(1e-20) == 1e-20)
        #expect(InverseKernels.atan2(0, 1) == 0 && InverseKernels.atan2(-0.0, 1).sign == .minus)
        #expect(InverseKernels.atan2(0, -1) == Double.pi && InverseKernels.atan2(-0.0, -1) == -Double.pi)
        #expect(InverseKernels.atan2(0, -0.0) == Double.pi && InverseKernels.atan2(0, 0) == 0)
        #expect(InverseKernels.atan2(1, 0) == Double.pi / 2 && InverseKernels.atan2(-1, 0) == -Double.pi / 2)
        #expect(InverseKernels.atan2(.infinity, .infinity) == Double.pi / 4)
        #expect(InverseKernels.atan2(-.infinity, -.infinity) == -3 * Double.pi / 4)
        #expect(InverseKernels.atan2(1, .infinity) == 0 && InverseKernels.atan2(.infinity, 1) == Double.pi / 2)
        #expect(InverseKernels.atan2(.nan, 1).isNaN)
        #expect(InverseKernels.atan(.infinity) == Double.pi / 2 && Self.ulps(InverseKernels.atan(1), Double.pi / 4) <= 1)
        #expect(InverseKernels.cbrt(27) == 3 && InverseKernels.cbrt(-8) == -2 && InverseKernels.cbrt(0.001) == 0.1)
        #expect(InverseKernels.cbrt(-0.0).sign == .minus && InverseKernels.cbrt(.infinity) == .infinity)
        #expect(InverseKernels.cbrt(.nan).isNaN)
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
