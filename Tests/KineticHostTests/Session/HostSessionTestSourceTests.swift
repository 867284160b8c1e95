// The recorded gesture as a Swift Testing file: its shape, and that its numbers are the replay's.
import Testing
import Kinetic
import KineticScene
@testable import KineticHost
import KineticDemos
import KineticTestSupport

@Suite("Host session test export")
struct HostSessionTestSourceTests {
    @Test func theTestSourceReplaysTheScriptAndAssertsTheReplaysValuesExactly() throws {
        let live = try LiveSession(scene: "drawer")
        let session = live.session
        let source = try session.testSource()
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("import Testing"))
        #expect(lines.contains("import KineticDemos"))
        #expect(!source.contains("@testable"))
        #expect(lines.contains("@Test func drawerReplaysTheRecordedGesture() throws {"))
        #expect(lines.contains("    let entry = try #require(DemoCatalog.entries.first { $0.name == \"drawer\" })"))
        // The script is embedded verbatim, indented.
        for line in session.script().split(separator: "\n") { #expect(lines.contains("        " + line)) }

        // Its numbers are those of the 60 Hz replay of the script, written so they read back exactly.
        let script = try GestureScript(parsing: session.script())
        let run = SceneRecording(scene: DemoCatalog.entries.first { $0.name == "drawer" }!.make(AnimationEngine()),
                                 script: script, fps: 60, duration: script.end)
        #expect(lines.contains("    #expect(run.frames == \(run.frames))"))
        var asserted = 0
        for (i, line) in lines.enumerated() {
            // let f96DrawerTranslationY = try #require(run.value(frame: 96, channel: "drawer.translation.y"))
            guard let open = line.firstRange(of: "run.value(frame: ") else { continue }
            let rest = line[open.upperBound...]
            let frame = Int(rest[..<rest.firstIndex(of: ",")!])!
            let channel = String(rest.split(separator: "\"")[1])
            let v = try #require(run.value(frame: frame, channel: channel))
            for (k, expected) in [v.model, v.presentation, v.velocity].enumerated() {
                let assertion = lines[i + 1 + k]
                let literal = assertion[assertion.firstRange(of: " == ")!.upperBound...].dropLast()
                #expect(Double(String(literal))?.bitPattern == expected.bitPattern, "\(assertion)")
                asserted += 1
            }
        }
        // Three releases (the two taps' ups and the swipe's), 0.1 s after each, and the last
        // frame; three channels each, three numbers per channel.
        #expect(asserted == 4 * 3 * 3)
        #expect(source.contains("// t = \(Double(run.frames - 1) / 60) s"))
    }

    /// Issue 42: the module name and the scene list were pasted into the generated Swift
    /// verbatim, so `Card\nimport Evil` wrote a line of the caller's choosing.
    @Test func onlySwiftIdentifiersNameTheModuleAndTheSceneList() throws {
        for good in ["Card", "_Card", "MyApp2", "my_app", "K"] { #expect(HostSession.isSwiftIdentifier(good), "\(good)") }
        for bad in ["", "_", "2App", "My-App", "My App", "My.App", "Card\nimport Evil", "Caf\u{E9}", "import", "func",
                    "self", "`Card`", "Card;", "Card//"] {
            #expect(!HostSession.isSwiftIdentifier(bad), "\(bad)")
        }
        let live = try LiveSession(scene: "drawer")
        let session = live.session
        #expect(throws: HostSession.Refusal("the module name \"Cardimport Evil\" is not a Swift identifier (ASCII letters, digits and _, not starting with a digit)")) {
            try session.testSource(module: "Card\nimport Evil", scenes: "CardApp.scenes")
        }
        for scenes in ["", "CardApp.", ".scenes", "CardApp..scenes", "CardApp.scenes()", "CardApp.scenes; exit(1)",
                       "CardApp.scenes\n}", "CardApp[0]"] {
            let message = refusal { () throws(HostSession.Refusal) in try session.testSource(module: "Card", scenes: scenes) }
            #expect(message?.hasPrefix("the scene list ") == true, "\(scenes): \(message ?? "no refusal")")
        }
        let source = try session.testSource(module: "Card", scenes: "Card.Catalog.scenes")
        #expect(source.contains("\nimport Card\n") && source.contains("try #require(Card.Catalog.scenes.first"))
    }

    @Test func optionsNameTheUsersModuleAndBadRequestsSayWhy() throws {
        let session = HostSession(entries: DemoCatalog.entries)
        #expect(throws: HostSession.Refusal("no scene is shown")) { try session.testSource() }
        session.select(DemoCatalog.entries.firstIndex { $0.name == "pane-pop" }!, at: 5)
        #expect(throws: HostSession.Refusal("unknown scene nope")) { try session.testSource(sceneName: "nope") }
        session.pointer(.down(1, Point(x: 187, y: 620), at: 5.25))
        session.pointer(.up(1, Point(x: 187, y: 620), at: 5.5))
        session.frame(at: 6)
        let source = try session.testSource(module: "MyApp", scenes: "MyApp.scenes", testable: true)
        #expect(source.contains("\n@testable import MyApp\n"))
        #expect(source.contains("@Test func panePopReplaysTheRecordedGesture() throws {"))
        #expect(source.contains("try #require(MyApp.scenes.first { $0.name == \"pane-pop\" })"))
        #expect(source.contains("        0.25 down 1 187.0 620.0\n"))
    }

    @Test func namesBecomeIdentifiersAndLiterals() {
        #expect(RecordedTest.identifier("pane-pop") == "panePop")
        #expect(RecordedTest.identifier("card.center.x") == "cardCenterX")
        #expect(RecordedTest.identifier("2d") == "_2d")
        #expect(RecordedTest.identifier("--") == "scene")
        #expect(RecordedTest.literal("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(RecordedTest.literal(0.1) == "0.1" && RecordedTest.literal(-.infinity) == "-.infinity")
    }
}
