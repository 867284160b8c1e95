import Testing
import Kinetic
import KineticHost
import KineticScene
@testable import KineticDemos

/// The scroll demo under `gestures/scroll.txt`: no jump at any frame, rest within
/// bounds, bounces off both ends, rubber band past the top, and pages reached after flicks.
@Suite("Scroll demo")
struct ScrollDemoTests {
    /// The finger's position along each axis at time `t` (its last event at or before `t`),
    /// or nil when no pointer is down.
    static func finger(_ script: GestureScript, at t: Double) -> Point? {
        var p: Point? = nil
        for e in script.events where e.time <= t {
            p = e.phase == .down || e.phase == .moved ? e.location : nil
        }
        return p
    }

    @Test func noJumpAtAnyFrameOfTheScript() throws {
        let script = try repositoryScript("scroll")
        let r = try record("scroll")
        #expect(r.rejected == 0)
        let dt = 1 / r.fps
        var fingerFrames = 0, freeFrames = 0
        for i in 1..<r.frames {
            // The recording's own frame times (i / fps, not i · (1/fps), which rounds differently).
            let t0 = Double(i - 1) / r.fps, t1 = Double(i) / r.fps
            // Was a finger down at any time in (t0, t1]? Then the offset may move with it.
            let touched = script.events.contains { $0.time > t0 && $0.time <= t1 } || Self.finger(script, at: t0) != nil
            for (channel, axisIsX) in [("list.offset", false), ("pager.offset", true)] {
                let a = r.value(frame: i - 1, channel: channel)!, b = r.value(frame: i, channel: channel)!
                let step = b.presentation - a.presentation
                if touched {
                    // At most the finger's own movement over the frame (the rubber band only
                    // shrinks it), plus what an animation moves in under a frame before a grab
                    // or after a release (the velocity at the grab is already zero when sampled,
                    // so half a frame's worth more, and half a point, covers its acceleration).
                    var moved = 0.0
                    let p0 = Self.finger(script, at: t0), p1 = Self.finger(script, at: t1)
                    for e in script.events where e.time > t0 && e.time <= t1 {
                        let q = e.location
                        let from = p0 ?? q
                        moved = max(moved, abs(axisIsX ? q.x - from.x : q.y - from.y))
                    }
                    if let p0, let p1 { moved = max(moved, abs(axisIsX ? p1.x - p0.x : p1.y - p0.y)) }
                    #expect(abs(step) <= moved + 1.5 * max(abs(a.velocity), abs(b.velocity)) * dt + 0.5,
                            "\(channel) jumps \(step) at frame \(i) with the finger moving \(moved)")
                    fingerFrames += 1
                } else {
                    // Free motion: the step is the trapezoid of the velocities, to second order.
                    let trapezoid = (a.velocity + b.velocity) / 2 * dt
                    #expect(abs(step - trapezoid) <= 0.5 + 0.03 * abs(step),
                            "\(channel) jumps \(step) (velocity says \(trapezoid)) at frame \(i)")
                    freeFrames += 1
                }
            }
        }
        #expect(fingerFrames > 50 && freeFrames > 800)
    }

    @Test func flingPastEitherEndBouncesAndComesToRestOnIt() throws {
        let r = try record("scroll")
        let end = ScrollDemo.listAxis.bounds.upperBound
        #expect(end == 1293)
        var maxPastEnd = 0.0, maxPastTop = 0.0
        for i in 0..<r.frames {
            let x = r.value(frame: i, channel: "list.offset")!.presentation
            let t = Double(i) / r.fps
            if t < 2.5 { maxPastEnd = max(maxPastEnd, x - end) }
            if t >= 2.5 && t < 3.3 { maxPastTop = max(maxPastTop, -x) }
        }
        // Crossing at 3000·e^(−2.002·0.543) ≈ 1012 pt/s: out by at most 1012/(10e) ≈ 37 pt.
        #expect(maxPastEnd > 20 && maxPastEnd < 38)
        #expect(maxPastTop > 20 && maxPastTop < 38)
        #expect(presentation(r, "list.offset", at: 2.45) == end)
        #expect(presentation(r, "list.offset", at: 3.3) < 0)                 // caught mid-bounce
        #expect(presentation(r, "list.offset", at: 5.55) == 0)
    }

    @Test func dragPastTheTopIsRubberBandedAndSpringsBack() throws {
        let r = try record("scroll")
        // 200 pt past the top in a 387-point viewport shows (1 − 1/(200·0.55/387 + 1))·387.
        let expected = -(1 - 1 / (200 * 0.55 / 387 + 1)) * 387
        #expect(abs(presentation(r, "list.offset", at: 6.1) - expected) < 1e-9)
        #expect(presentation(r, "list.offset", at: 7.45) == 0)
    }

    @Test func flicksReachThePageTheProjectionPicks() throws {
        let r = try record("scroll")
        #expect(presentation(r, "pager.offset", at: 8.75) == 375)
        #expect(r.value(frame: Int(8.75 * 60), channel: "pager.page")!.model == 1)
        #expect(presentation(r, "pager.offset", at: 10.05) == 750)
        #expect(presentation(r, "pager.offset", at: 11.45) == 375)
        // At rest within bounds at the end, nothing moving.
        let last = r.frames - 1
        let list = r.value(frame: last, channel: "list.offset")!, pager = r.value(frame: last, channel: "pager.offset")!
        #expect(ScrollDemo.listAxis.bounds.contains(list.presentation) && list.velocity == 0)
        #expect(ScrollDemo.pages.bounds.contains(pager.presentation) && pager.velocity == 0)
    }

    @Test func grabbingTheListMidBounceKeepsItUnderTheFinger() {
        let engine = AnimationEngine()
        let scroll = ScrollDemo(engine: engine)
        scroll.handle(.down(1, Point(x: 187, y: 620), at: 0.1))
        for k in 1...6 { scroll.handle(.move(1, Point(x: 187, y: 620 - 50 * Double(k)), at: 0.1 + Double(k) / 60)) }
        scroll.handle(.up(1, Point(x: 187, y: 320), at: 0.2))
        var t = 0.2
        while scroll.fling?.phase != .bouncing { t += 1.0 / 60; scroll.advance(to: t) }
        t += 2.0 / 60
        scroll.advance(to: t)
        let shown = scroll.listOffset.presentationValue
        #expect(shown > ScrollDemo.listAxis.bounds.upperBound)
        scroll.handle(.down(1, Point(x: 187, y: 500), at: t))
        #expect(scroll.listOffset.presentationValue == shown && !scroll.listOffset.isAnimating)
        scroll.handle(.move(1, Point(x: 187, y: 490), at: t + 1.0 / 60))
        // 10 more points of raw drag past the end, through the rubber band.
        let axis = ScrollDemo.listAxis
        let expected = axis.shownOffset(forRawOffset: axis.rawOffset(showing: shown) + 10)
        #expect(abs(scroll.listOffset.presentationValue - expected) < 1e-9)
    }
}
