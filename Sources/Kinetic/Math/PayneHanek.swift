// The exact reduction of a huge angle modulo π/2 (Payne–Hanek), for `Kernels.sinCos`.

/// Payne–Hanek argument reduction: a finite double of any size, reduced modulo π/2 exactly.
///
/// Its own accuracy story, apart from the polynomial kernels: integer arithmetic only (64-bit
/// multiplies) on 192 bits of 2/π, so the remainder r of x = q·π/2 + r (|r| ≤ π/4) comes out
/// as a double-double with a relative error below 2⁻⁶⁰, even where x is within 2⁻⁶⁰ of a
/// multiple of π/2 (the closest any double below 2⁶⁰ comes), and the same bits everywhere.
/// `Kernels.sinCos` calls it for |x| ≥ 5·10⁴, where the table path's three-part π/64 no longer
/// reduces exactly.
enum PayneHanek {
    /// |x| = q·π/2 + r for a finite `magnitude` ≥ 5·10⁴: `quadrant` is q (mod 4 in its low
    /// bits), |r| = `high` + `low` (`high` holds the top 53 bits exactly; both 0 when r = 0)
    /// and `negative` gives r's sign.
    ///
    /// |x| = m·2ᵉ (m an integer below 2⁵³). In x·2/π, the bits of 2/π before position e − 1 only
    /// add multiples of 4 (whole turns), so 192 bits of 2/π from there on give x·2/π mod 4 with
    /// an absolute error below 2⁻¹³⁸: its integer part is q, its fraction f (taken as f − 1 and
    /// q + 1 above one half) gives r = f·π/2 from a 128 × 128-bit product with π/4.
    static func reduce(_ magnitude: Double) -> (quadrant: Int, high: Double, low: Double, negative: Bool) {
        let bits = magnitude.bitPattern
        let m = (bits & 0x000F_FFFF_FFFF_FFFF) | 0x0010_0000_0000_0000   // |x| ≥ 5·10⁴: normal
        let e = Int(bits >> 52) - 1075                                    // |x| = m·2ᵉ
        // 192 bits of 2/π from bit i0 (bit 1 is the first after the point): W·2^−(i0+191).
        let i0 = Swift.max(1, e - 1)
        let w2 = twoOverPiBits(at: i0 - 1 + 128), w1 = twoOverPiBits(at: i0 - 1 + 64), w0 = twoOverPiBits(at: i0 - 1)
        // P = m·W (4 words, most significant first: p3 p2 p1 p0); x·2/π ≡ P·2^−shift (mod 4).
        let a2 = m.multipliedFullWidth(by: w2), a1 = m.multipliedFullWidth(by: w1), a0 = m.multipliedFullWidth(by: w0)
        let p0 = a2.low
        let (p1, c1) = a2.high.addingReportingOverflow(a1.low)
        let (s2, c2a) = a1.high.addingReportingOverflow(a0.low)
        let (p2, c2b) = s2.addingReportingOverflow(c1 ? 1 : 0)
        let p3 = a0.high &+ (c2a ? 1 : 0) &+ (c2b ? 1 : 0)
        let shift = i0 + 191 - e                                          // 190 ... 229
        func word(at bit: Int) -> UInt64 {                                // bits bit ..< bit + 64 of P
            func w(_ k: Int) -> UInt64 { k == 0 ? p0 : k == 1 ? p1 : k == 2 ? p2 : k == 3 ? p3 : 0 }
            let k = bit >> 6, b = bit & 63
            return b == 0 ? w(k) : (w(k) >> UInt64(b)) | (w(k + 1) << UInt64(64 - b))
        }
        var quadrant = Int(truncatingIfNeeded: word(at: shift) & 3)
        var fHigh = word(at: shift - 64), fLow = word(at: shift - 128)   // f·2¹²⁸
        var negative = false
        if fHigh >> 63 == 1 {                                             // f ≥ 1/2: r = (f − 1)·π/2
            quadrant += 1
            negative = true
            fLow = 0 &- fLow
            fHigh = ~fHigh &+ (fLow == 0 ? 1 : 0)
        }
        // R = f·(π/4·2¹²⁸)/2¹²⁸, so that |r| = R·2⁻¹²⁷ (the top 128 bits of the product).
        let (rHigh, rLow) = multiplyHigh(fHigh, fLow, 0xC90F_DAA2_2168_C234, 0xC4C6_628B_80DC_1CD1)
        guard rHigh | rLow != 0 else { return (quadrant, 0, 0, negative) }
        let lz = rHigh != 0 ? rHigh.leadingZeroBitCount : 64 + rLow.leadingZeroBitCount
        let nHigh = lz == 0 ? rHigh : lz < 64 ? (rHigh << UInt64(lz)) | (rLow >> UInt64(64 - lz)) : rLow << UInt64(lz - 64)
        let nLow = lz < 64 ? rLow << UInt64(lz) : 0
        // |r| = (nHigh·2⁶⁴ + nLow)·2^−(127 + lz): the top 53 bits exactly, the rest below.
        let scale = Double(bitPattern: UInt64(1023 - 63 - lz) << 52)
        let top = nHigh & ~0x7FF
        let high = Double(top) * scale
        let low = (Double(nHigh - top) + Double(nLow) * 5.421010862427522e-20) * scale   // 2⁻⁶⁴
        return (quadrant, high, low, negative)
    }

    /// The top 128 bits of the 256-bit product (aHigh·2⁶⁴ + aLow)·(bHigh·2⁶⁴ + bLow).
    static func multiplyHigh(_ aHigh: UInt64, _ aLow: UInt64, _ bHigh: UInt64, _ bLow: UInt64)
        -> (high: UInt64, low: UInt64)
    {
        let ll = aLow.multipliedFullWidth(by: bLow), lh = aLow.multipliedFullWidth(by: bHigh)
        let hl = aHigh.multipliedFullWidth(by: bLow), hh = aHigh.multipliedFullWidth(by: bHigh)
        // Word 1: ll.high + lh.low + hl.low; its carries go to word 2.
        let (t1, o1) = ll.high.addingReportingOverflow(lh.low)
        let (_, o2) = t1.addingReportingOverflow(hl.low)
        let carry1: UInt64 = (o1 ? 1 : 0) + (o2 ? 1 : 0)
        let (t2, o3) = hh.low.addingReportingOverflow(lh.high)
        let (t3, o4) = t2.addingReportingOverflow(hl.high)
        let (word2, o5) = t3.addingReportingOverflow(carry1)
        let word3 = hh.high &+ (o3 ? 1 : 0) &+ (o4 ? 1 : 0) &+ (o5 ? 1 : 0)
        return (word3, word2)
    }

    /// 64 bits of the binary expansion of 2/π from bit `offset` (0: the first bit after the
    /// point), zero past the 1,280 bits kept (enough for every finite double: the largest needs
    /// bits up to 970 + 192).
    static func twoOverPiBits(at offset: Int) -> UInt64 {
        let k = offset >> 6, b = offset & 63
        return b == 0 ? twoOverPiWord(k) : (twoOverPiWord(k) << UInt64(b)) | (twoOverPiWord(k + 1) >> UInt64(64 - b))
    }

    /// Word `k` (bits 64k + 1 ... 64k + 64 after the point) of 2/π, from mpmath at 2,000 bits.
    static func twoOverPiWord(_ k: Int) -> UInt64 {
        switch k {
        case 0: return 0xA2F9_836E_4E44_1529
        case 1: return 0xFC27_57D1_F534_DDC0
        case 2: return 0xDB62_9599_3C43_9041
        case 3: return 0xFE51_63AB_DEBB_C561
        case 4: return 0xB724_6E3A_424D_D2E0
        case 5: return 0x0649_2EEA_09D1_921C
        case 6: return 0xFE1D_EB1C_B129_A73E
        case 7: return 0xE882_35F5_2EBB_4484
        case 8: return 0xE99C_7026_B45F_7E41
        case 9: return 0x3991_D639_8353_39F4
        case 10: return 0x9C84_5F8B_BDF9_283B
        case 11: return 0x1FF8_97FF_DE05_980F
        case 12: return 0xEF2F_118B_5A0A_6D1F
        case 13: return 0x6D36_7ECF_27CB_09B7
        case 14: return 0x4F46_3F66_9E5F_EA2D
        case 15: return 0x7527_BAC7_EBE5_F17B
        case 16: return 0x3D07_39F7_8A52_92EA
        case 17: return 0x6BFB_5FB1_1F8D_5D08
        case 18: return 0x5603_3046_FC7B_6BAB
        case 19: return 0xF0CF_BC20_9AF4_361D
        default: return 0
        }
    }

}
