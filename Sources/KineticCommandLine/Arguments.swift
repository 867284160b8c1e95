/// A failed command: reported as one line on standard error, `kinetic: <message>`, with
/// ``status`` as the exit status (2 for a bad command line, 1 when the arguments were fine but
/// reading or writing a file failed).
public struct CommandLineError: Error, Equatable {
    public var message: String
    /// The exit status: ``KineticCommandLine/usageErrorStatus`` (2) or
    /// ``KineticCommandLine/ioErrorStatus`` (1).
    public var status: Int32

    public init(_ message: String, status: Int32 = KineticCommandLine.usageErrorStatus) {
        self.message = message
        self.status = status
    }

    /// A failure whose line another program (an app's runner, a build script) has already written:
    /// only its exit status is left to give.
    static func alreadyReported(status: Int32) -> CommandLineError {
        CommandLineError("", status: status)
    }

    /// The line written to standard error: a single line, whatever the message contains, with
    /// every control character (C0, DEL and C1) escaped so that nothing in an argument or a
    /// file can move the cursor, change colours or retitle the terminal.
    public var line: String {
        message.isEmpty ? "" : "kinetic: " + escapingControlCharacters(message) + "\n"
    }

    /// The same error, pointing at the usage text unless it already points somewhere (or is
    /// not about the command line).
    func seeHelp(_ command: String) -> CommandLineError {
        message.isEmpty || message.contains("see '") || status != KineticCommandLine.usageErrorStatus
            ? self : CommandLineError(message + "; see '" + command + "'", status: status)
    }
}

/// `text` with control characters written as `\n`, `\r`, `\t` or `\u{1b}`.
func escapingControlCharacters<S: StringProtocol>(_ text: S) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result
}

/// An argument as it appears in an error message: in single quotes, with control characters
/// escaped so the message stays on one line.
func quoted<S: StringProtocol>(_ argument: S) -> String {
    "'" + escapingControlCharacters(argument) + "'"
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
        return try parseNumber(text, what: "--" + name)
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

/// Parses a finite number (decimal, with optional exponent, or hexadecimal floating point, as
/// Swift's `Double(_:)` reads it). `what` names the argument in error messages.
func parseNumber<S: StringProtocol>(_ text: S, what: String) throws(CommandLineError) -> Double {
    guard let value = Double(text) else {
        throw CommandLineError("invalid number \(quoted(text)) for \(what)")
    }
    guard value.isFinite else {
        throw CommandLineError("\(what) must be a finite number, got \(quoted(text))")
    }
    return value
}
