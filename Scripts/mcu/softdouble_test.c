/* Tests Scripts/mcu/softdouble.c against the host's hardware IEEE arithmetic (x86-64 SSE2 or any
 * other FPU with round-to-nearest-even): every result must have the same bits, NaNs only need to
 * be NaN. Run by Scripts/mcu-check (with the host's cc; `softdouble-test [SAMPLES]`).
 *
 * The sample (SAMPLES per class, default 2,000,000):
 *   random      uniformly random bit patterns (all exponents, NaNs and infinities included)
 *   near        exponents at most 3 apart, random signs: cancellation and carries
 *   ties        the smaller operand's low bits zeroed so that sums land exactly halfway
 *   subnormal   one or both operands subnormal or at the normal/subnormal edge
 *   gap33       the note's failing family: x - y with exponents exactly 33 apart and the result
 *               in the binade below x (x = 1.0, and x random)
 *   wide        exponent differences 50..70 (the sticky bit alone decides)
 * plus every pair of special values (±0, ±min subnormal, ±max subnormal, ±min normal, ±1, ±max,
 * ±inf, NaNs), the note's named case 1.0 - 0x1.f8c2b4af4553fp-33, and the int/long/float to double
 * conversions that share libgcc's object.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t __aeabi_dadd(uint64_t a, uint64_t b);
uint64_t __aeabi_dsub(uint64_t a, uint64_t b);
uint64_t __aeabi_drsub(uint64_t a, uint64_t b);
uint64_t __aeabi_i2d(int32_t i);
uint64_t __aeabi_ui2d(uint32_t u);
uint64_t __aeabi_l2d(int64_t i);
uint64_t __aeabi_ul2d(uint64_t u);
uint64_t __aeabi_f2d(uint32_t f);

static uint64_t bits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static double dbl(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static int is_nan(uint64_t u) { return (u & ~0x8000000000000000ull) > 0x7FF0000000000000ull; }

static uint64_t state = 0x243F6A8885A308D3ull;   /* xorshift64*: a fixed, repeatable sample */
static uint64_t rnd(void) {
    state ^= state >> 12; state ^= state << 25; state ^= state >> 27;
    return state * 0x2545F4914F6CDD1Dull;
}
static uint64_t make(uint64_t sign, uint64_t exp, uint64_t frac) {
    return (sign << 63) | ((exp & 0x7FF) << 52) | (frac & 0x000FFFFFFFFFFFFFull);
}

static long checked, failed;
static const char *current = "";

static void report(const char *op, uint64_t a, uint64_t b, uint64_t got, uint64_t want) {
    if (++failed <= 20)
        printf("  FAIL %s %s: %a (%016llx), %a (%016llx): got %a (%016llx), hardware %a (%016llx)\n",
               current, op, dbl(a), (unsigned long long)a, dbl(b), (unsigned long long)b,
               dbl(got), (unsigned long long)got, dbl(want), (unsigned long long)want);
}

/* volatile keeps the compiler from folding or contracting the reference operations */
static void check(uint64_t a, uint64_t b) {
    volatile double x = dbl(a), y = dbl(b);
    uint64_t sum = bits(x + y), diff = bits(x - y), rdiff = bits(y - x);
    uint64_t s = __aeabi_dadd(a, b), d = __aeabi_dsub(a, b), r = __aeabi_drsub(a, b);
    checked += 3;
    if (is_nan(sum) ? !is_nan(s) : s != sum) report("add", a, b, s, sum);
    if (is_nan(diff) ? !is_nan(d) : d != diff) report("sub", a, b, d, diff);
    if (is_nan(rdiff) ? !is_nan(r) : r != rdiff) report("rsub", a, b, r, rdiff);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 2000000;
    if (n <= 0) { fprintf(stderr, "softdouble-test: bad sample size\n"); return 2; }

    current = "special";
    const uint64_t specials[] = {
        0, 1, 0x000FFFFFFFFFFFFFull, 0x0010000000000000ull, 0x0010000000000001ull,
        0x3FF0000000000000ull, 0x3FEFFFFFFFFFFFFFull, 0x3FF0000000000001ull, 0x4340000000000000ull,
        0x7FEFFFFFFFFFFFFFull, 0x7FE0000000000000ull, 0x7FF0000000000000ull,
        0x7FF8000000000000ull, 0x7FF0000000000001ull, 0x7FFFFFFFFFFFFFFFull,
    };
    size_t ns = sizeof specials / sizeof specials[0];
    for (size_t i = 0; i < ns; i++)
        for (size_t j = 0; j < ns; j++)
            for (int si = 0; si < 2; si++)
                for (int sj = 0; sj < 2; sj++)
                    check(specials[i] | ((uint64_t)si << 63), specials[j] | ((uint64_t)sj << 63));

    current = "named";   /* libgcc on Cortex-M3 gives ...d4 here instead of ...d5 */
    check(bits(1.0), bits(0x1.f8c2b4af4553fp-33) ^ 0x8000000000000000ull);
    check(bits(1.0), bits(0x1.f8c2b4af4553fp-33));
    long named_failed = failed;

    long per_class[6] = {0};
    for (long k = 0; k < n; k++) {
        uint64_t a, b, r = rnd(), s = rnd();
        current = "random";
        check(r, s); per_class[0]++;

        current = "near";
        uint64_t ea = 1 + rnd() % 2046, eb = ea + rnd() % 7 - 3;
        if (eb < 1 || eb > 2046) eb = ea;
        check(make(rnd() & 1, ea, rnd()), make(rnd() & 1, eb, rnd())); per_class[1]++;

        current = "ties";
        ea = 60 + rnd() % 1900; eb = ea - (rnd() % 60);
        b = make(rnd() & 1, eb, rnd() & (~0ull << (rnd() % 53)));   /* random trailing zeros */
        check(make(rnd() & 1, ea, rnd()), b); per_class[2]++;

        current = "subnormal";
        a = make(rnd() & 1, (rnd() & 3) == 0 ? 1 + rnd() % 3 : 0, rnd() >> (rnd() % 52));
        b = make(rnd() & 1, (rnd() & 1) ? 0 : rnd() % 60, rnd() >> (rnd() % 52));
        check(a, b); per_class[3]++;

        current = "gap33";   /* x - y, exponents 33 apart: x = 1.0 half the time, random else */
        ea = (k & 1) ? 1023 : 40 + rnd() % 1960;
        a = make(0, ea, (k & 1) ? 0 : (rnd() & 3) ? rnd() & 0xFFFFF : rnd());
        b = make(0, ea - 33, rnd());
        check(a, b); per_class[4]++;

        current = "wide";
        ea = 80 + rnd() % 1900; eb = ea - 50 - rnd() % 21;
        check(make(rnd() & 1, ea, rnd()), make(rnd() & 1, eb, rnd() & (~0ull << (rnd() % 53))));
        per_class[5]++;
    }
    long add_failed = failed;

    current = "convert";
    long conversions = 0;
    for (long k = 0; k < n; k++) {
        uint64_t r = rnd();
        int shift = (int)(rnd() % 64);
        int64_t i64 = (int64_t)(r >> shift) * ((k & 1) ? -1 : 1);
        uint64_t u64 = r >> shift;
        int32_t i32 = (int32_t)(uint32_t)(r >> (shift / 2 + 32));
        uint32_t u32 = (uint32_t)(r >> 32);
        uint32_t f32 = (uint32_t)rnd();
        volatile int64_t vi64 = i64; volatile uint64_t vu64 = u64;
        volatile int32_t vi32 = i32; volatile uint32_t vu32 = u32;
        float f; memcpy(&f, &f32, 4);
        volatile float vf = f;
        uint64_t want[5] = { bits((double)vi64), bits((double)vu64), bits((double)vi32), bits((double)vu32), bits((double)vf) };
        uint64_t got[5] = { __aeabi_l2d(i64), __aeabi_ul2d(u64), __aeabi_i2d(i32), __aeabi_ui2d(u32), __aeabi_f2d(f32) };
        const char *names[5] = { "l2d", "ul2d", "i2d", "ui2d", "f2d" };
        for (int j = 0; j < 5; j++) {
            conversions++;
            if (is_nan(want[j]) ? !is_nan(got[j]) : got[j] != want[j])
                report(names[j], (uint64_t)i64, f32, got[j], want[j]);
        }
    }
    const int64_t edge[] = { 0, 1, -1, INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, (1ll << 53) + 1, -(1ll << 53) - 1 };
    for (size_t j = 0; j < sizeof edge / sizeof edge[0]; j++) {
        volatile int64_t v = edge[j];
        conversions++;
        if (__aeabi_l2d(edge[j]) != bits((double)v)) report("l2d", (uint64_t)edge[j], 0, __aeabi_l2d(edge[j]), bits((double)v));
    }

    printf("softdouble: named misrounded case 1.0 - 0x1.f8c2b4af4553fp-33 = %a (%s)\n",
           dbl(__aeabi_dsub(bits(1.0), bits(0x1.f8c2b4af4553fp-33))), named_failed ? "WRONG" : "as hardware");
    printf("softdouble: %ld add/sub/rsub results against hardware (%ld pairs per class: random, near, ties, "
           "subnormal, gap33, wide; %zu special pairs), %ld conversions; %ld differ (%ld in add/sub)\n",
           checked, per_class[0], ns * ns * 4, conversions, failed, add_failed);
    printf("softdouble: %ld passed, %ld failed\n", checked + conversions - failed, failed);
    return failed ? 1 : 0;
}
