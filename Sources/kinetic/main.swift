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
        standardError.write(CommandLineError("playground: cannot serve on port \(plan.port): \(error)",
                                             status: KineticCommandLine.ioErrorStatus).line)
        exit(KineticCommandLine.ioErrorStatus)
    }
    exit(0)
}

exit(KineticCommandLine.runProcess(arguments: arguments))
