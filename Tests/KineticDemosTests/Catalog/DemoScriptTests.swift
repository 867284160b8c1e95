import Testing
import Kinetic
import KineticHost
import KineticScene
@testable import KineticDemos
import KineticTestSupport

/// Each demo run headlessly under its script in `gestures`, with the numbers checked.
@Suite("Demos under their gesture scripts")
struct DemoScriptTests {
    @Test func everyDemoIsInTheCatalogAndItsScriptRunsWithNoRejectedEvent() throws {
        let names = DemoCatalog.entries.map(\.name)
        #expect(names == ["basics", "scrubbing", "drawer", "pane", "pane-dynamics", "pane-pop", "photo", "comments", "spring2d", "rotation",
                          "dynamics", "pyramid", "scroll", "stress", "navigation", "menu", "grid", "list"])
        for entry in DemoCatalog.entries {
            #expect(SceneEntry.isValidName(entry.name), "\(entry.name)")
            #expect(entry.description.count > 200, "\(entry.name) needs its paragraph")
            #expect(!entry.hint.isEmpty && entry.hint.count <= 80 && !entry.hint.contains("\n"), "\(entry.name): one short line")
            // The navigation scene has no script of its own (Scripts/leak-check writes one).
            guard entry.name != "navigation" else { continue }
            let r = try record(entry.name)
            #expect(r.rejected == 0, "\(entry.name)")
            #expect(r.frames == Int((try repositoryScript(entry.name).end * 60).rounded()))
            #expect(r.values.allSatisfy { $0.isFinite }, "\(entry.name) shows a NaN")
        }
    }

    /// An entry makes a new scene each time, on the engine it is given, and the pane's three
    /// entries open it on their three engines.
    @Test func everyEntryMakesAFreshSceneOnTheEngineItIsGiven() {
        for entry in DemoCatalog.entries {
            let engine = AnimationEngine()
            let a = entry.make(engine), b = entry.make(engine)
            #expect(a !== b && a.scene !== b.scene, "\(entry.name)")
            #expect(a.scene.engine === engine && a.engine === engine, "\(entry.name)")
            #expect(!a.channels.isEmpty, "\(entry.name)")
            engine.invalidate()
        }
        let modes = ["pane", "pane-dynamics", "pane-pop"].map { name in
            (DemoCatalog.entries.first { $0.name == name }!.make(AnimationEngine()) as? PaneDemo)?.mode
        }
        #expect(modes == [.spring, .dynamics, .pop])
    }

    @Test func drawerTapOpensInOneSecondWithEaseOutThenTogglesClosed() throws {
        let engine = AnimationEngine()
        let drawer = DrawerDemo(engine: engine)
        // 350 tall, 305 hidden: top at 667 − 45.
        #expect(drawer.drawer.frame == Rect(x: 0, y: 622, width: 375, height: 350))
        #expect(drawer.toggleButton.convert(.zero, to: nil) == Point(x: 107.5, y: 630))
        drawer.handle(.down(1, Point(x: 187, y: 645), at: 0.2))
        drawer.handle(.up(1, Point(x: 187, y: 645), at: 0.25))
        for t in [0.5, 0.75, 1.0, 1.2] {
            drawer.advance(to: t)
            let y = drawer.drawer.$transform.presentationValue.translationY
            #expect(abs(y - -305 * Reference.easeOut(t - 0.25)) < 1e-9, "t = \(t)")
        }
        drawer.advance(to: 1.25)
        #expect(drawer.isDrawerOpen && drawer.animator == nil)
        #expect(drawer.drawer.presentation.transform.translationY == -305)
        // The button moved up with the drawer: tap it there to close.
        drawer.handle(.down(1, Point(x: 187, y: 340), at: 1.5))
        drawer.handle(.up(1, Point(x: 187, y: 340), at: 1.55))
        drawer.advance(to: 2.05)
        #expect(abs(drawer.drawer.presentation.transform.translationY - (-305 + 305 * Reference.easeOut(0.5))) < 1e-9)
        drawer.advance(to: 2.6)
        #expect(!drawer.isDrawerOpen && drawer.drawer.presentation.transform == .identity)
    }

    @Test func drawerCaughtMidFlightAndSwipedBackReturnsOpen() throws {
        let r = try record("drawer")
        let key = "drawer.translation.y"
        // Closing since 1.55 (ease-out): at 1.9 it is 0.35 s in.
        let caught = presentation(r, key, at: 1.9)
        #expect(abs(caught - (-305 + 305 * Reference.easeOut(0.35))) < 1e-9)
        // The swipe up scrubs it back up (more negative) while the finger moves…
        let during = presentation(r, key, at: 2.05)
        #expect(during < caught - 20)
        // …and the release, moving up, reverses it: it only rises from there, back to open.
        var previous = during
        for i in Int((2.05 * 60).rounded())...Int((3.4 * 60).rounded()) {
            let y = r.value(frame: i, channel: key)!.presentation
            #expect(y <= previous + 1e-9)
            previous = y
        }
        #expect(presentation(r, key, at: 3.4) == -305)
        #expect(r.value(frame: r.frames - 1, channel: "drawer.open")!.model == 1)
        #expect(r.value(frame: r.frames - 1, channel: key)!.model == -305)
    }

    @Test func paneThrownUpSettlesOpenOnTheArticlesSpringAndThrownDownSettlesClosed() throws {
        let r = try record("pane")
        // Released at 0.4 at y 709.5 with 750 pt/s upwards (a straight drag: the fit is exact).
        let x0 = 709.5 - 407, v0 = -750.0
        for t in [0.5, 0.6, 2.0 / 3, 0.8, 1.0] {
            let expected = 407 + springOffset(mass: 1, stiffness: 300, damping: 20, d0: x0, v0: v0, at: t - 0.4).x
            #expect(abs(presentation(r, "pane.center.y", at: t) - expected) < 1e-7, "t = \(t)")
        }
        #expect(presentation(r, "pane.center.y", at: 1.9) == 407)
        #expect(r.value(frame: Int(1.9 * 60), channel: "pane.open")!.model == 1)
        // Thrown down at 4.0: settles closed, centred horizontally.
        #expect(presentation(r, "pane.center.y", at: 5.95) == 847)
        #expect(presentation(r, "pane.center.x", at: 5.95) == 187.5)
        #expect(r.value(frame: r.frames - 1, channel: "pane.open")!.model == 0)
    }

    @Test func paneTapMidFlightTurnsItRoundWithoutAVelocityJump() {
        let engine = AnimationEngine()
        let pane = PaneDemo(engine: engine)
        pane.handle(.down(1, Point(x: 187, y: 640), at: 0.1))
        pane.handle(.up(1, Point(x: 187, y: 640), at: 0.15))     // tap: open
        pane.advance(to: 0.3)
        let before = pane.pane.$center.presentation
        #expect(before.velocity.y < -100)
        pane.handle(.down(1, Point(x: 187, y: 640), at: 0.3))
        pane.handle(.up(1, Point(x: 187, y: 640), at: 0.3))      // tap: closed, mid-flight
        let after = pane.pane.$center.presentation
        #expect(pane.paneState == .closed)
        #expect(after.value == before.value && (after.velocity - before.velocity).magnitude < 1e-9)
        pane.advance(to: 3)
        #expect(pane.pane.presentation.center == PaneDemo.targetPoint(for: .closed))
    }

    @Test func photoPulledDownReleasedCaughtCancelledThenFlickedHomeWithTheStackChecked() throws {
        let engine = AnimationEngine()
        let photo = PhotoDemo(engine: engine)
        let script = try repositoryScript("photo")
        var next = 0
        func run(to t: Double) {
            while next < script.events.count, script.events[next].time <= t {
                photo.handle(script.events[next]); next += 1
            }
            photo.advance(to: t)
        }
        run(to: 0.3)
        #expect(photo.stack.isTransitioning && photo.stack.screens.count == 1)   // pushing
        run(to: 1.4)
        #expect(!photo.stack.isTransitioning && photo.stack.topScreen === photo.detail)
        #expect(photo.stack.screens.count == 2)
        run(to: 1.9)                                                            // pulled down 120 pt
        let context = try #require(photo.stack.transition)
        #expect(context.operation == .pop && context.isInteractive)
        #expect(photo.transitionPhoto.presentation.center.y == 333.5 + 120)
        #expect(abs(context.percentComplete - 120 / 333.5) < 1e-9)
        run(to: 2.0)                                                            // released: 36 % > 33 %
        #expect(!context.isInteractive && !context.transitionWasCancelled)
        run(to: 2.2)                                                            // caught mid-flight
        #expect(context.isInteractive && photo.stack.transition === context)
        run(to: 2.45)                                                           // flicked up: cancelled
        #expect(!context.isInteractive && context.transitionWasCancelled)
        run(to: 3.9)
        #expect(!photo.stack.isTransitioning && photo.stack.screens.count == 2)
        #expect(photo.stack.topScreen === photo.detail && photo.detail.node.presentation.alpha == 1)
        #expect(photo.transitionPhoto.parent == nil && !photo.detailPhoto.isHidden)
        run(to: 5.5)                                                            // flicked down: popped
        #expect(photo.stack.screens.count == 1 && photo.stack.topScreen === photo.grid)
        #expect(photo.detail.node.parent == nil && !photo.tiles[4].isHidden)
        #expect(engine.diagnostics.isEmpty && photo.stack.scene.engine.diagnostics.isEmpty)
    }

    @Test func commentsPanelRunsSixAnimatorsOnTheirOwnCurves() throws {
        let r = try record("comments")
        // Tapped at 0.25: 0.5 s into 1 s. The blur rides the session's slow-in curve, the corner
        // is linear, the Post button waits for the second half (keyframe 0.5…1).
        #expect(abs(presentation(r, "blur.radius", at: 0.75) - 16 * bezierProgress(0.75, 0.1, 0.9, 0.25, at: 0.5)) < 1e-9)
        #expect(abs(presentation(r, "panel.cornerRadius", at: 0.75) - 6) < 1e-9)
        #expect(presentation(r, "post.alpha", at: 0.75) == 0)
        #expect(abs(presentation(r, "post.alpha", at: 1.0) - 0.5) < 1e-9)
        #expect(abs(presentation(r, "label.expanded.alpha", at: 0.75) - Reference.easeIn(0.5)) < 1e-9)
        #expect(abs(presentation(r, "label.collapsed.alpha", at: 0.75) - (1 - Reference.easeOut(0.5))) < 1e-9)
        // Expanded at rest.
        #expect(presentation(r, "panel.center.y", at: 1.45) == 433.5)
        #expect(presentation(r, "blur.radius", at: 1.45) == 16)
        // Dragged down from 1.5 and released moving down: collapsed.
        #expect(presentation(r, "panel.center.y", at: 3.4) == 635 && presentation(r, "blur.radius", at: 3.4) == 0)
        // Tap at 3.55 expands; the tap at 3.85 reverses every animator on the spot.
        let top = presentation(r, "panel.center.y", at: 3.85)
        #expect(abs(presentation(r, "panel.center.y", at: 3.9) - presentation(r, "panel.center.y", at: 3.8)) < 1e-9)
        #expect(top < 500)
        #expect(presentation(r, "panel.center.y", at: 5.45) == 635)
        #expect(presentation(r, "post.alpha", at: 5.45) == 0)
    }

    @Test func commentsPanelScrubsAllAnimatorsTogetherAndContinues() {
        let engine = AnimationEngine()
        let c = CommentsDemo(engine: engine)
        c.handle(.down(1, Point(x: 140, y: 635), at: 0.1))
        c.handle(.move(1, Point(x: 140, y: 605), at: 0.2))          // pan begins: all paused
        #expect(c.runningAnimators.count == 7 && c.runningAnimators.allSatisfy { !$0.isRunning })
        let distance = 603.0 - 200
        c.handle(.move(1, Point(x: 140, y: 635 - 0.4 * distance), at: 0.3))
        for a in c.runningAnimators { #expect(abs(a.fractionComplete - 0.4) < 1e-9) }
        // The blur scrubs non-linearly: through its curve; the corner radius linearly.
        #expect(abs(c.blur.presentation.blurRadius - 16 * bezierProgress(0.75, 0.1, 0.9, 0.25, at: 0.4)) < 1e-9)
        #expect(abs(c.panel.presentation.cornerRadius - 12 * 0.4) < 1e-9)
        c.handle(.move(1, Point(x: 140, y: 635 - 0.5 * distance), at: 0.35))
        c.handle(.up(1, Point(x: 140, y: 635 - 0.5 * distance), at: 0.35))   // moving up: expand
        c.advance(to: 2)
        #expect(c.state == .expanded && c.runningAnimators.isEmpty)
        #expect(c.panel.presentation.frame == CommentsDemo.expandedFrame)
    }

    @Test func scrubbingJumpsBackOntoTheCurveWithoutMovingTheSquare() throws {
        let r = try record("scrubbing")
        // Started at 0.25, 4 s ease-in.
        #expect(abs(presentation(r, "square.center.x", at: 1.25) - (60 + 255 * Reference.easeIn(0.25))) < 1e-9)
        // Scrubbed to 30 %: linear, 60 + 0.3 · 255.
        #expect(abs(presentation(r, "square.center.x", at: 2.0) - 136.5) < 1e-9)
        // Continued at 2.25: no jump, then on the curve again.
        let atTap = presentation(r, "square.center.x", at: 2.25)
        #expect(abs(atTap - 136.5) < 1e-9)
        #expect(abs(presentation(r, "square.center.x", at: 2.2667) - atTap) < 3)
        #expect(presentation(r, "square.center.x", at: 4.95) == 315)
    }

    @Test func spring2DLeavesAlongTheReleaseVelocityAndComesHome() throws {
        let r = try record("spring2d")
        let vx = r.value(frame: 30, channel: "square.center.x")!.velocity
        let vy = r.value(frame: 30, channel: "square.center.y")!.velocity
        // Released at (287.5, 250) moving straight up: the velocity is the gesture's, not along
        // the line to the centre (which points down-left).
        #expect(abs(vx) < 1 && vy < -450)
        #expect(presentation(r, "square.center.y", at: 0.55) < 250)       // it keeps going up first
        let last = r.frames - 1
        #expect(r.value(frame: last, channel: "square.center.x")!.presentation == 187.5)
        #expect(r.value(frame: last, channel: "square.center.y")!.presentation == 300)
    }

    @Test func twentyHalfTurnsComposeIntoOneSpin() throws {
        let r = try record("rotation")
        #expect(abs(r.value(frame: 60, channel: "square.rotation")!.model - 20 * Double.pi) < 1e-9)
        // Spin tapped at 0.25: 5 s ease-in-out over 20π.
        #expect(abs(presentation(r, "square.rotation", at: 1.25) - 20 * Double.pi * Reference.easeInOut(0.2)) < 1e-9)
        // Reversed at 2.05: back to 0.
        #expect(r.value(frame: 240, channel: "square.rotation")!.model == 0)
        // Two spins, the second on top of the first: 40π.
        #expect(abs(presentation(r, "square.rotation", at: 9.95) - 40 * Double.pi) < 1e-9)
    }

    @Test func basicsPauseHoldsAndFinishAtTheEndSetsTheEndValue() throws {
        let r = try record("basics")
        // Ease Out chosen, started at 0.35.
        #expect(abs(presentation(r, "circle.center.x", at: 0.85) - (60 + 255 * Reference.easeOut(0.2))) < 1e-9)
        #expect(presentation(r, "circle.center.x", at: 1.1) == presentation(r, "circle.center.x", at: 1.6))  // paused
        #expect(presentation(r, "circle.center.x", at: 1.9) < presentation(r, "circle.center.x", at: 1.6))   // reversed
        let stopped = presentation(r, "circle.center.x", at: 2.1)
        #expect(r.value(frame: Int(2.1 * 60), channel: "circle.center.x")!.model == stopped)          // stopped
        #expect(presentation(r, "circle.center.x", at: 2.95) == 315)                                       // finished at .end
    }
}
