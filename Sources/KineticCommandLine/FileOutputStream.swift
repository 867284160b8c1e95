// Standard output and standard error of the `kinetic` process, with every write checked, so that
// output lost to a full disk, `/dev/full` or a closed descriptor ends in an error, not status 0.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes text to a file descriptor through a stdio stream of its own, flushed after each write.
/// Opened with `fdopen` rather than using the C globals `stdout` and `stderr`, which Swift 6
/// rejects as shared mutable state.
///
/// The first failing `fputs` or `fflush` is remembered in ``failure`` (its `errno`) and later
/// writes are dropped: the caller reports it once and exits non-zero.
public struct FileOutputStream: TextOutputStream {
    let file: UnsafeMutablePointer<FILE>?
    /// The `errno` of the first failed write (or of `fdopen`), nil while everything was written.
    public private(set) var failure: Int32?

    public init(descriptor: Int32) {
        file = fdopen(descriptor, "w")
        if file == nil { failure = errno }
    }

    public mutating func write(_ string: String) {
        guard let file, failure == nil else { return }
        if fputs(string, file) == EOF || fflush(file) != 0 {
            failure = errno
        }
    }
}

extension KineticCommandLine {
    /// Runs `kinetic` as a process does: `arguments` (without the program name), standard output
    /// and standard error on the given descriptors. Returns the exit status: that of ``run``, or
    /// ``ioErrorStatus`` (1) with one line on standard error if standard output could not be
    /// written in full (`kinetic sample ... > /dev/full`). `playground` and `web serve` build,
    /// then serve until the process is interrupted.
    public static func runProcess(arguments: [String], outputDescriptor: Int32 = 1,
                                  errorDescriptor: Int32 = 2) async -> Int32 {
        var output = FileOutputStream(descriptor: outputDescriptor)
        var errorOutput = FileOutputStream(descriptor: errorDescriptor)
        let status: Int32
        if case .command(let command, let path)? = try? parse(arguments), let serving = command as? any ServingCommand {
            status = await serve(serving, path: path, output: &output, errorOutput: &errorOutput)
        } else {
            status = run(arguments: arguments, standardOutput: &output, standardError: &errorOutput)
        }
        return finish(status, output: output, errorOutput: &errorOutput)
    }

    /// Whether `arguments` name a subcommand that serves until the process is interrupted
    /// (`playground`, `web serve`): the only ones that need Swift concurrency (the HTTP server).
    public static func serves(_ arguments: [String]) -> Bool {
        if case .command(let command, _)? = try? parse(arguments), command is any ServingCommand { return true }
        return false
    }

    /// ``runProcess(arguments:outputDescriptor:errorDescriptor:)`` for every subcommand that does
    /// not serve (see ``serves(_:)``), without Swift concurrency: `kinetic render` and `sample`
    /// run on the main thread alone, as a plain process (valgrind's memcheck follows them).
    public static func runProcessSynchronously(arguments: [String], outputDescriptor: Int32 = 1,
                                               errorDescriptor: Int32 = 2) -> Int32 {
        var output = FileOutputStream(descriptor: outputDescriptor)
        var errorOutput = FileOutputStream(descriptor: errorDescriptor)
        let status = run(arguments: arguments, standardOutput: &output, standardError: &errorOutput)
        return finish(status, output: output, errorOutput: &errorOutput)
    }

    /// The exit status once standard output has been checked: a lost write turns success into
    /// ``ioErrorStatus`` with one line on standard error.
    static func finish(_ status: Int32, output: FileOutputStream, errorOutput: inout FileOutputStream) -> Int32 {
        if let failure = output.failure {
            let error = CommandLineError("cannot write standard output: " + FileSystem.reason(failure),
                                         status: ioErrorStatus)
            errorOutput.write(error.line)
            return status == successStatus ? ioErrorStatus : status
        }
        return status
    }

    /// Builds (unless `--no-build`) and serves until the server fails or the process ends.
    static func serve(_ command: any ServingCommand, path: String, output: inout FileOutputStream,
                      errorOutput: inout FileOutputStream) async -> Int32 {
        let plan: PlaygroundCommand.Plan
        do throws(CommandLineError) {
            plan = try command.plan()
        } catch {
            errorOutput.write(error.seeHelp("kinetic \(path) --help").line)
            return error.status
        }
        if plan.buildDocs {
            let (status, message) = PlaygroundCommand.buildDocs(plan)
            if let message { errorOutput.write(message) }
            if status != 0 { return status }
        }
        if plan.build {
            let (status, message) = PlaygroundCommand.build(plan)
            if let message { errorOutput.write(message) }
            if status != 0 { return status }
        }
        let server: PlaygroundServer
        do {
            server = try await PlaygroundServer(directory: plan.directory, docs: plan.docsDirectory, port: plan.port)
        } catch {
            errorOutput.write(CommandLineError("\(plan.command): cannot serve on port \(plan.port): \(error)",
                                               status: ioErrorStatus).line)
            return ioErrorStatus
        }
        let address = "http://127.0.0.1:\(server.port)/"
        let docs = PlaygroundFiles.exists(plan.docsDirectory + "/index.html")
            ? "\(address)docs/" : "\(address)docs/ (not built: run Scripts/build-docs, or add --docs)"
        output.write("Kinetic \(plan.command == "playground" ? "playground" : "app"): \(address)  documentation: \(docs)  (Ctrl-C to stop)\n")
        do {
            try await server.wait()
        } catch {
            errorOutput.write(CommandLineError("\(plan.command): the server stopped: \(error)", status: ioErrorStatus).line)
            return ioErrorStatus
        }
        return successStatus
    }
}
