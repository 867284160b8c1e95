// The solver's own trigonometry and exponential (+ − × ÷ √ only) against the platform libm.

import Testing
@testable import KineticDynamics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct SolverMathTests {
    static let samples: [Double] = stride(from: -50.0, through: 50.0, by: 0.0173).map { $0 } + [0, -0.0, .pi, -.pi, .pi / 2, 1e-300]

    @Test func sinCosMatchLibm() {
        for x in Self.samples {
            let sc = SolverTrig.sinCos(x)
            #expect(abs(sc.sin - sin(x)) < 5e-15 && abs(sc.cos - cos(x)) < 5e-15, "x = \(x)")
        }
        #expect(SolverTrig.sinCos(.nan) == (0, 1))
    }

    @Test func atan2MatchesLibm() {
        for x in Self.samples {
            let y = sin(3 * x) * 7, z = cos(5 * x) * 2
            #expect(abs(SolverTrig.atan2(y, z) - atan2(y, z)) < 1e-15, "(\(y), \(z))")
        }
        #expect(SolverTrig.atan2(0, 0) == 0)
        #expect(abs(SolverTrig.atan2(0, -1) - .pi) < 1e-15)
        #expect(SolverTrig.atan2(.infinity, 1) == 0)
    }

    @Test func expMatchesLibm() {
        for x in Self.samples {
            #expect(abs(SolverTrig.exp(x) - exp(x)) <= 4e-16 * exp(x), "x = \(x)")
        }
        #expect(SolverTrig.exp(-800) == 0 && SolverTrig.exp(800) == .infinity)
        #expect(abs(SolverTrig.exp(-700) - exp(-700)) <= 4e-16 * exp(-700))
    }

    @Test func integratedRotationStaysUnitAndTracksTheAngle() {
        // b2IntegrateRotation advances by atan(Δθ) per call: after n calls, n·atan(Δθ).
        var q = Rotation.identity
        for _ in 0..<1000 { q = q.integrated(by: 0.01) }
        #expect(abs(q.c * q.c + q.s * q.s - 1) < 1e-15)
        #expect(abs(q.angle - SolverTrig.wrap(1000 * atan(0.01))) < 1e-12)
    }
}

@Suite struct KeySortTests {
    @Test func sortsLikeTheStandardLibrary() {
        var seed: UInt64 = 7
        for n in [0, 1, 2, 15, 16, 17, 100, 1000, 5000] {
            var keys: [UInt64] = []
            for k in 0..<n {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                keys.append(k % 3 == 0 ? seed >> 60 : seed >> 20)       // with many duplicates
            }
            var sorted = keys
            sorted.withUnsafeMutableBufferPointer { KeySort.sort($0) }
            #expect(sorted == keys.sorted())
            var ascending = keys.sorted()
            ascending.withUnsafeMutableBufferPointer { KeySort.sort($0) }
            #expect(ascending == keys.sorted())
            var descending = Array(keys.sorted().reversed())
            descending.withUnsafeMutableBufferPointer { KeySort.sort($0) }
            #expect(descending == keys.sorted())
        }
    }
}
