// `kinetic playground` and `kinetic web serve`: build an app for the browser, then serve it (and
// the DocC site at /docs/) on localhost.
import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import KineticHost

/// A command that builds a page and serves it (``KineticCommandLine/runProcess(arguments:outputDescriptor:errorDescriptor:)``
/// runs the server; ``KineticCommandLine/run(arguments:standardOutput:standardError:)`` only
/// says what it would serve).
protocol ServingCommand: ParsableCommand {
    func plan() throws(CommandLineError) -> PlaygroundCommand.Plan
}

/// `kinetic playground`: builds the browser playground (the demos as Embedded Swift compiled to
/// one WebAssembly module, and the page) with the repository's build script, then serves it.
struct PlaygroundCommand: ParsableCommand, ServingCommand {
    static let configuration = CommandConfiguration(
        commandName: "playground",
        abstract: "Build the browser playground (the demos as WebAssembly) and serve it on localhost",
        discussion: """
            kinetic web serve of this repository's demos app: builds it with Scripts/build-web (run from
            the package root; product KineticPlayground, with Kinetic, KineticScene, KineticDynamics,
            KineticPOP, KineticHost and KineticDemos, compiled as Embedded Swift) to DIR/kinetic.wasm (default DIR:
            \(PlaygroundCommand.defaultDirectory)), next to the page. Then serves DIR on http://127.0.0.1:N/ (default
            port 8765) until interrupted, and prints the address. Open it in a browser: pick a scene,
            drive it with a mouse or a finger.

            \(PlaygroundCommand.servingText)

            Needs Debian's wasi-libc and libclang-rt-dev-wasm32; if one is missing it says in one
            line what to install and exits with status 3. --no-build serves DIR as it is.
            """)

    /// The default port.
    static let defaultPort: UInt16 = 8765
    /// The default output directory.
    static let defaultDirectory = ".build-playground"
    /// The documentation site, relative to the package root (Scripts/build-docs writes it).
    static let docsDirectory = ".build-docs/docs"
    static let buildScript = "Scripts/build-web"
    /// The documentation's build script, relative to the package root.
    static let docsScript = "Scripts/build-docs"

    /// A monotonic clock in milliseconds (for elapsed times in messages).
    static func milliseconds() -> Int { RequestGuard.milliseconds() }

    /// The time since `start` (``milliseconds()``) as "12 s" or "2 min 5 s".
    static func elapsed(since start: Int) -> String {
        let seconds = Swift.max(0, milliseconds() - start) / 1000
        return seconds < 60 ? "\(seconds) s" : "\(seconds / 60) min \(seconds % 60) s"
    }

    /// "; try --port N" with the first free port after `port` (within 20), or a general hint.
    static func portSuggestion(after port: UInt16) -> String {
        var candidate = Int(port) + 1
        while candidate <= Swift.min(65535, Int(port) + 20) {
            if let socket = RequestGuard.listenLoopback(port: UInt16(candidate)) {
                close(socket.descriptor)
                return " (in use? try --port \(candidate))"
            }
            candidate += 1
        }
        return " (in use? try another --port)"
    }

    /// What the server answers, shared by `playground` and `web serve` help.
    static let servingText = """
        The port is taken before anything is built: a port in use is said at once, with a free one
        to pass as --port. The server answers GET and HEAD for the page's own files only (HTML,
        JavaScript, CSS, the module and gesture scripts, at most one folder deep, never through a
        symlink) and, at /docs/, the DocC site Scripts/build-docs writes to .build-docs/docs: run
        from the Kinetic package root, a missing site is built in the background while the page is
        served (--docs rebuilds it; --no-docs never builds it), and /docs/ says it is building and
        reloads itself until it is ready. A request head must arrive within 5 s and 8 KiB, its
        target within 1 KiB (408, 431 and 414 otherwise), addressed to localhost, 127.0.0.1 or
        [::1] with the server's port (421 otherwise); one request per connection, whose answer
        must be read within 10 s; at most 384 connections are held at once, reading or being
        answered (a new one closes the oldest); a file that cannot be opened for want of
        descriptors is answered 503.

        --watch rebuilds when a file of the package's Sources, Package.swift, web/ or gestures/
        (the playground: Sources and Playground/web) is saved; /kinetic-live.json tells the open
        page, which swaps the new module in and replays the last gesture on the new code. A
        failed build is shown on the page and the scene keeps running on the code that last built.
        """

    @OptionGroup var serving: ServingOptions
    @Option(help: ArgumentHelp("The directory built and served (default .build-playground).", valueName: "dir"),
            completion: .directory)
    var out: String?
    @Flag(help: "Serve DIR as it is, without building.")
    var noBuild = false

    /// What to build and serve.
    struct Plan: Equatable, Sendable {
        /// The directory holding index.html and kinetic.wasm.
        var directory: String
        /// The port on 127.0.0.1.
        var port: UInt16
        /// Whether to run the build first.
        var build: Bool
        /// `web serve`: the package whose app is built (nil: this repository's demos).
        var package: String? = nil
        /// `web serve --product`: the app's executable product.
        var product: String? = nil
        /// Whether to rebuild the documentation even if it is there.
        var buildDocs: Bool = false
        /// Whether never to build the documentation.
        var skipDocs: Bool = false
        /// The DocC site served at /docs/.
        var docsDirectory: String = PlaygroundCommand.docsDirectory
        /// The command's name, for messages.
        var command: String = "playground"
        /// `--watch`: rebuild when a source file changes, and let the open page reload.
        var watch: Bool = false
    }

    func plan() throws(CommandLineError) -> Plan {
        Plan(directory: out ?? Self.defaultDirectory, port: try Self.port(serving.port, command: "playground"),
             build: !noBuild, buildDocs: serving.docs, skipDocs: serving.noDocs, watch: serving.watch)
    }

    /// The port `text` names (default 8765).
    static func port(_ text: String?, command: String) throws(CommandLineError) -> UInt16 {
        guard let text else { return defaultPort }
        let port = try parseFiniteNumber(text, what: "--port")
        guard port >= 1, port <= 65535, port == port.rounded() else {
            throw CommandLineError("\(command): --port must be an integer in 1...65535")
        }
        return UInt16(port)
    }

    /// Parses the arguments after `playground`.
    static func plan(_ arguments: [String]) throws(CommandLineError) -> Plan {
        do {
            try rejectRepeatedOptions(arguments, flags: ["no-build", "docs", "no-docs", "watch"])
            return try parse(arguments).plan()
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw CommandLineError(RootCommand.oneLineMessage(for: error))
        }
    }

    /// Runs the build script (`bash Scripts/build-web [--package PATH] [--product NAME] DIR`,
    /// without PATH: this repository's demos app); returns its exit status (3: a package is
    /// missing, and the script has printed the one line saying which) and a line to print if
    /// kinetic has one to add.
    ///
    /// The script runs through `posix_spawnp` with each value as an argument of its own: no shell
    /// reads the command, so quotes, `;`, `$(...)` or spaces in DIR are just a directory name.
    /// With `fast`, the build skips wasm-opt (``optimizeInBackground(_:script:)`` runs it after).
    static func build(_ plan: Plan, script: String? = nil, fast: Bool = false) -> (status: Int32, message: String?) {
        switch buildArguments(plan, script: script) {
        case .failure(let refusal): return (2, refusal.line)
        case .success(var arguments):
            if fast { arguments.insert("--fast", at: 2) }
            return outcome(of: arguments, what: "the build", command: plan.command)
        }
    }

    /// Starts what a `fast` build skipped (`Scripts/build-web --optimize DIR`: wasm-opt on the
    /// served module, renamed into place when done, so a reload loads the smaller module) and
    /// returns at once with the line to print; a line when it ends says how it went.
    static func optimizeInBackground(_ plan: Plan, script: String? = nil) -> String? {
        guard let script = script ?? locateBuildScript(package: plan.package) else { return nil }
        let directory = plan.directory.hasPrefix("-") ? "./" + plan.directory : plan.directory
        let log = plan.directory + "/optimize.log"
        switch Process.start(["bash", script, "--optimize", directory], logPath: log) {
        case .failure(let error):
            return CommandLineError("\(plan.command): cannot optimise the module: \(error.reason)").line
        case .success(let pid):
            let started = milliseconds()
            Thread.detachNewThread {
                let outcome = Process.wait(pid)
                var stream = FileOutputStream(descriptor: 2)
                stream.write(outcome == .exited(0)
                             ? "kinetic: the module is optimised (wasm-opt, \(elapsed(since: started))): a reload loads it\n"
                             : "kinetic: optimising the module failed (its output: \(log)); the page keeps the unoptimised one\n")
            }
            return "kinetic: optimising the module in the background (wasm-opt: about a fifth smaller, the same arithmetic)\n"
        }
    }

    /// Runs the build like ``build(_:script:)``, its standard output and error written to
    /// `echo` as they come and to the file at `logPath` (``LiveBuild`` shows a failed build's
    /// output on the page).
    /// With `fast`, the build skips wasm-opt (a rebuild under `--watch`: sooner, a larger module,
    /// the same arithmetic).
    static func build(_ plan: Plan, script: String? = nil, logPath: String, fast: Bool = false,
                      echo: inout FileOutputStream) -> (status: Int32, message: String?) {
        var arguments: [String]
        switch buildArguments(plan, script: script) {
        case .failure(let refusal):
            return (2, refusal.line)
        case .success(let found):
            arguments = found
        }
        if fast { arguments.insert("--fast", at: 2) }
        let descriptor = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        defer { if descriptor >= 0 { close(descriptor) } }
        var log = FileOutputStream(descriptor: descriptor)
        let outcome = Process.streamed(arguments, standardError: true) { chunk in
            let text = String(decoding: chunk, as: UTF8.self)
            echo.write(text)
            if descriptor >= 0 { log.write(text) }
        }
        switch outcome {
        case .exited(let status): return (status, nil)
        case .signalled(let signal): return (128 + signal, "kinetic: \(plan.command): the build was killed by signal \(signal)\n")
        case .failed(let reason): return (1, CommandLineError("\(plan.command): cannot run bash: " + reason).line)
        }
    }

    /// The build script's command line for `plan`, or why there is none.
    static func buildArguments(_ plan: Plan, script: String?) -> Result<[String], CommandLineError> {
        guard let script = script ?? locateBuildScript(package: plan.package) else {
            return .failure(CommandLineError("\(plan.command): cannot find Kinetic's \(buildScript): run it from the Kinetic package root, or name a package that depends on Kinetic"))
        }
        guard access(script, R_OK) == 0 else {
            return .failure(CommandLineError("\(plan.command): run it from the Kinetic package root (\(script) not found)"))
        }
        // The scripts read an argument starting with '-' as an option: name such a path
        // relative to here instead.
        func path(_ path: String) -> String { path.hasPrefix("-") ? "./" + path : path }
        // --install: the page's two Debian packages are installed when missing, by apt-get as root
        // or through a password-less sudo (build-web says what it runs); otherwise it prints the
        // one command that fits this machine.
        var arguments = ["bash", script, "--install"]
        if let package = plan.package { arguments += ["--package", path(package)] }
        if let product = plan.product { arguments += ["--product", product] }
        arguments.append(path(plan.directory))
        return .success(arguments)
    }

    /// Kinetic's build script for a build of `package` (nil: the demos app): this directory's
    /// when it is the Kinetic package root; otherwise the one in the Kinetic checkout the
    /// package depends on, found through SwiftPM (`swift package show-dependencies`: a path
    /// dependency or a checkout), so `kinetic web serve .` works from the user's own package.
    /// Nil when there is none.
    /// (`directory` stands for the current one, in tests.)
    static func locateBuildScript(package: String?, in directory: String = ".") -> String? {
        let here = directory == "." ? buildScript : directory + "/" + buildScript
        if access(here, R_OK) == 0 { return here }
        guard let package else { return nil }
        let (outcome, output) = Process.output(["swift", "package", "--package-path", package,
                                                "show-dependencies", "--format", "json"])
        guard outcome == .exited(0), let start = output.firstIndex(of: UInt8(ascii: "{")),
              let tree = try? JSONSerialization.jsonObject(with: Data(output[start...])) else { return nil }
        return kineticCheckout(in: tree).map { $0 + "/" + buildScript }
    }

    /// The path of the first package in a `show-dependencies` tree that holds Kinetic's build
    /// script, depth first.
    static func kineticCheckout(in tree: Any) -> String? {
        guard let node = tree as? [String: Any] else { return nil }
        if let path = node["path"] as? String, access(path + "/" + buildScript, R_OK) == 0 { return path }
        for dependency in node["dependencies"] as? [Any] ?? [] {
            if let found = kineticCheckout(in: dependency) { return found }
        }
        return nil
    }

    static func outcome(of arguments: [String], what: String, command: String) -> (status: Int32, message: String?) {
        switch Process.run(arguments) {
        case .exited(let status):
            return (status, nil)
        case .signalled(let signal):
            return (128 + signal, "kinetic: \(command): \(what) was killed by signal \(signal)\n")
        case .failed(let reason):
            return (1, CommandLineError("\(command): cannot run bash: " + reason).line)
        }
    }
}

/// `kinetic web`: an app built for the browser.
struct WebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Build a package's app (a KineticApp) for the browser and serve it",
        subcommands: [WebServeCommand.self])
}

/// The options `kinetic playground` and `kinetic web serve` share: the port, and whether the
/// documentation is rebuilt while serving.
struct ServingOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("The port on 127.0.0.1 (default 8765).", valueName: "n"))
    var port: String?
    @Flag(help: "Rebuild the documentation (Scripts/build-docs) in the background while serving.")
    var docs = false
    @Flag(help: "Never build the documentation.")
    var noDocs = false
    @Flag(help: "Rebuild when a source file is saved; the open page reloads the scene and replays the last gesture on the new code.")
    var watch = false
}

/// `kinetic web serve PATH`: `Scripts/build-web --package PATH` into PATH/.build-web, then serves it.
struct WebServeCommand: ParsableCommand, ServingCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the app of the package at PATH for the browser and serve it on localhost",
        discussion: """
            Runs Kinetic's Scripts/build-web --package PATH [--product NAME] PATH/.build-web (from the
            Kinetic package root, or from anywhere when PATH depends on Kinetic: the checkout is found
            through SwiftPM): the package's executable product (default: its only one), whose @main type
            conforms to KineticApp, compiled as Embedded Swift to PATH/.build-web/kinetic.wasm next to
            the page. Then serves PATH/.build-web on http://127.0.0.1:N/ (default port 8765) until
            interrupted, and prints the address. --no-build serves it as it is.

            \(PlaygroundCommand.servingText)
            """)

    @Argument(help: ArgumentHelp("The SwiftPM package of the app.", valueName: "path"), completion: .directory)
    var path: String
    @OptionGroup var serving: ServingOptions
    @Option(help: ArgumentHelp("The executable product (default: the package's only one).", valueName: "name"))
    var product: String?
    @Flag(help: "Serve PATH/.build-web as it is, without building.")
    var noBuild = false

    func plan() throws(CommandLineError) -> PlaygroundCommand.Plan {
        // An empty PATH would build into "/.build-web", at the file system's root.
        guard !path.isEmpty else { throw CommandLineError("web serve: PATH is empty: name the package's directory (. for this one)") }
        let root = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        return PlaygroundCommand.Plan(directory: root + "/.build-web", port: try PlaygroundCommand.port(serving.port, command: "web serve"),
                                      build: !noBuild, package: path, product: product, buildDocs: serving.docs,
                                      skipDocs: serving.noDocs, command: "web serve", watch: serving.watch)
    }
}
