// The core's math shim, reached from the libraries built on the core (SPI, not public API).

/// ``Elementary`` for KineticDynamics and other libraries on the core:
/// `@_spi(KineticMath) import Kinetic`, then `KineticMath.sin(x)`. The same libm the core
/// uses, through the same shim, so no second shim exists. Not part of the public API.
@_spi(KineticMath) public enum KineticMath {
    public static func sin(_ x: Double) -> Double { Elementary.sin(x) }
    public static func cos(_ x: Double) -> Double { Elementary.cos(x) }
    /// sin x and cos x together, with one argument reduction where libm has `sincos`.
    public static func sinCos(_ x: Double) -> (sin: Double, cos: Double) { Elementary.sinCos(x) }
    public static func atan2(_ y: Double, _ x: Double) -> Double { Elementary.atan2(y, x) }
    public static func pow(_ x: Double, _ y: Double) -> Double { Elementary.pow(x, y) }
    public static func exp(_ x: Double) -> Double { Elementary.exp(x) }
}
