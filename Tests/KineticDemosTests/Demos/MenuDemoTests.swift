import Testing
import Kinetic
import KineticHost
import KineticScene
@testable import KineticDemos

/// The staggered menu: one timeline opened, reversed mid-flight, scrubbed and thrown, with
/// nothing jumping at any input.
@Suite("Menu demo")
struct MenuDemoTests {
    static func shown(_ demo: MenuDemo) -> [Double] {
        demo.items.map(\.presentation.center.x) + demo.items.map(\.presentation.alpha)
            + [demo.badge.presentation.center.x, demo.badge.presentation.center.y, demo.heading.presentationValue,
               demo.backdrop.presentation.alpha]
    }

    static func tap(_ demo: MenuDemo, at t: Double) {
        demo.advance(to: t)
        demo.handle(.down(1, Point(x: 321, y: 605), at: t))
        demo.handle(.up(1, Point(x: 321, y: 605), at: t + 0.05))
    }

    @Test func aTapOpensTheMenuWithItsItemsStaggeredAndTheCallbackOnce() {
        let demo = MenuDemo(engine: AnimationEngine())
        Self.tap(demo, at: 0.2)
        // Staggered from the bottom item: 60 ms apart.
        demo.advance(to: 0.25 + 0.05 + 0.03)
        #expect(demo.items[4].presentation.center.x < 550 && demo.items[3].presentation.center.x == 550)
        demo.advance(to: 0.25 + (demo.timeline?.duration ?? 0) + 0.01)
        #expect(demo.isOpen && demo.callbackCount == 1 && demo.timeline == nil)
        #expect(demo.items.allSatisfy { $0.presentation.center.x == 250 && $0.presentation.alpha == 1 })
        #expect(demo.badge.presentation.center == Point(x: 145, y: 254))
    }

    @Test func aTapMidFlightReversesEverythingWithoutAJump() {
        let demo = MenuDemo(engine: AnimationEngine())
        Self.tap(demo, at: 0.2)
        demo.advance(to: 0.55)
        demo.handle(.down(1, Point(x: 321, y: 605), at: 0.55))
        let before = Self.shown(demo)
        demo.handle(.up(1, Point(x: 321, y: 605), at: 0.55))
        #expect(Self.shown(demo) == before)
        #expect(demo.timeline?.isReversed == true && demo.timeline?.isRunning == true)
        demo.advance(to: 2)
        #expect(demo.timeline == nil && !demo.isOpen)
        #expect(demo.items.allSatisfy { $0.presentation.center.x == 550 })
    }

    @Test func aDragScrubsTheTimelineFromWhereItWasCaughtAndAFlingThrowsIt() {
        let demo = MenuDemo(engine: AnimationEngine())
        Self.tap(demo, at: 0.2)
        demo.advance(to: 2)
        #expect(demo.isOpen)
        demo.handle(.down(1, Point(x: 100, y: 150), at: 2.0))
        demo.handle(.move(1, Point(x: 115, y: 150), at: 2.02))      // the pan begins: a closing run, at 0
        let caught = Self.shown(demo)
        #expect(demo.timeline?.fractionComplete == 0 && demo.runOpens == false)
        demo.advance(to: 2.02)
        #expect(Self.shown(demo) == caught)
        demo.handle(.move(1, Point(x: 175, y: 150), at: 2.1))
        #expect(abs((demo.timeline?.fractionComplete ?? -1) - 60.0 / MenuDemo.travel) < 1e-12)
        demo.advance(to: 2.1)
        let scrubbed = Self.shown(demo)
        for i in 1...6 { demo.handle(.move(1, Point(x: 175 + 10 * Double(i), y: 150), at: 2.1 + 0.0125 * Double(i))) }
        demo.handle(.up(1, Point(x: 235, y: 150), at: 2.18))
        demo.advance(to: 2.18)
        #expect(scrubbed != Self.shown(demo))
        // Thrown shut: the closing run goes on, and is done well before its own pace would be.
        #expect(demo.timeline?.isRunning == true && demo.timeline?.isReversed == false)
        demo.advance(to: 2.18 + 0.6 * (demo.timeline?.duration ?? 0))
        #expect(demo.timeline == nil && !demo.isOpen)
        #expect(demo.items.allSatisfy { $0.presentation.center.x == 550 })
    }

    @Test(arguments: [30.0, 60.0, 120.0])
    func underReducedMotionNoItemIsEverDrawnBetweenItsPlaces(fps: Double) {
        let engine = AnimationEngine()
        engine.motionPolicy = .reduced
        let demo = MenuDemo(engine: engine)
        let closed = demo.items.map { $0.presentation.center }
        let badgeStart = demo.badge.presentation.center
        Self.tap(demo, at: 0.2)
        var t = 0.2
        var opened: [Point] = []
        var dimmed: Set<Double> = []
        while t < 2 {
            t += 1 / fps
            demo.advance(to: t)
            for (i, item) in demo.items.enumerated() {
                let c = item.presentation.center
                #expect(c == closed[i] || c.x == 250, "item \(i) at \(t): \(c)")
            }
            let b = demo.badge.presentation.center
            #expect(b == badgeStart || b == demo.badge.center, "badge at \(t): \(b)")
            dimmed.insert(demo.backdrop.presentation.alpha)
            opened = demo.items.map { $0.presentation.center }
        }
        #expect(demo.isOpen && opened.allSatisfy { $0.x == 250 })
        // The backdrop still fades: several values between its ends were drawn.
        #expect(dimmed.count > 3)
        // Back to full motion: the close is the staggered springs again.
        engine.motionPolicy = .full
        Self.tap(demo, at: 2.1)
        demo.advance(to: 2.3)
        #expect(demo.items.contains { $0.presentation.center.x > 250 && $0.presentation.center.x < 550 })
        demo.advance(to: 4)
        #expect(!demo.isOpen && demo.items.allSatisfy { $0.presentation.center.x == 550 })
    }
}
