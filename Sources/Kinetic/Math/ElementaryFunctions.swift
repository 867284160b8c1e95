// The one place the core reaches the C math library.
//
// Everything in Kinetic that needs exp, sin, cos, sincos, pow, log, sqrt or atan2 calls `Elementary`.
// On hosted platforms the functions come from the platform's libc module; in Embedded Swift
// (WebAssembly, microcontrollers) there is no libc module to import, so the same C symbols are
// declared with `@_extern(c)` and resolved at link time against the target's libm (Debian's
// `wasi-libc` for `wasm32-unknown-none-wasm`). Swapping the math library for a target means
// editing this file and nothing else.
//
// Except pow, they are all Kinetic's own kernels now (`Kernels.swift`, `Kernels+Inverse.swift`),
// from IEEE-754 basic operations and square roots only, so that the core gives the same bits on
// every platform, native or WebAssembly. pow is unused by the core; libm's are kept for comparisons.

#if $Embedded
@_extern(c, "exp") @usableFromInline func _kinetic_exp(_ x: Double) -> Double
@_extern(c, "expm1") @usableFromInline func _kinetic_expm1(_ x: Double) -> Double
@_extern(c, "log") @usableFromInline func _kinetic_log(_ x: Double) -> Double
@_extern(c, "log1p") @usableFromInline func _kinetic_log1p(_ x: Double) -> Double
@_extern(c, "pow") @usableFromInline func _kinetic_pow(_ x: Double, _ y: Double) -> Double
@_extern(c, "sin") @usableFromInline func _kinetic_sin(_ x: Double) -> Double
@_extern(c, "cos") @usableFromInline func _kinetic_cos(_ x: Double) -> Double
@_extern(c, "atan") @usableFromInline func _kinetic_atan(_ x: Double) -> Double
@_extern(c, "atan2") @usableFromInline func _kinetic_atan2(_ y: Double, _ x: Double) -> Double
@_extern(c, "cbrt") @usableFromInline func _kinetic_cbrt(_ x: Double) -> Double
@_extern(c, "sincos") @usableFromInline func _kinetic_sincos(_ x: Double, _ s: UnsafeMutablePointer<Double>, _ c: UnsafeMutablePointer<Double>)
#else
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#elseif canImport(WASILibc)
import WASILibc
#elseif canImport(Android)
import Android
#endif
@usableFromInline func _kinetic_exp(_ x: Double) -> Double { exp(x) }
@usableFromInline func _kinetic_expm1(_ x: Double) -> Double { expm1(x) }
@usableFromInline func _kinetic_log(_ x: Double) -> Double { log(x) }
@usableFromInline func _kinetic_log1p(_ x: Double) -> Double { log1p(x) }
@usableFromInline func _kinetic_pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@usableFromInline func _kinetic_sin(_ x: Double) -> Double { sin(x) }
@usableFromInline func _kinetic_cos(_ x: Double) -> Double { cos(x) }
@usableFromInline func _kinetic_atan(_ x: Double) -> Double { atan(x) }
@usableFromInline func _kinetic_atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@usableFromInline func _kinetic_cbrt(_ x: Double) -> Double { cbrt(x) }
// sincos (one argument reduction for both) is in glibc, musl, Bionic and wasi-libc, but Swift's
// libc modules do not export it; where `@_extern(c)` is enabled (Kinetic's Package.swift enables
// it), it is declared directly. Elsewhere (Darwin, Windows, or a build without the feature),
// `Elementary.sinCos` calls sin and cos. glibc's and musl's sincos return the same bits as their
// sin and cos.
#if hasFeature(Extern) && (os(Linux) || os(Android) || os(WASI) || os(FreeBSD) || os(OpenBSD))
@_extern(c, "sincos") @usableFromInline func _kinetic_sincos(_ x: Double, _ s: UnsafeMutablePointer<Double>, _ c: UnsafeMutablePointer<Double>)
#else
@usableFromInline func _kinetic_sincos(_ x: Double, _ s: UnsafeMutablePointer<Double>, _ c: UnsafeMutablePointer<Double>) {
    s.pointee = sin(x)
    c.pointee = cos(x)
}
#endif
#endif

/// Elementary functions for the core, in one namespace.
///
/// Every function but `pow` is one of Kinetic's own deterministic kernels (`Kernels`), within
/// 1–4 ulps of glibc's and the same bits everywhere; `pow` is the platform libm's (unused by
/// the core: keep it off any path whose results must agree across platforms).
/// `squareRoot()` is the standard library's and needs no shim.
@usableFromInline
enum Elementary {
    /// Kinetic's own kernel (`Kernels.exp`, within 1 ulp), the same bits on every platform.
    @inlinable @inline(__always) static func exp(_ x: Double) -> Double { Kernels.exp(x) }
    /// `exp(x) - 1`, accurate for small `x` (`Kernels.expm1`), the same bits on every platform.
    @inlinable @inline(__always) static func expm1(_ x: Double) -> Double { Kernels.expm1(x) }
    /// The natural logarithm (`Kernels.log`), the same bits on every platform.
    @inlinable @inline(__always) static func log(_ x: Double) -> Double { Kernels.log(x) }
    /// `log(1 + x)`, accurate for small `x` (`Kernels.log1p`), the same bits on every platform.
    @inlinable @inline(__always) static func log1p(_ x: Double) -> Double { Kernels.log1p(x) }
    @inlinable @inline(__always) static func pow(_ x: Double, _ y: Double) -> Double { _kinetic_pow(x, y) }
    /// Kinetic's own kernel (`Kernels.sinCos`), the same bits on every platform.
    @inlinable @inline(__always) static func sin(_ x: Double) -> Double { Kernels.sinCos(x).sin }
    /// Kinetic's own kernel (`Kernels.sinCos`), the same bits on every platform.
    @inlinable @inline(__always) static func cos(_ x: Double) -> Double { Kernels.sinCos(x).cos }
    /// sin x and cos x together from one argument reduction (`Kernels.sinCos`, within 1 ulp of
    /// libm for |x| < 5·10⁴), the same bits on every platform.
    @inlinable @inline(__always) static func sinCos(_ x: Double) -> (sin: Double, cos: Double) { Kernels.sinCos(x) }
    /// libm's sin and cos (platform-dependent last bit), kept for comparisons.
    @inlinable @inline(__always) static func libmSinCos(_ x: Double) -> (sin: Double, cos: Double) {
        var s = 0.0, c = 0.0
        _kinetic_sincos(x, &s, &c)
        return (s, c)
    }
    /// libm's exp (platform-dependent last bit), kept for comparisons.
    @inlinable @inline(__always) static func libmExp(_ x: Double) -> Double { _kinetic_exp(x) }
    /// `Kernels.atan`, the same bits on every platform.
    @inlinable @inline(__always) static func atan(_ x: Double) -> Double { Kernels.atan(x) }
    /// `Kernels.atan2`, the same bits on every platform.
    @inlinable @inline(__always) static func atan2(_ y: Double, _ x: Double) -> Double { Kernels.atan2(y, x) }
    /// `Kernels.cbrt`, the same bits on every platform.
    @inlinable @inline(__always) static func cbrt(_ x: Double) -> Double { Kernels.cbrt(x) }
    /// libm's expm1, log, log1p, atan2 and cbrt (platform-dependent last bit), kept for comparisons.
    @inlinable @inline(__always) static func libmExpm1(_ x: Double) -> Double { _kinetic_expm1(x) }
    @inlinable @inline(__always) static func libmLog(_ x: Double) -> Double { _kinetic_log(x) }
    @inlinable @inline(__always) static func libmLog1p(_ x: Double) -> Double { _kinetic_log1p(x) }
    @inlinable @inline(__always) static func libmAtan2(_ y: Double, _ x: Double) -> Double { _kinetic_atan2(y, x) }
    @inlinable @inline(__always) static func libmCbrt(_ x: Double) -> Double { _kinetic_cbrt(x) }

    /// sinh(x) / x, accurate everywhere including x → 0 (where it is 1).
    @usableFromInline static func sinhc(_ x: Double) -> Double {
        let a = x.magnitude
        if a < 1e-4 { return 1 + x * x / 6 }       // next term x⁴/120 < 1e-18
        return (expm1(a) - expm1(-a)) / (2 * a)
    }
}
