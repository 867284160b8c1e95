// The card's behaviour on a manual clock: throws, catches and taps, checked against closed forms.
import Foundation
import Kinetic
import KineticScene
import Testing
@testable import Card

/// The position and velocity of a damped spring released `d0` from its rest with velocity `v0`,
/// `t` seconds later (underdamped closed form), written out here independently of Kinetic.
private func springOffset(_ spring: SpringTimingParameters, d0: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
    let w0 = (spring.stiffness / spring.mass).squareRoot()
    let zeta = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
    let wd = w0 * (1 - zeta * zeta).squareRoot()
    let a = d0, b = (v0 + zeta * w0 * d0) / wd
    let e = exp(-zeta * w0 * t)
    let x = e * (a * cos(wd * t) + b * sin(wd * t))
    let v = e * ((b * wd - zeta * w0 * a) * cos(wd * t) - (a * wd + zeta * w0 * b) * sin(wd * t))
    return (x, v)
}

/// Where a flick with `velocity` coasts to at 0.998 per millisecond: `p − v / (1000 ln 0.998)`.
private func projected(_ p: Point, _ v: Point) -> Point {
    let k = 1000 * log(0.998)
    return Point(x: p.x - v.x / k, y: p.y - v.y / k)
}

private func nearestCorner(to p: Point) -> Point {
    CardScene.corners.min { $0.distance(to: p) < $1.distance(to: p) }!
}

private func close(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// A card scene on its own engine at time 0.
private struct Rig {
    let engine = AnimationEngine()
    let app: CardScene
    init() { app = CardScene(engine: engine) }
    var center: AnimatedProperty<Point> { app.card.$center }
    var pan: PanGestureRecognizer { app.card.gestureRecognizers.compactMap { $0 as? PanGestureRecognizer }.first! }

    /// A straight drag of pointer 0 from `start` at constant `velocity`, one move every 1/60 s
    /// for `moves` moves from time `t0`, then lifted where it is at the last move's time.
    /// Returns the release time.
    @discardableResult
    func fling(from start: Point, velocity: Point, at t0: Double, moves: Int = 6) -> Double {
        #expect(app.handle(.down(0, start, at: t0)))
        var p = start, t = t0
        for k in 1...moves {
            t = t0 + Double(k) / 60
            p = Point(x: start.x + velocity.x * Double(k) / 60, y: start.y + velocity.y * Double(k) / 60)
            #expect(app.handle(.move(0, p, at: t)))
        }
        #expect(app.handle(.up(0, p, at: t)))
        return t
    }
}

@Test func aFlingThrowsTheCardWithTheFingersVelocityIntoTheProjectedCorner() {
    let rig = Rig()
    let start = CardScene.corners[3]          // (276, 593), bottom right
    let v = Point(x: -600, y: -900)
    let release = rig.fling(from: start, velocity: v, at: 1)

    // The pan begins at the first move and measures from there: the card follows 5 of the 6 moves.
    let here = Point(x: start.x + v.x * 5 / 60, y: start.y + v.y * 5 / 60)
    #expect(close(rig.center.presentationValue, here, 1e-9))
    // The finger's velocity is fitted exactly for a constant-velocity drag, and the card leaves
    // with exactly that velocity.
    let fingerVelocity = rig.pan.velocity(in: nil)
    #expect(close(fingerVelocity, v, 1e-6))
    #expect(close(rig.center.velocity, fingerVelocity, 1e-9))
    // (226, 518) flung at (−600, −900) coasts to about (−73.8, 68.2): the top-left corner, (99, 74).
    let target = nearestCorner(to: projected(here, fingerVelocity))
    #expect(target == CardScene.corners[0])
    #expect(rig.center.value == target)

    // The flight is the damped spring from (here − target, v), evaluated independently.
    for dt in [0.05, 0.2, 0.45] {
        rig.engine.tick(at: release + dt)
        let x = springOffset(CardScene.spring, d0: here.x - target.x, v0: fingerVelocity.x, t: dt)
        let y = springOffset(CardScene.spring, d0: here.y - target.y, v0: fingerVelocity.y, t: dt)
        #expect(close(rig.center.presentationValue, Point(x: target.x + x.x, y: target.y + y.x), 1e-9))
        #expect(close(rig.center.velocity, Point(x: x.v, y: y.v), 1e-7))
    }
    rig.engine.tick(at: release + 3)
    #expect(!rig.center.isAnimating)
    #expect(rig.center.presentationValue == CardScene.corners[0])
}

@Test func grabbingTheCardMidFlightCatchesItExactlyWhereItIs() {
    let rig = Rig()
    let release = rig.fling(from: CardScene.corners[3], velocity: Point(x: -600, y: -900), at: 1)

    // The finger lands on the flying card; the card flies on until the finger has moved 10 points.
    let down = release + 0.15
    rig.engine.tick(at: down)
    let touched = rig.center.presentationValue
    #expect(rig.app.handle(.down(0, touched, at: down)))
    let grab = down + 0.05
    rig.engine.tick(at: grab)
    let caught = rig.center.presentationValue
    #expect(rig.center.velocity.magnitude > 100)          // still flying fast
    #expect(rig.app.handle(.move(0, Point(x: touched.x + 12, y: touched.y), at: grab)))
    #expect(rig.pan.state == .began)
    // Caught: the same position at the same instant, now held (the model is the position).
    #expect(close(rig.center.presentationValue, caught, 1e-9))
    #expect(close(rig.center.value, caught, 1e-9))
    #expect(rig.center.velocity == .zero)
    #expect(!rig.center.isAnimating)

    // It then follows the finger's moves from the catch on, and holds still while the finger does.
    #expect(rig.app.handle(.move(0, Point(x: touched.x + 30, y: touched.y + 5), at: grab + 1.0 / 60)))
    #expect(close(rig.center.presentationValue, Point(x: caught.x + 18, y: caught.y + 5), 1e-9))
    rig.engine.tick(at: grab + 0.5)
    #expect(close(rig.center.presentationValue, Point(x: caught.x + 18, y: caught.y + 5), 1e-9))

    // Lifted after holding still (no velocity): it springs to the corner nearest to it.
    let held = rig.center.presentationValue
    #expect(rig.app.handle(.up(0, Point(x: touched.x + 30, y: touched.y + 5), at: grab + 0.5)))
    #expect(rig.center.velocity == .zero)
    #expect(rig.center.value == nearestCorner(to: held))
    rig.engine.tick(at: grab + 4)
    #expect(rig.center.presentationValue == nearestCorner(to: held))
}

@Test func aTapMidFlightTurnsTheCardToTheOppositeCornerWithoutAJump() {
    let rig = Rig()
    let release = rig.fling(from: CardScene.corners[3], velocity: Point(x: -600, y: -900), at: 1)
    #expect(rig.center.value == CardScene.corners[0])

    let tap = release + 0.12
    rig.engine.tick(at: tap)
    let (p, v) = rig.center.presentation
    #expect(v.magnitude > 100)
    #expect(rig.app.handle(.down(0, p, at: tap)))
    #expect(rig.app.handle(.up(0, p, at: tap)))
    // Retargeted to the corner opposite the one it was heading for, at the same position and
    // velocity to rounding.
    #expect(rig.center.value == CardScene.corners[3])
    #expect(close(rig.center.presentationValue, p, 1e-9))
    #expect(close(rig.center.velocity, v, 1e-9))

    // From there it is one spring from (p − target, v), evaluated independently.
    let target = CardScene.corners[3]
    for dt in [0.1, 0.3] {
        rig.engine.tick(at: tap + dt)
        let x = springOffset(CardScene.spring, d0: p.x - target.x, v0: v.x, t: dt)
        let y = springOffset(CardScene.spring, d0: p.y - target.y, v0: v.y, t: dt)
        #expect(close(rig.center.presentationValue, Point(x: target.x + x.x, y: target.y + y.x), 1e-9))
    }
    rig.engine.tick(at: tap + 3)
    #expect(rig.center.presentationValue == target)
}

@Test func aDropWithoutVelocityGoesToTheNearestCorner() {
    let rig = Rig()
    // Drag from the bottom-right corner to the left half, upper half of the screen, then stop
    // for 0.1 s (longer than the tracker's 40 ms pause) before lifting.
    let start = CardScene.corners[3]
    #expect(rig.app.handle(.down(0, start, at: 1)))
    let end = Point(x: 120, y: 250)
    for k in 1...10 {
        let f = Double(k) / 10
        #expect(rig.app.handle(.move(0, Point(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f), at: 1 + f / 2)))
    }
    #expect(rig.app.handle(.up(0, end, at: 1.6)))
    #expect(rig.pan.velocity(in: nil) == .zero)
    #expect(rig.center.value == CardScene.corners[0])
    rig.engine.tick(at: 5)
    #expect(rig.center.presentationValue == CardScene.corners[0])
}

@Test func droppingTheSceneFreesTheTreeMidFlightAndTheEngineOnceEndedOrAtRest() {
    weak var weakApp: CardScene?
    weak var weakCard: Node?
    weak var weakScene: Scene?
    weak var weakEngine: AnimationEngine?
    weak var restingEngine: AnimationEngine?
    do {
        let rig = Rig()
        let release = rig.fling(from: CardScene.corners[3], velocity: Point(x: -600, y: -900), at: 1)
        rig.engine.tick(at: release + 0.1)
        #expect(rig.center.isAnimating)
        weakApp = rig.app
        weakCard = rig.app.card
        weakScene = rig.app.scene
        weakEngine = rig.engine
        // A running spring and its engine keep each other alive until the motion ends; a host
        // that drops a scene it made ends its engine (HostSession and `kinetic render` do).
        rig.engine.invalidate()
    }
    // No handler captures anything that owns the tree: the scene goes with its last reference,
    // though its card is flying.
    #expect(weakApp == nil)
    #expect(weakCard == nil)
    #expect(weakScene == nil)
    #expect(weakEngine == nil)
    do {
        let rig = Rig()
        let release = rig.fling(from: CardScene.corners[3], velocity: Point(x: -600, y: -900), at: 1)
        rig.engine.tick(at: release + 3)
        #expect(!rig.center.isAnimating)
        restingEngine = rig.engine
    }
    #expect(restingEngine == nil)
}

@Test func theChannelsReadTheCardsCentre() {
    let rig = Rig()
    let release = rig.fling(from: CardScene.corners[3], velocity: Point(x: -600, y: -900), at: 1)
    rig.engine.tick(at: release + 0.1)
    let channels = rig.app.channels
    #expect(channels.map(\.name) == ["card.center.x", "card.center.y"])
    let x = channels[0].sample(), (p, v) = rig.center.presentation
    #expect(x.model == CardScene.corners[0].x)
    #expect(x.presentation == p.x)
    #expect(x.velocity == v.x)
    #expect(channels[1].sample().presentation == p.y)
}
