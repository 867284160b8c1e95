// Parses decimal numbers the same way natively and in Embedded Swift (no strtod there).
/// Parses decimal numbers without the C library (Embedded Swift has no `Double(String)`), the
/// same way on every platform, so a script read natively and in WebAssembly gives the same
/// `Double`s bit for bit.
///
/// Accepts `[+-]digits[.digits][(e|E)[+-]digits]`. The significant digits (up to 19) are read
/// into an integer `m` and the value is `m · 10^e`, computed as one multiplication or division
/// by an exactly representable power of ten when `m < 2⁵³` and `|e| ≤ 22` (Clinger's fast path:
/// correctly rounded), which covers every number a gesture script holds; beyond that the
/// result is within a few ulps. Returns nil for anything else, and for non-finite results.
enum DecimalParser {
    static func parse(_ text: Substring) -> Double? {
        var bytes = Array(text.utf8)[...]
        guard !bytes.isEmpty else { return nil }
        var negative = false
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
            negative = bytes.first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var mantissa: UInt64 = 0
        var digits = 0, exponent = 0, sawDigit = false, sawPoint = false
        while let c = bytes.first {
            if c >= 48 && c <= 57 {
                sawDigit = true
                if digits < 19 {
                    mantissa = mantissa * 10 + UInt64(c - 48)
                    if mantissa != 0 { digits += 1 }
                    if sawPoint { exponent -= 1 }
                } else if !sawPoint {
                    exponent += 1
                }
            } else if c == UInt8(ascii: ".") && !sawPoint {
                sawPoint = true
            } else {
                break
            }
            bytes = bytes.dropFirst()
        }
        guard sawDigit else { return nil }
        if let c = bytes.first, c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var expNegative = false
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
                expNegative = bytes.first == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            guard !bytes.isEmpty else { return nil }
            var e = 0
            while let c = bytes.first, c >= 48 && c <= 57 {
                if e < 10_000 { e = e * 10 + Int(c - 48) }
                bytes = bytes.dropFirst()
            }
            exponent += expNegative ? -e : e
        }
        guard bytes.isEmpty else { return nil }
        var value = Double(mantissa)
        if mantissa != 0 {
            var e = exponent
            while e > 22 { value *= 1e22; e -= 22 }
            while e < -22 { value /= 1e22; e += 22 }
            if e > 0 { value *= powerOfTen(e) } else if e < 0 { value /= powerOfTen(-e) }
        }
        guard value.isFinite else { return nil }
        return negative ? -value : value
    }

    private static func powerOfTen(_ e: Int) -> Double {
        var p = 1.0
        for _ in 0..<e { p *= 10 }   // exact up to 10^22
        return p
    }
}
