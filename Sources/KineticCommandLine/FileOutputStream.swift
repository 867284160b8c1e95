// Standard output and standard error of the `kinetic` process, with every write checked, so that
// output lost to a full disk, `/dev/full` or a closed descriptor ends in an error, not status 0.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import KineticHost

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

    /// Makes SIGINT, SIGTERM and SIGHUP stop the builds kinetic started (their whole process
    /// groups) before kinetic ends: call it once at start-up.
    public static func forwardTerminationSignals() {
        Process.forwardTerminationSignals()
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
            let error = CommandLineError("cannot write standard output: " + HostFiles.reason(failure),
                                         status: ioErrorStatus)
            errorOutput.write(error.line)
            return status == successStatus ? ioErrorStatus : status
        }
        return status
    }
}
