// The behaviour layer's own exp, log and power against the platform's libm.
import Testing
@testable import KineticDynamics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct DynamicsMathTests {
    @Test func logAndExpAgreeWithLibmToAFewUlps() {
        var worstLog = 0.0, worstExp = 0.0
        for i in 0..<2000 {
            let x = Double(i + 1) * 0.0137 * Double(1 << (i % 20))      // 0.0137 … ~3e7
            worstLog = max(worstLog, (DeterministicMath.log(x) - log(x)).magnitude / max(1, log(x).magnitude))
            let y = Double(i - 1000) * 0.35                                // −350 … 350
            worstExp = max(worstExp, (DeterministicMath.exp(y) - exp(y)).magnitude / exp(y))
        }
        #expect(worstLog < 1e-15, "log: \(worstLog)")
        #expect(worstExp < 1e-14, "exp: \(worstExp)")
    }

    @Test func powerMatchesPowForFalloffs() {
        for exponent in [-2.5, -1.5, -0.5, 0.5, 1.7, 3.3, -2, 2, 0] {
            for base in [0.01, 0.5, 1, 1.3, 2, 10, 1000] {
                let reference = pow(base, exponent)
                #expect((power(base, exponent) - reference).magnitude <= 1e-14 * reference, "\(base)^\(exponent)")
            }
        }
        #expect(power(0, -2) == .infinity && power(-1, 0.5) == 0)
    }
}
