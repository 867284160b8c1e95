import Testing
import Kinetic
import KineticHost
import KineticScene
import KineticDemos
@testable import KineticCommandLine
#if canImport(Glibc)
import Glibc
#endif

@Suite("kinetic render and plot")
struct RenderCommandTests {
    @Test func malformedScriptsGetAnErrorNamingTheLine() {
        let cases: [(String, String)] = [
            ("0 down 1 10 10\n0.1 wiggle 1 10 10", "script line 2: unknown verb 'wiggle'"),
            ("# c\n\n0 down 1 10", "script line 3: 'down' needs TIME down POINTER X Y"),
            ("0 down 1 10 10\n0.2 move 1 10 10\n0.1 move 1 10 10", "script line 3: time 0.1 is before"),
            ("0 up 1 10 10", "script line 1: pointer 1 goes up without being down"),
            ("0 down 1 10 10\n0 down 1 10 10", "script line 2: pointer 1 goes down while already down"),
            ("0 down 1 x 10", "script line 1: x 'x' is not a finite number"),
            ("1 end\n2 down 1 0 0", "script line 2: nothing may follow 'end'"),
        ]
        for (text, expected) in cases {
            do throws(GestureScript.ParseError) {
                _ = try GestureScript(parsing: text)
                Issue.record("no error for \(text)")
            } catch {
                #expect(error.message.hasPrefix(expected), "\(error.message)")
            }
        }
        let drag = try? GestureScript(parsing: "0.1 drag 1 0 0 0.2 60 0 # six moves\n1 end")
        #expect(drag?.events.count == 8)
        #expect(drag?.events.last == .up(1, Point(x: 60, y: 0), at: 0.2))
        #expect(drag?.end == 1)
    }

    @Test func renderWritesOneSVGPerFrameAndTheCSV() throws {
        var template = Array("/tmp/kinetic-render-XXXXXX".utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        try HostFiles.writeFile("0.1 drag 1 60 400 1.3 300 420\n2 end\n", to: dir + "/drag.txt")
        let result = runKinetic(arguments: ["render", "navigation", "--script", dir + "/drag.txt", "--out", dir + "/out",
                                            "--record", "detail.center.x,grid.alpha"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "rendered 120 frames of navigation to \(dir)/out (0 events rejected)\n")
        let csv = try HostFiles.readFile(dir + "/out/properties.csv").split(separator: "\n")
        #expect(csv.count == 121)
        #expect(csv[0] == "frame,t,detail.center.x.model,detail.center.x.presentation,detail.center.x.velocity,grid.alpha.model,grid.alpha.presentation,grid.alpha.velocity")
        // Frame 42 (t = 0.7): the finger has moved 120 of 240 points in x: 30 % of the pop,
        // scrubbed linearly: detail at 200 + 120, the grid at 80 + 0.3 · 120, alpha 0.7 + 0.3 · 0.3.
        let f42 = csv[43].split(separator: ",").map { Double($0)! }
        #expect(abs(f42[3] - 320) < 1e-9 && abs(f42[6] - 0.79) < 1e-9)
        let svg = try HostFiles.readFile(dir + "/out/frame-00042.svg")
        #expect(svg.hasPrefix("<svg") && svg.contains("data-name=\"detail\""))
        let last = csv[120].split(separator: ",").map { Double($0)! }
        #expect(last[3] == 600)                                   // the pop finished
        let plot = runKinetic(arguments: ["plot", "csv", dir + "/out/properties.csv", "--property", "detail.center.x"])
        #expect(plot.exitCode == 0 && plot.stdout.contains("stroke-dasharray"))
        let curve = runKinetic(arguments: ["plot", "curve", "cubic", "easeIn"])
        #expect(curve.exitCode == 0 && curve.stdout.hasPrefix("<svg"))
        let bad = runKinetic(arguments: ["render", "navigation", "--script", dir + "/missing.txt", "--out", dir + "/x"])
        #expect(bad.exitCode == 2 && bad.stderr.hasPrefix("kinetic: cannot read"))
    }
}

@Suite("kinetic playground arguments")
struct PlaygroundCommandTests {
    @Test func planParsesPortDirectoryAndNoBuild() throws {
        #expect(try PlaygroundCommand.plan([]) == .init(directory: ".build-playground", port: 8765, build: true))
        #expect(try PlaygroundCommand.plan(["--port", "9000", "--out", "x", "--no-build"]) == .init(directory: "x", port: 9000, build: false))
        #expect(throws: CommandLineError.self) { try PlaygroundCommand.plan(["--port", "0"]) }
        let help = runKinetic(arguments: ["playground", "--help"])
        #expect(help.exitCode == 0 && help.stdout.contains("serves DIR on http://127.0.0.1:N/"))
    }

    @Test func everyDemoIsARenderScene() {
        let help = runKinetic(arguments: ["render", "--help"])
        for name in ["basics", "scrubbing", "drawer", "pane", "photo", "comments", "spring2d", "rotation", "navigation"] {
            #expect(help.stdout.contains("  \(name)  "), "\(name)")
        }
    }
}
