import KineticHost

/// Parsing of `--at TIMES`: the instants to sample.
///
/// TIMES is a comma-separated list of items, each a number or a range `START:END:STEP`, for
/// example `0,0.25,0.5`, `0:1:0.25` or `0,0.5:1:0.25`. Instants are kept in the order given
/// (duplicates too).
///
/// A range is the points `START + i·STEP` for i = 0, 1, ... while they do not pass END; END is
/// included when it lands on it within rounding. Each point is computed from i directly, never by
/// accumulating steps. When START, END and STEP are plain decimals (at most 18 significant
/// digits, modest exponents; what anyone types) the arithmetic is exact decimal arithmetic, and
/// each point is the double nearest to the exact decimal value: `0:1:0.1` samples 0.3 (printed
/// `0.3`), not `0.1 * 3` = 0.30000000000000004, and includes END exactly. Otherwise (hexadecimal,
/// extreme exponents, very long mantissas) it is computed in double precision, END included when
/// `START + n·STEP` is within 1e-9·STEP of it.
enum Instants {
    /// The most instants one `--at` may produce.
    static let limit = 1_000_000

    static func parse(_ text: String) throws(CommandLineError) -> [Double] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        // Count first, so that a huge request fails before anything is allocated.
        var plans: [Item] = []
        var total = 0
        for item in items {
            let trimmed = trimSpaces(item)
            guard !trimmed.isEmpty else {
                throw CommandLineError("empty item in --at \(quoted(text))")
            }
            let plan = try Item(trimmed)
            total += plan.count
            if total > limit {
                throw CommandLineError("--at \(quoted(text)) gives more than \(limit) instants")
            }
            plans.append(plan)
        }
        var instants: [Double] = []
        instants.reserveCapacity(total)
        for plan in plans { plan.append(to: &instants) }
        return instants
    }

    private static func trimSpaces(_ text: Substring) -> Substring {
        var text = text
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// One item of the list: an instant or a range, with its number of points.
    private enum Item {
        case single(Double)
        /// Points `(start + i·step) × 10^exponent` for i in 0..<count, exact in integers.
        case decimalRange(start: Int64, step: Int64, exponent: Int, count: Int)
        /// Points `start + i·step` for i in 0..<count, in double precision.
        case binaryRange(start: Double, step: Double, count: Int)

        init(_ text: Substring) throws(CommandLineError) {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count == 1 {
                self = .single(try parseFiniteNumber(text, what: "--at"))
                return
            }
            guard parts.count == 3 else {
                throw CommandLineError("invalid range \(quoted(text)) in --at: expected START:END:STEP")
            }
            let start = try parseFiniteNumber(parts[0], what: "the start of range \(quoted(text))")
            let end = try parseFiniteNumber(parts[1], what: "the end of range \(quoted(text))")
            let step = try parseFiniteNumber(parts[2], what: "the step of range \(quoted(text))")
            guard step > 0 else {
                throw CommandLineError("the step of range \(quoted(text)) must be positive")
            }
            guard end >= start else {
                throw CommandLineError("range \(quoted(text)) ends before it starts")
            }
            let tooMany = CommandLineError("range \(quoted(text)) gives more than \(Instants.limit) instants")
            if let exact = DecimalRange(start: parts[0], end: parts[1], step: parts[2]) {
                // (end − start) / step, exact; the integers are nonnegative and fit in Int64.
                let intervals = (exact.end - exact.start) / exact.step
                guard intervals < Int64(Instants.limit) else { throw tooMany }
                self = .decimalRange(start: exact.start, step: exact.step, exponent: exact.exponent,
                                     count: Int(intervals) + 1)
                return
            }
            let quotient = (end - start) / step
            guard quotient.isFinite, quotient < Double(Instants.limit) else { throw tooMany }
            var intervals = Int(quotient.rounded(.down))
            if start + Double(intervals + 1) * step <= end + 1e-9 * step { intervals += 1 }
            guard intervals < Instants.limit else { throw tooMany }
            self = .binaryRange(start: start, step: step, count: intervals + 1)
        }

        var count: Int {
            switch self {
            case .single: return 1
            case .decimalRange(_, _, _, let count), .binaryRange(_, _, let count): return count
            }
        }

        func append(to instants: inout [Double]) {
            switch self {
            case .single(let value):
                instants.append(value)
            case .decimalRange(let start, let step, let exponent, let count):
                for i in 0..<count {
                    // Cannot overflow: every point lies between start and end.
                    let mantissa = start + Int64(i) * step
                    // Swift's Double(String) rounds correctly: the double nearest the decimal.
                    instants.append(Double("\(mantissa)e\(exponent)")!)
                }
            case .binaryRange(let start, let step, let count):
                for i in 0..<count {
                    instants.append(start + Double(i) * step)
                }
            }
        }
    }
}

/// A range with its three ends as integers scaled by a common power of ten, if they are plain
/// decimals small enough for exact Int64 arithmetic.
private struct DecimalRange {
    let start: Int64, end: Int64, step: Int64, exponent: Int

    init?(start: Substring, end: Substring, step: Substring) {
        guard let s = Decimal(start), let e = Decimal(end), let p = Decimal(step) else { return nil }
        let exponent = min(s.exponent, e.exponent, p.exponent)
        guard let start = s.mantissa(atExponent: exponent),
              let end = e.mantissa(atExponent: exponent),
              let step = p.mantissa(atExponent: exponent),
              step > 0, end >= start,
              !(end.subtractingReportingOverflow(start).overflow)
        else { return nil }
        self.start = start
        self.end = end
        self.step = step
        self.exponent = exponent
    }
}

/// A decimal number `mantissa × 10^exponent` with at most 18 significant digits.
private struct Decimal {
    var mantissa: Int64
    var exponent: Int

    /// Reads `[+-]digits[.digits][(e|E)[+-]digits]` (at least one mantissa digit); nil for any
    /// other form (hexadecimal, inf, nan), more than 18 significant digits or huge exponents.
    init?(_ text: Substring) {
        var scalars = Substring.UnicodeScalarView(text.unicodeScalars)
        var negative = false
        if let sign = scalars.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            scalars.removeFirst()
        }
        var digits: [UInt8] = []        // significant digits, leading zeros dropped
        var fractionDigits = 0
        var sawDigit = false
        var inFraction = false
        while let scalar = scalars.first {
            if scalar == "." {
                guard !inFraction else { return nil }
                inFraction = true
            } else if let digit = Decimal.digit(scalar) {
                sawDigit = true
                if !(digits.isEmpty && digit == 0) { digits.append(digit) }
                if inFraction { fractionDigits += 1 }
            } else {
                break
            }
            scalars.removeFirst()
        }
        guard sawDigit else { return nil }
        var exponent = 0
        if let e = scalars.first, e == "e" || e == "E" {
            scalars.removeFirst()
            var negativeExponent = false
            if let sign = scalars.first, sign == "+" || sign == "-" {
                negativeExponent = sign == "-"
                scalars.removeFirst()
            }
            guard !scalars.isEmpty, scalars.count <= 6 else { return nil }
            while let scalar = scalars.first {
                guard let digit = Decimal.digit(scalar) else { return nil }
                exponent = exponent * 10 + Int(digit)
                scalars.removeFirst()
            }
            if negativeExponent { exponent = -exponent }
        }
        guard scalars.isEmpty else { return nil }
        exponent -= fractionDigits
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        guard digits.count <= 18 else { return nil }
        var mantissa: Int64 = 0
        for digit in digits { mantissa = mantissa * 10 + Int64(digit) }
        self.mantissa = negative ? -mantissa : mantissa
        self.exponent = digits.isEmpty ? 0 : exponent
        if digits.isEmpty { self.exponent = Int.max }   // zero fits any exponent
    }

    /// The mantissa for a smaller exponent, if it fits in Int64.
    func mantissa(atExponent target: Int) -> Int64? {
        if mantissa == 0 { return 0 }
        var value = mantissa
        var shift = exponent - target
        guard shift >= 0, shift <= 18 else { return nil }
        while shift > 0 {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = product
            shift -= 1
        }
        return value
    }

    private static func digit(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= 48 && scalar.value <= 57 ? UInt8(scalar.value - 48) : nil
    }
}
