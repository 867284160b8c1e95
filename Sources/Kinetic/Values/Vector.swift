/// A small fixed-size vector of up to four components (UIKit's `CGVector` is its first two).
///
/// Used for spring initial velocities (`dx`, `dy`, in UIKit's units of the total distance per
/// second) and as a general animatable value for anything with up to four numbers. Unused
/// components stay zero and cost nothing in the arithmetic's meaning.
public struct Vector: AnimatableValue, Hashable {
    public var x: Double
    public var y: Double
    public var z: Double
    public var w: Double

    @inlinable public init(x: Double = 0, y: Double = 0, z: Double = 0, w: Double = 0) {
        self.x = x; self.y = y; self.z = z; self.w = w
    }

    /// A two-dimensional vector, as UIKit's `CGVector(dx:dy:)`.
    @inlinable public init(dx: Double, dy: Double) { self.init(x: dx, y: dy) }

    /// The first component, as `CGVector.dx`.
    @inlinable public var dx: Double { get { x } set { x = newValue } }
    /// The second component, as `CGVector.dy`.
    @inlinable public var dy: Double { get { y } set { y = newValue } }

    public static let zero = Vector()

    /// Component `index` (0 to 3); any other index reads as 0.
    @inlinable public subscript(index: Int) -> Double {
        switch index {
        case 0: return x
        case 1: return y
        case 2: return z
        case 3: return w
        default: return 0
        }
    }

    /// Scales `x` and `z` by the horizontal factor and `y` and `w` by the vertical one.
    @inlinable public func scaled(x sx: Double, y sy: Double) -> Vector {
        Vector(x: x * sx, y: y * sy, z: z * sx, w: w * sy)
    }
}

extension Vector: FourComponentValue {
    /// The vector with the components `c`: x, y, z, w.
    @inlinable public init(fourComponents c: (Double, Double, Double, Double)) {
        self.init(x: c.0, y: c.1, z: c.2, w: c.3)
    }
    /// `x`, `y`, `z`, `w`.
    @inlinable public var fourComponents: (Double, Double, Double, Double) { (x, y, z, w) }
}
