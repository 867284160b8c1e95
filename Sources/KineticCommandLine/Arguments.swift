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

    /// The line written to standard error: a single line, whatever the message contains, with
    /// every control character (C0, DEL and C1) escaped so that nothing in an argument or a
    /// file can move the cursor, change colours or retitle the terminal.
    public var line: String {
        "kinetic: " + escapingControlCharacters(message) + "\n"
    }

    /// The same error, pointing at the usage text unless it already points somewhere (or is
    /// not about the command line).
    func seeHelp(_ command: String) -> CommandLineError {
        message.contains("see '") || status != KineticCommandLine.usageErrorStatus
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

/// A subcommand's arguments split into positional arguments and `--name value` options.
///
/// The grammar, shared by every subcommand:
/// - `--name value` and `--name=value`. Every option takes a value. The value is the next
///   argument whatever it looks like unless it starts with `--`, so negative numbers work:
///   `--velocity -2`.
/// - A lone `--` ends the options; everything after it is positional.
/// - An argument starting with a single `-` is positional if it is a number (`-0.5`), and an
///   unknown option otherwise.
/// - Each option may be given once.
struct ParsedArguments {
    private(set) var positionals: [String] = []
    private(set) var values: [String: String] = [:]
    /// Option names in the order given (for deterministic conflict messages).
    private(set) var order: [String] = []

    /// Splits `arguments`, accepting only the options named in `options` (without the `--`).
    /// `context` names the command in error messages, for example `sample spring`.
    init(_ arguments: ArraySlice<String>, options: [String], context: String) throws(CommandLineError) {
        var index = arguments.startIndex
        var optionsEnded = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if optionsEnded {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                var value: String? = nil
                if let equals = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard options.contains(name) else {
                    throw CommandLineError("unknown option \(quoted("--" + name)) for '\(context)'")
                }
                if value == nil, index < arguments.endIndex, !arguments[index].hasPrefix("--") {
                    value = arguments[index]
                    index += 1
                }
                guard let value else {
                    throw CommandLineError("option '--\(name)' needs a value")
                }
                guard values[name] == nil else {
                    throw CommandLineError("option '--\(name)' given more than once")
                }
                values[name] = value
                order.append(name)
                continue
            }
            if argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil {
                throw CommandLineError("unknown option \(quoted(argument)) for '\(context)'")
            }
            positionals.append(argument)
        }
    }

    func has(_ name: String) -> Bool { values[name] != nil }

    /// The value of `--name`, if given.
    func string(_ name: String) -> String? { values[name] }

    /// The value of `--name` as a finite number, if given.
    func number(_ name: String) throws(CommandLineError) -> Double? {
        guard let text = values[name] else { return nil }
        return try parseNumber(text, what: "--" + name)
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
