// A real page's elements adopted as nodes: layout in (stamped like pointer events), CSS transforms
// out, checked at exact instants against the spring's closed form, and replayed bit for bit.
import Foundation
import Testing
import Kinetic
import KineticScene
import KineticHost

/// A page with two adopted elements; `card` can be dragged (a pan moves its centre).
final class PageProbe: HostedScene {
    let scene: Scene
    let layout: PageLayout
    let card: Node
    var page: PageLayout? { layout }

    init(engine: AnimationEngine) {
        scene = Scene(size: Size(width: 1, height: 1), engine: engine)
        layout = PageLayout(scene: scene)
        card = layout.adopt("card")
        layout.adopt("title")
        let pan = PanGestureRecognizer { [unowned self] pan in
            if pan.state == .changed {
                card.center = card.center + pan.translation(in: nil)
                pan.setTranslation(.zero, in: nil)
            }
        }
        card.addGestureRecognizer(pan)
    }

    static var entries: [SceneEntry] { [SceneEntry(name: "page", title: "Page", description: "") { PageProbe(engine: $0) }] }
}

@Suite("PageLayout: adopted page elements")
struct PageLayoutTests {
    /// The critically damped spring of `animate(springDuration: 0.45, bounce: 0)` from an offset
    /// `d`: d·(1 + ωt)·e^(−ωt), ω = 2π/0.45.
    func critical(_ d: Double, after t: Double) -> Double {
        let w = 2 * Double.pi / 0.45
        return d * (1 + w * t) * exp(-w * t)
    }

    func style(_ session: HostSession, _ i: Int) -> [Double] {
        Array(session.pageStyles[(i * HostSession.pageStyleStride)..<((i + 1) * HostSession.pageStyleStride)])
    }

    @Test func aMeasuredBoxPlacesTheNodeAndAMovedOneFliesFromWhereItIsDrawn() throws {
        let session = HostSession(entries: PageProbe.entries)
        #expect(session.select(0, at: 1))
        #expect(session.pageElementCount == 2 && session.pageKey(0) == "card" && session.pageKey(1) == "title")
        #expect(session.pageKey(2) == nil && session.pageKey(-1) == nil)
        let probe = try #require(session.hosted as? PageProbe)
        #expect(session.layout(-1, frame: Rect(x: 0, y: 0, width: 1280, height: 2400), time: 1))
        #expect(session.layout(0, frame: Rect(x: 100, y: 200, width: 80, height: 60), time: 1))
        #expect(session.frame(at: 1.0))
        // Placed where the page put it, drawn there: the identity, opacity 1; title not measured yet.
        #expect(style(session, 0) == [1, 0, 0, 1, 0, 0, 1])
        #expect(style(session, 1) == [1, 0, 0, 1, 0, 0, 1])
        #expect(probe.card.frame == Rect(x: 100, y: 200, width: 80, height: 60))
        #expect(probe.scene.root.bounds.size == Size(width: 1280, height: 2400))

        // CSS moves the card 200 to the right at t = 1.5 (a class toggled): at that instant the
        // element is still drawn at 100 (transform −200 on its new box), then it flies.
        session.frame(at: 1.5)
        #expect(session.layout(0, frame: Rect(x: 300, y: 200, width: 80, height: 60), time: 1.5))
        session.frame(at: 1.5)
        #expect(style(session, 0) == [1, 0, 0, 1, -200, 0, 1])
        // The closed form over the flight's first 0.3 s (past it the animator's settling ends
        // the track, so the offset differs from the pure spring by < 0.01 pt).
        for t in [1.5 + 1.0 / 120, 1.55, 1.6, 1.75, 1.8] {
            session.frame(at: t)
            let tx = style(session, 0)[4]
            #expect(abs(tx - critical(-200, after: t - 1.5)) < 1e-9, "t = \(t): \(tx)")
            #expect(style(session, 0)[5] == 0)
        }
        session.frame(at: 3)
        #expect(style(session, 0) == [1, 0, 0, 1, 0, 0, 1])
    }

    @Test func aSecondChangeMidFlightTurnsItFromWhereItIsWithItsVelocity() throws {
        let session = HostSession(entries: PageProbe.entries)
        session.select(0, at: 0)
        session.layout(0, frame: Rect(x: 0, y: 0, width: 100, height: 100), time: 0)
        session.frame(at: 0.1)
        session.layout(0, frame: Rect(x: 400, y: 0, width: 100, height: 100), time: 0.1)
        // Drawn x on the page = layout x + tx. Sample just before and at the second change.
        func drawn(_ box: Double) -> Double { box + style(session, 0)[4] }
        session.frame(at: 0.25)
        let before = drawn(400)
        session.frame(at: 0.25 - 1e-4)    // held: time never goes back
        let h = 1e-4
        session.frame(at: 0.25 + h)
        let velocityBefore = (drawn(400) - before) / h
        // Back to 0 at 0.25 + h (the page's layout toggled back): the same drawn place and speed.
        let at = drawn(400)
        #expect(session.layout(0, frame: Rect(x: 0, y: 0, width: 100, height: 100), time: 0.25 + h))
        session.frame(at: 0.25 + h)
        #expect(abs(drawn(0) - at) < 1e-9, "no jump: \(drawn(0)) against \(at)")
        session.frame(at: 0.25 + 2 * h)
        let velocityAfter = (drawn(0) - at) / h
        #expect(abs(velocityAfter - velocityBefore) / abs(velocityBefore) < 0.01,
                "velocity carries on: \(velocityAfter) against \(velocityBefore)")
    }

    @Test func aResizeScalesTheElementFromItsDrawnSize() throws {
        let session = HostSession(entries: PageProbe.entries)
        session.select(0, at: 0)
        session.layout(0, frame: Rect(x: 0, y: 0, width: 100, height: 50), time: 0)
        session.frame(at: 0)
        // The window was resized: the card is laid out twice as wide, at the same place.
        session.layout(0, frame: Rect(x: 0, y: 0, width: 200, height: 50), time: 0)
        session.frame(at: 0)
        // Drawn 100 wide still: scale 0.5 of the new box, at the same origin.
        #expect(style(session, 0) == [0.5, 0, 0, 1, 0, 0, 1])
        session.frame(at: 0.2)
        let width = 200 + critical(-100, after: 0.2)
        let s = style(session, 0)
        #expect(abs(s[0] - width / 200) < 1e-12 && s[3] == 1 && abs(s[4]) < 1e-12, "\(s)")
    }

    @Test func aDragOnTheAdoptedElementMovesItAndSeekReplaysTheSessionBitForBit() throws {
        let session = HostSession(entries: PageProbe.entries)
        session.select(0, at: 0)
        session.layout(-1, frame: Rect(x: 0, y: 0, width: 800, height: 600), time: 0)
        session.layout(0, frame: Rect(x: 100, y: 100, width: 100, height: 100), time: 0)
        session.frame(at: 0)
        #expect(session.pointer(.down(1, Point(x: 150, y: 150), at: 0.05)))
        var recorded: [(Double, [Double])] = []
        for k in 1...30 {
            let t = Double(k) / 60
            session.pointer(.move(1, Point(x: 150 + 4 * Double(k), y: 150 + Double(k)), at: t))
            if k == 15 { session.layout(0, frame: Rect(x: 120, y: 100, width: 100, height: 100), time: t) }
            session.frame(at: t)
            recorded.append((t, session.pageStyles))
        }
        session.pointer(.up(1, Point(x: 270, y: 180), at: 0.5))
        // The finger moved the card's node; the element is drawn under the finger.
        let last = try #require(recorded.last?.1)
        #expect(last[4] != 0 && last[5] != 0)
        for (t, styles) in recorded.reversed() {
            #expect(session.seek(to: t))
            session.frame(at: t)
            #expect(session.pageStyles == styles, "t = \(t)")
        }
    }

    @Test func badBoxesAndIndicesAreRefusedAndChangeNothing() throws {
        let session = HostSession(entries: PageProbe.entries)
        #expect(!session.layout(0, frame: Rect(x: 0, y: 0, width: 1, height: 1), time: 0))   // no scene
        session.select(0, at: 0)
        let probe = try #require(session.hosted as? PageProbe)
        session.layout(0, frame: Rect(x: 10, y: 10, width: 20, height: 20), time: 0)
        for (i, box) in [(0, Rect(x: .nan, y: 0, width: 1, height: 1)), (0, Rect(x: 0, y: 0, width: -1, height: 1)),
                         (0, Rect(x: 0, y: .infinity, width: 1, height: 1)), (2, Rect(x: 0, y: 0, width: 1, height: 1)),
                         (-2, Rect(x: 0, y: 0, width: 1, height: 1)), (-1, Rect(x: 0, y: 0, width: -5, height: 1))] {
            #expect(!session.layout(i, frame: box, time: 0), "\(i) \(box)")
        }
        #expect(!session.layout(0, frame: Rect(x: 0, y: 0, width: 1, height: 1), time: .nan))
        #expect(probe.card.frame == Rect(x: 10, y: 10, width: 20, height: 20))
        #expect(probe.layout.elements[0].layoutFrame == Rect(x: 10, y: 10, width: 20, height: 20))
        // Adopting a key twice gives the same node.
        #expect(probe.layout.adopt("card") === probe.card && probe.layout.elements.count == 2)
        // A scene without a page writes no styles.
        let plain = HostSession(entries: ProbeScene.entries)
        plain.select(0, at: 0)
        plain.frame(at: 0.1)
        #expect(plain.pageStyles.isEmpty && plain.pageElementCount == 0)
    }
}
