// `kinetic web serve --watch`: what changed, what the page is told, and a failed build kept apart
// from the module being served.
import Testing
import Foundation
@testable import KineticCommandLine
#if canImport(Glibc)
import Glibc
#endif
import KineticHost

@Suite("kinetic web serve --watch")
struct LiveBuildTests {
    /// The status the page polls, decoded.
    func status(_ live: LiveBuild) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(live.statusJSON)) as? [String: Any])
    }

    @Test func aFailedBuildIsShownAndOnlyASuccessfulOneCountsAsANewGeneration() throws {
        let dir = makeTemporaryDirectory("live")
        let script = dir + "/build.sh"
        let plan = PlaygroundCommand.Plan(directory: dir + "/out", port: 8765, build: true, package: dir, watch: true)
        let live = LiveBuild(plan: plan, script: script)
        var sink = FileOutputStream(descriptor: open("/dev/null", O_WRONLY | O_CLOEXEC))

        // The first build fails: the compiler's words are in the status and on `/`.
        try HostFiles.writeFile("echo 'Card.swift:3:5: error: expected expression <after> operator' >&2\nexit 1\n", to: script)
        #expect(live.build(changed: nil, errorOutput: &sink) == 1)
        var s = try status(live)
        #expect(s["state"] as? String == "failed" && s["generation"] as? Int == 0 && s["watching"] as? Bool == true)
        #expect((s["log"] as? String)?.contains("error: expected expression <after> operator") == true)
        let failure = try #require(live.firstBuildFailure)
        let root = PlaygroundFiles.response("/", root: dir + "/out", docs: nil,
                                            live: .init(status: live.statusJSON, failure: failure))
        let page = String(decoding: root.bytes, as: UTF8.self)
        #expect(root.status == 503 && page.contains("expected expression &lt;after&gt; operator"))
        #expect(page.contains("http-equiv=\"refresh\""))

        // A fix builds: generation 1, the log is no longer shown, `/` is the app again.
        try HostFiles.writeFile("echo built\nexit 0\n", to: script)
        #expect(live.build(changed: "Card.swift", errorOutput: &sink) == 0)
        s = try status(live)
        #expect(s["state"] as? String == "ready" && s["generation"] as? Int == 1 && s["log"] as? String == "")
        #expect(s["changed"] as? String == "Card.swift")
        #expect(live.firstBuildFailure == nil)

        // A later failure is the page's to show over the running app: `/` stays the app.
        try HostFiles.writeFile("echo 'error: again'\nexit 1\n", to: script)
        #expect(live.build(changed: "Card.swift", errorOutput: &sink) == 1)
        s = try status(live)
        #expect(s["state"] as? String == "failed" && s["generation"] as? Int == 1)
        #expect((s["log"] as? String)?.contains("error: again") == true)
        #expect(live.firstBuildFailure == nil)
    }

    /// A rebuild after an edit skips wasm-opt; the first build does not.
    @Test func onlyRebuildsAreFast() throws {
        let dir = makeTemporaryDirectory("live")
        let script = dir + "/build.sh"
        try HostFiles.writeFile("printf '%s ' \"$@\" >> '\(dir)/arguments'; echo >> '\(dir)/arguments'\n", to: script)
        let plan = PlaygroundCommand.Plan(directory: dir + "/out", port: 8765, build: true, package: dir, watch: true)
        let live = LiveBuild(plan: plan, script: script)
        var sink = FileOutputStream(descriptor: open("/dev/null", O_WRONLY | O_CLOEXEC))
        live.build(changed: nil, errorOutput: &sink)
        live.build(changed: "A.swift", errorOutput: &sink)
        let lines = try HostFiles.readFile(dir + "/arguments").split(separator: "\n")
        #expect(lines.count == 2)
        #expect(!lines[0].contains("--fast") && lines[1].contains("--fast"))
    }

    @Test func withoutWatchTheStatusSaysSo() {
        let idle = PlaygroundFiles.response("/kinetic-live.json", root: "/nonexistent", docs: nil)
        #expect(idle.status == 200 && String(decoding: idle.bytes, as: UTF8.self) == "{\"watching\":false}")
        let live = PlaygroundFiles.response("/kinetic-live.json?t=1", root: "/nonexistent", docs: nil,
                                            live: .init(status: Array("{\"generation\":3}".utf8), failure: nil))
        #expect(live.status == 200 && live.contentType == "application/json")
        #expect(String(decoding: live.bytes, as: UTF8.self) == "{\"generation\":3}")
    }

    @Test func aSavedFileIsNamedAndHiddenOrBuildFoldersAreNotWatched() throws {
        let dir = makeTemporaryDirectory("live")
        try FileManager.default.createDirectory(atPath: dir + "/Sources/App/.build", withIntermediateDirectories: true)
        try HostFiles.writeFile("let a = 1\n", to: dir + "/Sources/App/A.swift")
        try HostFiles.writeFile("x", to: dir + "/Sources/App/.build/junk.o")
        try HostFiles.writeFile("x", to: dir + "/Sources/App/.A.swift.swp")
        let paths = [dir + "/Sources", dir + "/Package.swift"]
        let before = LiveBuild.snapshot(of: paths)
        #expect(before.keys.sorted() == [dir + "/Sources/App/A.swift"])
        // Same size, later time: a change all the same.
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, dir + "/Sources/App/A.swift", &times, 0) == 0)
        let after = LiveBuild.snapshot(of: paths)
        #expect(after != before)
        #expect(LiveBuild.firstDifference(before, after) == "A.swift")
        try HostFiles.writeFile("// new", to: dir + "/Package.swift")
        #expect(LiveBuild.firstDifference(after, LiveBuild.snapshot(of: paths)) == "Package.swift")
        #expect(LiveBuild.firstDifference(after, after) == nil)
    }

    @Test func aPackagesSourcesManifestPageAndGesturesAreWatched() {
        let plan = PlaygroundCommand.Plan(directory: "Card/.build-web", port: 1, build: true, package: "Card/", watch: true)
        #expect(LiveBuild.watchedPaths(for: plan) == ["Card/Sources", "Card/Package.swift", "Card/web", "Card/gestures"])
        let playground = PlaygroundCommand.Plan(directory: ".build-playground", port: 1, build: true, watch: true)
        #expect(LiveBuild.watchedPaths(for: playground) == ["Sources", "Playground/web", "Package.swift"])
    }

    @Test func watchIsAFlagOfBothServingCommands() throws {
        #expect(try PlaygroundCommand.plan(["--watch"]).watch)
        #expect(try !PlaygroundCommand.plan([]).watch)
        #expect(throws: CommandLineError.self) { try PlaygroundCommand.plan(["--watch", "--watch"]) }
    }
}
