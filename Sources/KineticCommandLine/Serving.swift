// Serving a page: `kinetic playground` and `kinetic web serve` take their port, build, and serve
// the page with the documentation site at /docs/ (built in the background when missing).
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension KineticCommandLine {
    /// Takes the port, builds (unless `--no-build`), then serves until the process ends; the
    /// documentation is built in the background when it is missing (or with `--docs`), and
    /// /docs/ says so meanwhile.
    static func serve(_ command: any ServingCommand, path: String, output: inout FileOutputStream,
                      errorOutput: inout FileOutputStream) async -> Int32 {
        let plan: PlaygroundCommand.Plan
        do throws(CommandLineError) {
            plan = try command.plan()
        } catch {
            errorOutput.write(error.seeHelp("kinetic \(path) --help").line)
            return error.status
        }
        // The port first: a port in use is said at once, not after a build of minutes.
        let docs = DocsBuild(plan: plan)
        let pageBuild = PageBuildClock(what: plan.package.map { "the app in \($0)" } ?? "the playground")
        let live = plan.watch ? LiveBuild(plan: plan) : nil
        let server: PlaygroundServer
        do {
            server = try PlaygroundServer(directory: plan.directory, docs: plan.docsDirectory, port: plan.port,
                                          docsStatus: { docs.status }, building: { pageBuild.status }, live: live)
        } catch {
            errorOutput.write(CommandLineError("\(plan.command): cannot serve on 127.0.0.1:\(plan.port): \(error)"
                                               + PlaygroundCommand.portSuggestion(after: plan.port),
                                               status: ioErrorStatus).line)
            return ioErrorStatus
        }
        if plan.build {
            let started = PlaygroundCommand.milliseconds()
            errorOutput.write("kinetic: building \(pageBuild.what) for the browser (Embedded Swift to WebAssembly; the first build takes a minute or two, later ones reuse the library); http://127.0.0.1:\(server.port)/ says so meanwhile…\n")
            pageBuild.start()
            if let live {
                // Watching: a failed build is shown on the page, and the next save builds again.
                live.build(changed: nil, errorOutput: &errorOutput)
                pageBuild.stop()
            } else {
                defer { pageBuild.stop() }
                // The first build skips wasm-opt, so the page is up seconds sooner; the module is
                // optimised in the background and swapped in (the same arithmetic, smaller).
                let (status, message) = PlaygroundCommand.build(plan, fast: true)
                if let message { errorOutput.write(message) }
                if status != 0 { server.stop(); return status }
                errorOutput.write("kinetic: built in \(PlaygroundCommand.elapsed(since: started))\n")
                if let line = PlaygroundCommand.optimizeInBackground(plan) { errorOutput.write(line) }
            }
        } else {
            live?.assumeBuilt()
        }
        if let live {
            Thread.detachNewThread { live.watch() }
            errorOutput.write("kinetic: watching \(live.watched.joined(separator: ", ")): a saved change rebuilds, and the open page reloads the scene and replays your last gesture on the new code\n")
        }
        let address = "http://127.0.0.1:\(server.port)/"
        if let line = docs.startIfNeeded(address: address) { errorOutput.write(line) }
        let docsNote = PlaygroundFiles.exists(plan.docsDirectory + "/index.html") ? "" : docs.isBuilding ? " (being built)" : " (not built: run Scripts/build-docs, or add --docs)"
        output.write("Kinetic \(plan.command == "playground" ? "playground" : "app"): \(address)  documentation: \(address)docs/\(docsNote)  (Ctrl-C to stop)\n")
        await server.wait()
        return successStatus
    }
}

/// Whether the page is being built, and since when: what `/` answers meanwhile.
final class PageBuildClock: @unchecked Sendable {
    let what: String
    private var lock = pthread_mutex_t()
    private var started: Int?

    init(what: String) {
        self.what = what
        pthread_mutex_init(&lock, nil)
    }

    func start() { set(PlaygroundCommand.milliseconds()) }
    func stop() { set(nil) }

    private func set(_ value: Int?) {
        pthread_mutex_lock(&lock)
        started = value
        pthread_mutex_unlock(&lock)
    }

    /// What is being built and for how many seconds, or nil when nothing is.
    var status: (what: String, seconds: Int)? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return started.map { (what, (PlaygroundCommand.milliseconds() - $0) / 1000) }
    }
}

/// The documentation site built in the background while the page is served: started when the
/// site is missing (with `--docs`, always) from the Kinetic package root; /docs/ answers with a
/// page that says it is building and reloads itself.
final class DocsBuild: @unchecked Sendable {
    private let plan: PlaygroundCommand.Plan
    private let script: String
    private let log: String
    private var lock = pthread_mutex_t()
    private var state = PlaygroundFiles.DocsStatus.missing
    private var started = 0
    private(set) var isBuilding = false

    /// A build for `plan` by `script` (relative to the package root), its output in `log`.
    init(plan: PlaygroundCommand.Plan, script: String = PlaygroundCommand.docsScript,
         log: String = ".build-docs/build.log") {
        self.plan = plan
        self.script = script
        self.log = log
        pthread_mutex_init(&lock, nil)
    }

    /// What /docs/ answers while the site is not there.
    var status: PlaygroundFiles.DocsStatus {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if case .building = state { return .building(seconds: (PlaygroundCommand.milliseconds() - started) / 1000) }
        return state
    }

    /// Starts the build if it is wanted and possible; returns the line to print about it.
    func startIfNeeded(address: String) -> String? {
        let built = PlaygroundFiles.exists(plan.docsDirectory + "/index.html")
        guard !plan.skipDocs, plan.buildDocs || !built else { return nil }
        guard access(script, R_OK) == 0 else { return nil }
        if let slash = log.lastIndex(of: "/") { _ = mkdir(String(log[..<slash]), 0o755) }
        let log = self.log
        switch Process.start(["bash", script], logPath: log) {
        case .failure(let error):
            return CommandLineError("\(plan.command): cannot build the documentation: \(error.reason)").line
        case .success(let pid):
            pthread_mutex_lock(&lock)
            state = .building(seconds: 0)
            started = PlaygroundCommand.milliseconds()
            isBuilding = true
            pthread_mutex_unlock(&lock)
            let started = self.started
            Thread.detachNewThread { [self] in
                let outcome = Process.wait(pid)
                pthread_mutex_lock(&lock)
                state = outcome == .exited(0) ? .missing : .failed
                isBuilding = false
                pthread_mutex_unlock(&lock)
                let took = PlaygroundCommand.elapsed(since: started)
                var stream = FileOutputStream(descriptor: 2)
                stream.write(outcome == .exited(0)
                             ? "kinetic: documentation ready at \(address)docs/ (built in \(took))\n"
                             : "kinetic: the documentation build failed after \(took) (its output: \(log))\n")
            }
            return "kinetic: building the documentation in the background (log: \(log)); \(address)docs/ says when it is ready\n"
        }
    }
}
