// The drawer demo caught mid-flight under its own gesture script: the catch never jumps.
import Testing
import Kinetic
import KineticHost
import KineticScene
@testable import KineticDemos

/// Issue 11's bar: the drawer, caught mid-flight in its gesture script (`gestures/drawer.txt`),
/// does not jump: at the catch and at every event of the drag that follows, the presentation
/// moves no more than the finger does.
@Suite("Drawer caught mid-flight")
struct DrawerCatchTests {
    @Test func catchingTheClosingDrawerMovesItNoMoreThanTheFinger() throws {
        let script = try repositoryScript("drawer")
        let engine = AnimationEngine()
        let drawer = DrawerDemo(engine: engine)
        func y() -> Double { drawer.drawer.$transform.presentationValue.translationY }

        // The drag that catches the closing drawer: from its touch down to its lift.
        let downs = script.events.indices.filter { script.events[$0].phase == .down }
        let catchIndex = try #require(downs.last)
        let dragPointer = script.events[catchIndex].pointer
        let lift = try #require(script.events[catchIndex...].firstIndex { $0.pointer == dragPointer && $0.phase == .up })

        var checked = 0
        var fingerTravel = 0.0
        var drawerTravel = 0.0
        var previousFinger = script.events[catchIndex].location.y
        for (index, event) in script.events.enumerated() {
            // Time reaches the event first (the animation moves then, as it should), then the
            // event lands at that instant: only the event's own effect is measured.
            drawer.advance(to: event.time)
            let before = y()
            _ = drawer.handle(event)
            guard index >= catchIndex && index < lift else { continue }
            if index == catchIndex {
                // It is caught while closing, well inside its run.
                #expect(drawer.animator?.isRunning == true || drawer.animator?.state == .active)
                #expect(before > -300 && before < -5)
            }
            let finger = abs(event.location.y - previousFinger)
            let moved = abs(y() - before)
            #expect(moved <= finger + 1e-9,
                    "at t = \(event.time) the drawer moved \(moved) pt while the finger moved \(finger) pt")
            previousFinger = event.location.y
            fingerTravel += finger
            drawerTravel += moved
            checked += 1
        }
        // The drag was real: several events, the drawer followed the finger up.
        #expect(checked >= 5)
        #expect(fingerTravel >= 50)
        #expect(drawerTravel > 20)
    }
}
