import Testing
@testable import Kinetic
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The geometry of a scroll axis (rubber band and its inverse) and the page a flick lands on.
@Suite("Scroll axis and paging")
struct ScrollAxisTests {
    @Test func boundsAreContentMinusViewport() {
        #expect(ScrollAxis(contentLength: 2000, viewportLength: 667).bounds == 0...1333)
        #expect(ScrollAxis(contentLength: 300, viewportLength: 667).bounds == 0...0)
        #expect(ScrollAxis(contentLength: .nan, viewportLength: 667).bounds == 0...0)
    }

    @Test func rawOffsetInvertsTheRubberBand() {
        let axis = ScrollAxis(contentLength: 2000, viewportLength: 667)
        for raw in [-5000.0, -300, -1, 0, 500, 1333, 1334, 1600, 9000] {
            let shown = axis.shownOffset(forRawOffset: raw)
            #expect(abs(axis.rawOffset(showing: shown) - raw) < 1e-9 * max(1, abs(raw)), "raw \(raw)")
        }
        // Shown 300 past the top: (1 − 1/(x·0.55/667 + 1))·667 = 300 → x = 667·300/(0.55·367).
        #expect(abs(axis.rawOffset(showing: -300) - -(667.0 * 300 / (0.55 * 367))) < 1e-9)
        #expect(axis.rawOffset(showing: -667).isFinite && axis.rawOffset(showing: .nan) == 0)
    }

    @Test func shownVelocityIsTheRubberBandsSlope() {
        let axis = ScrollAxis(contentLength: 2000, viewportLength: 667)
        for raw in [-400.0, 100, 1500] {
            let h = 1e-4
            let slope = (axis.shownOffset(forRawOffset: raw + h) - axis.shownOffset(forRawOffset: raw - h)) / (2 * h)
            #expect(abs(axis.velocity(atRawOffset: raw, rawVelocity: 1000) - 1000 * slope) < 1e-4)
        }
    }

    @Test func pagingPicksThePageNearestTheProjection() {
        let pager = PagingLayout(pageLength: 375, pageCount: 4)
        #expect(pager.bounds == 0...1125)
        // Released at 400 moving at 800/s: projected to 400 + 800/(−1000 ln 0.998) ≈ 799.6, page 2.
        let projected = 400 - 800 / (1000 * log(0.998))
        #expect(abs(projected - 799.6) < 0.1)
        #expect(pager.targetPage(releasedAt: 400, velocity: 800) == 2)
        // A slow release goes to the nearest page; a fast flick back is limited to one page.
        #expect(pager.targetPage(releasedAt: 400, velocity: 50) == 1)
        #expect(pager.targetPage(releasedAt: 800, velocity: -3000) == 0)
        #expect(pager.targetPage(releasedAt: 800, velocity: -3000, startPage: 2) == 1)
        #expect(pager.targetPage(releasedAt: 1100, velocity: 5000) == 3)
        // At the fast rate the same flick projects only 80 points: page 1.
        #expect(pager.targetPage(releasedAt: 400, velocity: 800, decelerationRate: .fast) == 1)
        #expect(pager.targetPage(releasedAt: .nan, velocity: 1, startPage: 2) == 2)
        #expect(pager.offset(ofPage: 2) == 750 && pager.offset(ofPage: 9) == 1125)
    }

    @Test func aPageSpringComesToRestOnThePageTheProjectionPicked() {
        let engine = AnimationEngine()
        let pager = PagingLayout(pageLength: 375, pageCount: 4)
        let offset = AnimatedProperty(420.0, engine: engine)
        let page = pager.targetPage(releasedAt: 420, velocity: 900, startPage: 1)
        #expect(page == 2)
        let spring = SpringAnimation(property: offset, spring: .smooth, target: pager.offset(ofPage: page), velocity: 900)
        spring.start()
        var t = 0.0
        while spring.isRunning && t < 5 { t += 1.0 / 60; engine.tick(at: t) }
        #expect(offset.presentationValue == 750)
    }
}
