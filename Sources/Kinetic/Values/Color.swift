/// A colour with alpha, animated component by component in gamma-encoded sRGB.
///
/// Components are the ones a designer types (`#FF8000` is red 1, green 0.5, blue 0): sRGB with
/// the sRGB transfer function applied, not premultiplied by alpha. Interpolation is linear in
/// those components, which is what Core Animation does for `backgroundColor` and what CSS does
/// for legacy sRGB colours, so a Kinetic animation between two colours shows the same midpoints
/// as UIKit's. (Linear-light interpolation would look different: a red-to-green fade would be
/// brighter in the middle.)
///
/// While animating, components may leave [0, 1] (a spring overshoots); ``clamped()`` gives the
/// displayable colour, and renderers clamp.
public struct Color: AnimatableValue, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    @inlinable public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A grey of the given brightness.
    @inlinable public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from a 24-bit `0xRRGGBB` literal.
    @inlinable public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255,
                  green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255,
                  alpha: alpha)
    }

    /// Transparent black: every component zero (also the additive identity).
    public static let zero = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let clear = Color.zero
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)

    /// The colour with every component clamped to [0, 1] (NaN becomes 0).
    @inlinable public func clamped() -> Color {
        @inline(__always) func c(_ v: Double) -> Double { v >= 1 ? 1 : (v > 0 ? v : 0) }
        return Color(red: c(red), green: c(green), blue: c(blue), alpha: c(alpha))
    }
}

extension Color: FourComponentValue {
    /// The colour with the components `c`: red, green, blue, alpha.
    @inlinable public init(fourComponents c: (Double, Double, Double, Double)) {
        self.init(red: c.0, green: c.1, blue: c.2, alpha: c.3)
    }
    /// `red`, `green`, `blue`, `alpha`.
    @inlinable public var fourComponents: (Double, Double, Double, Double) { (red, green, blue, alpha) }
}
