import Testing
import Kinetic
@testable import KineticScene

/// Reduced motion in the scene layer (issue 41 item 5): a push, a matched flight and a presence
/// transition show each node at its start or its end, never between, while fades run as written.
@Suite("Reduced motion in scenes")
struct ReducedMotionSceneTests {
    func near(_ r: Rect, _ s: Rect) -> Bool { r.isApproximatelyEqual(to: s, tolerance: 1e-9) }

    @Test(arguments: [30.0, 60.0, 120.0])
    func aMatchedPushLandsTheProxyOnTheDetailAndEndsWithThePush(fps: Double) throws {
        let engine = AnimationEngine()
        engine.motionPolicy = .reduced
        let scene = Scene(size: Size(width: 400, height: 800), engine: engine)
        let grid = Screen(title: "Grid", node: Node(name: "grid", engine: engine))
        let detail = Screen(title: "Detail", node: Node(name: "detail", engine: engine))
        let cell = Node(frame: Rect(x: 20, y: 130, width: 100, height: 100), name: "cell", engine: engine)
        let photo = Node(frame: Rect(x: 0, y: 200, width: 400, height: 400), name: "photo", engine: engine)
        cell.matchID = "photo"
        photo.matchID = "photo"
        grid.node.addChild(cell)
        detail.node.addChild(photo)
        let stack = NavigationStack(root: grid, scene: scene)
        var completions: [Bool] = []
        #expect(stack.push(detail, matchingGeometry: true) { completions.append($0) })
        let flight = try #require(stack.matchedGeometry)
        let proxy = flight.flights[0].proxy
        let cellFrame = cell.screenFrame()
        #expect(near(proxy.presentation.frame, cellFrame))      // nothing moves at the call
        var t = 0.0, frames = 0
        while stack.isTransitioning && t < 3 {
            t += 1 / fps
            engine.tick(at: t)
            frames += 1
            // The detail is at its place from the first frame; the proxy is drawn on it.
            #expect(detail.node.presentation.center.x == 200, "t = \(t)")
            if !flight.isFinished {
                #expect(near(proxy.presentation.frame, photo.screenFrame()), "t = \(t): \(proxy.presentation.frame)")
            }
        }
        // The push keeps its length: the flight ends with it, once, on the photo.
        #expect(frames > 10)
        #expect(completions == [true] && flight.isFinished && proxy.parent == nil && !photo.isHidden)
    }

    @Test(arguments: PresenceTransition.Edge.allCases)
    func aSlideInAndOutLandsItsOffsetAndFadesAsWritten(edge: PresenceTransition.Edge) {
        let engine = AnimationEngine()
        engine.motionPolicy = .reduced
        let container = Node(frame: Rect(x: 0, y: 0, width: 400, height: 800), name: "list", engine: engine)
        let presence = Presence(engine: engine, transition: .opacity, timing: .cubic(.easeInOut), duration: 0.5)
        let node = Node(frame: Rect(x: 100, y: 100, width: 120, height: 40), name: "row", engine: engine)
        let hidden = node.presentation.transform
        _ = presence.insert(node, into: container, transition: .slide(edge: edge))
        let out = node.presentation.transform
        #expect(out != hidden && node.presentation.alpha == 0)      // its hidden look, not drawn before
        var alphas: [Double] = []
        var t = 0.0
        while t < 0.6 {
            t += 1.0 / 60
            engine.tick(at: t)
            #expect(node.presentation.transform == .identity, "t = \(t)")
            alphas.append(node.presentation.alpha)
        }
        // The fade runs its 0.5 s ease-in-out: at 0.25 s it is half way.
        #expect(alphas.contains { $0 > 0.05 && $0 < 0.95 } && alphas.last == 1)
        t = 0.75
        engine.tick(at: t)
        #expect(abs(node.presentation.alpha - 1) < 1e-12)
        _ = presence.remove(node, transition: .slide(edge: edge))
        var gone = false
        while t < 1.5 {
            t += 1.0 / 60
            engine.tick(at: t)
            if node.parent == nil { gone = true; break }
            let m = node.presentation.transform
            #expect(m == out, "t = \(t): \(m)")
        }
        #expect(gone && node.transform == .identity && node.alpha == 1)
    }
}
