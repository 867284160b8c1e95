// The `kinetic` command. All of its logic lives in `KineticCommandLine`; this file only connects
// it to the process: arguments in, standard output and standard error out, exit status — and,
// for `kinetic playground`, runs the HTTP server (PlaygroundServer.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import KineticCommandLine

/// Writes text to a file descriptor through a stdio stream of its own (buffered by stdio, flushed
/// by `exit`). Opened with `fdopen` rather than using the C globals `stdout` and `stderr`, which
/// Swift 6 rejects as shared mutable state.
struct FileOutputStream: TextOutputStream {
    let file: UnsafeMutablePointer<FILE>?
    init(descriptor: Int32) { file = fdopen(descriptor, "w") }
    mutating func write(_ string: String) {
        guard let file else { return }
        fputs(string, file)
        fflush(file)
    }
}

var standardOutput = FileOutputStream(descriptor: 1)
var standardError = FileOutputStream(descriptor: 2)
let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "playground", !arguments.contains("--help"), !arguments.contains("-h") {
    let plan: PlaygroundCommand.Plan
    do throws(CommandLineError) {
        plan = try PlaygroundCommand.plan(Array(arguments.dropFirst()))
    } catch {
        standardError.write(error.line)
        exit(KineticCommandLine.usageErrorStatus)
    }
    if plan.build {
        let (status, message) = PlaygroundCommand.build(plan)
        if let message { standardError.write(message) }
        if status != 0 { exit(status) }
    }
    do {
        try await PlaygroundServer.serve(plan) { address in
            var out = FileOutputStream(descriptor: 1)
            out.write("Kinetic playground: \(address)  (Ctrl-C to stop)\n")
        }
    } catch {
        standardError.write("kinetic: playground: cannot serve on port \(plan.port): \(error)\n")
        exit(1)
    }
    exit(0)
}

let status = KineticCommandLine.run(arguments: arguments, standardOutput: &standardOutput, standardError: &standardError)
exit(status)
