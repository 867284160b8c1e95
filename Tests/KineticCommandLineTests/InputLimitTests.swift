// Bad input found by probing: huge scripts, CRLF line endings, a directory as a script, control
// bytes in messages, a cubic curve whose arithmetic overflows.
import Testing
import KineticHost
@testable import KineticCommandLine
#if canImport(Glibc)
import Glibc
#endif

@Suite("kinetic input limits")
struct InputLimitTests {
    /// Before: four such lines (about 200 bytes) generated 3.8 million events and took gigabytes
    /// before any duration check.
    @Test func aScriptWithTooManyDragEventsIsRejectedWhileParsing() {
        let line = "0 drag 1 0 0 16000 100 100\n"
        var text = ""
        for k in 0..<4 { text += line.replacingFirst("0 drag 1", with: "\(k * 16000) drag 1") }
        do throws(GestureScript.ParseError) {
            _ = try GestureScript(parsing: text)
            Issue.record("no error")
        } catch {
            #expect(error.message == "script line 1: the script has more than 100000 events")
        }
        // The limit counts every event: 99 962 from the drag (down, 99 960 moves, up) and 38
        // more parse; one more event does not.
        var atLimit = "0 drag 1 0 0 1666 10 10\n1667 down 2 0 0\n"
        for _ in 0..<36 { atLimit += "1667 move 2 1 1\n" }
        #expect((try? GestureScript(parsing: atLimit + "1668 up 2 0 0\n"))?.events.count == GestureScript.eventLimit)
        #expect(throws: GestureScript.ParseError.self) {
            try GestureScript(parsing: atLimit + "1667 move 2 1 1\n1668 up 2 0 0\n")
        }
    }

    @Test func renderReportsTheEventLimitInOneLine() throws {
        let dir = makeTemporaryDirectory("limit")
        try HostFiles.writeFile("0 drag 1 0 0 1000 100 100\n1000 drag 2 0 0 2000 1 1\n", to: dir + "/long.txt")
        let result = runKinetic(arguments: ["render", "navigation", "--script", dir + "/long.txt", "--out", dir + "/out"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("kinetic: script line 2: the script has more than 100000 events"))
        #expect(!fileExists(dir + "/out"))
    }

    /// Before: "\r\n" is one Character, so a CRLF script was one line ("'end' takes only a time"
    /// or a misleading field count) and a CRLF CSV plotted nothing.
    @Test func crlfScriptsParseAsTheirLFForm() throws {
        let lf = "# a drag\n0.1 drag 1 60 400 1.3 300 420\n\n2 end\n"
        let crlf = lf.replacingAll("\n", with: "\r\n")
        #expect(try GestureScript(parsing: crlf) == GestureScript(parsing: lf))
        // Down, a move every 1/60 s over 1.2 s (72 or 73 after rounding) and up; end at 2 s.
        let script = try GestureScript(parsing: crlf)
        #expect(script.events.count >= 74 && script.events.count <= 75 && script.end == 2)
    }

    @Test func crlfCSVsPlotAsTheirLFForm() throws {
        let dir = makeTemporaryDirectory("crlf")
        let lf = "frame,t,x.model,x.presentation,x.velocity\n0,0.0,0.0,0.0,0.0\n1,0.5,1.0,0.5,2.0\n2,1.0,1.0,1.0,0.0\n"
        try HostFiles.writeFile(lf, to: dir + "/lf.csv")
        try HostFiles.writeFile(lf.replacingAll("\n", with: "\r\n"), to: dir + "/crlf.csv")
        let a = runKinetic(arguments: ["plot", "csv", dir + "/lf.csv", "--property", "x"])
        let b = runKinetic(arguments: ["plot", "csv", dir + "/crlf.csv", "--property", "x"])
        #expect(a.exitCode == 0 && b.exitCode == 0, "\(b.stderr)")
        #expect(a.stdout == b.stdout)
        #expect(b.stdout.contains("<path d=\"M"))
    }

    /// Before: fopen on a directory succeeds and fread fails silently: 0 frames, status 0.
    @Test func aDirectoryAsScriptIsAnError() {
        let dir = makeTemporaryDirectory("dir")
        let result = runKinetic(arguments: ["render", "navigation", "--script", dir, "--out", dir + "/out"])
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "kinetic: cannot read '\(dir)': a directory; see 'kinetic render --help'\n")
        let plot = runKinetic(arguments: ["plot", "csv", dir, "--property", "x"])
        #expect(plot.exitCode == 2 && plot.stderr.hasPrefix("kinetic: cannot read '\(dir)': a directory"))
    }

    /// Before: `fopen` on a FIFO waited for a writer forever.
    @Test func aFIFOAsScriptOrCSVIsRefusedAtOnce() {
        let dir = makeTemporaryDirectory("fifo")
        #expect(mkfifo(dir + "/pipe", 0o600) == 0)
        let render = runKinetic(arguments: ["render", "navigation", "--script", dir + "/pipe", "--out", dir + "/out"])
        #expect(render.exitCode == 2 && render.stderr.hasPrefix("kinetic: cannot read '\(dir)/pipe': not a regular file"))
        let plot = runKinetic(arguments: ["plot", "csv", dir + "/pipe", "--property", "x"])
        #expect(plot.exitCode == 2 && plot.stderr.hasPrefix("kinetic: cannot read '\(dir)/pipe': not a regular file"))
    }

    /// Before: NaN or 1e308 rows drew a degenerate chart with status 0, and an unknown property
    /// did not say which there are.
    @Test func plotCSVRefusesValuesItCannotDrawAndListsTheProperties() throws {
        let dir = makeTemporaryDirectory("plotbad")
        let header = "frame,t,x.model,x.presentation,x.velocity,y.model,y.presentation,y.velocity\n"
        for (name, row) in [("nan", "1,0.5,nan,0,0,0,0,0"), ("huge", "1,0.5,1e308,-1e308,0,0,0,0"), ("inf", "1,inf,0,0,0,0,0,0")] {
            try HostFiles.writeFile(header + "0,0,0,0,0,0,0,0\n" + row + "\n", to: dir + "/\(name).csv")
            let result = runKinetic(arguments: ["plot", "csv", dir + "/\(name).csv", "--property", "x"])
            #expect(result.exitCode == 2, "\(name)")
            #expect(result.stderr.hasPrefix("kinetic: plot csv: line 3: t, model and presentation must be finite numbers within ±1e15"), "\(name): \(result.stderr)")
        }
        try HostFiles.writeFile(header + "0,0,0,0,0,0,0,0\n", to: dir + "/ok.csv")
        let unknown = runKinetic(arguments: ["plot", "csv", dir + "/ok.csv", "--property", "nosuch"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.stderr.contains("the properties are: x, y"), "\(unknown.stderr)")
    }

    /// Before: a script's bytes were echoed raw: ESC sequences reached the terminal.
    @Test func controlBytesInMessagesAreEscaped() throws {
        let dir = makeTemporaryDirectory("control")
        try HostFiles.writeFile("0 \u{1B}]0;title\u{07}\u{1B}[31m 1 2 3\n", to: dir + "/evil.txt")
        let result = runKinetic(arguments: ["render", "navigation", "--script", dir + "/evil.txt", "--out", dir + "/out"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("kinetic: script line 1: unknown verb '\\u{1b}]0;title\\u{7}\\u{1b}[31m'"))
        let controls = result.stderr.unicodeScalars.filter { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }
        #expect(controls.map(\.value) == [0x0A])                 // only the final newline
        #expect(CommandLineError("a\u{9B}b\u{7F}").line == "kinetic: a\\u{9b}b\\u{7f}\n")
    }

    /// Before: `nan` rows with status 0. Decision: rejected, status 2, one line.
    @Test func cubicControlPointsBeyondAMillionAreRejected() {
        let result = runKinetic(arguments: ["sample", "cubic", "0.5", "1e308", "0.5", "-1e308", "--at", "0.5"])
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "kinetic: sample cubic: control point Y1 must be within ±1e6, got 1e+308; see 'kinetic sample --help'\n")
        let edge = runKinetic(arguments: ["sample", "cubic", "0.5", "1e6", "0.5", "-1e6", "--at", "0:1:0.25"])
        #expect(edge.exitCode == 0)
        #expect(!edge.stdout.contains("nan"))
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }

    func replacingFirst(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
