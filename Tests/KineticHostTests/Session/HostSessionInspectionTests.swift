// The Studio inspector's session calls: live animations as JSON, and the property recorder.
import Foundation
import Testing
import Kinetic
import KineticScene
import KineticHost
import KineticTestSupport

/// One 20 × 20 node named `box` at (10, 10) that a tap moves right by 100 over 1 s (linear).
private final class SlideScene: HostedScene {
    let scene: Scene
    let box: Node
    init(engine: AnimationEngine) {
        scene = Scene(size: Size(width: 200, height: 100), engine: engine)
        box = Node(frame: Rect(x: 10, y: 10, width: 20, height: 20), name: "box", engine: engine)
        scene.root.addChild(box)
    }
    func handle(_ event: PointerEvent) -> Bool {
        if event.phase == .down {
            let box = self.box
            PropertyAnimator(duration: 1, timingParameters: .cubic(.linear), engine: scene.engine) {
                box.center.x += 100
            }.startAnimation()
        }
        return true
    }
    static var entries: [SceneEntry] {
        [SceneEntry(name: "slide", title: "Slide") { SlideScene(engine: $0) }]
    }
}

@Suite("Host session inspection")
struct HostSessionInspectionTests {
    @Test func inspectWritesTheContractsJSONExactly() {
        let session = HostSession(entries: SlideScene.entries)
        #expect(session.inspect() == nil)
        session.select(0, at: 0)
        #expect(session.inspect()?.rows == 0 && session.inspect()?.json == "[]")
        session.pointer(.down(1, Point(x: 20, y: 20), at: 0))
        session.frame(at: 0.25)
        #expect(session.inspect()?.rows == 1)
        #expect(session.inspect()?.json == """
            [{"id":1,"name":"box.center","kind":"animator","state":"active","running":true,"reversed":false,\
            "fraction":0.25,"timing":{"type":"cubic","c1x":0.0,"c1y":0.0,"c2x":1.0,"c2y":1.0,"duration":1.0},\
            "key":"1","internal":false,"properties":[{"name":"box.center","model":[120.0,20.0],"presentation":[45.0,20.0],"velocity":[100.0,0.0]}]}]
            """)
    }

    @Test func theJSONParsesAndItsNumbersRoundTripBitForBit() throws {
        let session = HostSession(entries: SlideScene.entries)
        session.select(0, at: 0)
        session.pointer(.down(1, Point(x: 20, y: 20), at: 0))
        session.frame(at: 1.0 / 3)
        let json = try #require(session.inspect()?.json)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let live = session.hosted!.scene.engine.liveAnimations()
        let fraction = try #require(parsed[0]["fraction"] as? Double)
        #expect(fraction.bitPattern == live[0].fractionComplete!.bitPattern)
        let property = try #require((parsed[0]["properties"] as? [[String: Any]])?.first)
        let presentation = try #require(property["presentation"] as? [Double])
        #expect(presentation.map(\.bitPattern) == live[0].properties[0].presentation.map(\.bitPattern))
        // Shortest decimals that parse back to the same bits, over awkward values.
        var rng = SeededGenerator(seed: 19)
        for _ in 0..<2000 {
            let x = Double(bitPattern: rng.next())
            let text = InspectionJSON.number(x)
            if x.isFinite { #expect(Double(text)?.bitPattern == x.bitPattern, "\(text)") } else { #expect(text == "null") }
        }
        for x in [0.1, 1.0 / 3, -0.0, Double.leastNonzeroMagnitude, 1.7976931348623157e308, 1e21, 1e-7] {
            #expect(Double(InspectionJSON.number(x))?.bitPattern == x.bitPattern)
        }
        #expect(InspectionJSON.number(.nan) == "null" && InspectionJSON.number(-.infinity) == "null")
    }

    @Test func namesAreEscapedAsJSONStrings() throws {
        #expect(InspectionJSON.string("a\"b\\c\nd\u{1}é") == "\"a\\\"b\\\\c\\u000ad\\u0001é\"")
        let inspection = AnimationInspection(id: 7, name: "quote\"d", kind: .other, state: .atRest, isRunning: false,
                                             timing: .none, properties: [])
        let json = InspectionJSON.encode([inspection])
        #expect(json == #"[{"id":7,"name":"quote\"d","kind":"other","state":"atRest","running":false,"reversed":false,"fraction":null,"timing":{"type":"none"},"properties":[]}]"#)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed[0]["name"] as? String == "quote\"d")
        #expect(InspectionJSON.encode([]) == "[]")
    }

    @Test func theRecorderSamplesEachFrameOfTheWatchedProperty() {
        let session = HostSession(entries: SlideScene.entries)
        #expect(!session.watch(property: "box.center") && !session.watch(animation: 1))
        session.select(0, at: 0)
        #expect(!session.watch(property: "box.nope") && !session.watch(animation: 1))
        #expect(session.watch(property: "box.center"))
        session.pointer(.down(1, Point(x: 20, y: 20), at: 0))
        for i in 1...3 { session.frame(at: Double(i) / 10) }
        #expect(session.samples().count == 3 * 7 && session.recorder.count == 3 && session.recorder.stride == 7)
        let box = (session.hosted as! SlideScene).box
        // The last sample is the box now: time, model, presentation, velocity.
        #expect(Array(session.samples()[14...]) == [0.3, 120, 20, box.presentation.center.x, 20, 100, 0])
        #expect(box.presentation.center.x == 50)
        // By animation id and property index: the same property, recorded afresh.
        #expect(session.watch(animation: 1, property: 0) && !session.watch(animation: 1, property: 1))
        session.frame(at: 0.4)
        #expect(session.samples().count == 7 && session.samples()[0] == 0.4)
        // A new selection: the recorder follows the label into the new scene.
        session.select(0, at: 5)
        session.frame(at: 5.1)
        #expect(session.samples() == [5.1, 20, 20, 20, 20, 0, 0])
        session.unwatch()
        session.frame(at: 5.2)
        #expect(session.samples().isEmpty && session.recorder.count == 0)
    }

    @Test func recordingNeverGrowsTheRingOnceWatching() {
        let session = HostSession(entries: SlideScene.entries)
        session.select(0, at: 0)
        #expect(session.watch(property: "box.center"))
        let storage = session.recorder.storageCapacity
        session.pointer(.down(1, Point(x: 20, y: 20), at: 0))
        for i in 1...(HostSession.recorderCapacity + 50) { session.frame(at: Double(i) / 60) }
        #expect(session.recorder.storageCapacity == storage)
        let samples = session.samples()
        #expect(samples.count == HostSession.recorderCapacity * session.recorder.stride)
        #expect(session.recorder.recordedCount == HostSession.recorderCapacity + 50)
        // Oldest first: the first sample kept is frame 51.
        #expect(samples[0] == 51.0 / 60)
    }
}
