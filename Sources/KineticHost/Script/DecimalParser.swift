// Parses decimal numbers the same way natively and in Embedded Swift (no strtod there).
/// Parses decimal numbers without the C library (Embedded Swift has no `Double(String)`), the
/// same way on every platform, so a script read natively and in WebAssembly gives the same
/// `Double`s bit for bit.
///
/// Accepts `[+-]digits[.digits][(e|E)[+-]digits]`. The significant digits (up to 19; later
/// ones are dropped) are read into an integer `m` and the value is `m · 10^e`, correctly
/// rounded (to nearest, ties to even): one multiplication or division by an exactly
/// representable power of ten when `m < 2⁵³` and `|e| ≤ 22` (Clinger's fast path), else exact
/// big-integer long division (``exactValue(_:_:)``). So Swift's shortest round-tripping form of
/// any normal double (`"\(x)"`, at most 17 digits) parses back to the same bits, which
/// `HostSession.script()` relies on. Results below the normal range (|x| < 2⁻¹⁰²²) may be off
/// by an ulp of the subnormal spacing. Returns nil for anything else, and for non-finite results.
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
            if mantissa < 1 << 53, exponent >= -22, exponent <= 22 {
                if exponent > 0 { value *= powerOfTen(exponent) } else if exponent < 0 { value /= powerOfTen(-exponent) }
            } else if exponent > 330 {
                return nil                         // m ≥ 1, so at least 10^330: not finite
            } else if exponent < -360 {
                value = 0                          // m < 10^19, so below 10^-341: rounds to 0
            } else {
                value = exactValue(mantissa, exponent)
            }
        }
        guard value.isFinite else { return nil }
        return negative ? -value : value
    }

    /// `m · 10^e` correctly rounded, for `m > 0` and `|e| ≤ 360`: the ratio `N / D` of two big
    /// integers (`N = m · 10^max(e, 0)`, `D = 10^max(−e, 0)`) is scaled by a power of two into
    /// [1, 2), its first 53 bits are found by long division, and the remainder rounds them (to
    /// nearest, ties to even). At most ~1,200-bit integers and 54 shift-and-subtract steps.
    static func exactValue(_ m: UInt64, _ e: Int) -> Double {
        var n = BigUInt(m), d = BigUInt(1)
        for _ in 0..<Swift.max(e, 0) { n.multiply(by: 10) }
        for _ in 0..<Swift.max(-e, 0) { d.multiply(by: 10) }
        // 2^k ≤ N / D < 2^(k+1): shift the smaller side so the quotient is in [1, 2).
        var k = n.bitWidth - d.bitWidth
        if k > 0 { d.shiftLeft(by: k) } else if k < 0 { n.shiftLeft(by: -k) }
        if n < d { n.shiftLeft(by: 1); k -= 1 }
        var q: UInt64 = 0
        for _ in 0..<53 {
            q <<= 1
            if !(n < d) { n.subtract(d); q |= 1 }
            n.shiftLeft(by: 1)
        }
        // n is now twice the remainder: compare it with d for the rounding bit.
        let isHalfOrMore = !(n < d)
        if isHalfOrMore {
            n.subtract(d)
            if !n.isZero || q & 1 == 1 { q += 1 }  // above half, or a tie to an odd last bit
        }
        if q == 1 << 53 { q >>= 1; k += 1 }
        guard k <= 1023 else { return .infinity }
        return Double(sign: .plus, exponent: k - 52, significand: Double(q))
    }

    private static func powerOfTen(_ e: Int) -> Double {
        var p = 1.0
        for _ in 0..<e { p *= 10 }   // exact up to 10^22
        return p
    }
}

/// The unsigned big integer ``DecimalParser/exactValue(_:_:)`` divides: little-endian 32-bit
/// limbs, with only the operations that division needs.
struct BigUInt {
    private var limbs: [UInt32]

    init(_ value: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        normalize()
    }

    var isZero: Bool { limbs.isEmpty }

    /// The number of bits up to the highest set one (0 for zero).
    var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 32 - top.leadingZeroBitCount
    }

    private mutating func normalize() {
        while limbs.last == 0 { limbs.removeLast() }
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let p = UInt64(limbs[i]) * UInt64(factor) + carry
            limbs[i] = UInt32(truncatingIfNeeded: p)
            carry = p >> 32
        }
        if carry != 0 { limbs.append(UInt32(carry)) }
    }

    mutating func shiftLeft(by bits: Int) {
        guard !limbs.isEmpty, bits > 0 else { return }
        let whole = bits / 32, part = bits % 32
        if part != 0 {
            var carry: UInt32 = 0
            for i in limbs.indices {
                let v = limbs[i]
                limbs[i] = v << UInt32(part) | carry
                carry = v >> UInt32(32 - part)
            }
            if carry != 0 { limbs.append(carry) }
        }
        if whole > 0 { limbs.insert(contentsOf: repeatElement(0, count: whole), at: 0) }
    }

    /// Subtracts `other`, which must not be larger.
    mutating func subtract(_ other: BigUInt) {
        var borrow: Int64 = 0
        for i in limbs.indices {
            var v = Int64(limbs[i]) - borrow - (i < other.limbs.count ? Int64(other.limbs[i]) : 0)
            borrow = 0
            if v < 0 { v += 1 << 32; borrow = 1 }
            limbs[i] = UInt32(v)
        }
        normalize()
    }

    static func < (a: BigUInt, b: BigUInt) -> Bool {
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
        var i = a.limbs.count - 1
        while i >= 0 {
            if a.limbs[i] != b.limbs[i] { return a.limbs[i] < b.limbs[i] }
            i -= 1
        }
        return false
    }
}
