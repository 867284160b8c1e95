import Kinetic

/// A 2D affine matrix in `CGAffineTransform`'s layout (`x' = a·x + c·y + tx`,
/// `y' = b·x + d·y + ty`): what a node's coordinates are multiplied by to reach the screen.
///
/// `AffineTransform` stores a transform decomposed so that it animates as a motion; composing
/// a chain of nodes needs plain matrix products, which this type does without decomposing
/// (no `atan2` per node). Render commands carry one of these.
public struct Matrix2D: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity.
    public static let identity = Matrix2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// The matrix of a decomposed transform.
    public init(_ t: AffineTransform) {
        let m = t.matrix
        self.init(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty)
    }

    /// A translation.
    @inlinable public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// `self`, then `other` (UIKit's `concatenating(_:)`).
    @inlinable public func concatenating(_ o: Matrix2D) -> Matrix2D {
        Matrix2D(a: a * o.a + b * o.c, b: a * o.b + b * o.d,
                 c: c * o.a + d * o.c, d: c * o.b + d * o.d,
                 tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
    }

    /// The point mapped by the matrix.
    @inlinable public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// A displacement mapped by the matrix's linear part (no translation).
    @inlinable public func applyToVector(_ v: Point) -> Point {
        Point(x: a * v.x + c * v.y, y: b * v.x + d * v.y)
    }

    /// The inverse, or nil when the matrix is singular or not finite (a node scaled to zero
    /// cannot be hit and has no local coordinates for a screen point).
    public func inverted() -> Matrix2D? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Matrix2D(a: ia, b: ib, c: ic, d: id,
                        tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// Whether the matrix is a pure translation.
    @inlinable public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
}
