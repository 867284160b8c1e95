import Testing
@testable import Kinetic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KineticTestSupport

@Suite("Cubic timing")
struct CubicTimingParametersTests {
    /// Curves that stress the solver: corners, x1 = x2, vertical start and end, a flat point in
    /// the middle of x(s), overshoot.
    static let degenerate: [(Double, Double, Double, Double)] = [
        (0, 0, 1, 1), (0, 0, 0, 0), (1, 1, 1, 1), (0, 1, 1, 0), (1, 0, 0, 1),
        (0, 0, 0, 1), (1, 0, 1, 1), (0, 1, 0, 1), (1, 0, 1, 0), (0.5, 0, 0.5, 1),
        (0.3, 2, 0.3, -1), (0, 0.5, 1, 0.5), (0, 1, 0, 1), (1, 0, 0, 0), (0, 0, 1, 0),
        (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1),
        (0.75, 0.1, 0.9, 0.25), (0.1, 0.75, 0.25, 0.9), (0, 3, 1, -2), (1e-9, 1, 1 - 1e-9, 0),
    ]

    static let instants: [Double] = {
        var ts: [Double] = [1e-15, 1e-12, 1e-9, 1e-6, 1e-3, 0.5, 1 - 1e-3, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12]
        for i in 1..<64 { ts.append(Double(i) / 64) }
        return ts
    }()

    @Test func presetsHaveCoreAnimationControlPoints() {
        #expect(CubicTimingParameters.linear.controlPoint1 == Point(x: 0, y: 0))
        #expect(CubicTimingParameters.easeIn.controlPoint1 == Point(x: 0.42, y: 0))
        #expect(CubicTimingParameters.easeIn.controlPoint2 == Point(x: 1, y: 1))
        #expect(CubicTimingParameters.easeOut.controlPoint2 == Point(x: 0.58, y: 1))
        #expect(CubicTimingParameters.easeInOut.controlPoint1 == Point(x: 0.42, y: 0))
        #expect(CubicTimingParameters.easeInOut.controlPoint2 == Point(x: 0.58, y: 1))
        #expect(CubicTimingParameters.default.controlPoint1 == Point(x: 0.25, y: 0.1))
        #expect(CubicTimingParameters.default.controlPoint2 == Point(x: 0.25, y: 1))
        #expect(CubicTimingParameters() == .easeInOut)
        #expect(CubicTimingParameters(animationCurve: .easeOut) == .easeOut)
    }

    @Test func linearProgressIsTheFraction() {
        for i in 0...1000 {
            let t = Double(i) / 1000
            #expect(abs(CubicTimingParameters.linear.progress(at: t) - t) <= 1e-15)
            #expect(abs(CubicTimingParameters.linear.velocity(at: t) - 1) <= 1e-12)
        }
    }

    @Test func easeInOutIsPointSymmetric() {
        let c = CubicTimingParameters.easeInOut
        #expect(abs(c.progress(at: 0.5) - 0.5) <= 1e-12)
        for i in 0...200 {
            let t = Double(i) / 200
            #expect(abs(c.progress(at: t) + c.progress(at: 1 - t) - 1) <= 1e-12)
        }
    }

    @Test func degenerateCurvesMatchTheBisectionReference() {
        var worstProgress = 0.0, worstSlope = 0.0
        for (x1, y1, x2, y2) in Self.degenerate {
            let curve = CubicTimingParameters(x1, y1, x2, y2)
            for t in Self.instants {
                let ref = Reference.cubic(x1, y1, x2, y2, at: t)
                let got = curve.sample(at: t)
                #expect(got.progress == curve.progress(at: t))
                #expect(got.velocity == curve.velocity(at: t))
                worstProgress = max(worstProgress, abs(got.progress - ref.progress))
                if abs(ref.slope) > 1e12 {
                    // A vertical tangent: the reference lands a hair beside it in double-double.
                    #expect(abs(got.velocity) > 1e6 && (got.velocity > 0) == (ref.slope > 0))
                } else {
                    let scale = max(1, abs(ref.slope))
                    let err = abs(got.velocity - ref.slope) / scale
                    if err > 1e-7 { Issue.record("slope (\(x1),\(y1),\(x2),\(y2)) at \(t): \(got.velocity) vs \(ref.slope)") }
                    worstSlope = max(worstSlope, err)
                }
                #expect(!got.progress.isNaN && !got.velocity.isNaN)
            }
        }
        #expect(worstProgress <= 1e-7, "worst progress error \(worstProgress)")
        #expect(worstSlope <= 1e-7, "worst relative slope error \(worstSlope)")
    }

    /// Curves whose x(s) has a nearly flat inflection inside (x1 near 1, x2 near 0): the
    /// progress there is a cube root of the fraction and ill-conditioned in the power basis.
    @Test func nearlyFlatInflectionsMatchTheReference() {
        var rng = SeededGenerator(seed: 0xF1A7)
        var worst = 0.0
        for _ in 0..<100 {
            let e1 = Double.random(in: 0...0.05, using: &rng), e2 = Double.random(in: 0...0.05, using: &rng)
            let y1 = Double.random(in: -1...2, using: &rng), y2 = Double.random(in: -1...2, using: &rng)
            let curve = CubicTimingParameters(1 - e1, y1, e2, y2)
            for _ in 0..<20 {
                let t = Double.random(in: 0.3...0.7, using: &rng)
                let ref = Reference.cubic(1 - e1, y1, e2, y2, at: t)
                worst = max(worst, abs(curve.progress(at: t) - ref.progress))
            }
            let ref = Reference.cubic(1 - e1, y1, e2, y2, at: 0.5)
            worst = max(worst, abs(curve.progress(at: 0.5) - ref.progress))
        }
        #expect(worst <= 1e-7, "worst progress error \(worst)")
    }

    @Test func randomCurvesMatchTheBisectionReference() {
        var rng = SeededGenerator(seed: 0xC0BE)
        var worstProgress = 0.0, worstSlope = 0.0, cases = 0
        for _ in 0..<400 {
            let x1 = Double.random(in: 0...1, using: &rng), x2 = Double.random(in: 0...1, using: &rng)
            let y1 = Double.random(in: -2...3, using: &rng), y2 = Double.random(in: -2...3, using: &rng)
            let curve = CubicTimingParameters(x1, y1, x2, y2)
            for _ in 0..<10 {
                let t = Double.random(in: 0...1, using: &rng)
                guard t > 0, t < 1 else { continue }
                let ref = Reference.cubic(x1, y1, x2, y2, at: t)
                let got = curve.sample(at: t)
                worstProgress = max(worstProgress, abs(got.progress - ref.progress))
                worstSlope = max(worstSlope, abs(got.velocity - ref.slope) / max(1, abs(ref.slope)))
                cases += 1
            }
        }
        print("cubic vs double-double reference: \(cases) random cases, worst progress error \(worstProgress), worst relative slope error \(worstSlope)")
        #expect(cases > 3900)
        #expect(worstProgress <= 1e-7, "worst progress error \(worstProgress)")
        #expect(worstSlope <= 1e-7, "worst relative slope error \(worstSlope)")
    }

    /// The fast path (Hermite table + Newton, on the segments verified at creation) against the
    /// robust solver it replaces, on a dense grid, for random, degenerate and nearly flat curves.
    @Test func fastPathAgreesWithTheRobustSolver() {
        var rng = SeededGenerator(seed: 0xFA57)
        var curves = Self.degenerate
        for _ in 0..<200 {
            curves.append((Double.random(in: 0...1, using: &rng), Double.random(in: -2...3, using: &rng),
                           Double.random(in: 0...1, using: &rng), Double.random(in: -2...3, using: &rng)))
        }
        for _ in 0..<60 {
            // Control points on or near the edges, x1 = x2, nearly flat inflections.
            let e = [0, 1e-9, 1e-4, 0.01, 0.05, 0.1].randomElement(using: &rng)!
            let y1 = Double.random(in: -1...2, using: &rng), y2 = Double.random(in: -1...2, using: &rng)
            let x = Double.random(in: 0...1, using: &rng)
            curves.append([(e, y1, 1 - e, y2), (1 - e, y1, e, y2), (x, y1, x, y2), (0, y1, x, y2),
                           (x, y1, 1, y2)].randomElement(using: &rng)!)
        }
        for _ in 0..<60 {
            // Around the flat-inflection threshold (x1 near 1, x2 near 0), Cardano on one side.
            curves.append((1 - Double.random(in: 0...0.1, using: &rng), Double.random(in: -3...4, using: &rng),
                           Double.random(in: 0...0.1, using: &rng), Double.random(in: -3...4, using: &rng)))
        }
        var grid: [Double] = (1..<4096).map { Double($0) / 4096 }
        for _ in 0..<2000 { grid.append(Double.random(in: 0..<1, using: &rng)) }
        var worstProgress = 0.0, worstSlope = 0.0, fastSamples = 0
        for (x1, y1, x2, y2) in curves {
            let curve = CubicTimingParameters(x1, y1, x2, y2)
            for t in grid {
                let i = Int(t * Double(CubicTimingParameters.segments))
                guard curve.fastSteps(segment: i) != 0 else { continue }
                fastSamples += 1
                let fast = curve.sample(at: t), robust = curve.robustSample(at: t)
                #expect(fast.progress == curve.progress(at: t))
                let dp = abs(fast.progress - robust.progress)
                let dv = abs(fast.velocity - robust.velocity) / max(1, abs(robust.velocity))
                if !(dp <= 1e-9 && dv <= 1e-9) {
                    Issue.record("(\(x1), \(y1), \(x2), \(y2)) at \(t): \(fast) vs \(robust)")
                }
                worstProgress = max(worstProgress, dp)
                worstSlope = max(worstSlope, dv)
            }
        }
        #expect(fastSamples > curves.count * grid.count / 2, "the fast path serves most samples")
        #expect(worstProgress <= 1e-9, "worst progress difference \(worstProgress)")
        #expect(worstSlope <= 1e-9, "worst relative slope difference \(worstSlope)")
    }

    /// Common curves take the fast path (one Newton step) on every segment; identity curves never
    /// do (they return the fraction exactly).
    @Test func commonCurvesAreFastEverywhere() {
        for curve in [CubicTimingParameters.easeInOut, .default, CubicTimingParameters(0.3, -0.5, 0.7, 1.5)] {
            for i in 0..<CubicTimingParameters.segments {
                #expect(curve.fastSteps(segment: i) == 1, "\(curve.controlPoint1) segment \(i)")
            }
        }
        for i in 0..<CubicTimingParameters.segments {
            #expect(CubicTimingParameters.linear.fastSteps(segment: i) == 0)
            #expect(CubicTimingParameters(0.3, 0.3, 0.6, 0.6).fastSteps(segment: i) == 0)
        }
        #expect(CubicTimingParameters(0.3, 0.3, 0.6, 0.6).progress(at: 0.123) == 0.123)
    }

    /// Creating a curve builds nothing; the first sample of any copy builds the one table all
    /// copies share, with the same results as a curve sampled from the start.
    @Test func tableIsBuiltOnFirstSampleAndSharedByCopies() {
        let curve = CubicTimingParameters(0.3, 0.1, 0.2, 1)
        if CubicInverseTable.isLazy { #expect(curve.cache.table == nil) }
        let copy = curve
        let first = copy.progress(at: 0.3)
        #expect(curve.cache.table != nil)
        #expect(curve.cache.table == copy.cache.table)
        #expect(curve.progress(at: 0.3) == first)
        let fresh = CubicTimingParameters(0.3, 0.1, 0.2, 1)
        #expect(fresh.sample(at: 0.7) == curve.sample(at: 0.7))
    }

    /// Threads that sample a fresh curve at once may each build its table; they all get the
    /// same bits (the table is a pure function of the control points) and one table stays.
    @Test func concurrentFirstSamplesAgree() async {
        for round in 0..<20 {
            let y1 = 0.05 * Double(round)
            let curve = CubicTimingParameters(0.3, y1, 0.6, 1)
            let expected = (1..<100).map { CubicTimingParameters(0.3, y1, 0.6, 1).progress(at: Double($0) / 100) }
            let results = await withTaskGroup(of: [Double].self) { group in
                for _ in 0..<4 {
                    group.addTask { (1..<100).map { curve.progress(at: Double($0) / 100) } }
                }
                var all: [[Double]] = []
                for await r in group { all.append(r) }
                return all
            }
            for r in results { #expect(r == expected, "round \(round)") }
        }
    }

    @Test func endPointsAndOutsideTheUnitInterval() {
        let c = CubicTimingParameters(0.3, -0.5, 0.7, 1.5)
        #expect(c.progress(at: 0) == 0)
        #expect(c.progress(at: 1) == 1)
        #expect(c.progress(at: -0.5) == 0)
        #expect(c.progress(at: 7) == 1)
        #expect(c.progress(at: .nan) == 0)
        #expect(c.progress(at: .infinity) == 1)
        #expect(c.progress(at: -.infinity) == 0)
        #expect(c.velocity(at: -0.1) == 0)
        #expect(c.velocity(at: 1.1) == 0)
        #expect(c.velocity(at: .nan) == 0)
        // End tangents: slope y1/x1 at the start and (1 - y2)/(1 - x2) at the end.
        #expect(abs(c.velocity(at: 0) - (-0.5 / 0.3)) <= 1e-12)
        #expect(abs(c.velocity(at: 1) - (1 - 1.5) / (1 - 0.7)) <= 1e-12)
    }

    @Test func verticalTangentsGiveInfiniteSlopeNeverNaN() {
        let c = CubicTimingParameters(0, 1, 1, 0)
        #expect(c.velocity(at: 0) == .infinity)
        #expect(c.velocity(at: 1) == .infinity)
        // (1, 0, 0, 1): x(s) = ½ − ½(1 − 2s)³ is flat at s = ½ while y'(½) = 3/2, so the curve
        // is vertical at (½, ½) and progress near it is a cube root of the fraction.
        let f = CubicTimingParameters(1, 0, 0, 1)
        #expect(f.velocity(at: 0.5) == .infinity)
        #expect(f.progress(at: 0.5) == 0.5)
        // Exact: s = ½ − ½·∛(1 − 2t), y = 3s² − 2s³.
        for t in [0.1, 0.3, 0.49, 0.499999, 0.500001, 0.7] {
            let s = 0.5 - 0.5 * cbrt(1 - 2 * t)
            #expect(abs(f.progress(at: t) - (3 * s * s - 2 * s * s * s)) <= 1e-12, "at \(t)")
        }
    }

    /// dx/ds = 0 with dy/ds ≠ 0 at the start, the end or an inflection inside; not where both vanish.
    @Test func verticalTangentsAreFoundAtTheEndsAndInside() {
        #expect(CubicTimingParameters(0, 1, 1, 0).hasVerticalTangent)            // both ends
        #expect(CubicTimingParameters(0, 0.5, 1, 0.5).hasVerticalTangent)
        #expect(CubicTimingParameters(1, 0, 0, 1).hasVerticalTangent)            // s = ½, inside
        #expect(CubicTimingParameters(0.2, 0.1, 1, 0.5).hasVerticalTangent)      // the end only
        #expect(!CubicTimingParameters.easeInOut.hasVerticalTangent)
        #expect(!CubicTimingParameters.linear.hasVerticalTangent)
        #expect(!CubicTimingParameters(0, 0, 0, 1).hasVerticalTangent)           // dx/ds = dy/ds = 0
        #expect(!CubicTimingParameters(0.5, 0, 0.5, 1).hasVerticalTangent)
    }

    /// The quick answer for curves with 0.001 ≤ x1 ≤ x2 ≤ 0.999 (no vertical tangent, no root
    /// search) against dx/ds of the Bézier written out, on a grid of curves and parameters.
    @Test func curvesWhoseXRisesEverywhereHaveNoVerticalTangent() {
        let xs = [0.001, 0.01, 0.1, 0.25, 0.42, 0.5, 0.58, 0.9, 0.999]
        let ys = [-0.5, 0, 0.1, 1, 1.5]
        for x1 in xs {
            for x2 in xs where x2 >= x1 {
                var smallest = Double.infinity
                for i in 0...1000 {
                    let s = Double(i) / 1000
                    let slope = 3 * (1 - s) * (1 - s) * x1 + 6 * (1 - s) * s * (x2 - x1) + 3 * s * s * (1 - x2)
                    smallest = min(smallest, slope)
                }
                #expect(smallest >= 0.0015 * (1 - 1e-12), "x1 \(x1), x2 \(x2)")
                for y1 in ys {
                    for y2 in ys {
                        #expect(!CubicTimingParameters(x1, y1, x2, y2).hasVerticalTangent, "\(x1) \(y1) \(x2) \(y2)")
                    }
                }
            }
        }
        // Outside the quick answer the search decides: a tangent at the start (x1 = 0), none
        // for a tiny x1 or for x1 > x2 with dx/ds still positive (0.15 at its lowest).
        #expect(CubicTimingParameters(0, 0.3, 0.5, 1).hasVerticalTangent)
        #expect(!CubicTimingParameters(0.0005, 0.3, 0.5, 1).hasVerticalTangent)
        #expect(!CubicTimingParameters(0.9, 0, 0.1, 1).hasVerticalTangent)
    }

    @Test func badControlPointsAreSanitized() {
        let nan = CubicTimingParameters(.nan, 0, 1, 1)
        #expect(nan == .linear)
        #expect(nan.progress(at: 0.3) == 0.3)
        let inf = CubicTimingParameters(0.2, .infinity, 0.8, 1)
        #expect(inf == .linear)
        let wide = CubicTimingParameters(-1, 0.2, 2, 0.8)
        #expect(wide.controlPoint1 == Point(x: 0, y: 0.2))
        #expect(wide.controlPoint2 == Point(x: 1, y: 0.8))
        for i in 0...100 {
            let t = Double(i) / 100
            #expect(wide.progress(at: t).isFinite)
        }
    }

    @Test func fractionForProgressInvertsMonotonicCurves() throws {
        for curve in [CubicTimingParameters.easeIn, .easeOut, .easeInOut, .default, .linear] {
            for i in 1..<20 {
                let t = Double(i) / 20
                let p = curve.progress(at: t)
                let back = try #require(curve.fraction(forProgress: p))
                #expect(abs(back - t) <= 1e-9, "\(curve.controlPoint1) at \(t): \(back)")
            }
        }
        #expect(CubicTimingParameters.linear.fraction(forProgress: 2) == nil)
        #expect(CubicTimingParameters.linear.fraction(forProgress: .nan) == nil)
    }
}
