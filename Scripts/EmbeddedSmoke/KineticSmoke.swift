// Smoke test for Kinetic built as Embedded Swift for wasm32-unknown-none-wasm
// (driven by Scripts/embedded-check; also built and run on the host by that script, against the
// same constants, so the two builds are checked to agree with each other and with the reference).
//
// It uses only Kinetic's public API (`import Kinetic`, a separate module), samples the timing
// curves, prints one line per check and counts the checks whose result is more than 1e-9 away
// from the expected value.
//
// Exports (Embedded build):
//   kinetic_smoke() -> Int32   number of failed checks (also prints every check)
//   _start()                   runs kinetic_smoke() and exits with that number; wasmkit 0.1.6 only
//                              provides WASI (needed for stdout) to modules that export _start.
//                              Only on wasm32: on a microcontroller picolibc's crt0 owns _start
//                              and Scripts/mcu/support.c's main() calls kinetic_smoke()
//                              (Scripts/mcu-check).
//
// EXPECTED VALUES: computed independently of Kinetic, on the host with python3's plain float
// math (bisection on the Bernstein form of the Bézier for the cubics; the textbook closed forms
// of the damped spring released from displacement 1 at rest; the integral of v0·r^(1000 t) for
// the decay). The snippet, verbatim (python3 expected.py):
//
//   import math
//   def bez(p1, p2, s):   # Bernstein form, one coordinate, endpoints 0 and 1
//       u = 1 - s
//       return 3*u*u*s*p1 + 3*u*s*s*p2 + s**3
//   def dbez(p1, p2, s):
//       u = 1 - s
//       return 3*u*u*p1 + 6*u*s*(p2 - p1) + 3*s*s*(1 - p2)
//   def cubic(x1, y1, x2, y2, t):
//       lo, hi = 0.0, 1.0
//       for _ in range(200):                       # plain bisection on x(s) = t
//           mid = (lo + hi) / 2
//           if bez(x1, x2, mid) < t: lo = mid
//           else: hi = mid
//       s = (lo + hi) / 2
//       return bez(y1, y2, s), dbez(y1, y2, s) / dbez(x1, x2, s)
//   def spring(m, k, c, t):                        # x(0) = 0 -> 1, v(0) = 0
//       w0 = math.sqrt(k / m); z = c / (2 * math.sqrt(k * m)); a = z * w0
//       if z < 1:
//           wd = w0 * math.sqrt(1 - z * z); e = math.exp(-a * t)
//           return 1 - e * (math.cos(wd * t) + a / wd * math.sin(wd * t)), e * w0 * w0 / wd * math.sin(wd * t)
//       if z == 1:
//           e = math.exp(-w0 * t)
//           return 1 - e * (1 + w0 * t), w0 * w0 * t * e
//       b = w0 * math.sqrt(z * z - 1); r1, r2 = -a + b, -a - b
//       return (1 - (r2 * math.exp(r1 * t) - r1 * math.exp(r2 * t)) / (r2 - r1),
//               -r1 * r2 * (math.exp(r1 * t) - math.exp(r2 * t)) / (r2 - r1))
//   def decay(r, v0, t):                           # v(t) = v0 r^(1000 t); x = integral
//       return v0 * (r ** (1000 * t) - 1) / (1000 * math.log(r))
//   for name, v in [
//       ("easeInOut.progress(0.25)", cubic(.42, 0, .58, 1, .25)[0]),
//       ("default.progress(0.5)", cubic(.25, .1, .25, 1, .5)[0]),
//       ("default.velocity(0.5)", cubic(.25, .1, .25, 1, .5)[1]),
//       ("default.velocity(0.1)", cubic(.25, .1, .25, 1, .1)[1]),
//       ("under(1,100,10).progress(0.3)", spring(1, 100, 10, .3)[0]),
//       ("under(1,100,10).velocity(0.3)", spring(1, 100, 10, .3)[1]),
//       ("crit(1,100,20).progress(0.3)", spring(1, 100, 20, .3)[0]),
//       ("crit(1,100,20).velocity(0.3)", spring(1, 100, 20, .3)[1]),
//       ("over(1,100,50).progress(0.3)", spring(1, 100, 50, .3)[0]),
//       ("over(1,100,50).velocity(0.3)", spring(1, 100, 50, .3)[1]),
//       ("over(1,100,50).progress(0.02)", spring(1, 100, 50, .02)[0]),
//       ("over(1,100,50).velocity(0.02)", spring(1, 100, 50, .02)[1]),
//       ("decay(.998).position(0,1000,0.5)", decay(.998, 1000, .5)),
//   ]: print(f"{name:34s} {v!r}")
//
// The animator checks need no script: a linear animator of 2 s from 0 to 100 shows 15 at 0.3 s,
// and reversed there it runs back 10 in the next 0.2 s; the spring animator's offset is the
// spring's progress above (1.1243547674084116) times the distance, 100 and -50.
//
// Spring regimes: (m 1, k 100, c 10) is underdamped (ζ = 0.5), c 20 critical (ζ = 1), c 50
// overdamped (ζ = 2.5); the overdamped spring is sampled at t = 0.3 (βt ≈ 6.9, Kinetic's
// two-exponential branch) and t = 0.02 (βt ≈ 0.46, its expm1 branch).

import Kinetic

// libc, resolved at link time (wasi-libc for the Embedded build, glibc on the host).
@_extern(c, "fflush") func c_fflush(_ stream: UnsafeMutableRawPointer?) -> Int32
@_extern(c, "exit") func c_exit(_ status: Int32)   // noreturn; Never is not C-representable

/// Maximum allowed |got − expected|.
let tolerance = 1e-9

@_expose(wasm, "kinetic_smoke") @_cdecl("kinetic_smoke")
public func kinetic_smoke() -> Int32 {
    let easeInOut = CubicTimingParameters.easeInOut
    let caDefault = CubicTimingParameters(0.25, 0.1, 0.25, 1)
    let under = SpringTimingParameters(mass: 1, stiffness: 100, damping: 10)
    let critical = SpringTimingParameters(mass: 1, stiffness: 100, damping: 20)
    let over = SpringTimingParameters(mass: 1, stiffness: 100, damping: 50)
    let decay = DecayTimingParameters(decelerationRate: .normal)

    // (name, got, expected)
    let checks: [(StaticString, Double, Double)] = sceneChecks() + dynamicsChecks() + [
        ("cubic easeInOut.progress(at: 0.25)", easeInOut.progress(at: 0.25), 0.1291619310473198),
        ("cubic (0.25,0.1,0.25,1).progress(at: 0.5)", caDefault.progress(at: 0.5), 0.802403387584857),
        ("cubic (0.25,0.1,0.25,1).velocity(at: 0.5)", caDefault.velocity(at: 0.5), 0.9941424524260128),
        ("cubic (0.25,0.1,0.25,1).velocity(at: 0.1)", caDefault.velocity(at: 0.1), 1.5397578528889477),
        ("spring m1 k100 c10 (under).progress(at: 0.3)", under.progress(at: 0.3), 1.1243547674084116),
        ("spring m1 k100 c10 (under).velocity(at: 0.3)", under.velocity(at: 0.3), 1.3324264401804122),
        ("spring m1 k100 c20 (critical).progress(at: 0.3)", critical.progress(at: 0.3), 0.8008517265285442),
        ("spring m1 k100 c20 (critical).velocity(at: 0.3)", critical.velocity(at: 0.3), 1.4936120510359183),
        ("spring m1 k100 c50 (over).progress(at: 0.3)", over.progress(at: 0.3), 0.44099590824160995),
        ("spring m1 k100 c50 (over).velocity(at: 0.3)", over.velocity(at: 0.3), 1.1667082784475462),
        ("spring m1 k100 c50 (over).progress(at: 0.02)", over.progress(at: 0.02), 0.014669664817235195),
        ("spring m1 k100 c50 (over).velocity(at: 0.02)", over.velocity(at: 0.02), 1.255966501153894),
        ("decay .normal position(from: 0, velocity: 1000, at: 0.5)",
         decay.position(from: 0.0, velocity: 1000.0, at: 0.5), 315.9280226785096),
    ]

    // The animation engine: classes, closures and additive tracks at run time, on a manual clock.
    let engine = AnimationEngine()
    let x = AnimatedProperty(0.0, engine: engine)
    let center = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
    var completions = 0
    let linear = PropertyAnimator(duration: 2, curve: .linear, engine: engine) { x.value = 100 }
    linear.addCompletion { _ in completions += 1 }
    linear.startAnimation()
    let springy = PropertyAnimator(duration: 1, timingParameters: .spring(under), engine: engine) {
        center.value = Point(x: 100, y: -50)
    }
    springy.startAnimation()
    engine.tick(at: 0.3)
    let linearAt03 = x.presentationValue
    let springAt03 = center.presentationValue
    linear.pauseAnimation()
    linear.isReversed = true
    linear.startAnimation()
    engine.tick(at: 0.5)
    let reversedAt05 = x.presentationValue
    engine.tick(at: 1.0)
    let animatorChecks: [(StaticString, Double, Double)] = [
        ("animator linear 0 -> 100 over 2 s, presentation at 0.3 s", linearAt03, 15),
        ("animator spring (under) to (100, -50), x at 0.3 s", springAt03.x, 112.43547674084116),
        ("animator spring (under) to (100, -50), y at 0.3 s", springAt03.y, -56.21773837042058),
        ("animator reversed at 0.3 s, presentation at 0.5 s", reversedAt05, 5),
        ("animator completions after running back to the start", Double(completions), 1),
        ("animator model after completing at .start", x.value, 0),
    ]

    var failures: Int32 = 0
    for (name, got, expected) in checks + animatorChecks {
        let diff = (got - expected).magnitude
        let ok = diff <= tolerance          // false for NaN too
        if !ok { failures += 1 }
        print(ok ? "  PASS " : "  FAIL ", terminator: "")
        print(name, terminator: "")
        print("  got \(got)  expected \(expected)  |diff| \(diff)")
    }
    printSpringBits(under: under, critical: critical, over: over)
    print("kinetic_smoke: \(checks.count + animatorChecks.count) checks, \(failures) failed (tolerance \(tolerance))")
    _ = c_fflush(nil)
    return failures
}

/// Spring samples with their full bit patterns ("spring-bits: …" lines): Kinetic computes exp,
/// sin and cos with its own kernels, so embedded-check requires these lines to be identical on
/// wasm and the host. Every regime and branch is sampled (the overdamped spring below βt = 1 at
/// 0.005 and 0.02 s), plus a checksum of 3 × 1000 samples over 0…3 s.
func printSpringBits(under: SpringTimingParameters, critical: SpringTimingParameters, over: SpringTimingParameters) {
    let springs: [(StaticString, SpringTimingParameters)] = [("under", under), ("critical", critical), ("over", over)]
    for (name, spring) in springs {
        for t in [0.005, 0.02, 0.3, 1.7, 123.456] {
            let s = spring.sample(at: t)
            print("spring-bits: \(name) t \(t) progress \(s.progress) (\(s.progress.bitPattern)) velocity \(s.velocity) (\(s.velocity.bitPattern))")
        }
        var checksum: UInt64 = 0
        for i in 0..<1000 {
            let s = spring.sample(at: Double(i) * 0.003 + 0.0001)
            checksum = (checksum &* 31) ^ s.progress.bitPattern ^ (s.velocity.bitPattern &* 7)
        }
        print("spring-bits: \(name) checksum of 1000 samples \(checksum)")
    }
    // A stiff undamped spring (ω ≈ 3.2e7) far along its timeline: sin and cos of phases up to
    // 1.4e17, reduced exactly by the kernel's Payne–Hanek path, must give the same bits too.
    let stiff = SpringTimingParameters(mass: 1e-6, stiffness: 1e9, damping: 0)
    var checksum: UInt64 = 0
    for i in 0..<1000 {
        let t = 25.3 * Double(i + 1) * 169_700.5   // from 25.3 s to about 2³² s
        let s = stiff.sample(at: t)
        checksum = (checksum &* 31) ^ s.progress.bitPattern ^ (s.velocity.bitPattern &* 7)
        if i % 250 == 0 { print("spring-bits: stiff t \(t) progress \(s.progress) (\(s.progress.bitPattern)) velocity \(s.velocity) (\(s.velocity.bitPattern))") }
    }
    print("spring-bits: stiff checksum of 1000 samples up to 2^32 s \(checksum)")
}

#if $Embedded && arch(wasm32)
@_expose(wasm, "_start") @_cdecl("_start")
public func _start() {
    c_exit(kinetic_smoke())              // exit flushes stdio; wasmkit reports the status
}
#elseif !$Embedded
@main
struct HostSmoke {
    static func main() {
        c_exit(kinetic_smoke())
    }
}
#endif
