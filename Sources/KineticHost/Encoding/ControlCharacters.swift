// One-line messages: control characters written out, so that nothing in an argument, a path or a
// script can move the cursor, change colours or retitle a terminal. The native runner and the
// command line report every error through these.

/// `text` with control characters (C0, DEL and C1) written as `\n`, `\r`, `\t` or `\u{1b}`.
package func escapingControlCharacters<S: StringProtocol>(_ text: S) -> String {
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

/// An argument or path as it appears in a message: in single quotes, control characters escaped.
package func quoted<S: StringProtocol>(_ argument: S) -> String {
    "'" + escapingControlCharacters(argument) + "'"
}

/// A finite number from an argument (decimal, with optional exponent, or hexadecimal floating
/// point, as Swift's `Double(_:)` reads it); `what` names the argument in the error (status 2).
package func parseFiniteNumber<S: StringProtocol>(_ text: S, what: String) throws(RenderFailure) -> Double {
    guard let value = Double(text) else {
        throw RenderFailure("invalid number \(quoted(text)) for \(what)")
    }
    guard value.isFinite else {
        throw RenderFailure("\(what) must be a finite number, got \(quoted(text))")
    }
    return value
}
