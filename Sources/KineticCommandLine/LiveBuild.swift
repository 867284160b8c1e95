// `kinetic web serve --watch` and `kinetic playground --watch`: rebuild the page when a source
// file is saved, and say how the build stands at /kinetic-live.json for the open page.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The page's builds while serving: the first one, and with `--watch` one after each saved
/// change of the package's sources. Each build's output goes to the terminal as it comes and
/// into a log; a failed build's output is what /kinetic-live.json and `/` show.
///
/// The served module is replaced only by a build that succeeds (Scripts/build-web links into a
/// new file and renames it into place), so a failed build leaves the page running the code that
/// last built.
final class LiveBuild: @unchecked Sendable {
    /// How the latest build stands.
    enum State: String, Sendable {
        case building, ready, failed
    }

    /// The most of a failed build's output kept for the page (its end: where the errors are).
    static let maximumLogBytes = 64 << 10

    let plan: PlaygroundCommand.Plan
    /// The files and folders whose changes start a build (folders searched recursively, hidden
    /// entries and `.build*` skipped).
    let watched: [String]
    private let logPath: String
    /// The build script (nil: Kinetic's Scripts/build-web, found as ``PlaygroundCommand/build(_:script:)`` finds it).
    private let script: String?
    private var lock = pthread_mutex_t()
    private var generation = 0
    private var state = State.building
    private var started = PlaygroundCommand.milliseconds()
    private var changed: String?
    private var failure = ""

    /// Builds for `plan` with `script` (nil: Kinetic's build script), its output logged in
    /// the served directory's build.log.
    init(plan: PlaygroundCommand.Plan, script: String? = nil) {
        self.plan = plan
        self.script = script
        self.watched = LiveBuild.watchedPaths(for: plan)
        self.logPath = plan.directory + "/build.log"
        pthread_mutex_init(&lock, nil)
    }

    /// What a build of `plan` depends on that a user edits: the package's sources, manifest, page
    /// folder and gesture scripts; for the playground, Kinetic's sources and its page.
    static func watchedPaths(for plan: PlaygroundCommand.Plan) -> [String] {
        guard let package = plan.package else { return ["Sources", "Playground/web", "Package.swift"] }
        let root = package.count > 1 && package.hasSuffix("/") ? String(package.dropLast()) : package
        return ["Sources", "Package.swift", "web", "gestures"].map { root + "/" + $0 }
    }

    /// Serving what is built already (`--no-build`): ready, and watching from now on.
    func assumeBuilt() {
        pthread_mutex_lock(&lock)
        state = .ready
        pthread_mutex_unlock(&lock)
    }

    /// The status the page polls: `{"generation":N,"state":"ready","seconds":S,"changed":"…","log":"…","watching":true}`
    /// (generation counts the builds that succeeded; seconds: how long the current or last build
    /// ran; changed: the file whose change started it; log: a failed build's output).
    var statusJSON: [UInt8] {
        pthread_mutex_lock(&lock)
        let object: [String: Any] = [
            "generation": generation, "state": state.rawValue,
            "seconds": state == .building ? (PlaygroundCommand.milliseconds() - started) / 1000 : 0,
            "changed": changed ?? "", "log": state == .failed ? failure : "", "watching": true,
        ]
        pthread_mutex_unlock(&lock)
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Array(data)
    }

    /// The failed first build's output, or nil: while no build of this run has succeeded and the
    /// last one failed, `/` shows it (and reloads itself until a build succeeds).
    var firstBuildFailure: String? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return generation == 0 && state == .failed ? failure : nil
    }

    /// Runs one build (Scripts/build-web, as ``PlaygroundCommand/build(_:script:)`` does), its
    /// output copied to standard error as it comes; returns its exit status.
    @discardableResult
    func build(changed file: String?, errorOutput: inout FileOutputStream) -> Int32 {
        pthread_mutex_lock(&lock)
        state = .building
        started = PlaygroundCommand.milliseconds()
        changed = file
        pthread_mutex_unlock(&lock)
        if let file { errorOutput.write("kinetic: \(file) changed: rebuilding\n") }
        _ = mkdir(plan.directory, 0o755)
        let descriptor = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor >= 0 { close(descriptor) }
        // A rebuild after an edit skips wasm-opt: seconds sooner back in the page.
        let (status, message) = PlaygroundCommand.build(plan, script: script, logPath: logPath, fast: file != nil,
                                                              echo: &errorOutput)
        if let message { errorOutput.write(message) }
        var output = HostFilesRead.tail(of: logPath, bytes: LiveBuild.maximumLogBytes)
        if status != 0, output.isEmpty { output = message ?? "the build ended with status \(status)" }
        let took = PlaygroundCommand.elapsed(since: started)
        pthread_mutex_lock(&lock)
        if status == 0 {
            generation += 1
            state = .ready
        } else {
            state = .failed
            failure = output
        }
        pthread_mutex_unlock(&lock)
        errorOutput.write(status == 0 ? "kinetic: built in \(took)\n"
                          : "kinetic: the build failed after \(took); the page keeps the code that last built and shows the errors\n")
        return status
    }

    /// Watches ``watched`` forever (on the calling thread): after a change, once the files have
    /// stood still for a moment (an editor's save can be several writes), builds again.
    func watch() -> Never {
        var errorOutput = FileOutputStream(descriptor: 2)
        var last = LiveBuild.snapshot(of: watched)
        while true {
            usleep(250_000)
            var now = LiveBuild.snapshot(of: watched)
            guard now != last else { continue }
            // Let a save finish: wait until two looks 150 ms apart agree.
            while true {
                usleep(150_000)
                let again = LiveBuild.snapshot(of: watched)
                if again == now { break }
                now = again
            }
            let file = LiveBuild.firstDifference(last, now)
            last = now
            build(changed: file, errorOutput: &errorOutput)
            // Saves during the build start another one at once.
        }
    }

    /// Each watched regular file's modification time (ns) and size, by path.
    static func snapshot(of paths: [String]) -> [String: [Int]] {
        var files: [String: [Int]] = [:]
        func visit(_ path: String, depth: Int) {
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFREG {
                files[path] = [Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec), Int(info.st_size)]
            } else if kind == S_IFDIR, depth < 16, let entries = try? FileManager.default.contentsOfDirectory(atPath: path) {
                for name in entries where !name.hasPrefix(".") { visit(path + "/" + name, depth: depth + 1) }
            }
        }
        for path in paths { visit(path, depth: 0) }
        return files
    }

    /// A path that was added, removed or changed between two snapshots (its last component).
    static func firstDifference(_ old: [String: [Int]], _ new: [String: [Int]]) -> String? {
        let changed = new.keys.sorted().first { old[$0] != new[$0] } ?? old.keys.sorted().first { new[$0] == nil }
        return changed.map { String($0.split(separator: "/").last ?? Substring($0)) }
    }
}

/// Reading the end of a log.
enum HostFilesRead {
    /// The last `bytes` bytes of the file at `path` as text ("" if it cannot be read), starting
    /// at a line when cut.
    static func tail(of path: String, bytes: Int) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        let start = size > UInt64(bytes) ? size - UInt64(bytes) : 0
        try? handle.seek(toOffset: start)
        var text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        if start > 0, let newline = text.firstIndex(of: "\n") { text = String(text[text.index(after: newline)...]) }
        return text
    }
}
