// An app's executable run natively: `list`, `render`, their parsing, files, messages and exit statuses.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Kinetic
import KineticHost
import KineticScene
import KineticDemos

@Suite("Native runner")
struct NativeRunnerTests {
    /// Runs the runner with stdout and stderr in files; returns (status, stdout, stderr).
    func run(_ arguments: [String], entries: [SceneEntry] = ProbeScene.entries, stdout path: String? = nil) -> (Int32, String, String) {
        let dir = makeTemporaryDirectory("run")
        let outPath = path ?? dir + "/stdout"
        let out = open(outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let err = open(dir + "/stderr", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let status = NativeRunner.run(arguments: arguments, entries: entries, outputDescriptor: out, errorDescriptor: err)
        close(out); close(err)
        return (status, path == nil ? readFile(outPath) ?? "" : "", readFile(dir + "/stderr") ?? "")
    }

    @Test func parsesListRenderAndEveryOptionForm() throws {
        #expect(try NativeRunner.parse(["list"]) == .list)
        #expect(try NativeRunner.parse(["render", "--help"]) == .help)
        #expect(try NativeRunner.parse(["render", "drawer", "--script", "s.txt", "--out=o", "--fps", "30", "--duration=1.5", "--record", "a,b"])
                == .render(RenderRequest(scene: "drawer", script: "s.txt", out: "o", fps: 30, duration: 1.5, record: "a,b")))
        #expect(try NativeRunner.parse(["render", "--out", "o", "--", "-odd"]) == .render(RenderRequest(scene: "-odd", out: "o")))
        let bad: [([String], String)] = [
            ([], "missing command: list or render"),
            (["draw"], "unknown command 'draw'"),
            (["list", "x"], "list: unexpected argument 'x'"),
            (["render"], "render: missing SCENE"),
            (["render", "a", "b"], "render: expected one SCENE, got 2"),
            (["render", "a", "--speed", "2"], "unknown option '--speed' for 'render'"),
            (["render", "a", "-x"], "unknown option '-x' for 'render'"),
            (["render", "a", "--out"], "option '--out' needs a value"),
            (["render", "a", "--out", "x", "--out", "y"], "option '--out' given more than once"),
            (["render", "a", "--fps", "fast"], "invalid number 'fast' for --fps"),
            (["render", "a", "--fps", "inf"], "--fps must be a finite number, got 'inf'"),
        ]
        for (arguments, message) in bad {
            #expect(throws: RenderFailure.self) { try NativeRunner.parse(arguments) }
            do throws(RenderFailure) { _ = try NativeRunner.parse(arguments) } catch {
                #expect(error.message.hasPrefix(message), "\(arguments): \(error.message)")
                #expect(error.status == 2)
            }
        }
    }

    @Test func listPrintsOneNameTabTitleLinePerScene() {
        let (status, out, err) = run(["list"])
        #expect(status == 0 && err.isEmpty)
        #expect(out == "probe\tProbe\nother\tOther\n")
        let demos = run(["list"], entries: DemoCatalog.entries).1.split(separator: "\n")
        #expect(demos.count == 18 && demos.first == "basics\tBasics" && demos.last == "list\tPresence and layout: a list")
    }

    /// A render stopped by a bad argument after the scene was made (an unknown `--record`
    /// name) still ends the engine it made, so a scene in flight from its first instant is freed.
    @Test func aRenderStoppedByAnUnknownRecordNameFreesTheSceneItMade() {
        weak var engine: AnimationEngine?
        weak var scene: Scene?
        let entries = [SceneEntry(name: "flying", title: "Flying") { e in
            let flying = FlyingScene(engine: e)
            engine = e
            scene = flying.scene
            return flying
        }]
        let dir = makeTemporaryDirectory("flying")
        writeFile("0.5 end\n", to: dir + "/flying.txt")
        let (status, _, err) = run(["render", "flying", "--script", dir + "/flying.txt", "--out", dir + "/out", "--record", "nothing"],
                                   entries: entries)
        #expect(status == 2 && err.contains("render: scene flying has no property 'nothing'"))
        #expect(scene == nil && engine == nil)
    }

    @Test func renderWritesFramesAndTheCSVLikeKineticRender() throws {
        let dir = makeTemporaryDirectory("render")
        writeFile("0.1 down 1 15 15\n0.2 up 1 15 15\n0.5 end\n", to: dir + "/tap.txt")
        let (status, out, err) = run(["render", "probe", "--script", dir + "/tap.txt", "--out", dir + "/out", "--fps", "20"])
        #expect(status == 0, "\(err)")
        #expect(out == "rendered 10 frames of probe to \(dir)/out (0 events rejected)\n" && err.isEmpty)
        let csv = try #require(readFile(dir + "/out/properties.csv")).split(separator: "\n")
        #expect(csv.count == 11 && csv[0] == "frame,t,clock.model,clock.presentation,clock.velocity")
        #expect(csv[8] == "7,0.35,0.35,0.35,1.0")
        let svg = try #require(readFile(dir + "/out/frame-00009.svg"))
        #expect(svg.hasPrefix("<svg") && svg.contains("data-name=\"box\""))
        #expect(readFile(dir + "/out/frame-00010.svg") == nil)
    }

    @Test func badArgumentsExitTwoAndFailedWritesExitOneWithOneLine() throws {
        let dir = makeTemporaryDirectory("fail")
        writeFile("0 wiggle\n", to: dir + "/bad.txt")
        writeFile("0.5 end\n", to: dir + "/ok.txt")
        let cases: [([String], String)] = [
            (["render", "nope", "--script", "x", "--out", "y"], "kinetic: render: unknown scene 'nope' (known: probe, other)\n"),
            (["render", "probe", "--out", "y"], "kinetic: render: missing --script FILE\n"),
            // Before: an empty --out wrote every frame into the file system's root.
            (["render", "probe", "--script", dir + "/ok.txt", "--out", ""], "kinetic: render: --out is empty: name a directory (. for this one)\n"),
            (["render", "probe", "--script", dir + "/ok.txt", "--out", dir + "/o", "--fps", "1001"], "kinetic: render: --fps must be in (0, 1000]\n"),
            (["render", "probe", "--script", dir + "/missing.txt", "--out", dir + "/o"], "kinetic: cannot read '\(dir)/missing.txt': No such file or directory\n"),
            (["render", "probe", "--script", dir, "--out", dir + "/o"], "kinetic: cannot read '\(dir)': a directory\n"),
            (["render", "probe", "--script", dir + "/bad.txt", "--out", dir + "/o"], "kinetic: script line 1: unknown verb 'wiggle' (expected down, move, up, cancel, drag, page, layout, insert, remove or end)\n"),
            (["render", "probe", "--script", dir + "/ok.txt", "--out", dir + "/o", "--duration", "-1"], "kinetic: render: --duration must be in [0, 100000/fps]\n"),
            (["render", "probe", "--script", dir + "/ok.txt", "--out", dir + "/o", "--record", "clock,x\u{1b}"], "kinetic: render: scene probe has no property 'x\\u{1b}'\n"),
        ]
        for (arguments, line) in cases {
            let (status, out, err) = run(arguments)
            #expect(status == 2 && out.isEmpty && err == line, "\(arguments): \(err)")
        }
        #expect(readFile(dir + "/o/properties.csv") == nil)
        // A directory that cannot be made (a file in its path) stops the render with status 1,
        // before any frame. (A write that fails part way, with an earlier render kept whole, is
        // in AtomicOutputTests and RenderOutputTests.)
        let (status, out, err) = run(["render", "probe", "--script", dir + "/ok.txt", "--out", dir + "/ok.txt/o"])
        #expect(status == 1 && out.isEmpty)
        #expect(err == "kinetic: cannot create directory '\(dir)/ok.txt/o': Not a directory\n")
        #expect(readFile(dir + "/ok.txt") != nil)
        // Output that cannot be written: status 1.
        let full = run(["list"], stdout: "/dev/full")
        #expect(full.0 == 1 && full.2 == "kinetic: cannot write standard output: No space left on device\n")
    }
}

@Suite("Native runner over the demos app")
struct DemosRunnerTests {
    /// The navigation scene, moved from the command line to the demos, renders as `kinetic
    /// render navigation` did: the drag scrubs the pop linearly, and the release finishes it.
    @Test func navigationDragScrubsThePopAndTheReleaseFinishesIt() throws {
        let dir = makeTemporaryDirectory("navigation")
        writeFile("0.1 drag 1 60 400 1.3 300 420\n2 end\n", to: dir + "/drag.txt")
        let out = open(dir + "/stdout", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let status = NativeRunner.run(arguments: ["render", "navigation", "--script", dir + "/drag.txt", "--out", dir + "/out",
                                                  "--record", "detail.center.x,grid.alpha"],
                                      entries: DemoCatalog.entries, outputDescriptor: out, errorDescriptor: out)
        close(out)
        #expect(status == 0)
        #expect(readFile(dir + "/stdout") == "rendered 120 frames of navigation to \(dir)/out (0 events rejected)\n")
        let csv = try #require(readFile(dir + "/out/properties.csv")).split(separator: "\n")
        #expect(csv.count == 121)
        // Frame 42 (t = 0.7): the finger has moved 120 of 240 points in x: 30 % of the pop,
        // scrubbed linearly: detail at 200 + 120, grid alpha 0.7 + 0.3 · 0.3.
        let f42 = csv[43].split(separator: ",").map { Double($0)! }
        #expect(abs(f42[3] - 320) < 1e-9 && abs(f42[6] - 0.79) < 1e-9)          // presentation values
        #expect(csv[120].split(separator: ",").map { Double($0)! }[3] == 600)
    }
}
