import Testing
@testable import Kinetic
import KineticTestSupport

extension InteractionTests {
    @Suite("Rubber band")
    struct RubberBandTests {
        let bounds = -100.0...400.0
        let dimension = 320.0

        func band(_ x: Double, constant: Double = 0.55) -> Double {
            rubberBand(x, bounds: bounds, dimension: dimension, constant: constant)
        }

        @Test func insideTheBoundsNothingChanges() {
            for x in [-100.0, -99.5, 0, 123.456, 399.999, 400] {
                #expect(band(x) == x)
            }
            // The formula past the bound, computed independently: (1 − 1/(x c/d + 1))·d.
            for offset in [0.5, 10, 100, 320, 5000] {
                let expected = (1 - 1 / (offset * 0.55 / dimension + 1)) * dimension
                #expect(abs(band(400 + offset) - (400 + expected)) <= 1e-12 * 400)
                #expect(abs(band(-100 - offset) - (-100 - expected)) <= 1e-12 * 400)
            }
            // Half a dimension past the bound when dragged d/c past it.
            #expect(abs(band(400 + dimension / 0.55) - (400 + dimension / 2)) <= 1e-9)
        }

        /// Continuous at both bounds; the slope is 1 inside and `constant` just outside (the
        /// UIScrollView formula's f′(0) = c), so it is C¹ only for constant 1.
        @Test func continuityAndSlopeAtTheBounds() {
            let h = 1e-6
            for constant in [0.55, 1, 0.2] {
                // Value: the gap closes with the offset (400 + 1e-12 rounds to 400 + 1.02e-12).
                #expect(band(400, constant: constant) == 400 && band(-100, constant: constant) == -100)
                #expect(abs(band(400 + 1e-12, constant: constant) - 400) <= 1.1e-12 * constant + 6e-14)   // + 1 ulp of 400
                #expect(abs(band(-100 - 1e-12, constant: constant) + 100) <= 1.1e-12 * constant + 6e-14)   // + 1 ulp of 400
                // One-sided finite differences (error O(h·c²/d) ≈ 1e-9 outside).
                let outsideUpper = (band(400 + h, constant: constant) - band(400, constant: constant)) / h
                let outsideLower = (band(-100, constant: constant) - band(-100 - h, constant: constant)) / h
                let insideUpper = (band(400, constant: constant) - band(400 - h, constant: constant)) / h
                #expect(abs(outsideUpper - constant) <= 1e-6, "c \(constant): \(outsideUpper)")
                #expect(abs(outsideLower - constant) <= 1e-6, "c \(constant): \(outsideLower)")
                #expect(abs(insideUpper - 1) <= 1e-6)
            }
            // With constant 1 the slope is continuous: derivative ≈ 1 on both sides.
            let left = (band(400) - band(400 - h)) / h
            let right = (band(400 + h, constant: 1) - band(400, constant: 1)) / h
            #expect(abs(left - 1) <= 1e-6 && abs(right - 1) <= 1e-6)
        }

        @Test func approachesOneDimensionPastTheBound() {
            for offset in [1e3, 1e6, 1e9, 1e15, 1e300] {
                let up = band(400 + offset), down = band(-100 - offset)
                #expect(up < 400 + dimension || offset >= 1e15)     // rounds onto the asymptote eventually
                #expect(up <= 400 + dimension && down >= -100 - dimension)
                let gap = dimension * dimension / (0.55 * offset)   // d − f(x) ≈ d²/(c x)
                #expect(abs((400 + dimension) - up) <= gap * 1.01 + 1e-12)
            }
            #expect(abs(band(400 + 1e6) - (400 + dimension)) < 0.2)
            #expect(band(.infinity) == 400 + dimension)
            #expect(band(-.infinity) == -100 - dimension)
            #expect(band(.greatestFiniteMagnitude) == 400 + dimension)
        }

        @Test func monotonic() {
            var rng = SeededGenerator(seed: 17)
            var xs = (0..<4000).map { _ in Double.random(in: -5000...5000, using: &rng) }
            xs += [-100, 400, -100.000001, 400.000001, -1e12, 1e12]
            xs.sort()
            var previous = -Double.infinity
            for x in xs {
                let y = band(x)
                #expect(y >= previous, "x \(x)")
                previous = y
            }
            // Strictly increasing away from rounding: a 1-point drag always moves the content.
            #expect(band(1000) < band(1001) && band(-1001) < band(-1000))
        }

        @Test func badInputIsClampedOrTheLowerBound() {
            for d in [0.0, -320, .nan, .infinity, -.infinity] {
                #expect(rubberBand(450, bounds: bounds, dimension: d) == 400)
                #expect(rubberBand(-150, bounds: bounds, dimension: d) == -100)
                #expect(rubberBand(12, bounds: bounds, dimension: d) == 12)
            }
            for c in [0.0, -0.55, .nan, .infinity] {
                #expect(band(450, constant: c) == 400)
                #expect(band(-150, constant: c) == -100)
                #expect(band(12, constant: c) == 12)
            }
            #expect(band(.nan) == -100)
            #expect(rubberBand(.nan, bounds: 5...5, dimension: 0) == 5)
            // A single-point range bands on both sides.
            #expect(rubberBand(7, bounds: 5...5, dimension: 100) > 5)
            #expect(rubberBand(3, bounds: 5...5, dimension: 100) < 5)
            // Infinite bounds: nothing is ever outside.
            #expect(rubberBand(1e300, bounds: -.infinity ... .infinity, dimension: 100) == 1e300)
            #expect(rubberBand(-1e9, bounds: 0 ... .infinity, dimension: 100) > -100)
        }

        @Test func pointsBandEachAxisInARect() {
            let allowed = Rect(x: 0, y: -50, width: 600, height: 900)
            let size = Size(width: 375, height: 812)
            let inside = Point(x: 300, y: 100)
            #expect(rubberBand(inside, bounds: allowed, dimensions: size) == inside)
            let p = rubberBand(Point(x: 700, y: -120), bounds: allowed, dimensions: size)
            #expect(p.x == rubberBand(700, bounds: 0...600, dimension: 375))
            #expect(p.y == rubberBand(-120, bounds: -50...850, dimension: 812))
            // A negative size is the same rectangle (minX/maxX), a custom constant is passed on.
            let flipped = Rect(x: 600, y: 850, width: -600, height: -900)
            #expect(rubberBand(Point(x: 700, y: -120), bounds: flipped, dimensions: size, constant: 0.3)
                    == Point(x: rubberBand(700, bounds: 0...600, dimension: 375, constant: 0.3),
                             y: rubberBand(-120, bounds: -50...850, dimension: 812, constant: 0.3)))
            // Bad input per axis: zero width dimension clamps x; a NaN point coordinate goes to minX.
            let q = rubberBand(Point(x: 700, y: .nan), bounds: allowed, dimensions: Size(width: 0, height: 812))
            #expect(q == Point(x: 600, y: -50))
            // An axis with NaN bounds is unconstrained.
            let nanRect = Rect(x: .nan, y: 0, width: 10, height: 10)
            #expect(rubberBand(Point(x: 1e4, y: 20), bounds: nanRect, dimensions: size).x == 1e4)
        }
    }
}
