// The package's elementary functions, in one namespace.
//
// Everything in the package that needs exp, sin, cos, sincos, log, atan2 or cbrt calls
// `Elementary` (the core's timing curves and KineticDynamics' solver alike), and every one of them
// is Kinetic's own kernel (`Kernels.swift`, `InverseKernels.swift`), built from IEEE-754 basic
// operations and square roots only, so that the package gives the same bits on every platform,
// native or WebAssembly, and reaches no C math library at all. (The tests compare the kernels
// with the platform's libm themselves.)

/// Elementary functions for every target of the package, in one namespace (`package` access:
/// not part of the public API).
///
/// Every function is one of Kinetic's own deterministic kernels (`Kernels`, `InverseKernels`),
/// within 1–4 ulps of glibc's and the same bits everywhere. `squareRoot()` is the standard library's.
@usableFromInline
package enum Elementary {
    /// Kinetic's own kernel (`Kernels.exp`, within 1 ulp), the same bits on every platform.
    @inlinable @inline(__always) package static func exp(_ x: Double) -> Double { Kernels.exp(x) }
    /// `exp(x) - 1`, accurate for small `x` (`Kernels.expm1`), the same bits on every platform.
    @inlinable @inline(__always) package static func expm1(_ x: Double) -> Double { Kernels.expm1(x) }
    /// The natural logarithm (`InverseKernels.log`), the same bits on every platform.
    @inlinable @inline(__always) package static func log(_ x: Double) -> Double { InverseKernels.log(x) }
    /// `log(1 + x)`, accurate for small `x` (`InverseKernels.log1p`), the same bits on every platform.
    @inlinable @inline(__always) package static func log1p(_ x: Double) -> Double { InverseKernels.log1p(x) }
    /// Kinetic's own kernel (`Kernels.sinCos`), the same bits on every platform.
    @inlinable @inline(__always) package static func sin(_ x: Double) -> Double { Kernels.sinCos(x).sin }
    /// Kinetic's own kernel (`Kernels.sinCos`), the same bits on every platform.
    @inlinable @inline(__always) package static func cos(_ x: Double) -> Double { Kernels.sinCos(x).cos }
    /// sin x and cos x together from one argument reduction (`Kernels.sinCos`, within 1 ulp of
    /// libm for |x| < 5·10⁴), the same bits on every platform.
    @inlinable @inline(__always) package static func sinCos(_ x: Double) -> (sin: Double, cos: Double) { Kernels.sinCos(x) }
    /// `InverseKernels.atan`, the same bits on every platform.
    @inlinable @inline(__always) package static func atan(_ x: Double) -> Double { InverseKernels.atan(x) }
    /// `InverseKernels.atan2`, the same bits on every platform.
    @inlinable @inline(__always) package static func atan2(_ y: Double, _ x: Double) -> Double { InverseKernels.atan2(y, x) }
    /// `atan2` of four pairs at once, each lane the scalar's bits (`InverseKernels.atan2`).
    @inlinable @inline(__always) package static func atan2(_ y: SIMD4<Double>, _ x: SIMD4<Double>) -> SIMD4<Double> {
        InverseKernels.atan2(y, x)
    }
    /// `InverseKernels.cbrt`, the same bits on every platform.
    @inlinable @inline(__always) package static func cbrt(_ x: Double) -> Double { InverseKernels.cbrt(x) }

    /// sinh(x) / x, accurate everywhere including x → 0 (where it is 1).
    @usableFromInline static func sinhc(_ x: Double) -> Double {
        let a = x.magnitude
        if a < 1e-4 { return 1 + x * x / 6 }       // next term x⁴/120 < 1e-18
        return (expm1(a) - expm1(-a)) / (2 * a)
    }
}
