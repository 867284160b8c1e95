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

    var channels: [SceneChannel] {
        let c = card.$center, b = card.$bounds
        return [
            SceneChannel(name: "card.center.x") { (c.value.x, c.presentationValue.x, c.velocity.x) },
            SceneChannel(name: "card.center.y") { (c.value.y, c.presentationValue.y, c.velocity.y) },
            SceneChannel(name: "card.width") { (b.value.width, b.presentationValue.width, b.velocity.size.width) },
        ]
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
        #expect(style(session, 0) == [1, 0, 0, 1, 0, 0, 1, 0])
        #expect(style(session, 1) == [1, 0, 0, 1, 0, 0, 1, 0])
        #expect(probe.card.frame == Rect(x: 100, y: 200, width: 80, height: 60))
        #expect(probe.scene.root.bounds.size == Size(width: 1280, height: 2400))

        // CSS moves the card 200 to the right at t = 1.5 (a class toggled): at that instant the
        // element is still drawn at 100 (transform −200 on its new box), then it flies.
        session.frame(at: 1.5)
        #expect(session.layout(0, frame: Rect(x: 300, y: 200, width: 80, height: 60), time: 1.5))
        session.frame(at: 1.5)
        #expect(style(session, 0) == [1, 0, 0, 1, -200, 0, 1, 0])
        // The closed form over the flight's first 0.3 s (past it the animator's settling ends
        // the track, so the offset differs from the pure spring by < 0.01 pt).
        for t in [1.5 + 1.0 / 120, 1.55, 1.6, 1.75, 1.8] {
            session.frame(at: t)
            let tx = style(session, 0)[4]
            #expect(abs(tx - critical(-200, after: t - 1.5)) < 1e-9, "t = \(t): \(tx)")
            #expect(style(session, 0)[5] == 0)
        }
        session.frame(at: 3)
        #expect(style(session, 0) == [1, 0, 0, 1, 0, 0, 1, 0])
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
        #expect(style(session, 0) == [0.5, 0, 0, 1, 0, 0, 1, 0])
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

    /// The bar of issue 39: a page session, exported as a script with its layouts, replayed by
    /// the native recorder (`kinetic render`'s) gives the live numbers bit for bit.
    @Test func aPageSessionsScriptReplaysNativelyBitForBit() throws {
        let session = HostSession(entries: PageProbe.entries)
        session.select(0, at: 0)
        let probe = try #require(session.hosted as? PageProbe)
        var live: [[Double]] = []
        func sample() -> [Double] { probe.channels.flatMap { c in let s = c.sample(); return [s.model, s.presentation, s.velocity] } }
        for k in 0...90 {
            let t = Double(k) / 60
            // The runtime measures in a frame's read phase, at the frame's time, before the frame.
            if k == 0 {
                session.layout(-1, frame: Rect(x: 0, y: 0, width: 1280, height: 2000), time: t)
                session.layout(0, frame: Rect(x: 100, y: 100, width: 120, height: 90), time: t)
                session.layout(1, frame: Rect(x: 20, y: 20, width: 300, height: 40), time: t)
            }
            if k == 12 { session.layout(0, frame: Rect(x: 400, y: 160, width: 240, height: 180), time: t) }  // a class toggled
            if k == 20 { session.pointer(.down(1, Point(x: 300, y: 200), at: t - 0.004)) }                   // caught mid-flight
            if k > 20 && k < 40 { session.pointer(.move(1, Point(x: 300 + 6 * Double(k - 20), y: 200 + 2 * Double(k - 20)), at: t - 0.004)) }
            if k == 40 { session.pointer(.up(1, Point(x: 420, y: 240), at: t - 0.004)) }
            if k == 50 { session.layout(0, frame: Rect(x: 80, y: 100, width: 120, height: 90), time: t) }    // the window resized
            if k == 60 { session.presence(0, false, time: t) }                                                // removed
            if k == 66 { session.presence(0, true, time: t) }                                                 // undone mid-exit
            session.frame(at: t)
            live.append(sample())
        }
        let script = session.script()
        #expect(script.contains("0.0 page 1280.0 2000.0\n") && script.contains(" layout card 400.0 160.0 240.0 180.0\n"), "\(script)")
        let parsed = try GestureScript(parsing: script)
        #expect(script.contains(" remove card\n") && script.contains(" insert card\n"))
        #expect(parsed.layouts.count == 7 && parsed.layouts[0].key == nil && parsed.layouts[3].key == "card")
        let recording = SceneRecording(scene: PageProbe(engine: AnimationEngine()), script: parsed, fps: 60, duration: 1.5)
        #expect(recording.frames == 90)
        for k in 0..<recording.frames {
            let row = Array(recording.values[(k * 9)..<(k * 9 + 9)])
            #expect(row == live[k], "frame \(k): \(row) against \(live[k])")
        }
    }

    @Test func scriptsParsePageAndLayoutLinesAndRefuseBadOnes() throws {
        let parsed = try GestureScript(parsing: "0 page 800 600\n0 layout card 1 2 3 4\n0.1 down 1 5 5\n0.1 layout card 5 2 3 4\n0.2 up 1 5 5\n")
        #expect(parsed.layouts == [
            GestureScript.LayoutInput(time: 0, key: nil, frame: Rect(x: 0, y: 0, width: 800, height: 600), precedingEvents: 0),
            GestureScript.LayoutInput(time: 0, key: "card", frame: Rect(x: 1, y: 2, width: 3, height: 4), precedingEvents: 0),
            GestureScript.LayoutInput(time: 0.1, key: "card", frame: Rect(x: 5, y: 2, width: 3, height: 4), precedingEvents: 1),
        ])
        #expect(parsed.events.count == 2 && parsed.end == 0.2)
        for (text, message) in [
            ("0 page 800\n", "script line 1: 'page' needs TIME page WIDTH HEIGHT"),
            ("0 page -1 600\n", "script line 1: a page's size cannot be negative"),
            ("0 layout card 1 2 3\n", "script line 1: 'layout' needs TIME layout KEY X Y WIDTH HEIGHT"),
            ("0 layout card 1 2 -3 4\n", "script line 1: a layout box's size cannot be negative"),
            ("0 layout card 1 nan 3 4\n", "script line 1: y 'nan' is not a finite number"),
        ] {
            do {
                _ = try GestureScript(parsing: text)
                Issue.record("parsed: \(text)")
            } catch {
                #expect(error.message == message)
            }
        }
        // A scene without a page ignores layout lines; an unknown key changes nothing.
        let plain = SceneRecording(scene: PageProbe(engine: AnimationEngine()),
                                   script: try GestureScript(parsing: "0 layout nobody 1 2 3 4\n0.1 end\n"), fps: 60, duration: 0.1)
        #expect(plain.frames == 6 && plain.values[0] == 0)
    }

    func alpha(_ session: HostSession, _ i: Int) -> Double { style(session, i)[6] }
    func state(_ session: HostSession, _ i: Int) -> Double { style(session, i)[7] }

    @Test func aRemovedElementExitsDrawnAndPutBackMidExitTurnsBackWithoutAJump() throws {
        let session = HostSession(entries: PageProbe.entries)
        session.select(0, at: 0)
        let probe = try #require(session.hosted as? PageProbe)
        session.layout(-1, frame: Rect(x: 0, y: 0, width: 800, height: 600), time: 0)
        session.layout(0, frame: Rect(x: 100, y: 100, width: 100, height: 100), time: 0)
        session.frame(at: 0.5)
        // The page removes the card at 0.5: it fades out, drawn and out of reach.
        #expect(session.presence(0, false, time: 0.5))
        session.frame(at: 0.5)
        #expect(alpha(session, 0) == 1 && state(session, 0) == 1)
        #expect(probe.scene.root.hitTest(Point(x: 150, y: 150)) !== probe.card)
        session.frame(at: 0.6)
        let fading = alpha(session, 0)
        #expect(fading > 0 && fading < 1 && state(session, 0) == 1, "\(fading)")
        // Put back at 0.6 (an undo): the same opacity at that instant, then back to 1.
        #expect(session.presence(0, true, time: 0.6))
        session.frame(at: 0.6)
        #expect(alpha(session, 0) == fading && state(session, 0) == 0)
        session.frame(at: 0.7)
        #expect(alpha(session, 0) > fading)
        session.frame(at: 2)
        #expect(alpha(session, 0) == 1 && state(session, 0) == 0)
        #expect(probe.scene.root.hitTest(Point(x: 150, y: 150)) === probe.card)
        // Removed for good: gone once the exit ends, and the host may let the element go.
        session.presence(0, false, time: 2)
        session.frame(at: 4)
        #expect(state(session, 0) == 2 && probe.card.parent == nil)
        // Inserted again later: it enters where the page puts it next.
        session.presence(0, true, time: 4)
        session.layout(0, frame: Rect(x: 300, y: 50, width: 100, height: 100), time: 4)
        session.frame(at: 4)
        #expect(state(session, 0) == 0 && alpha(session, 0) == 0 && style(session, 0)[4] == 0, "\(style(session, 0))")
        session.frame(at: 5)
        #expect(alpha(session, 0) == 1 && probe.card.frame == Rect(x: 300, y: 50, width: 100, height: 100))
        // An element missing from the start is gone at once; bad indices are refused.
        #expect(session.presence(1, false, time: 5))
        session.frame(at: 5)
        #expect(state(session, 1) == 2)
        #expect(!session.presence(2, false, time: 5) && !session.presence(-1, true, time: 5))
        #expect(!session.presence(0, true, time: .nan))
    }
}
