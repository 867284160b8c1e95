// The sheet's behaviour on a manual clock: detent choice, rubber band and catches, checked against closed forms.
import Foundation
import Kinetic
import KineticScene
import Testing
@testable import Sheet

/// Where a flick with `velocity` coasts to at 0.998 per millisecond: `y − v / (1000 ln 0.998)`.
private func projected(_ y: Double, _ v: Double) -> Double { y - v / (1000 * log(0.998)) }

/// UIScrollView's rubber band written out: past a bound by `x`, shown past it by
/// `(1 − 1 / (x·0.55/d + 1))·d`.
private func banded(_ raw: Double) -> Double {
    let lo = 64.0, hi = 667.0 - 110, d = 667.0
    func f(_ x: Double) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }
    if raw < lo { return lo - f(lo - raw) }
    if raw > hi { return hi + f(raw - hi) }
    return raw
}

/// A sheet scene on its own engine at time 0.
private struct Rig {
    let engine = AnimationEngine()
    let app: SheetScene
    init() { app = SheetScene(engine: engine) }
    var center: AnimatedProperty<Point> { app.sheet.$center }
    var pan: PanGestureRecognizer { app.sheet.gestureRecognizers.compactMap { $0 as? PanGestureRecognizer }.first! }
    /// The model top edge (where the spring is taking the sheet).
    var targetTop: Double { center.value.y - SheetScene.height / 2 }

    /// A vertical drag of pointer 0 starting 100 points below the sheet's top edge, at constant
    /// `velocity`, one move every 1/60 s for `moves` moves from time `t0`, lifted where it is
    /// (`lift` false: kept down). Returns the last event's time.
    @discardableResult
    func drag(velocity: Double, at t0: Double, moves: Int = 9, lift: Bool = true) -> Double {
        let start = Point(x: 187, y: app.top + 100)
        #expect(app.handle(.down(0, start, at: t0)))
        var p = start, t = t0
        for k in 1...moves {
            t = t0 + Double(k) / 60
            p = Point(x: start.x, y: start.y + velocity * Double(k) / 60)
            #expect(app.handle(.move(0, p, at: t)))
        }
        if lift { #expect(app.handle(.up(0, p, at: t))) }
        return t
    }
}

/// A release from a detent at a velocity, and the detent it must settle on.
struct Release: Sendable, CustomTestStringConvertible {
    var from: SheetScene.Detent
    var velocity: Double
    var expected: SheetScene.Detent
    var testDescription: String { "\(from) at \(velocity) pt/s → \(expected)" }
}

@Test(arguments: [
    Release(from: .medium, velocity: 100, expected: .medium),      // top 338.5 coasts to 388.5
    Release(from: .medium, velocity: -100, expected: .medium),     // 328.5 → 278.5
    Release(from: .medium, velocity: 400, expected: .collapsed),   // 380.2 → 580.1
    Release(from: .medium, velocity: -400, expected: .large),      // 286.8 → 86.9
    Release(from: .medium, velocity: 2500, expected: .collapsed),  // 612.4, rubber-banded past collapsed
    Release(from: .medium, velocity: -2500, expected: .large),     // 30.6, rubber-banded past large
    Release(from: .collapsed, velocity: -300, expected: .medium),  // 522 → 372.2
    Release(from: .collapsed, velocity: -600, expected: .large),   // 477 → 177.1
    Release(from: .large, velocity: 300, expected: .medium),       // 99 → 248.8
    Release(from: .large, velocity: 1200, expected: .collapsed),   // 224 → 823.7
])
func aReleaseSettlesOnTheDetentNearestToWhereTheFlickWouldCoast(_ release: Release) {
    let rig = Rig()
    if release.from != .medium {
        // Put the sheet at its starting detent with a slow drag (it stops 0.1 s before lifting).
        let distance = release.from.top - SheetScene.Detent.medium.top
        let t = rig.drag(velocity: distance * 60 / 8, at: 0, lift: false)   // begins at once, follows 8 moves
        #expect(rig.app.handle(.up(0, Point(x: 187, y: rig.app.top + 100), at: t + 0.1)))
        rig.engine.tick(at: t + 4)
        #expect(rig.app.top == release.from.top)
    }
    let t0 = 10.0
    let last = rig.drag(velocity: release.velocity, at: t0)
    let released = rig.app.top
    let fingerVelocity = rig.pan.velocity(in: nil).y
    #expect(abs(fingerVelocity - release.velocity) < 1e-6)
    #expect(abs(rig.center.velocity.y - fingerVelocity) < 1e-9)
    #expect(rig.center.velocity.x == 0)

    let nearest = SheetScene.Detent.allCases.min { abs($0.top - projected(released, fingerVelocity)) < abs($1.top - projected(released, fingerVelocity)) }!
    #expect(nearest == release.expected)
    #expect(rig.targetTop == release.expected.top)
    rig.engine.tick(at: last + 4)
    #expect(!rig.center.isAnimating)
    #expect(rig.app.top == release.expected.top)
}

@Test func draggedPastTheLargeDetentTheSheetFollowsTheRubberBand() {
    let rig = Rig()
    // From medium (333.5), 12 moves of −40 points: the pan begins at the first, then 11 × 40 up.
    rig.drag(velocity: -2400, at: 1, moves: 12, lift: false)
    let raw = SheetScene.Detent.medium.top - 440
    #expect(abs(rig.app.top - banded(raw)) < 1e-9)
    #expect(rig.app.top < 64 && rig.app.top > 64 - 667)
    // At x = d / 0.55 past the bound, the sheet is shown half a dimension past it.
    #expect(abs(SheetScene.shown(64 - 667 / 0.55) - (64 - 667.0 / 2)) < 1e-9)
    for top in [20.0, 63.9, 64, 300, 557, 600, 900] {
        #expect(abs(SheetScene.shown(SheetScene.unbanded(top)) - top) < 1e-9)
    }
}

@Test func grabbingTheSheetMidFlightCatchesItExactlyWhereItIs() {
    let rig = Rig()
    let release = rig.drag(velocity: 400, at: 1)
    #expect(rig.targetTop == SheetScene.Detent.collapsed.top)
    rig.engine.tick(at: release + 0.1)
    let touched = Point(x: 187, y: rig.app.top + 50)
    #expect(rig.app.handle(.down(0, touched, at: release + 0.1)))
    let grab = release + 0.12
    rig.engine.tick(at: grab)
    let caught = rig.app.top
    #expect(rig.center.velocity.y > 100)
    #expect(rig.app.handle(.move(0, Point(x: touched.x, y: touched.y - 12), at: grab)))
    #expect(rig.pan.state == .began)
    #expect(abs(rig.app.top - caught) < 1e-9)
    #expect(rig.center.velocity == .zero)
    #expect(!rig.center.isAnimating)
    // The finger moves on 30 points up: the sheet follows it 30 points up.
    #expect(rig.app.handle(.move(0, Point(x: touched.x, y: touched.y - 42), at: grab + 1.0 / 60)))
    #expect(abs(rig.app.top - (caught - 30)) < 1e-9)
}

@Test func grabbingTheSheetPastTheLargeDetentDoesNotJump() {
    let rig = Rig()
    // Flung up hard past the large detent: it keeps rising briefly, beyond the detent.
    let release = rig.drag(velocity: -2500, at: 1)
    #expect(rig.targetTop == SheetScene.Detent.large.top)
    let down = release + 0.01
    rig.engine.tick(at: down)
    let touched = Point(x: 187, y: rig.app.top + 100)
    #expect(rig.app.handle(.down(0, touched, at: down)))
    let grab = release + 0.03
    rig.engine.tick(at: grab)
    let caught = rig.app.top
    #expect(caught < 64 - 5)
    let moved = Point(x: touched.x, y: touched.y + 12)
    #expect(rig.app.handle(.move(0, moved, at: grab)))
    #expect(abs(rig.app.top - caught) < 1e-9)
    // A move back to the grab point changes nothing; 20 points further down moves the sheet
    // along the rubber band from the finger-space point where it was caught.
    #expect(rig.app.handle(.move(0, moved, at: grab + 1.0 / 60)))
    #expect(abs(rig.app.top - caught) < 1e-9)
    #expect(rig.app.handle(.move(0, Point(x: moved.x, y: moved.y + 20), at: grab + 2.0 / 60)))
    let d = 667.0, y = 64 - caught
    let rawCaught = 64 - (1 / (1 - y / d) - 1) * d / 0.55
    #expect(abs(rig.app.top - banded(rawCaught + 20)) < 1e-9)
}

@Test func droppingTheSceneFreesTheTreeEvenMidFlight() {
    weak var weakApp: SheetScene?
    weak var weakSheet: Node?
    weak var weakScene: Scene?
    do {
        let rig = Rig()
        let release = rig.drag(velocity: 400, at: 1)
        rig.engine.tick(at: release + 0.1)
        #expect(rig.center.isAnimating)
        weakApp = rig.app
        weakSheet = rig.app.sheet
        weakScene = rig.app.scene
    }
    #expect(weakApp == nil)
    #expect(weakSheet == nil)
    #expect(weakScene == nil)
}

@Test func theChannelReadsTheSheetsTopEdge() {
    let rig = Rig()
    let release = rig.drag(velocity: 400, at: 1)
    rig.engine.tick(at: release + 0.1)
    let channels = rig.app.channels
    #expect(channels.map(\.name) == ["sheet.top"])
    let s = channels[0].sample()
    #expect(s.model == SheetScene.Detent.collapsed.top)
    #expect(abs(s.presentation - rig.app.top) < 1e-12)
    #expect(s.velocity == rig.center.velocity.y)
}
