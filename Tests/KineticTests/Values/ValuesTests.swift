import Testing
@testable import Kinetic
import KineticTestSupport

@Suite("Animatable values")
struct ValuesTests {
    @Test func vectorSpaceLaws() {
        let a = Rect(x: 1, y: 2, width: 30, height: 40), b = Rect(x: -5, y: 7, width: 3, height: 9)
        #expect(a + .zero == a)
        #expect(a - a == .zero)
        #expect((a + b) - b == a)
        #expect(a * 2 == a + a)
        #expect(2 * a == a * 2)
        #expect(-a == a * -1)
        #expect(abs(Point(x: 3, y: 4).magnitude - 5) <= 1e-15)
        #expect(Vector(x: 1, y: 2, z: 2, w: 4).magnitude == 5)
        #expect(CornerRadii(all: 2).magnitudeSquared == 16)
        #expect(Size(width: 6, height: 8).magnitude == 10)
        var p = Point(x: 1, y: 1)
        p += Point(x: 2, y: 3)
        p -= Point(x: 1, y: 0)
        #expect(p == Point(x: 2, y: 4))
        #expect(Point(x: 0, y: 0).interpolated(to: Point(x: 10, y: -20), fraction: 0.25) == Point(x: 2.5, y: -5))
        #expect(1.0.isApproximatelyEqual(to: 1 + 1e-10))
        #expect(!1.0.isApproximatelyEqual(to: 1 + 1e-8))
        #expect(!Point(x: .nan, y: 0).isFinite)
    }

    @Test func scaledTakesOneFactorPerAxis() {
        #expect(Point(x: 2, y: 3).scaled(x: 10, y: -1) == Point(x: 20, y: -3))
        #expect(Size(width: 2, height: 3).scaled(x: 10, y: -1) == Size(width: 20, height: -3))
        #expect(Rect(x: 1, y: 1, width: 2, height: 2).scaled(x: 3, y: 5) == Rect(x: 3, y: 5, width: 6, height: 10))
        #expect(Vector(dx: 1, dy: 1).scaled(x: 2, y: 4) == Vector(dx: 2, dy: 4))
        #expect(7.0.scaled(x: 2, y: 100) == 14)
        #expect(Color(white: 0.5).scaled(x: 2, y: 9) == Color(white: 1, alpha: 2))
    }

    @Test func rectGeometry() {
        let r = Rect(x: 10, y: 20, width: -4, height: 6)
        #expect(r.minX == 6 && r.maxX == 10 && r.minY == 20 && r.maxY == 26)
        #expect(r.center == Point(x: 8, y: 23))
        #expect(r.contains(Point(x: 7, y: 21)))
        #expect(!r.contains(Point(x: 11, y: 21)))
    }

    /// Gamma-encoded sRGB, not premultiplied: the midpoint of red and green is (½, ½, 0).
    @Test func colorInterpolatesInEncodedSRGB() {
        let red = Color(rgb: 0xFF0000), green = Color(rgb: 0x00FF00)
        #expect(red.interpolated(to: green, fraction: 0.5) == Color(red: 0.5, green: 0.5, blue: 0))
        #expect(Color(rgb: 0x336699) == Color(red: 0.2, green: 0.4, blue: 0.6))
        let over = Color(red: 1.2, green: -0.1, blue: 0.5, alpha: 1.5).clamped()
        #expect(over == Color(red: 1, green: 0, blue: 0.5, alpha: 1))
    }

    @Test func affineTransformMatrixRoundTrip() {
        var rng = SeededGenerator(seed: 0xAFF1)
        for _ in 0..<500 {
            let t = AffineTransform(translationX: .random(in: -100...100, using: &rng),
                                    translationY: .random(in: -100...100, using: &rng),
                                    rotation: .random(in: -3...3, using: &rng),
                                    scaleX: .random(in: 0.1...4, using: &rng),
                                    scaleY: .random(in: -4...4, using: &rng),
                                    shear: .random(in: -1...1, using: &rng))
            let m = t.matrix
            let back = AffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty)
            #expect(back.hasSameMatrix(as: t, tolerance: 1e-12))
            #expect(abs(back.rotation - t.rotation) <= 1e-12)
            // Inversion composes to the identity.
            let inv = try! #require(t.inverted())
            #expect(t.concatenating(inv).isIdentity || t.concatenating(inv).hasSameMatrix(as: .identity, tolerance: 1e-10))
            // A point maps as the matrix says: x' = a x + c y + tx, y' = b x + d y + ty.
            let p = Point(x: 3, y: -7).applying(t)
            #expect(abs(p.x - (m.a * 3 - m.c * 7 + m.tx)) <= 1e-12)
            #expect(abs(p.y - (m.b * 3 - m.d * 7 + m.ty)) <= 1e-12)
        }
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
    }

    /// Composition follows UIKit: `a.concatenating(b)` applies a, then b.
    @Test func concatenationOrder() {
        let scale = AffineTransform(scaleX: 2, y: 2), move = AffineTransform(translationX: 10, y: 0)
        #expect(Point(x: 1, y: 0).applying(scale.concatenating(move)) == Point(x: 12, y: 0))
        #expect(Point(x: 1, y: 0).applying(move.concatenating(scale)) == Point(x: 22, y: 0))
        let q = Point(x: 1, y: 0).applying(AffineTransform.identity.rotated(by: .pi / 2))
        #expect(abs(q.x) <= 1e-15 && abs(q.y - 1) <= 1e-15)
    }

    /// A half-turn animates as a rotation: halfway there the transform is a quarter-turn at
    /// full scale, not a collapse through zero scale as matrix interpolation would give.
    @Test func halfTurnInterpolatesAsARotation() {
        let from = AffineTransform.identity, to = AffineTransform(rotationAngle: .pi)
        let mid = from.interpolated(to: to, fraction: 0.5)
        #expect(abs(mid.rotation - .pi / 2) <= 1e-15)
        #expect(mid.scaleX == 1 && mid.scaleY == 1)
        let m = mid.matrix
        #expect(abs(m.a) <= 1e-15 && abs(m.b - 1) <= 1e-15 && abs(m.c + 1) <= 1e-15 && abs(m.d) <= 1e-15)
    }

    /// Twenty half-turns concatenated accumulate 20π of rotation (ten turns), because each
    /// decomposition picks the angle nearest the sum of its parts.
    @Test func concatenatedHalfTurnsAccumulate() {
        var t = AffineTransform.identity
        for _ in 0..<20 { t = t.concatenating(AffineTransform(rotationAngle: .pi)) }
        #expect(abs(t.rotation - 20 * .pi) <= 1e-9)
        #expect(t.hasSameMatrix(as: .identity, tolerance: 1e-12))
        #expect(AffineTransform(rotationAngle: 2 * .pi).hasSameMatrix(as: .identity))
        #expect(AffineTransform.identity.isIdentity && !AffineTransform.zero.isIdentity)
    }
}
