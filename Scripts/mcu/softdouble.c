/* Correctly rounded IEEE 754 binary64 addition and subtraction (round to nearest, ties to even)
 * for soft-float Arm, written for Kinetic from the IEEE algorithm: align, add or subtract the
 * significands with extra low bits and a sticky bit, normalise, round once.
 *
 * Why: libgcc's Arm routine (ieee754-df.S) misrounds some subtractions whose exponents differ by
 * 33 (for example 1.0 - 0x1.f8c2b4af4553fp-33), which changed Kinetic's spring samples by an ulp on
 * Cortex-M3. Scripts/mcu-check links this file before libgcc for soft-float Arm images. It
 * defines every symbol of libgcc's _arm_addsubdf3.o (add, subtract, reverse subtract and the
 * int/float to double conversions that share that object), so that object is never pulled in.
 * Scripts/mcu/softdouble_test.c checks all of them against the host's hardware arithmetic.
 *
 * Doubles travel as their bit patterns (uint64_t): with the base AAPCS a double argument or
 * result takes the same core registers as a 64-bit integer, so these are the AEABI functions as
 * they are, and the file compiles and is tested on any host. No floating-point operation is used.
 */
#include <stdint.h>

#define SIGN_BIT   0x8000000000000000ull
#define INF_BITS   0x7FF0000000000000ull
#define QUIET_BIT  0x0008000000000000ull
#define FRAC_MASK  0x000FFFFFFFFFFFFFull
#define DEFAULT_NAN 0x7FF8000000000000ull
#define EXTRA 9   /* low guard bits kept below the significand; bit 0 doubles as the sticky bit */

uint64_t softdouble_add(uint64_t a, uint64_t b);

/* Rounds and packs. `e` is the biased exponent of a significand `m` whose leading bit, if the
 * result is normal, is bit 52 + EXTRA; a subnormal result comes with e == 1 and a smaller m. */
static uint64_t round_pack(uint64_t sign, int e, uint64_t m) {
    uint64_t rest = m & ((1ull << EXTRA) - 1);
    uint64_t half = 1ull << (EXTRA - 1);
    uint64_t q = m >> EXTRA;
    if (rest > half || (rest == half && (q & 1)))
        q += 1;                                  /* may carry into the next binade: still right */
    /* The implicit bit (bit 52 of q) adds one to the exponent field: e - 1 + 1 = e. For a
     * subnormal (e == 1, bit 52 clear) the field stays 0; a carry into bit 52 or 53 moves the
     * exponent up by itself. */
    uint64_t r = ((uint64_t)(e - 1) << 52) + q;
    if (r >= INF_BITS)
        r = INF_BITS;                            /* overflow: round to nearest gives infinity */
    return sign | r;
}

uint64_t softdouble_add(uint64_t a, uint64_t b) {
    uint64_t aAbs = a & ~SIGN_BIT, bAbs = b & ~SIGN_BIT;

    /* NaN operands: the first NaN, quieted. Infinities. Zeros. */
    if (aAbs > INF_BITS) return a | QUIET_BIT;
    if (bAbs > INF_BITS) return b | QUIET_BIT;
    if (aAbs == INF_BITS) {
        if (bAbs == INF_BITS && (a ^ b) == SIGN_BIT) return DEFAULT_NAN;   /* inf - inf */
        return a;
    }
    if (bAbs == INF_BITS) return b;
    if (aAbs == 0) return bAbs == 0 ? (a & b) : b;   /* -0 + -0 = -0, +0 + -0 = +0 */
    if (bAbs == 0) return a;

    /* x is the operand of larger magnitude; the result takes its sign. */
    uint64_t x = a, y = b;
    if (bAbs > aAbs) { x = b; y = a; }
    uint64_t sign = x & SIGN_BIT;
    int ex = (int)((x >> 52) & 0x7FF), ey = (int)((y >> 52) & 0x7FF);
    uint64_t mx = x & FRAC_MASK, my = y & FRAC_MASK;
    if (ex == 0) ex = 1; else mx |= 1ull << 52;   /* subnormals: exponent 1, no implicit bit */
    if (ey == 0) ey = 1; else my |= 1ull << 52;
    mx <<= EXTRA;                                 /* leading bit at 61; bit 62 free for a carry */
    my <<= EXTRA;

    /* Align y to x's exponent; every bit shifted out is kept as the sticky bit (bit 0). */
    int d = ex - ey;
    if (d >= 63) {
        my = 1;                                   /* my != 0: only its stickiness is left */
    } else if (d > 0) {
        uint64_t lost = my << (64 - d);
        my = (my >> d) | (lost != 0);
    }

    int e = ex;
    uint64_t m;
    if (((a ^ b) & SIGN_BIT) == 0) {
        m = mx + my;
        if (m & (1ull << 62)) {                   /* carry: one binade up */
            m = (m >> 1) | (m & 1);
            e += 1;
        }
    } else {
        m = mx - my;                              /* >= 0: |x| >= |y| */
        if (m == 0) return 0;                     /* exact cancellation: +0 */
        /* Normalise so the leading bit is at 61, but never below exponent 1 (subnormal).
         * When d >= 2 the shift is at most one place, so the extra bits and the sticky bit
         * still lie below the rounding position; when d <= 1 nothing was shifted out. */
        int shift = __builtin_clzll(m) - 2;
        if (shift > e - 1) shift = e - 1;
        m <<= shift;
        e -= shift;
    }
    return round_pack(sign, e, m);
}

/* Converts a nonzero magnitude to a double's bits (exponent and significand), rounding to
 * nearest even when it has more than 53 significant bits. */
static uint64_t from_magnitude(uint64_t u) {
    int p = 63 - __builtin_clzll(u);              /* position of the leading bit */
    if (p <= 52)
        return ((uint64_t)(1023 + p - 1) << 52) + (u << (52 - p));
    int s = p - 52;
    uint64_t q = u >> s, rest = u & ((1ull << s) - 1), half = 1ull << (s - 1);
    if (rest > half || (rest == half && (q & 1)))
        q += 1;
    return ((uint64_t)(1023 + p - 1) << 52) + q;
}

/* The AEABI names (run-time ABI for the Arm architecture) and the GNU ones of the same routines. */
uint64_t __aeabi_dadd(uint64_t a, uint64_t b) { return softdouble_add(a, b); }
uint64_t __aeabi_dsub(uint64_t a, uint64_t b) { return softdouble_add(a, b ^ SIGN_BIT); }
uint64_t __aeabi_drsub(uint64_t a, uint64_t b) { return softdouble_add(b, a ^ SIGN_BIT); }

uint64_t __aeabi_ui2d(uint32_t u) { return u ? from_magnitude(u) : 0; }
uint64_t __aeabi_i2d(int32_t i) {
    if (i == 0) return 0;
    uint64_t mag = i < 0 ? (uint64_t)0 - (uint64_t)(int64_t)i : (uint64_t)i;
    return (i < 0 ? SIGN_BIT : 0) | from_magnitude(mag);
}
uint64_t __aeabi_ul2d(uint64_t u) { return u ? from_magnitude(u) : 0; }
uint64_t __aeabi_l2d(int64_t i) {
    if (i == 0) return 0;
    uint64_t mag = i < 0 ? (uint64_t)0 - (uint64_t)i : (uint64_t)i;
    return (i < 0 ? SIGN_BIT : 0) | from_magnitude(mag);
}
uint64_t __aeabi_f2d(uint32_t f) {
    uint64_t sign = (uint64_t)(f >> 31) << 63;
    uint32_t exp = (f >> 23) & 0xFF, frac = f & 0x7FFFFF;
    if (exp == 0xFF)                              /* infinity, or NaN (quieted, payload kept) */
        return sign | INF_BITS | ((uint64_t)frac << 29) | (frac ? QUIET_BIT : 0);
    if (exp == 0) {
        if (frac == 0) return sign;
        int p = 31 - __builtin_clz(frac);         /* value frac * 2^-149, leading bit at p */
        return sign | (((uint64_t)(p - 149 + 1023 - 1) << 52) + ((uint64_t)frac << (52 - p)));
    }
    return sign | ((uint64_t)(exp - 127 + 1023) << 52) | ((uint64_t)frac << 29);
}

uint64_t __adddf3(uint64_t a, uint64_t b) { return softdouble_add(a, b); }
uint64_t __subdf3(uint64_t a, uint64_t b) { return softdouble_add(a, b ^ SIGN_BIT); }
uint64_t __floatunsidf(uint32_t u) { return __aeabi_ui2d(u); }
uint64_t __floatsidf(int32_t i) { return __aeabi_i2d(i); }
uint64_t __floatundidf(uint64_t u) { return __aeabi_ul2d(u); }
uint64_t __floatdidf(int64_t i) { return __aeabi_l2d(i); }
uint64_t __extendsfdf2(uint32_t f) { return __aeabi_f2d(f); }
