// The solver's rotations and its guard on input angles (the kernels themselves are tested in
// KineticTests' KernelsTests).

import Testing
import Kinetic
@testable import KineticDynamics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct SolverMathTests {
    @Test func aNonFiniteAngleIsNoTurn() {
        // The kernels give NaN for a non-finite argument; the solver's inputs never see one.
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(sinCos(bad) == (0, 1))
            #expect(Rotation(angle: bad) == .identity)
            #expect(vector(angle: bad, magnitude: 3) == Vector(dx: 3, dy: 0))
        }
        let quarter = Rotation(angle: .pi / 2)
        #expect(abs(quarter.c) < 1e-16 && quarter.s == 1)
        #expect(abs(quarter.angle - .pi / 2) < 1e-15)
    }

    @Test func integratedRotationStaysUnitAndTracksTheAngle() {
        // b2IntegrateRotation advances by atan(Δθ) per call: after n calls, n·atan(Δθ).
        var q = Rotation.identity
        for _ in 0..<1000 { q = q.integrated(by: 0.01) }
        #expect(abs(q.c * q.c + q.s * q.s - 1) < 1e-15)
        #expect(abs(q.angle - (1000 * atan(0.01) - 4 * .pi)) < 1e-12)
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
