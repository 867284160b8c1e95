import KineticHost

/// A failed command: reported as one line on standard error (`RenderFailure.line`:
/// `kinetic: <message>`, control characters escaped), with `status` as the exit status (2 for a
/// bad command line, 1 when the arguments were fine but reading or writing a file failed). The
/// same type as every app's native runner reports (KineticHost's `NativeRunner`).
public typealias CommandLineError = RenderFailure

extension RenderFailure {
    /// A failure whose line another program (an app's runner, a build script) has already written:
    /// only its exit status is left to give.
    static func alreadyReported(status: Int32) -> RenderFailure {
        RenderFailure("", status: status)
    }

    /// The same error, pointing at the usage text unless it already points somewhere (or is
    /// not about the command line).
    func seeHelp(_ command: String) -> RenderFailure {
        message.isEmpty || message.contains("see '") || status != KineticCommandLine.usageErrorStatus
            ? self : RenderFailure(message + "; see '" + command + "'", status: status)
    }
}

/// Bad arguments that swift-argument-parser lets through, found before it parses: an option
/// given twice (it would keep the last). `--help`, `-h` and everything after `--` are not checked;
/// an option's value is skipped when it is the next argument.
func rejectRepeatedOptions(_ arguments: [String], flags: Set<String>) throws(CommandLineError) {
    var seen: Set<String> = []
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if argument == "--" { return }
        guard argument.hasPrefix("--"), argument != "--help" else { continue }
        var name = String(argument.dropFirst(2))
        let hasValue = name.contains("=")
        if let equals = name.firstIndex(of: "=") { name = String(name[..<equals]) }
        guard seen.insert(name).inserted else {
            throw CommandLineError("option '--\(name)' given more than once")
        }
        if !hasValue, !flags.contains(name), index < arguments.count, !arguments[index].hasPrefix("--") {
            index += 1
        }
    }
}

/// A subcommand's arguments as swift-argument-parser left them: positional arguments and the
/// `--name value` options given (by name, without the `--`), for the checks that span several
/// options.
struct ParsedArguments {
    private(set) var positionals: [String]
    private(set) var values: [String: String]
    /// How many of `positionals` came before a `--` (those after it are never options).
    private var beforeTerminator: Int

    /// `options` pairs each option's name with its value, nil when not given. A `--` among
    /// `positionals` (an `.allUnrecognized` argument keeps it) ends the options and is dropped.
    init(positionals: [String], options: [(String, String?)]) {
        var positionals = positionals
        beforeTerminator = positionals.count
        if let terminator = positionals.firstIndex(of: "--") {
            positionals.remove(at: terminator)
            beforeTerminator = terminator
        }
        self.positionals = positionals
        values = [:]
        for (name, value) in options { if let value { values[name] = value } }
    }

    func has(_ name: String) -> Bool { values[name] != nil }

    /// The value of `--name`, if given.
    func string(_ name: String) -> String? { values[name] }

    /// The value of `--name` as a finite number, if given.
    func number(_ name: String) throws(CommandLineError) -> Double? {
        guard let text = values[name] else { return nil }
        return try parseFiniteNumber(text, what: "--" + name)
    }

    /// Refuses a positional argument that is an option (swift-argument-parser hands unknown
    /// options and negative numbers to `.allUnrecognized` arguments alike): anything starting
    /// with `-` that is not a number.
    func rejectUnknownOptions(context: String) throws(CommandLineError) {
        for argument in positionals.prefix(beforeTerminator) where argument.hasPrefix("-") && argument.count > 1 && Double(argument) == nil {
            var name = Substring(argument)
            if let equals = name.firstIndex(of: "=") { name = name[..<equals] }
            throw CommandLineError("unknown option \(quoted(name)) for '\(context)'")
        }
    }
}
