// Kinetic's own exp, expm1 and sincos: polynomial kernels from +, −, × and exact power-of-two scaling,
// so that every platform (glibc, Darwin, wasi-libc, musl) computes the same bits.

/// Deterministic elementary-function kernels.
///
/// libm's last bit differs between C libraries (glibc and wasi-libc disagree by an ulp on some
/// arguments, enough to move a spring's sample by up to 4.6e-13), so the functions the timing
/// curves sample per frame are computed here from IEEE-754 basic operations only (no FMA, no
/// libm), which round identically on every target, native or WebAssembly.
///
/// exp and sinCos reduce the argument by a table step (Cody–Waite with an exact split of the step)
/// and evaluate a short Taylor polynomial on the remainder (expm1 sums its series near 0); the tables are `switch`es of
/// constants, which LLVM turns into constant lookup tables (no global initialisation, fine in
/// Embedded Swift). Measured against glibc over 4 million arguments each
/// (`Tests/KineticTests/Math/KernelsTests.swift`): within 1 ulp of libm for exp, and within
/// 2 ulps for sin and cos at every finite argument (large ones are reduced exactly, with
/// 64-bit integer multiplies: see `PayneHanek`). The inverse functions are `InverseKernels`.
@usableFromInline
enum Kernels {
    /// 1.5·2⁵²: adding it to a double of magnitude below 2⁵¹ rounds it to an integer (to nearest)
    /// held in the low bits of the sum, without `rounded()` (a libm call on baseline x86-64).
    /// (A computed constant, not a `static let`: a global would need a one-time initialisation check.)
    @inlinable @inline(__always) static var shifter: Double { 6755399441055744.0 }

    // MARK: exp

    /// eˣ within 1 ulp for x in −708…709.78 (subnormal results below −708: within 1e-12 relative).
    /// NaN gives NaN, x > 709.78 gives +∞, x < −745.2 gives 0.
    ///
    /// x = (128n + j)·ln2/128 + r with |r| ≤ ln2/256, eˣ = 2ⁿ · 2^(j/128) · eʳ; eʳ − 1 by its
    /// Taylor polynomial to r⁵ (the first omitted term is below 6e-19).
    @inlinable @inline(__always)
    static func exp(_ x: Double) -> Double {
        guard x >= -708, x <= 709.782712893384 else { return expOutsideNormalRange(x) }
        let kd = x * 184.6649652337873 + shifter               // x · 128/ln2, rounded
        let nd = kd - shifter
        // ln2/128 split so that nd·high is exact (|nd| < 2¹⁸ here, high has 32 bits).
        let r = (x - nd * 0.00541521234663378) - nd * 1.4907929134926466e-12
        let k = Int(truncatingIfNeeded: Int32(truncatingIfNeeded: kd.bitPattern))
        let p = r + r * r * (0.5 + r * (1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120))))
        let scale = Double(bitPattern: UInt64(truncatingIfNeeded: (k >> 7) + 1023) << 52)
        let s = scale * twoToThe(k & 127)
        return s + s * p
    }

    /// exp below −708 (subnormal results; x + 64 ln2 is rounded, hence 1e-12), above 709.78
    /// (overflow) and for NaN.
    @usableFromInline static func expOutsideNormalRange(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 0 { return .infinity }
        if x < -745.2 { return 0 }
        // Computed 2⁻⁶⁴ higher, where 2ⁿ is a normal number, then scaled down once.
        let v = exp(x + 64 * 0.6931471805599453)
        return v * 5.421010862427522e-20                         // 2⁻⁶⁴
    }

    /// 2^(j/128) for j in 0..<128, correctly rounded.
    @inlinable @inline(__always)
    static func twoToThe(_ j: Int) -> Double {
        switch j {
        case 0: return 1.0
        case 1: return 1.0054299011128027
        case 2: return 1.0108892860517005
        case 3: return 1.016378314910953
        case 4: return 1.0218971486541166
        case 5: return 1.0274459491187637
        case 6: return 1.0330248790212284
        case 7: return 1.0386341019613787
        case 8: return 1.0442737824274138
        case 9: return 1.0499440858006872
        case 10: return 1.0556451783605572
        case 11: return 1.061377227289262
        case 12: return 1.0671404006768237
        case 13: return 1.0729348675259756
        case 14: return 1.0787607977571199
        case 15: return 1.0846183622133092
        case 16: return 1.0905077326652577
        case 17: return 1.0964290818163769
        case 18: return 1.102382583307841
        case 19: return 1.1083684117236787
        case 20: return 1.1143867425958924
        case 21: return 1.1204377524096067
        case 22: return 1.1265216186082418
        case 23: return 1.1326385195987192
        case 24: return 1.1387886347566916
        case 25: return 1.1449721444318042
        case 26: return 1.1511892299529827
        case 27: return 1.1574400736337511
        case 28: return 1.1637248587775775
        case 29: return 1.1700437696832502
        case 30: return 1.1763969916502812
        case 31: return 1.182784710984341
        case 32: return 1.189207115002721
        case 33: return 1.1956643920398273
        case 34: return 1.202156731452703
        case 35: return 1.2086843236265816
        case 36: return 1.215247359980469
        case 37: return 1.2218460329727576
        case 38: return 1.22848053610687
        case 39: return 1.2351510639369334
        case 40: return 1.241857812073484
        case 41: return 1.2486009771892048
        case 42: return 1.255380757024691
        case 43: return 1.2621973503942507
        case 44: return 1.2690509571917332
        case 45: return 1.275941778396392
        case 46: return 1.2828700160787783
        case 47: return 1.2898358734066657
        case 48: return 1.2968395546510096
        case 49: return 1.3038812651919358
        case 50: return 1.3109612115247644
        case 51: return 1.318079601266064
        case 52: return 1.3252366431597413
        case 53: return 1.3324325470831615
        case 54: return 1.339667524053303
        case 55: return 1.3469417862329458
        case 56: return 1.3542555469368927
        case 57: return 1.3616090206382248
        case 58: return 1.3690024229745905
        case 59: return 1.3764359707545302
        case 60: return 1.383909881963832
        case 61: return 1.3914243757719262
        case 62: return 1.3989796725383112
        case 63: return 1.4065759938190154
        case 64: return 1.4142135623730951
        case 65: return 1.4218926021691656
        case 66: return 1.42961333839197
        case 67: return 1.4373759974489824
        case 68: return 1.4451808069770467
        case 69: return 1.4530279958490526
        case 70: return 1.460917794180647
        case 71: return 1.4688504333369818
        case 72: return 1.4768261459394993
        case 73: return 1.4848451658727524
        case 74: return 1.4929077282912648
        case 75: return 1.5010140696264256
        case 76: return 1.5091644275934228
        case 77: return 1.5173590411982147
        case 78: return 1.5255981507445384
        case 79: return 1.533881997840956
        case 80: return 1.5422108254079407
        case 81: return 1.550584877685
        case 82: return 1.559004400237837
        case 83: return 1.567469639965553
        case 84: return 1.5759808451078865
        case 85: return 1.5845382652524937
        case 86: return 1.593142151342267
        case 87: return 1.6017927556826934
        case 88: return 1.6104903319492543
        case 89: return 1.6192351351948637
        case 90: return 1.6280274218573478
        case 91: return 1.6368674497669644
        case 92: return 1.645755478153965
        case 93: return 1.6546917676561943
        case 94: return 1.6636765803267364
        case 95: return 1.6727101796415966
        case 96: return 1.681792830507429
        case 97: return 1.6909247992693053
        case 98: return 1.7001063537185235
        case 99: return 1.709337763100463
        case 100: return 1.718619298122478
        case 101: return 1.7279512309618377
        case 102: return 1.7373338352737062
        case 103: return 1.746767386199169
        case 104: return 1.7562521603732995
        case 105: return 1.7657884359332727
        case 106: return 1.7753764925265212
        case 107: return 1.785016611318935
        case 108: return 1.7947090750031072
        case 109: return 1.804454167806624
        case 110: return 1.8142521755003989
        case 111: return 1.8241033854070534
        case 112: return 1.8340080864093424
        case 113: return 1.843966568958626
        case 114: return 1.8539791250833855
        case 115: return 1.864046048397789
        case 116: return 1.8741676341103
        case 117: return 1.8843441790323345
        case 118: return 1.8945759815869656
        case 119: return 1.9048633418176741
        case 120: return 1.9152065613971474
        case 121: return 1.925605943636125
        case 122: return 1.9360617934922943
        case 123: return 1.9465744175792332
        case 124: return 1.9571441241754002
        case 125: return 1.9677712232331759
        case 126: return 1.978456026387951
        case 127: return 1.9891988469672663
        // Unreachable (j is masked to 0..<128). A value no case returns keeps the cases one
        // contiguous range, so LLVM makes them a single branch-free table load.
        default: return -1
        }
    }

    // MARK: expm1

    /// eˣ − 1, accurate for small x: within 2 ulps of libm for |x| < 1 (Taylor series to x¹⁸,
    /// the first omitted term below 1e-17 relative), eˣ − 1 from ``exp(_:)`` beyond (within
    /// 2 ulps). NaN gives NaN, x > 709.78 gives +∞, very negative x gives −1.
    @inlinable @inline(__always)
    static func expm1(_ x: Double) -> Double {
        guard x.magnitude < 1 else { return exp(x) - 1 }   // NaN: exp(NaN) − 1 = NaN
        // p(x) = Σ x^k/(k+2)!, k = 0…16, by Estrin's scheme: the same polynomial as Horner's
        // rule, in a dependency chain of 6 multiply-adds instead of 17 (a decay or an
        // overdamped spring samples this once per frame per property).
        let x2 = x * x, x4 = x2 * x2, x8 = x4 * x4, x16 = x8 * x8
        let q0 = 1.0 / 2 + x * (1.0 / 6), q1 = 1.0 / 24 + x * (1.0 / 120)
        let q2 = 1.0 / 720 + x * (1.0 / 5040), q3 = 1.0 / 40320 + x * (1.0 / 362880)
        let q4 = 1.0 / 3628800 + x * (1.0 / 39916800), q5 = 1.0 / 479001600 + x * (1.0 / 6227020800)
        let q6 = 1.0 / 87178291200 + x * (1.0 / 1307674368000)
        let q7 = 1.0 / 20922789888000 + x * (1.0 / 355687428096000)
        let r0 = q0 + x2 * q1, r1 = q2 + x2 * q3, r2 = q4 + x2 * q5, r3 = q6 + x2 * q7
        let p = (r0 + x4 * r1) + x8 * (r2 + x4 * r3) + x16 * (1.0 / 6402373705728000)
        return x + x2 * p
    }

    // MARK: sin and cos

    /// sin x and cos x together, within 2 ulps of the true values for every finite x (checked
    /// against glibc and against 400-bit references in `KernelsTests`). For |x| ≥ 5·10⁴ the
    /// argument is first reduced exactly (``sinCosOfLarge(_:)``), so a spring sampled at any time
    /// the engine honours (ω·t up to 2³² s · 3.2·10⁷ rad/s) keeps oscillating. Non-finite x gives
    /// NaN, NaN.
    ///
    /// x = n·π/64 + r with |r| ≤ π/128 (π/64 in three parts, nd·part exact for |n| < 2²⁰),
    /// j = n mod 128, sin and cos of r by Taylor polynomials to r⁷ and r⁶ (first omitted terms
    /// below 1e-20 and 4e-18), then the angle sum with sin(jπ/64) and cos(jπ/64) from a table.
    @inlinable @inline(__always)
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.magnitude < 5e4 else { return sinCosOfLarge(x) }
        let kd = x * 20.371832715762604 + shifter              // x · 64/π, rounded
        let nd = kd - shifter
        let r = ((x - nd * 0.049087385210441425) - nd * 1.8990939082199894e-12) - nd * 6.319582027487346e-23
        let j = Int(truncatingIfNeeded: kd.bitPattern) & 127
        let r2 = r * r
        let sinR = r + r * r2 * (-1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5040)))
        let cosRMinus1 = r2 * (-0.5 + r2 * (1.0 / 24 + r2 * (-1.0 / 720)))
        let (sj, cj) = sinCosOfTableAngle(j)
        // sin(a + r) = sin a + (sin a·(cos r − 1) + cos a·sin r), the small part added last.
        return (sj + (sj * cosRMinus1 + cj * sinR), cj + (cj * cosRMinus1 - sj * sinR))
    }

    /// sinCos for |x| ≥ 5·10⁴ (and non-finite x): x is reduced exactly modulo π/2
    /// (`PayneHanek.reduce`), the main path runs on the remainder's high part and is
    /// corrected by its low part, and the quadrant picks the signs.
    @usableFromInline static func sinCosOfLarge(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        let r = PayneHanek.reduce(x.magnitude)
        var s = 0.0, c = 1.0
        if r.high != 0 {
            let sc = sinCos(r.high)                                       // |high| ≤ π/4: the main path
            s = sc.sin + r.low * sc.cos                                   // sin(hi + lo), lo ≤ 2⁻⁵³·hi
            c = sc.cos - r.low * sc.sin
            if r.negative { s = -s }
        }
        let sinX: Double, cosX: Double
        switch r.quadrant & 3 {
        case 0: (sinX, cosX) = (s, c)
        case 1: (sinX, cosX) = (c, -s)
        case 2: (sinX, cosX) = (-s, -c)
        default: (sinX, cosX) = (-c, s)
        }
        return (x < 0 ? -sinX : sinX, cosX)
    }

    /// (sin(jπ/64), cos(jπ/64)) for j in 0..<128 (correctly rounded; exactly 0, ±1 at the
    /// quarter turns). One switch for both, so that a single inlined table load serves the pair.
    @inlinable @inline(__always)
    static func sinCosOfTableAngle(_ j: Int) -> (sin: Double, cos: Double) {
        switch j {
        case 0: return (0.0, 1.0)
        case 1: return (0.049067674327418015, 0.9987954562051724)
        case 2: return (0.0980171403295606, 0.9951847266721969)
        case 3: return (0.14673047445536175, 0.989176509964781)
        case 4: return (0.19509032201612828, 0.9807852804032304)
        case 5: return (0.2429801799032639, 0.970031253194544)
        case 6: return (0.2902846772544624, 0.9569403357322088)
        case 7: return (0.33688985339222005, 0.9415440651830208)
        case 8: return (0.3826834323650898, 0.9238795325112867)
        case 9: return (0.4275550934302821, 0.9039892931234433)
        case 10: return (0.47139673682599764, 0.881921264348355)
        case 11: return (0.5141027441932218, 0.8577286100002721)
        case 12: return (0.5555702330196022, 0.8314696123025452)
        case 13: return (0.5956993044924334, 0.8032075314806449)
        case 14: return (0.6343932841636455, 0.773010453362737)
        case 15: return (0.6715589548470184, 0.7409511253549591)
        case 16: return (0.7071067811865476, 0.7071067811865476)
        case 17: return (0.7409511253549591, 0.6715589548470184)
        case 18: return (0.773010453362737, 0.6343932841636455)
        case 19: return (0.8032075314806449, 0.5956993044924334)
        case 20: return (0.8314696123025452, 0.5555702330196022)
        case 21: return (0.8577286100002721, 0.5141027441932218)
        case 22: return (0.881921264348355, 0.47139673682599764)
        case 23: return (0.9039892931234433, 0.4275550934302821)
        case 24: return (0.9238795325112867, 0.3826834323650898)
        case 25: return (0.9415440651830208, 0.33688985339222005)
        case 26: return (0.9569403357322088, 0.2902846772544624)
        case 27: return (0.970031253194544, 0.2429801799032639)
        case 28: return (0.9807852804032304, 0.19509032201612828)
        case 29: return (0.989176509964781, 0.14673047445536175)
        case 30: return (0.9951847266721969, 0.0980171403295606)
        case 31: return (0.9987954562051724, 0.049067674327418015)
        case 32: return (1.0, 0.0)
        case 33: return (0.9987954562051724, -0.049067674327418015)
        case 34: return (0.9951847266721969, -0.0980171403295606)
        case 35: return (0.989176509964781, -0.14673047445536175)
        case 36: return (0.9807852804032304, -0.19509032201612828)
        case 37: return (0.970031253194544, -0.2429801799032639)
        case 38: return (0.9569403357322088, -0.2902846772544624)
        case 39: return (0.9415440651830208, -0.33688985339222005)
        case 40: return (0.9238795325112867, -0.3826834323650898)
        case 41: return (0.9039892931234433, -0.4275550934302821)
        case 42: return (0.881921264348355, -0.47139673682599764)
        case 43: return (0.8577286100002721, -0.5141027441932218)
        case 44: return (0.8314696123025452, -0.5555702330196022)
        case 45: return (0.8032075314806449, -0.5956993044924334)
        case 46: return (0.773010453362737, -0.6343932841636455)
        case 47: return (0.7409511253549591, -0.6715589548470184)
        case 48: return (0.7071067811865476, -0.7071067811865476)
        case 49: return (0.6715589548470184, -0.7409511253549591)
        case 50: return (0.6343932841636455, -0.773010453362737)
        case 51: return (0.5956993044924334, -0.8032075314806449)
        case 52: return (0.5555702330196022, -0.8314696123025452)
        case 53: return (0.5141027441932218, -0.8577286100002721)
        case 54: return (0.47139673682599764, -0.881921264348355)
        case 55: return (0.4275550934302821, -0.9039892931234433)
        case 56: return (0.3826834323650898, -0.9238795325112867)
        case 57: return (0.33688985339222005, -0.9415440651830208)
        case 58: return (0.2902846772544624, -0.9569403357322088)
        case 59: return (0.2429801799032639, -0.970031253194544)
        case 60: return (0.19509032201612828, -0.9807852804032304)
        case 61: return (0.14673047445536175, -0.989176509964781)
        case 62: return (0.0980171403295606, -0.9951847266721969)
        case 63: return (0.049067674327418015, -0.9987954562051724)
        case 64: return (0.0, -1.0)
        case 65: return (-0.049067674327418015, -0.9987954562051724)
        case 66: return (-0.0980171403295606, -0.9951847266721969)
        case 67: return (-0.14673047445536175, -0.989176509964781)
        case 68: return (-0.19509032201612828, -0.9807852804032304)
        case 69: return (-0.2429801799032639, -0.970031253194544)
        case 70: return (-0.2902846772544624, -0.9569403357322088)
        case 71: return (-0.33688985339222005, -0.9415440651830208)
        case 72: return (-0.3826834323650898, -0.9238795325112867)
        case 73: return (-0.4275550934302821, -0.9039892931234433)
        case 74: return (-0.47139673682599764, -0.881921264348355)
        case 75: return (-0.5141027441932218, -0.8577286100002721)
        case 76: return (-0.5555702330196022, -0.8314696123025452)
        case 77: return (-0.5956993044924334, -0.8032075314806449)
        case 78: return (-0.6343932841636455, -0.773010453362737)
        case 79: return (-0.6715589548470184, -0.7409511253549591)
        case 80: return (-0.7071067811865476, -0.7071067811865476)
        case 81: return (-0.7409511253549591, -0.6715589548470184)
        case 82: return (-0.773010453362737, -0.6343932841636455)
        case 83: return (-0.8032075314806449, -0.5956993044924334)
        case 84: return (-0.8314696123025452, -0.5555702330196022)
        case 85: return (-0.8577286100002721, -0.5141027441932218)
        case 86: return (-0.881921264348355, -0.47139673682599764)
        case 87: return (-0.9039892931234433, -0.4275550934302821)
        case 88: return (-0.9238795325112867, -0.3826834323650898)
        case 89: return (-0.9415440651830208, -0.33688985339222005)
        case 90: return (-0.9569403357322088, -0.2902846772544624)
        case 91: return (-0.970031253194544, -0.2429801799032639)
        case 92: return (-0.9807852804032304, -0.19509032201612828)
        case 93: return (-0.989176509964781, -0.14673047445536175)
        case 94: return (-0.9951847266721969, -0.0980171403295606)
        case 95: return (-0.9987954562051724, -0.049067674327418015)
        case 96: return (-1.0, 0.0)
        case 97: return (-0.9987954562051724, 0.049067674327418015)
        case 98: return (-0.9951847266721969, 0.0980171403295606)
        case 99: return (-0.989176509964781, 0.14673047445536175)
        case 100: return (-0.9807852804032304, 0.19509032201612828)
        case 101: return (-0.970031253194544, 0.2429801799032639)
        case 102: return (-0.9569403357322088, 0.2902846772544624)
        case 103: return (-0.9415440651830208, 0.33688985339222005)
        case 104: return (-0.9238795325112867, 0.3826834323650898)
        case 105: return (-0.9039892931234433, 0.4275550934302821)
        case 106: return (-0.881921264348355, 0.47139673682599764)
        case 107: return (-0.8577286100002721, 0.5141027441932218)
        case 108: return (-0.8314696123025452, 0.5555702330196022)
        case 109: return (-0.8032075314806449, 0.5956993044924334)
        case 110: return (-0.773010453362737, 0.6343932841636455)
        case 111: return (-0.7409511253549591, 0.6715589548470184)
        case 112: return (-0.7071067811865476, 0.7071067811865476)
        case 113: return (-0.6715589548470184, 0.7409511253549591)
        case 114: return (-0.6343932841636455, 0.773010453362737)
        case 115: return (-0.5956993044924334, 0.8032075314806449)
        case 116: return (-0.5555702330196022, 0.8314696123025452)
        case 117: return (-0.5141027441932218, 0.8577286100002721)
        case 118: return (-0.47139673682599764, 0.881921264348355)
        case 119: return (-0.4275550934302821, 0.9039892931234433)
        case 120: return (-0.3826834323650898, 0.9238795325112867)
        case 121: return (-0.33688985339222005, 0.9415440651830208)
        case 122: return (-0.2902846772544624, 0.9569403357322088)
        case 123: return (-0.2429801799032639, 0.970031253194544)
        case 124: return (-0.19509032201612828, 0.9807852804032304)
        case 125: return (-0.14673047445536175, 0.989176509964781)
        case 126: return (-0.0980171403295606, 0.9951847266721969)
        case 127: return (-0.049067674327418015, 0.9987954562051724)
        default: return (2, 2)              // unreachable; see `twoToThe`
        }
    }
}
