// Dropping a demo (its host invalidating the engine it made) frees it: its scene, engine, nodes, recognizers and animators.
import Testing
import Kinetic
import KineticDynamics
import KineticHost
import KineticScene
@testable import KineticDemos

/// A `weak` reference (the tests run as ordinary Swift, where `weak` exists): nil once the
/// object is deinitialized, so a non-nil one after every owner is gone is a leak.
private struct Watched {
    let what: String
    weak var object: AnyObject?
}

/// Issue 12 item 3, issue 19: a host holds a demo (a `HostedScene`), the demo its scene, the
/// scene its engine. Nothing the scene, the engine or the animators hold may own any of them
/// back: the closures a demo stores there reach it through a `ZeroingReference`. The host
/// makes the engine and invalidates it when it drops the scene (`HostSession.select`,
/// `SceneRender`), which ends animations still in flight; these tests do what a host does.
@Suite("Demo ownership")
struct DemoOwnershipTests {
    /// Every object of a running demo worth watching: the demo, the scene, the engine, every
    /// node in the tree with its recognizers, the engine's animators, and the objects specific
    /// demos keep outside the tree (dynamic animators, navigation stack).
    private static func watch(_ demo: any HostedScene) -> [Watched] {
        var watched = [Watched(what: "demo", object: demo),
                       Watched(what: "scene", object: demo.scene), Watched(what: "engine", object: demo.engine)]
        var stack = [demo.scene.root]
        while let node = stack.popLast() {
            watched.append(Watched(what: "node " + node.name, object: node))
            for r in node.gestureRecognizers { watched.append(Watched(what: "recognizer of " + node.name, object: r)) }
            stack += node.children
        }
        for (i, a) in demo.engine.animators.enumerated() { watched.append(Watched(what: "animator \(i)", object: a)) }
        if let d = demo as? DynamicsDemo {
            watched.append(Watched(what: "dynamic animator", object: d.animator))
            watched.append(Watched(what: "grabber", object: d.grabber))
        }
        if let p = demo as? PyramidDemo { watched.append(Watched(what: "dynamic animator", object: p.animator)) }
        if let p = demo as? PhotoDemo {
            watched.append(Watched(what: "stack", object: p.stack))
            watched.append(Watched(what: "transition controller", object: p.controller))
            watched.append(Watched(what: "transition driver", object: p.controller.driver))
        }
        if let n = demo as? NavigationDemo {
            watched.append(Watched(what: "stack", object: n.stack))
            watched.append(Watched(what: "navigation delegate", object: n.delegate))
        }
        if let p = demo as? PaneDemo {
            for (i, d) in p.drivers.enumerated() {
                watched.append(Watched(what: "pane driver \(i)", object: d))
                watched.append(Watched(what: "pane driver item \(i)", object: d.item))
            }
        }
        return watched
    }

    /// Runs `name` for 0.6 s at 60 fps with a tap low in the middle (the drawer's button, the
    /// pane, the comments header), a tap on the top-left (a photo tile, a dynamics item) and a
    /// downward drag through the middle, and returns what to watch, taken while animations,
    /// transitions and grabs are still under way: the demo is dropped mid-flight, after its
    /// engine is invalidated as a host does.
    private static func runAndWatch(_ name: String) -> [Watched] {
        let engine = AnimationEngine()
        let demo = makeDemo(name, engine: engine)
        var events: [PointerEvent] = [.down(1, Point(x: 187, y: 640), at: 0.05), .up(1, Point(x: 187, y: 640), at: 0.08),
                                      .down(1, Point(x: 60, y: 160), at: 0.15), .up(1, Point(x: 60, y: 160), at: 0.17),
                                      .down(1, Point(x: 187, y: 300), at: 0.25)]
        for k in 1...12 {
            events.append(.move(1, Point(x: 187 - 3 * Double(k), y: 300 + 16 * Double(k)), at: 0.25 + Double(k) / 60))
        }
        events.append(.up(1, Point(x: 151, y: 492), at: 0.45))
        var next = 0
        for frame in 0...36 {
            let t = Double(frame) / 60
            while next < events.count, events[next].time <= t {
                demo.handle(events[next])
                next += 1
            }
            demo.advance(to: t)
        }
        let watched = watch(demo)
        engine.invalidate()
        return watched
    }

    @Test(arguments: DemoCatalog.entries.map(\.name))
    func droppingARunningDemoFreesEveryObjectOfIt(_ name: String) {
        let watched = Self.runAndWatch(name)
        // The demo, its scene and engine, and at least the root and one more node.
        #expect(watched.count >= 5)
        let alive = watched.filter { $0.object != nil }.map(\.what)
        #expect(alive.isEmpty, "\(name): still alive after the demo was dropped: \(alive)")
    }

    /// The check above can see a cycle: a recognizer that captures the drawer strongly keeps the
    /// drawer, its scene and its engine alive until the cycle is broken.
    @Test func aStrongCaptureInTheSceneKeepsTheDemoAliveUntilBroken() {
        final class Holder { var object: AnyObject? }
        let holder = Holder()
        weak var drawer: DrawerDemo?
        weak var engine: AnimationEngine?
        do {
            let d = DrawerDemo(engine: AnimationEngine())
            d.drawer.addGestureRecognizer(TapGestureRecognizer { _ in _ = holder })
            holder.object = d
            drawer = d
            engine = d.scene.engine
            d.advance(to: 0.1)
            d.engine.invalidate()
        }
        #expect(drawer != nil)
        #expect(engine != nil)
        holder.object = nil
        #expect(drawer == nil)
        #expect(engine == nil)
    }
}
