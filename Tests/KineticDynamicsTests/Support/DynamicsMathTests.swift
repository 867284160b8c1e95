// The behaviour layer's power (from the package's exp and log kernels) against the platform's libm.
import Testing
@testable import KineticDynamics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct DynamicsMathTests {
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
