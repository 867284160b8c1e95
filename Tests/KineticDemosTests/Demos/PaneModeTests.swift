import Testing
import Kinetic
import KineticHost
import KineticScene
@testable import KineticDemos

/// The pane on each of the article's three engines: thrown, tapped mid-flight, switched.
@Suite("The pane three ways")
struct PaneModeTests {
    /// Position and velocity of the pane now (the selected engine's).
    func state(_ pane: PaneDemo) -> (y: Double, vy: Double) {
        (pane.pane.presentation.center.y, pane.activeDriver.velocity.y)
    }

    @Test(arguments: PaneDemo.Mode.allCases)
    func tapMidFlightKeepsPositionAndVelocity(mode: PaneDemo.Mode) {
        let pane = PaneDemo(engine: AnimationEngine(), mode: mode)
        // Thrown up at 750 pt/s (a straight 0.2 s drag), released at 0.4.
        let script = try! GestureScript(parsing: "0.2 drag 1 187 620 0.4 187 470\n")
        for e in script.events { pane.handle(e) }
        pane.advance(to: 0.55)
        let before = state(pane)
        #expect(before.vy < -300, "\(mode): still flying up")
        #expect(pane.paneState == .open)
        // Tap on the pane mid-flight, both events at 0.55: the target flips to closed…
        let y = before.y - 100
        pane.handle(.down(1, Point(x: 187, y: y), at: 0.55))
        pane.handle(.up(1, Point(x: 187, y: y), at: 0.55))
        #expect(pane.paneState == .closed)
        // …and nothing moves at that instant: same position, same velocity.
        let after = state(pane)
        #expect(after.y == before.y && after.vy == before.vy, "\(mode): \(before) → \(after)")
        // The three curves of the same throw and tap (the shadows) agree on where it is now.
        for d in pane.drivers { #expect(abs(d.item.presentation.center.y - after.y) < 120, "\(mode)") }
        // It turns round and settles closed.
        pane.advance(to: 1.2)
        #expect(state(pane).vy > 0 || pane.pane.presentation.center.y > before.y, "\(mode): turned round")
        pane.advance(to: 5)
        #expect(abs(pane.pane.presentation.center.y - PaneDemo.targetPoint(for: .closed).y) < 0.5, "\(mode)")
        #expect(pane.engine.diagnostics.isEmpty)
    }

    @Test(arguments: [("pane-dynamics", PaneDemo.Mode.dynamics), ("pane-pop", .pop), ("pane", .spring)])
    func scriptThrowsOpenTapsTwiceAndThrowsClosed(name: String, mode: PaneDemo.Mode) throws {
        let r = try record(name)
        #expect(r.rejected == 0)
        #expect(r.value(frame: 0, channel: "pane.mode")!.model == Double(mode.rawValue))
        // Thrown up at 0.4: open by 1.9, within half a point.
        #expect(abs(presentation(r, "pane.center.y", at: 1.9) - 407) < 0.5, "\(name)")
        // Tapped at 2.05 (close) and 2.35 (open again). At each tap's instant the pane is where,
        // and moves as fast as, it would without that tap: nothing jumps (== on doubles).
        let script = try repositoryScript(name)
        func run(keepingEventsBefore cut: Double) -> SceneRecording {
            var s = script
            s.events.removeAll { $0.time >= cut && $0.time < 2.4 }
            return SceneRecording(scene: makeDemo(name, engine: AnimationEngine()), script: s, fps: 60, duration: s.end)
        }
        for (tap, cut) in [(2.05, 2.0), (2.35, 2.3)] {
            let without = run(keepingEventsBefore: cut), frame = Int((tap * 60).rounded())
            let a = r.value(frame: frame, channel: "pane.center.y")!, b = without.value(frame: frame, channel: "pane.center.y")!
            #expect(a.presentation == b.presentation && a.velocity == b.velocity, "\(name) at \(tap): \(a) vs \(b)")
            #expect(abs(a.velocity) > 50 || tap == 2.05, "\(name): mid-flight at \(tap)")
            #expect(r.value(frame: frame, channel: "pane.open")!.model != without.value(frame: frame, channel: "pane.open")!.model)
        }
        // Thrown down at 4.15: closed at the end, centred.
        #expect(abs(presentation(r, "pane.center.y", at: 5.95) - 847) < 0.5, "\(name)")
        #expect(abs(presentation(r, "pane.center.x", at: 5.95) - 187.5) < 0.5, "\(name)")
        // The graph's three curves come from the same gestures: the three engines leave the
        // finger at the same place, then follow their own physics, and all end closed.
        let released = ["dynamics", "spring", "pop"].map { presentation(r, "pane.\($0).y", at: 0.4) }
        #expect(released[0] == released[1] && released[1] == released[2], "\(name): \(released)")
        let flying = ["dynamics", "spring", "pop"].map { presentation(r, "pane.\($0).y", at: 0.6) }
        #expect(abs(flying[0] - flying[1]) > 1 && abs(flying[1] - flying[2]) > 1 && abs(flying[0] - flying[2]) > 1, "\(name): \(flying)")
        for m in ["dynamics", "spring", "pop"] {
            #expect(abs(presentation(r, "pane.\(m).y", at: 5.95) - 847) < 0.5, "\(name): \(m)")
        }
    }

    @Test func modeButtonsSwitchEnginesAndHandTheMotionOver() {
        let pane = PaneDemo(engine: AnimationEngine())
        #expect(pane.mode == .spring)
        let popButton = PaneDemo.buttonCenter(for: .pop)
        pane.handle(.down(1, popButton, at: 0.1))
        pane.handle(.up(1, popButton, at: 0.15))
        #expect(pane.mode == .pop && pane.activeDriver is POPPaneDriver && pane.activeDriver.item === pane.pane)
        // Thrown up, then switched to Dynamics mid-flight: the pane carries on from where it is.
        for e in try! GestureScript(parsing: "0.2 drag 1 187 620 0.4 187 470\n").events { pane.handle(e) }
        pane.advance(to: 0.5)
        let before = state(pane)
        pane.mode = .dynamics
        let after = state(pane)
        #expect(after.y == before.y && abs(after.vy - before.vy) < 1e-6)
        #expect(pane.activeDriver is DynamicsPaneDriver && pane.activeDriver.item === pane.pane)
        pane.advance(to: 4)
        #expect(abs(pane.pane.presentation.center.y - PaneDemo.targetPoint(for: .open).y) < 0.5)
    }
}
