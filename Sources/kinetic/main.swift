// The `kinetic` command. All of its logic lives in `KineticCommandLine` (subcommands on
// swift-argument-parser, the playground's server); this file only connects it to the process:
// arguments in, standard output and standard error out, exit status.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import KineticCommandLine

let arguments = Array(CommandLine.arguments.dropFirst())
KineticCommandLine.forwardTerminationSignals()
if KineticCommandLine.serves(arguments) {
    // Only the server needs Swift concurrency: it runs in a task while the main thread serves
    // the main queue. Every other subcommand is a plain synchronous process (no runtime threads),
    // which is also what lets valgrind follow `kinetic render` (Scripts/leak-check).
    Task { exit(await KineticCommandLine.runProcess(arguments: arguments)) }
    dispatchMain()
} else {
    exit(KineticCommandLine.runProcessSynchronously(arguments: arguments))
}
