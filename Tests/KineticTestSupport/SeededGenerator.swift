// The tests' one random number generator, seeded so a failure reproduces.

/// SplitMix64: a deterministic random number generator, so a failing seed reproduces.
public struct SeededGenerator: RandomNumberGenerator {
    /// The generator's state; the next output is a function of it alone.
    public var state: UInt64
    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A double uniform in [0, 1) with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// An integer uniform in 0..<n (n > 0; the modulo bias is below 2⁻⁵⁰ for small n).
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    /// A fair coin.
    public mutating func bool() -> Bool { next() & 1 == 0 }
}
