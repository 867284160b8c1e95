/// A 2D affine transform (UIKit's `CGAffineTransform`) stored in decomposed form (translation,
/// rotation, scale, shear), so that it animates as a motion rather than as a matrix: a rotation
/// of `20 * .pi` is a ten-turn spin, and a half-turn rotates instead of collapsing through zero
/// scale. ``concatenating(_:)`` means "self, then other", as in UIKit, and ``matrix`` gives `a`,
/// `b`, `c`, `d`, `tx`, `ty`.
///
/// As an ``AnimatableValue``, ``zero`` is the difference between equal transforms, not the
/// identity transform (that is ``identity``). The decomposition, how composition keeps whole
/// turns, and equality are in <doc:AnimatedValuesInDepth#Affine-transforms>.
public struct AffineTransform: AnimatableValue, Hashable {
    /// Horizontal translation, applied last.
    public var translationX: Double
    /// Vertical translation, applied last.
    public var translationY: Double
    /// Rotation angle in radians (positive turns +x towards +y, clockwise on a y-down screen).
    public var rotation: Double
    /// Horizontal scale factor, applied first.
    public var scaleX: Double
    /// Vertical scale factor, applied first.
    public var scaleY: Double
    /// Horizontal shear factor (the tangent of the skew angle), applied after the scale.
    public var shear: Double

    /// Creates a transform from its components.
    @inlinable public init(translationX: Double = 0, translationY: Double = 0, rotation: Double = 0,
                           scaleX: Double = 1, scaleY: Double = 1, shear: Double = 0) {
        self.translationX = translationX; self.translationY = translationY
        self.rotation = rotation
        self.scaleX = scaleX; self.scaleY = scaleY
        self.shear = shear
    }

    /// The identity transform.
    public static let identity = AffineTransform()

    /// The additive identity: every component zero, scale included (not ``identity``; see
    /// <doc:AnimatedValuesInDepth#Affine-transforms>).
    public static let zero = AffineTransform(scaleX: 0, scaleY: 0)

    /// A translation, as `CGAffineTransform(translationX:y:)`.
    @inlinable public init(translationX tx: Double, y ty: Double) {
        self.init(translationX: tx, translationY: ty)
    }

    /// A scale, as `CGAffineTransform(scaleX:y:)`.
    @inlinable public init(scaleX sx: Double, y sy: Double) {
        self.init(scaleX: sx, scaleY: sy)
    }

    /// A rotation by `angle` radians, as `CGAffineTransform(rotationAngle:)`, keeping whole turns.
    @inlinable public init(rotationAngle angle: Double) {
        self.init(rotation: angle)
    }

    /// The transform with the given matrix, decomposed. The rotation is taken in (−π, π].
    ///
    /// A matrix whose first column is zero (a collapsed x axis) takes rotation 0 and scaleX 0;
    /// a reflection gets a negative `scaleY`.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self = AffineTransform.decompose(a: a, b: b, c: c, d: d, tx: tx, ty: ty, rotationNear: 0)
    }

    // MARK: Matrix

    /// The matrix entry `a` (x scale and rotation), as `CGAffineTransform.a`.
    @inlinable public var a: Double { scaleX * Elementary.cos(rotation) }
    /// The matrix entry `b`, as `CGAffineTransform.b`.
    @inlinable public var b: Double { scaleX * Elementary.sin(rotation) }
    /// The matrix entry `c`, as `CGAffineTransform.c`.
    @inlinable public var c: Double { scaleY * (shear * Elementary.cos(rotation) - Elementary.sin(rotation)) }
    /// The matrix entry `d`, as `CGAffineTransform.d`.
    @inlinable public var d: Double { scaleY * (shear * Elementary.sin(rotation) + Elementary.cos(rotation)) }
    /// The matrix entry `tx`.
    @inlinable public var tx: Double { translationX }
    /// The matrix entry `ty`.
    @inlinable public var ty: Double { translationY }

    /// The six matrix entries at once (one sine and one cosine).
    public var matrix: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        let cs = Elementary.cos(rotation), sn = Elementary.sin(rotation)
        return (scaleX * cs, scaleX * sn,
                scaleY * (shear * cs - sn), scaleY * (shear * sn + cs),
                translationX, translationY)
    }

    /// Decomposes a matrix, choosing the rotation representative nearest `hint` (mod 2π).
    static func decompose(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double,
                          rotationNear hint: Double) -> AffineTransform {
        // √(a² + b²) without overflow or underflow of the squares.
        let big = Swift.max(a.magnitude, b.magnitude)
        let sx: Double
        if big > 0 && big.isFinite {
            let ra = a / big, rb = b / big
            sx = big * (ra * ra + rb * rb).squareRoot()
        } else {
            sx = big
        }
        var angle = sx > 0 ? Elementary.atan2(b, a) : 0
        let twoPi = 2 * Double.pi
        if hint.isFinite {
            let turns = ((hint - angle) / twoPi).rounded()
            angle += turns * twoPi
        }
        let cs = Elementary.cos(angle), sn = Elementary.sin(angle)
        // With the rotation fixed, the second column gives the rest:
        // c = sy (k cos - sin), d = sy (k sin + cos)  ⇒  sy = d cos - c sin, k·sy = c cos + d sin.
        let sy = d * cs - c * sn
        let kSy = c * cs + d * sn
        let k = sy != 0 ? kSy / sy : 0
        // Rounding the angle can leave sx·cos slightly off a; that is far below 1 ulp of the
        // entries' own error budget and keeps the decomposition free of divisions by sx.
        return AffineTransform(translationX: tx, translationY: ty, rotation: angle,
                               scaleX: sx, scaleY: sy, shear: k)
    }

    // MARK: Composition

    /// The transform that applies `self`, then `other` (UIKit's `concatenating(_:)`).
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        let m1 = matrix, m2 = other.matrix
        // Row-vector convention: [x y 1] · M1 · M2.
        return AffineTransform.decompose(
            a: m1.a * m2.a + m1.b * m2.c,
            b: m1.a * m2.b + m1.b * m2.d,
            c: m1.c * m2.a + m1.d * m2.c,
            d: m1.c * m2.b + m1.d * m2.d,
            tx: m1.tx * m2.a + m1.ty * m2.c + m2.tx,
            ty: m1.tx * m2.b + m1.ty * m2.d + m2.ty,
            rotationNear: rotation + other.rotation)
    }

    /// A rotation by `angle` applied before `self` (UIKit's `rotated(by:)`).
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// A translation applied before `self` (UIKit's `translatedBy(x:y:)`).
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before `self` (UIKit's `scaledBy(x:y:)`).
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// The inverse transform, or `nil` when the transform is singular (a zero scale) or its
    /// inverse is not representable (an entry or the translation beyond the largest `Double`).
    ///
    /// The inverse is computed from the decomposition, whose determinant is `scaleX · scaleY`,
    /// never from the matrix's products: `AffineTransform(scaleX: 1e-160, y: 1e160)` (determinant
    /// 1) inverts to `(scaleX: 1e160, y: 1e-160)` instead of overflowing. A value type has no
    /// engine to report to: `nil` is the diagnostic.
    public func inverted() -> AffineTransform? {
        guard scaleX != 0, scaleY != 0 else { return nil }
        let cs = Elementary.cos(rotation), sn = Elementary.sin(rotation)
        // M⁻¹ = adj(M) / det with det = scaleX·scaleY, each entry divided out by hand.
        let ia = (shear * sn + cs) / scaleX, ib = -sn / scaleY
        let ic = -(shear * cs - sn) / scaleX, id = cs / scaleY
        let tx = -(translationX * ia + translationY * ic), ty = -(translationX * ib + translationY * id)
        guard ia.isFinite, ib.isFinite, ic.isFinite, id.isFinite, tx.isFinite, ty.isFinite else { return nil }
        return AffineTransform.decompose(a: ia, b: ib, c: ic, d: id, tx: tx, ty: ty, rotationNear: -rotation)
    }

    /// Whether the transform maps every point to itself (within 1e-12 on the matrix entries).
    public var isIdentity: Bool {
        let m = matrix
        let e = 1e-12
        return (m.a - 1).magnitude <= e && m.b.magnitude <= e && m.c.magnitude <= e
            && (m.d - 1).magnitude <= e && m.tx.magnitude <= e && m.ty.magnitude <= e
    }

    /// Whether two transforms have the same matrix within `tolerance` per entry (whatever
    /// their decompositions: a 2π rotation matches the identity here).
    public func hasSameMatrix(as other: AffineTransform, tolerance: Double = 1e-9) -> Bool {
        let m = matrix, n = other.matrix
        return (m.a - n.a).magnitude <= tolerance && (m.b - n.b).magnitude <= tolerance
            && (m.c - n.c).magnitude <= tolerance && (m.d - n.d).magnitude <= tolerance
            && (m.tx - n.tx).magnitude <= tolerance && (m.ty - n.ty).magnitude <= tolerance
    }

    // MARK: AnimatableValue

    @inlinable public static func + (lhs: AffineTransform, rhs: AffineTransform) -> AffineTransform {
        AffineTransform(translationX: lhs.translationX + rhs.translationX,
                        translationY: lhs.translationY + rhs.translationY,
                        rotation: lhs.rotation + rhs.rotation,
                        scaleX: lhs.scaleX + rhs.scaleX, scaleY: lhs.scaleY + rhs.scaleY,
                        shear: lhs.shear + rhs.shear)
    }
    @inlinable public static func - (lhs: AffineTransform, rhs: AffineTransform) -> AffineTransform {
        AffineTransform(translationX: lhs.translationX - rhs.translationX,
                        translationY: lhs.translationY - rhs.translationY,
                        rotation: lhs.rotation - rhs.rotation,
                        scaleX: lhs.scaleX - rhs.scaleX, scaleY: lhs.scaleY - rhs.scaleY,
                        shear: lhs.shear - rhs.shear)
    }
    @inlinable public static func * (lhs: AffineTransform, rhs: Double) -> AffineTransform {
        AffineTransform(translationX: lhs.translationX * rhs, translationY: lhs.translationY * rhs,
                        rotation: lhs.rotation * rhs, scaleX: lhs.scaleX * rhs,
                        scaleY: lhs.scaleY * rhs, shear: lhs.shear * rhs)
    }
    /// The sum of squares of the six components (points², radians² and pure numbers mixed:
    /// meaningful as a settling measure, not as a geometric distance).
    @inlinable public var magnitudeSquared: Double {
        translationX * translationX + translationY * translationY + rotation * rotation
            + scaleX * scaleX + scaleY * scaleY + shear * shear
    }
    /// Scales the horizontal translation by `x`, the vertical by `y`, and the rest by `x`.
    @inlinable public func scaled(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: translationX * x, translationY: translationY * y,
                        rotation: rotation * x, scaleX: scaleX * x, scaleY: scaleY * x, shear: shear * x)
    }
}

extension Point {
    /// The point transformed by `t` (UIKit's `CGPoint.applying(_:)`).
    public func applying(_ t: AffineTransform) -> Point {
        let m = t.matrix
        return Point(x: m.a * x + m.c * y + m.tx, y: m.b * x + m.d * y + m.ty)
    }
}
