// Deterministic value noise for the noise and turbulence fields: a hash of lattice points, no random().

/// 2-D vector value noise over (x, y, t): each lattice point gets a pseudo-random vector in
/// [−1, 1]² from an integer hash of its coordinates, and values between lattice points are
/// smoothstep-interpolated. Pure arithmetic on integers and doubles (no libm, no random state),
/// so the same inputs give the same bits on every platform and at every frame rate.
enum ValueNoise {
    /// The noise at `x`, `y`, `t`, each already divided by its lattice spacing.
    static func sample(x: Double, y: Double, t: Double) -> (Double, Double) {
        let fx = floor(x), fy = floor(y), ft = floor(t)
        let ix = Int64(fx), iy = Int64(fy), it = Int64(ft)
        let ux = fade(x - fx), uy = fade(y - fy), ut = fade(t - ft)
        var rx = 0.0, ry = 0.0
        for dt in 0..<2 {
            for dy in 0..<2 {
                for dx in 0..<2 {
                    let w = (dx == 0 ? 1 - ux : ux) * (dy == 0 ? 1 - uy : uy) * (dt == 0 ? 1 - ut : ut)
                    let h = hash(ix &+ Int64(dx), iy &+ Int64(dy), it &+ Int64(dt))
                    rx += w * unit(h)
                    ry += w * unit(h >> 32)
                }
            }
        }
        return (rx, ry)
    }

    /// `v` clamped to ±10¹² and rounded down (so a huge coordinate cannot overflow an Int64).
    private static func floor(_ v: Double) -> Double {
        let c = Swift.min(Swift.max(v.isNaN ? 0 : v, -1e12), 1e12)
        return c.rounded(.down)
    }

    private static func fade(_ u: Double) -> Double { u * u * (3 - 2 * u) }

    /// A 32-bit slice of `h` mapped to [−1, 1].
    private static func unit(_ h: UInt64) -> Double {
        Double(h & 0xFFFF_FFFF) / Double(UInt32.max) * 2 - 1
    }

    /// SplitMix64 finaliser over the three coordinates.
    private static func hash(_ x: Int64, _ y: Int64, _ t: Int64) -> UInt64 {
        var h = UInt64(bitPattern: x) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(bitPattern: y) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= UInt64(bitPattern: t) &* 0x1656_67B1_9E37_79F9
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }
}
