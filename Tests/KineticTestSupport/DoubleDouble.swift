// Double-double arithmetic: the extra precision the cubic reference needs.

/// An unevaluated sum of two doubles, hi + lo with |lo| ≤ ulp(hi)/2: about 106 bits of
/// precision, enough to make the references exact where doubles are ill-conditioned.
public struct DoubleDouble: Comparable {
    public var hi: Double, lo: Double
    public init(_ x: Double) { hi = x; lo = 0 }
    public init(hi: Double, lo: Double) { self.hi = hi; self.lo = lo }
    public var value: Double { hi + lo }

    private static func twoSum(_ a: Double, _ b: Double) -> (Double, Double) {
        let s = a + b
        let bb = s - a
        return (s, (a - (s - bb)) + (b - bb))
    }

    public static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let (s, e) = twoSum(a.hi, b.hi)
        let (t, f) = twoSum(a.lo, b.lo)
        let (s2, e2) = twoSum(s, e + t)
        let (s3, e3) = twoSum(s2, e2 + f)
        return DoubleDouble(hi: s3, lo: e3)
    }

    public static prefix func - (a: DoubleDouble) -> DoubleDouble { DoubleDouble(hi: -a.hi, lo: -a.lo) }
    public static func - (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble { a + (-b) }

    public static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let p = a.hi * b.hi
        let e = (-p).addingProduct(a.hi, b.hi)      // exact error of the product, by fma
        let (s, f) = twoSum(p, e + (a.hi * b.lo + a.lo * b.hi))
        return DoubleDouble(hi: s, lo: f)
    }

    public static func < (a: DoubleDouble, b: DoubleDouble) -> Bool {
        a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo)
    }
    public static func == (a: DoubleDouble, b: DoubleDouble) -> Bool { a.hi == b.hi && a.lo == b.lo }
}
