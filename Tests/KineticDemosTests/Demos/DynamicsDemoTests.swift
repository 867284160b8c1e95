import Testing
import Kinetic
import KineticHost
import KineticScene
@testable import KineticDemos

/// The dynamics catalog and the pyramid: frame-rate independence, and what each exhibit does.
@Suite("The dynamics catalog and the pyramid")
struct DynamicsDemoTests {
    /// Every channel of the 30 Hz recording equals (==, bit for bit) the same instant's value
    /// at 60 and 120 Hz: the solver steps on its own fixed clock, whatever the frame rate.
    func expectFrameRateIndependent(_ name: String, until end: Double? = nil) throws {
        var script = try repositoryScript(name)
        if let end { script.events.removeAll { $0.time > end }; script.end = end }
        func run(_ fps: Double) -> SceneRecording {
            SceneRecording(scene: makeDemo(name, engine: AnimationEngine()), script: script, fps: fps, duration: script.end)
        }
        let r30 = run(30), r60 = run(60), r120 = run(120)
        #expect(r30.rejected == 0 && r60.rejected == 0 && r120.rejected == 0)
        let width = r30.channels.count * 3
        var mismatches = 0, compared = 0
        for i in 0..<r30.frames {
            for (other, k) in [(r60, 2), (r120, 4)] where i * k < other.frames {
                for c in 0..<width {
                    compared += 1
                    if r30.values[i * width + c] != other.values[i * k * width + c] { mismatches += 1 }
                }
            }
        }
        #expect(compared > 1000)
        #expect(mismatches == 0, "\(name): \(mismatches) of \(compared) values differ between frame rates")
    }

    @Test func dynamicsCatalogIsIdenticalAt30And60And120Hz() throws {
        try expectFrameRateIndependent("dynamics")
    }

    @Test func paneOnDynamicsIsIdenticalAt30And60And120Hz() throws {
        try expectFrameRateIndependent("pane-dynamics")
    }

    @Test func pyramidIsIdenticalAt30And60And120Hz() throws {
        // The pyramid standing, then hit by the thrown ball (the script's first 2.6 s: the
        // collapse is the costly part to simulate three times in a debug build).
        try expectFrameRateIndependent("pyramid", until: 2.6)
    }

    @Test func pyramidStandsStillThenFallsWhenHit() throws {
        let engine = AnimationEngine()
        let pyramid = PyramidDemo(engine: engine)
        #expect(pyramid.boxes.count == 210)
        #expect(pyramid.boxes[209].center == PyramidDemo.boxCenter(row: 19, column: 0))
        var t = 0.0
        func run(to end: Double) { while t < end { t += 1.0 / 60; pyramid.advance(to: t) } }
        run(to: 1)
        let settled = pyramid.boxes.map(\.center)
        run(to: 3)
        // Two more seconds: the top box has moved less than a point, and so has every box.
        let top = pyramid.boxes[209].center
        #expect(top.distance(to: settled[209]) < 1, "top box moved \(top.distance(to: settled[209]))")
        let worst = zip(pyramid.boxes, settled).map { $0.0.center.distance(to: $0.1) }.max()!
        #expect(worst < 1, "a box moved \(worst) points while standing")
        // It stands where it was stacked: the top box has sunk by less than 2 points.
        #expect(top.distance(to: PyramidDemo.boxCenter(row: 19, column: 0)) < 2)
        // Thrown ball: it falls.
        pyramid.throwBall()
        run(to: 4.5)
        let moved = zip(pyramid.boxes, settled).filter { $0.0.center.distance(to: $0.1) > 40 }.count
        #expect(moved > 30, "only \(moved) boxes moved more than a box width")
        #expect(pyramid.boxes.allSatisfy { $0.center.x.isFinite && $0.center.y.isFinite })
        #expect(engine.diagnostics.isEmpty)
    }

    @Test func grabbedItemHangsFromTheFingerAndIsThrownWithItsVelocity() throws {
        let engine = AnimationEngine()
        let dyn = DynamicsDemo(engine: engine)
        dyn.exhibit = .snap                                  // no gravity: the square floats
        let square = dyn.items[0]
        let start = square.center                            // world (187.5, 250)
        let screen = Point(x: start.x + 10, y: start.y + DynamicsDemo.barHeight + 10)
        dyn.handle(.down(1, screen, at: 0.1))
        // Drag 100 pt right over 0.5 s; the touched point follows the finger.
        for k in 1...30 {
            let t = 0.1 + Double(k) / 60
            dyn.handle(.move(1, screen + Point(x: 100 * Double(k) / 30, y: 0), at: t))
            dyn.advance(to: t)
        }
        let finger = Point(x: start.x + 10 + 100, y: start.y + 10)
        let held = square.convert(Point(x: 45, y: 45), to: dyn.world)!
        #expect(held.distance(to: finger) < 5, "held point \(held), finger \(finger)")
        dyn.handle(.up(1, screen + Point(x: 100, y: 0), at: 0.6))
        #expect(dyn.grabber.grabbed == nil && dyn.grabber.attachment == nil)
        // Released moving right at 200 pt/s: it carries on right (resistance 0.5 slows it a little).
        let x0 = square.center.x
        dyn.advance(to: 0.7)
        #expect(square.center.x - x0 > 10 && square.center.x - x0 < 25, "moved \(square.center.x - x0)")
    }

    @Test func snapPendulumPushAndFieldDoWhatTheySay() throws {
        let script = try repositoryScript("dynamics")
        let demo = makeDemo("dynamics", engine: AnimationEngine())
        let r = SceneRecording(scene: demo, script: script, fps: 60, duration: script.end)
        #expect(r.rejected == 0 && demo.engine.diagnostics.isEmpty)
        func at(_ channel: String, _ t: Double) -> Double { presentation(r, channel, at: t) }
        // Gravity: by 2.4 s everything has fallen (the thrown box too) and stays inside the
        // reference bounds; more than half have landed (no more vertical motion: balls may
        // still roll along the floor, two items slide down the ledge, and since restitution
        // counts the whole step's impulse (18ad4fb) the bounciest are still in a last small
        // bounce: 6 at rest, 7 before).
        let w = DynamicsDemo.worldSize
        var resting = 0, moving: [String] = []
        for i in 0..<10 {
            let x = at("item\(i).x", 2.4), y = at("item\(i).y", 2.4)
            #expect(x > 0 && x < w.width && y > 300 && y < w.height, "item \(i) at (\(x), \(y))")
            let dy = y - at("item\(i).y", 2.3)
            if abs(dy) < 1 { resting += 1 } else { moving.append("item\(i) dy \(dy) at y \(y)") }
        }
        #expect(resting >= 6, "\(resting) of 10 landed; moving: \(moving)")
        #expect(at("exhibit", 3.0) == 1)
        // Pendulum: the ball stays 150 points from its anchor (a rigid attachment).
        // (Not while the finger holds it, 2.6…2.9: then two attachments pull at it.)
        for t in [2.58, 3.2, 3.8, 4.4] {
            let d = Point(x: at("item0.x", t), y: at("item0.y", t)).distance(to: Point(x: 110, y: 80))
            #expect(abs(d - 150) < 0.1, "t \(t): rod length \(d)")
        }
        // The ball swings after the throw, and so does the chain (its last link kicked sideways).
        #expect(abs(at("item0.x", 3.8) - at("item0.x", 3.2)) > 50)
        let chainEnd = (0..<10).map { at("item8.x", 2.6 + Double($0) * 0.2) }
        #expect(chainEnd.max()! - chainEnd.min()! > 30, "chain end x \(chainEnd)")
        // Snap: tapped at world (300, 448) at 4.75; at rest there before the next tap.
        #expect(Point(x: at("item0.x", 5.55), y: at("item0.y", 5.55)).distance(to: Point(x: 300, y: 448)) < 1)
        #expect(Point(x: at("item0.x", 6.45), y: at("item0.y", 6.45)).distance(to: Point(x: 80, y: 98)) < 1)
        // Push: tapped at world (187, 300) at 7.55; every item jumps up off the floor and
        // sideways away from the tap.
        var up = 0, away = 0
        for i in 0..<12 {
            let x0 = at("item\(i).x", 7.5), y0 = at("item\(i).y", 7.5)
            let x1 = at("item\(i).x", 7.7), y1 = at("item\(i).y", 7.7)
            if y1 < y0 - 5 { up += 1 }
            if (x1 - x0) * (x0 - 187) > 0 { away += 1 }
        }
        #expect(up == 12, "\(up) of 12 jumped up")
        #expect(away >= 8, "\(away) of 12 pushed sideways away (the two by the walls bounce back)")
        // Field: the ring was dragged to world (100, 448); the items gather round it.
        var near = 0
        for i in 0..<12 where Point(x: at("item\(i).x", 10.95), y: at("item\(i).y", 10.95)).distance(to: Point(x: 100, y: 448)) < 150 {
            near += 1
        }
        #expect(near >= 6, "\(near) of 12 items within 150 points of the field's centre")
    }
}
