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
