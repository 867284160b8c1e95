// The stress demo: ten thousand springs thrown by a sweep, home again, and encoded as kind 5.
import Testing
import Kinetic
import KineticHost
import KineticScene
@testable import KineticDemos
import KineticTestSupport

@Suite("The stress demo")
struct StressDemoTests {
    /// The demo's spring in absolute constants (ω₀ = 2π/0.8, c = 2·0.2·ω₀, m = 1).
    static let stiffness = (2 * Double.pi / 0.8) * (2 * Double.pi / 0.8)
    static let damping = 2 * 0.2 * (2 * Double.pi / 0.8)

    @Test func tenThousandDotsRestAtTheirHomesInOneBatch() {
        let stress = StressDemo(engine: AnimationEngine())
        let dots = stress.dots
        #expect(dots.homes.count == 10_000 && dots.batch.count == 10_000)
        #expect(dots.homes[0] == Point(x: 375.0 / 160, y: 667.0 / 250))
        #expect(dots.homes[9_999] == Point(x: 375 - 375.0 / 160, y: 667 - 667.0 / 250))
        #expect(dots.batch.positions == dots.homes)
        stress.advance(to: 0.5)
        #expect(dots.moving.isEmpty && !stress.engine.hasRunningAnimations)
        #expect(stress.counter.text == "0 of 10000 springs moving")
    }

    @Test func aSweepThrowsTheDotsItPassesWithinReachAndNoOthers() {
        let stress = StressDemo(engine: AnimationEngine())
        let dots = stress.dots
        // A horizontal stroke at y 300 from x 100 to 200 at 2000 pt/s.
        let a = Point(x: 100, y: 300), b = Point(x: 200, y: 300)
        let thrown = dots.sweep(from: a, to: b, speed: 2000)
        var expected: [Int] = []
        for (i, p) in dots.homes.enumerated() where p.x > 100 && p.x <= 200 && abs(p.y - 300) < 40 { expected.append(i) }
        #expect(thrown == expected.count && thrown > 300)
        #expect(Set(dots.moving) == Set(expected))
        let strength = min(2000 * dots.gain, dots.maximumKick)
        for (i, home) in dots.homes.enumerated() {
            let v = dots.properties[i].velocity
            if expected.contains(i) {
                // Away from the stroke (down below it, up above), plus half as much along it.
                let d = abs(home.y - 300), s = strength * (1 - d / 40)
                let away = home.y > 300 ? 1.0 : -1.0
                #expect(abs(v.x - 0.5 * s) < 1e-9 && abs(v.y - away * s) < 1e-9, "dot \(i)")
            } else {
                #expect(v == .zero && !dots.springs[i].isRunning, "dot \(i) was not passed")
            }
        }
    }

    @Test func aThrownDotFollowsTheClosedFormSpringHomeAndSettlesThere() {
        let engine = AnimationEngine()
        let stress = StressDemo(engine: engine)
        let dots = stress.dots
        let i = 62 * 80 + 40                       // home (190.3125, 333.5)
        let home = dots.homes[i]
        dots.kick(i, velocity: Point(x: 300, y: -400))
        for t in [0.05, 0.2, 0.5, 1.0, 2.0] {
            stress.advance(to: t)
            let x = springOffset(mass: 1, stiffness: Self.stiffness, damping: Self.damping, d0: 0, v0: 300, at: t)
            let y = springOffset(mass: 1, stiffness: Self.stiffness, damping: Self.damping, d0: 0, v0: -400, at: t)
            let drawn = dots.batch.positions[i]
            #expect(abs(drawn.x - (home.x + x.x)) < 1e-9 && abs(drawn.y - (home.y + y.x)) < 1e-9, "t = \(t)")
            #expect(dots.moving == [i])
        }
        // ζω₀ = 1.57 /s: from a ~60 pt swing it is inside 0.02 pt (and 0.2 pt/s) by t = 7.
        stress.advance(to: 7)
        #expect(dots.moving.isEmpty && !dots.springs[i].isRunning)
        #expect(dots.batch.positions[i] == home && dots.properties[i].presentationValue == home)
        #expect(dots.batch.colorIndices[i] == 0)
        #expect(stress.counter.text == "0 of 10000 springs moving")
    }

    @Test func aSecondSweepMidFlightAddsToTheMotionWithNoJump() {
        let engine = AnimationEngine()
        let stress = StressDemo(engine: engine)
        let dots = stress.dots
        dots.sweep(from: Point(x: 100, y: 300), to: Point(x: 200, y: 300), speed: 1600)
        let firstKick = dots.properties.map { $0.velocity }
        stress.advance(to: 0.3)
        let before = dots.properties.map { $0.presentation }
        let drawn = dots.batch.positions
        let thrown = dots.sweep(from: Point(x: 150, y: 200), to: Point(x: 150, y: 400), speed: 1600)
        #expect(thrown > 600)
        var rethrown = 0
        var secondKick = [Point](repeating: .zero, count: dots.homes.count)
        for (i, p) in dots.properties.enumerated() {
            let now = p.presentation
            // Position never jumps; velocity changes only for the dots the new stroke passed
            // (within 40 pt of x = 150, between y 200 and 400, where they were drawn).
            #expect((now.value - before[i].value).magnitude < 1e-9, "dot \(i) jumped")
            let passed = abs(drawn[i].x - 150) < 40 && drawn[i].y > 200 && drawn[i].y <= 400
            secondKick[i] = now.velocity - before[i].velocity
            if passed {
                if before[i].velocity != .zero { rethrown += 1 }
                #expect(secondKick[i] != .zero, "dot \(i)")
            } else {
                #expect(secondKick[i] == .zero, "dot \(i)")
            }
        }
        #expect(rethrown > 100)
        // A linear spring: the motion is the superposition of the two throws, each in closed form.
        stress.advance(to: 0.8)
        for i in dots.moving where firstKick[i] != .zero && secondKick[i] != .zero {
            let home = dots.homes[i], p = dots.batch.positions[i]
            let k = Self.stiffness, c = Self.damping
            let x = springOffset(mass: 1, stiffness: k, damping: c, d0: 0, v0: firstKick[i].x, at: 0.8).x
                + springOffset(mass: 1, stiffness: k, damping: c, d0: 0, v0: secondKick[i].x, at: 0.5).x
            let y = springOffset(mass: 1, stiffness: k, damping: c, d0: 0, v0: firstKick[i].y, at: 0.8).x
                + springOffset(mass: 1, stiffness: k, damping: c, d0: 0, v0: secondKick[i].y, at: 0.5).x
            #expect(abs(p.x - home.x - x) < 1e-9 && abs(p.y - home.y - y) < 1e-9, "dot \(i)")
        }
        #expect(stress.counter.text == "\(dots.moving.count) of 10000 springs moving")
    }

    @Test func theBatchIsEncodedAsKindFiveWithItsPackedBlock() {
        let engine = AnimationEngine()
        let stress = StressDemo(engine: engine)
        stress.dots.kick(0, velocity: Point(x: 0, y: 600))
        stress.advance(to: 0.1)
        var encoder = RenderListEncoder()
        let list = stress.scene.renderList()
        encoder.encode(list)
        let n = encoder.numbers
        let h = RenderListEncoder.headerCount, s = RenderListEncoder.stride
        // root's fill, the dots, the counter's pill and its text.
        #expect(n[1] == 4)
        let c = h + s
        #expect(n[c] == 5)
        #expect(String(decoding: encoder.bytes[Int(n[c + 1])..<Int(n[c + 1] + n[c + 2])], as: UTF8.self) == "field")
        #expect(n[c + 3] == 375 && n[c + 4] == 667)
        #expect(Array(n[(c + 5)...(c + 10)]) == [1, 0, 0, 1, 0, 0])
        #expect(n[c + 11] == 1 && n[c + 13] == 10_000 && n[c + 14] == 1.4 && n[c + 15] == 7)
        let palette = StressDemo.palette
        #expect(Array(n[(c + 16)...(c + 19)]) == [palette[0].red, palette[0].green, palette[0].blue, 1])
        // The block follows all four commands.
        let block = Int(n[c + 12])
        #expect(block == h + 4 * s)
        for k in 0..<7 {
            #expect(Array(n[(block + 4 * k)..<(block + 4 * k + 4)]) == [palette[k].red, palette[k].green, palette[k].blue, palette[k].alpha])
        }
        let xy = block + 28, index = xy + 20_000
        #expect(n.count == index + 10_000)
        let dots = stress.dots
        for i in [0, 1, 4_321, 9_999] {
            #expect(n[xy + 2 * i] == dots.batch.positions[i].x && n[xy + 2 * i + 1] == dots.batch.positions[i].y)
            #expect(n[index + i] == Double(dots.batch.colorIndices[i]))
        }
        // Dot 0 was thrown down: 0.1 s in it is ~25 pt below home and coloured by its swing.
        #expect(n[xy + 1] > dots.homes[0].y + 20 && n[index] > 0)
    }

    @Test func theGestureScriptThrowsTheSampledDotsOnItsStrokesOnly() throws {
        let r = try record("stress")
        #expect(r.rejected == 0 && r.channels.count == 6)
        // dot 2280 is on the first stroke (at 0.1…0.35) and again on the fourth (1.4…1.65); 8860 on none.
        let moved = { (name: String, from: Double, to: Double) -> Double in
            var m = 0.0
            for f in Int(from * 60)...Int(to * 60) { m = max(m, abs(r.value(frame: f, channel: name)!.presentation - r.value(frame: f, channel: name)!.model)) }
            return m
        }
        #expect(moved("dot2280.center.y", 0.0, 0.1) == 0)
        #expect(moved("dot2280.center.y", 0.2, 0.6) > 10)
        #expect(moved("dot4980.center.y", 0.0, 0.5) == 0)
        #expect(moved("dot4980.center.y", 0.5, 1.0) > 10)
        #expect(moved("dot8860.center.x", 0, 2.98) == 0 && moved("dot8860.center.y", 0, 2.98) == 0)
        // Nothing jumps from frame to frame: no step beyond what 900 pt/s (the largest kick,
        // plus the spring's own pull) can cover in 1/60 s.
        for name in r.channels {
            for f in 1..<r.frames {
                let step = abs(r.value(frame: f, channel: name)!.presentation - r.value(frame: f - 1, channel: name)!.presentation)
                #expect(step < 1500.0 / 60, "\(name) frame \(f)")
            }
        }
    }
}
