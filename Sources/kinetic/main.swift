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
import KineticCommandLine

exit(await KineticCommandLine.runProcess(arguments: Array(CommandLine.arguments.dropFirst())))
