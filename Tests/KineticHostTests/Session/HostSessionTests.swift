// The host session over the demos app's scenes, and the render-list encoding it hands the page.
import Testing
import Kinetic
import KineticScene
@testable import KineticHost
import KineticDemos
import KineticTestSupport

@Suite("Host session and render-list encoding")
struct HostSessionTests {
    @Test func sessionDrivesADemoAndEncodesItsRenderList() {
        let session = HostSession(entries: DemoCatalog.entries)
        let drawer = DemoCatalog.entries.firstIndex { $0.name == "drawer" }!
        #expect(session.select(drawer, at: 1000))
        #expect(!session.select(99, at: 1000))
        #expect(session.pointer(.down(1, Point(x: 187, y: 645), at: 1000.2)))
        #expect(session.pointer(.up(1, Point(x: 187, y: 645), at: 1000.25)))
        session.frame(at: 1000.75)
        let encoding = session.encoding
        let n = encoding.numbers
        #expect(n[0] == 1 && n[2] == 375 && n[3] == 667)
        let count = Int(n[1])
        #expect(n.count == RenderListEncoder.headerCount + count * RenderListEncoder.stride)
        // Find the drawer's rect: its matrix places its box at the presentation position.
        var found = false
        for c in 0..<count {
            let i = RenderListEncoder.headerCount + c * RenderListEncoder.stride
            let name = String(decoding: encoding.bytes[Int(n[i + 1])..<Int(n[i + 1] + n[i + 2])], as: UTF8.self)
            if n[i] == 1, name == "drawer" {
                found = true
                #expect(n[i + 3] == 375 && n[i + 4] == 350)
                #expect(abs(n[i + 10] - (622 - 305 * bezierProgress(0, 0, 0.58, 1, at: 0.5))) < 1e-9)
                #expect(n[i + 12] == 16 && n[i + 14] == 0)          // top corners rounded only
            }
        }
        #expect(found)
        // A host clock behind the engine is held, never rewound.
        session.frame(at: 999)
        #expect(session.hosted!.scene.engine.time == 1000.75)
    }

    @Test func clippedChildrenAreEncodedRelativeToTheirClip() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 100, height: 100), engine: engine)
        let clip = Node(frame: Rect(x: 10, y: 20, width: 50, height: 50), name: "clip", engine: engine)
        clip.clipsToBounds = true
        clip.backgroundColor = .white
        let child = Node(frame: Rect(x: 5, y: 6, width: 10, height: 10), name: "child", engine: engine)
        child.backgroundColor = .black
        clip.addChild(child)
        scene.root.addChild(clip)
        var encoder = RenderListEncoder()
        encoder.encode(scene.renderList())
        let n = encoder.numbers, h = RenderListEncoder.headerCount, s = RenderListEncoder.stride
        #expect(n[1] == 4)                                    // clip rect, push, child, pop
        #expect(n[h + s] == 3 && n[h + s + 9] == 10 && n[h + s + 10] == 20)
        #expect(n[h + 2 * s] == 1 && n[h + 2 * s + 9] == 5 && n[h + 2 * s + 10] == 6)
        #expect(n[h + 3 * s] == 4)
    }

    @Test func recordingMatchesTheSharedLoopAndReportsParseErrors() throws {
        let session = HostSession(entries: DemoCatalog.entries)
        let text = "0.2 down 1 187 645\n0.25 up 1 187 645\n1.5 end\n"
        let run = try session.record(scene: "drawer", script: text, fps: 60)
        #expect(run.frames == 90)
        #expect(run.channels == ["drawer.translation.y", "drawer.open", "animator.fractionComplete"])
        let direct = SceneRecording(scene: DemoCatalog.entries.first { $0.name == "drawer" }!.make(AnimationEngine()),
                                   script: try GestureScript(parsing: text), fps: 60, duration: 1.5)
        #expect(run.values == direct.values)
        let message = refusal { () throws(HostSession.Refusal) in try session.record(scene: "drawer", script: "0 wiggle", fps: 60) }
        #expect(message?.hasPrefix("script line 1: unknown verb 'wiggle'") == true)
    }

    @Test func decimalParserReadsScriptNumbersExactly() {
        let cases: [(String, Double)] = [("0.25", 0.25), ("187", 187), ("-3.5", -3.5), ("1e3", 1000), ("2.05", 2.05),
                                         ("0.016666666666666666", 0.016666666666666666), ("+7.", 7), (".5", 0.5)]
        for (text, value) in cases { #expect(DecimalParser.parse(text[...]) == value, "\(text)") }
        for bad in ["", "-", "x", "1e", "1.2.3", "nan", "1e999"] { #expect(DecimalParser.parse(bad[...]) == nil, "\(bad)") }
    }
}
