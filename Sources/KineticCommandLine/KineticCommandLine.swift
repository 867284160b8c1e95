// The `kinetic` command tree on swift-argument-parser and the entry points that run it against output streams.
import ArgumentParser
import KineticHost

/// The `kinetic` command line, as a library: every subcommand, on swift-argument-parser, run
/// against output streams the caller gives (no `exit`), so that it can be tested in-process.
///
/// `render` and `plot` read and write files, through KineticHost's `HostFiles` alone; `playground` and
/// `web serve` build a page and serve it (`PlaygroundServer.swift`), only from ``runProcess(arguments:outputDescriptor:errorDescriptor:)``.
///
/// `Sources/kinetic/main.swift` only forwards `CommandLine.arguments.dropFirst()` to
/// ``runProcess(arguments:outputDescriptor:errorDescriptor:)`` and exits with the returned status.
///
/// Conventions shared by every subcommand:
/// - Success: output on standard output, exit status 0.
/// - `--help` (or `-h`) anywhere before `--`, `kinetic help [SUBCOMMAND]`, and
///   `--generate-completion-script bash|zsh|fish`: generated text on standard output, status 0.
/// - Bad arguments: exactly one line on standard error, starting `kinetic: `, nothing on
///   standard output, exit status 2 (swift-argument-parser's usage block and status 64 are
///   replaced by that line). Every subcommand validates all of its arguments before it
///   writes anything. An option given twice is refused (swift-argument-parser would keep the last).
/// - Output that cannot be written in full (every `fwrite`,
///   `fflush` and `fclose` is checked): one line on standard error, exit status 1.
public enum KineticCommandLine {
    /// Exit status of a successful run (including `--help`).
    public static let successStatus: Int32 = 0
    /// Exit status of a run with bad arguments (2, as every app's native runner: KineticHost's
    /// `SceneRender.usageStatus`).
    public static let usageErrorStatus = SceneRender.usageStatus
    /// Exit status of a run whose arguments were fine but whose output could not be written in
    /// full (a full disk, `/dev/full`, a closed pipe): 1, KineticHost's `SceneRender.ioStatus`.
    public static let ioErrorStatus = SceneRender.ioStatus

    /// The options that take no value (for the repeated-option check).
    static let flags: Set<String> = ["no-build", "docs", "watch", "version", "experimental-dump-help"]

    /// What a command line amounts to.
    enum Parsed {
        /// Text to print on standard output (help, a completion script), status 0.
        case text(String)
        /// A subcommand to run; `path` names it for messages (`plot curve`).
        case command(any ParsableCommand, path: String)
    }

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(CommandLineError) -> Parsed {
        if let help = try help(arguments) { return .text(help) }
        let path = commandPath(arguments)
        let seeHelp = "kinetic " + (path.isEmpty ? "" : path + " ") + "--help"
        let command: any ParsableCommand
        do {
            try rejectRepeatedOptions(arguments, flags: flags)
            command = try RootCommand.parseAsRoot(arguments)
        } catch let error as CommandLineError {
            throw error.seeHelp(seeHelp)
        } catch {
            if RootCommand.exitCode(for: error) == .success {
                let text = RootCommand.fullMessage(for: error)
                return .text(text.hasSuffix("\n") ? text : text + "\n")
            }
            throw CommandLineError(RootCommand.oneLineMessage(for: error)).seeHelp(seeHelp)
        }
        if command is RunnableCommand || command is ServingCommand {
            return .command(command, path: path)
        }
        // A command group without its subcommand.
        switch command {
        case is PlotCommand: throw CommandLineError("plot: missing 'curve' or 'csv'").seeHelp(seeHelp)
        case is WebCommand: throw CommandLineError("web: missing 'serve'").seeHelp(seeHelp)
        default: throw CommandLineError("missing subcommand; see 'kinetic --help'")
        }
    }

    /// The subcommand words at the start of `arguments` (`plot curve`), "" for none.
    static func commandPath(_ arguments: [String]) -> String {
        commands(arguments).path.joined(separator: " ")
    }

    /// The subcommands named at the start of `arguments`, and the deepest one's type.
    static func commands(_ arguments: [String]) -> (path: [String], command: any ParsableCommand.Type) {
        var path: [String] = []
        var current: any ParsableCommand.Type = RootCommand.self
        for argument in arguments {
            guard let next = current.configuration.subcommands.first(where: { $0._commandName == argument }) else { break }
            path.append(argument)
            current = next
        }
        return (path, current)
    }

    /// The help text a command line asks for, if it does: `--help` or `-h` anywhere before `--`
    /// (help on the subcommand it follows), or `help [SUBCOMMAND...]`. Generated by
    /// swift-argument-parser at 80 columns whatever the terminal, so it is the same everywhere.
    static func help(_ arguments: [String]) throws(CommandLineError) -> String? {
        let command: any ParsableCommand.Type
        if arguments.first == "help" {
            let topic = Array(arguments.dropFirst())
            let found = commands(topic)
            guard found.path.count == topic.count else {
                let unknown = topic[found.path.count]
                throw CommandLineError("unknown subcommand \(quoted(unknown)); see 'kinetic --help'")
            }
            command = found.command
        } else {
            guard let end = arguments.firstIndex(where: { $0 == "--help" || $0 == "-h" || $0 == "--" }),
                  arguments[end] != "--" else { return nil }
            command = commands(arguments).command
        }
        return RootCommand.helpMessage(for: command, columns: helpColumns) + "\n"
    }

    /// The width of the help text.
    static let helpColumns = 100

    /// Runs `kinetic` with `arguments` (without the program name), streaming its output.
    ///
    /// Returns the exit status. Nothing is written to `standardOutput` when the arguments are bad.
    /// `playground` and `web serve` are only planned here (one line saying what would be
    /// served); ``runProcess(arguments:outputDescriptor:errorDescriptor:)`` serves.
    public static func run<Output: TextOutputStream, ErrorOutput: TextOutputStream>(
        arguments: [String], standardOutput: inout Output, standardError: inout ErrorOutput
    ) -> Int32 {
        do throws(CommandLineError) {
            switch try parse(arguments) {
            case .text(let text):
                standardOutput.write(text)
            case .command(let command, let path):
                do throws(CommandLineError) {
                    if let runnable = command as? any RunnableCommand {
                        try runnable.execute(output: &standardOutput)
                    } else if let serving = command as? any ServingCommand {
                        let plan = try serving.plan()
                        standardOutput.write("\(plan.command): would serve \(plan.directory) on http://127.0.0.1:\(plan.port)/\n")
                    }
                } catch {
                    throw error.seeHelp("kinetic \(path) --help")
                }
            }
            return successStatus
        } catch {
            standardError.write(error.line)
            return error.status
        }
    }
}

/// The root of the command tree: `kinetic SUBCOMMAND ...`.
struct RootCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinetic",
        subcommands: [SampleCommand.self, RenderCommand.self, PlotCommand.self, PlaygroundCommand.self, WebCommand.self])

    /// swift-argument-parser's message for a parsing error, on one line (its suggestions joined
    /// with `; `), without the usage block it prints below it.
    static func oneLineMessage(for error: any Error) -> String {
        var message = message(for: error)
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        return message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters() }
            .filter { !$0.isEmpty }.joined(separator: "; ")
    }
}

/// A subcommand that runs to completion against an output stream.
protocol RunnableCommand: ParsableCommand {
    /// Runs the parsed command; must validate every argument before writing anything.
    func execute<Output: TextOutputStream>(output: inout Output) throws(CommandLineError)
}

extension Substring {
    func trimmingCharacters() -> Substring {
        var text = self
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
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
