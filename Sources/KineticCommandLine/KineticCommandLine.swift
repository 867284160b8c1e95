/// The `kinetic` command line, as a library: argument parsing and every subcommand, with no
/// process state (no Foundation, no file handles, no `exit`), so that it can be tested.
///
/// `render` and `plot` read and write files, through `FileSystem.swift` alone.
///
/// `Sources/kinetic/main.swift` only forwards `CommandLine.arguments.dropFirst()` here, writes the
/// two output streams and exits with the returned status.
///
/// Conventions shared by every subcommand:
/// - Success: output on standard output, exit status 0.
/// - `--help` (or `-h`) anywhere before `--`: the usage text on standard output, exit status 0.
/// - Bad arguments: exactly one line on standard error, starting `kinetic: `, nothing on
///   standard output, exit status 2. Every subcommand validates all of its arguments before it
///   writes anything.
/// - Output that cannot be written in full (every `fwrite`,
///   `fflush` and `fclose` is checked): one line on standard error, exit status 1.
public enum KineticCommandLine {
    /// Exit status of a successful run (including `--help`).
    public static let successStatus: Int32 = 0
    /// Exit status of a run with bad arguments.
    public static let usageErrorStatus: Int32 = 2
    /// Exit status of a run whose arguments were fine but whose
    /// output could not be written in full (a full disk, `/dev/full`, a closed pipe).
    public static let ioErrorStatus: Int32 = 1

    /// The subcommands, in the order the usage text lists them.
    ///
    /// To add one (`render`, `plot`, `playground`, ...), write a type conforming to
    /// ``Subcommand`` and list it here; dispatch and `--help` handling come for free.
    static let subcommands: [any Subcommand.Type] = [
        SampleCommand.self,
        RenderCommand.self,
        PlotCommand.self,
        PlaygroundCommand.self,
    ]

    /// Runs `kinetic` with `arguments` (without the program name), streaming its output.
    ///
    /// Returns the exit status. Nothing is written to `standardOutput` when the arguments are bad.
    public static func run<Output: TextOutputStream, ErrorOutput: TextOutputStream>(
        arguments: [String], standardOutput: inout Output, standardError: inout ErrorOutput
    ) -> Int32 {
        do throws(CommandLineError) {
            try dispatch(arguments[...], output: &standardOutput)
            return successStatus
        } catch {
            standardError.write(error.line)
            return error.status
        }
    }

    /// The top-level usage text (`kinetic --help`).
    public static var usage: String {
        var text = """
            USAGE: kinetic <subcommand> [arguments]

            SUBCOMMANDS:

            """
        let width = subcommands.map { $0.name.count }.max() ?? 0
        for command in subcommands {
            text += "  " + command.name + String(repeating: " ", count: width - command.name.count + 2)
                + command.summary + "\n"
        }
        text += """

            Run 'kinetic help <subcommand>' or 'kinetic <subcommand> --help' for details.
            Bad arguments are reported as one line on standard error, starting 'kinetic: ',
            with exit status 2.

            """
        return text
    }

    static func dispatch<Output: TextOutputStream>(_ arguments: ArraySlice<String>, output: inout Output)
        throws(CommandLineError)
    {
        guard let first = arguments.first else {
            throw CommandLineError("missing subcommand; see 'kinetic --help'")
        }
        if isHelpFlag(first) {
            output.write(usage)
            return
        }
        if first == "help" {
            let rest = arguments.dropFirst()
            guard let topic = rest.first else {
                output.write(usage)
                return
            }
            guard rest.count == 1 else {
                throw CommandLineError("help takes at most one subcommand, got \(quoted(rest.last!))")
            }
            guard let command = subcommand(named: topic) else {
                throw CommandLineError("unknown subcommand \(quoted(topic)); see 'kinetic --help'")
            }
            output.write(command.usage)
            return
        }
        guard let command = subcommand(named: first) else {
            if first.hasPrefix("-") {
                throw CommandLineError("unknown option \(quoted(first)); see 'kinetic --help'")
            }
            throw CommandLineError("unknown subcommand \(quoted(first)); see 'kinetic --help'")
        }
        let rest = arguments.dropFirst()
        if wantsHelp(rest) {
            output.write(command.usage)
            return
        }
        do throws(CommandLineError) {
            try command.run(rest, output: &output)
        } catch {
            throw error.seeHelp("kinetic \(command.name) --help")
        }
    }

    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.name == name }
    }

    static func isHelpFlag(_ argument: String) -> Bool {
        argument == "--help" || argument == "-h"
    }

    /// Whether `--help` or `-h` appears before the end-of-options marker `--`.
    static func wantsHelp(_ arguments: ArraySlice<String>) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if isHelpFlag(argument) { return true }
        }
        return false
    }
}

/// A `kinetic` subcommand.
protocol Subcommand: Sendable {
    /// The word that selects it: `kinetic <name> ...`.
    static var name: String { get }
    /// One line for the top-level usage text.
    static var summary: String { get }
    /// The full usage text, printed by `kinetic <name> --help`; ends with a newline.
    static var usage: String { get }
    /// Runs the subcommand with the arguments after its name (`--help` is handled before).
    ///
    /// Must validate every argument before writing anything to `output`.
    static func run<Output: TextOutputStream>(_ arguments: ArraySlice<String>, output: inout Output)
        throws(CommandLineError)
}

/// Runs `kinetic` with `arguments` (without the program name) and collects its output.
///
/// Returns the exit status (0 on success and for `--help`, 2 for bad arguments) and everything
/// written to standard output and standard error.
public func runKinetic(arguments: [String]) -> (exitCode: Int32, stdout: String, stderr: String) {
    var output = ""
    var errorOutput = ""
    let status = KineticCommandLine.run(arguments: arguments, standardOutput: &output, standardError: &errorOutput)
    return (status, output, errorOutput)
}
