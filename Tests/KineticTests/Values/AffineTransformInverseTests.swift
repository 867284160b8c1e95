// AffineTransform.inverted() at extreme but invertible scales, against the closed-form inverse.
import Testing
@testable import Kinetic

@Suite("AffineTransform inverse")
struct AffineTransformInverseTests {
    /// Determinant 1, entries 1e±160: the matrix products used to overflow into infinities.
    @Test func extremeButInvertibleScalesInvertExactly() throws {
        let t = AffineTransform(scaleX: 1e-160, y: 1e160)
        let inverse = try #require(t.inverted())
        #expect(inverse.scaleX == 1e160 && inverse.scaleY == 1e-160)
        #expect(inverse.rotation == 0 && inverse.shear == 0)
        #expect(inverse.translationX == 0 && inverse.translationY == 0)
        // Tiny both ways (determinant 1e-400 underflows to 0 as a product): still invertible.
        let tiny = try #require(AffineTransform(scaleX: 1e-200, y: 1e-200).inverted())
        #expect(abs(tiny.scaleX / 1e200 - 1) <= 1e-15 && abs(tiny.scaleY / 1e200 - 1) <= 1e-15)
    }

    /// A general transform composed with its inverse maps points back (to rounding).
    @Test func aTransformTimesItsInverseMapsPointsBack() throws {
        let t = AffineTransform(translationX: 30, translationY: -12, rotation: 0.7, scaleX: 2.5, scaleY: -0.4, shear: 0.3)
        let inverse = try #require(t.inverted())
        for p in [Point(x: 0, y: 0), Point(x: 10, y: -3), Point(x: -250, y: 400)] {
            let back = p.applying(t).applying(inverse)
            #expect(back.isApproximatelyEqual(to: p, tolerance: 1e-9))
        }
    }

    /// Singular (a zero scale) or not representable (an inverse scale beyond the largest
    /// Double): nil, never infinities.
    @Test func singularOrUnrepresentableInversesAreNil() {
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
        #expect(AffineTransform(scaleX: .leastNonzeroMagnitude * 2024, y: 1).inverted() == nil)   // about 1e-320
        #expect(AffineTransform(translationX: 1e308, translationY: 0, rotation: 0, scaleX: 1e-10, scaleY: 1, shear: 0).inverted() == nil)
    }
}
