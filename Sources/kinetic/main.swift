// The `kinetic` command. All of its logic lives in `KineticCommandLine`; this file only connects
// it to the process: arguments in, standard output and standard error out, exit status.
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
    }
}

var standardOutput = FileOutputStream(descriptor: 1)
var standardError = FileOutputStream(descriptor: 2)
let status = KineticCommandLine.run(arguments: Array(CommandLine.arguments.dropFirst()),
                                    standardOutput: &standardOutput, standardError: &standardError)
exit(status)
