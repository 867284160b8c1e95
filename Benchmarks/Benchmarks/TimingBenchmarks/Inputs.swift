// The curves, springs, decays and instants every benchmark samples, shared by Kinetic and the
// baselines, and the check that the baselines compute the same numbers.

import Kinetic

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Each benchmark iteration takes this many samples: `instantsPerCase` instants on each of
/// 4 curves (springs, decays). With `scalingFactor: .kilo` the reported figures are per sample.
let samplesPerIteration = 1000
let instantsPerCase = 250

/// Deterministic pseudo-random numbers in [0, 1) (64-bit LCG, top 53 bits).
struct LCG {
    var state: UInt64
    mutating func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) * (1.0 / 9007199254740992.0)
    }
}

/// `count` instants in (0, span): one jittered point in each of `count` equal strata, then
/// shuffled, so that every region is covered and no branch pattern repeats.
func jitteredInstants(count: Int, span: Double, seed: UInt64) -> [Double] {
    var rng = LCG(state: seed)
    var values = (0..<count).map { i in (Double(i) + 0.02 + 0.96 * rng.next()) / Double(count) * span }
    for i in stride(from: count - 1, to: 0, by: -1) {
        let j = Int(rng.next() * Double(i + 1))
        values.swapAt(i, j)
    }
    return values
}

// MARK: Cubic

/// (x1, y1, x2, y2): ease-in-out, Core Animation's default, an overshooting and a steep curve.
let cubicControlPoints: [(Double, Double, Double, Double)] = [
    (0.42, 0, 0.58, 1),
    (0.25, 0.1, 0.25, 1),
    (0.3, -0.5, 0.7, 1.5),
    (0.9, 0, 0.1, 1),
]
let kineticCurves = cubicControlPoints.map { CubicTimingParameters($0.0, $0.1, $0.2, $0.3) }
let browserCurves = cubicControlPoints.map { BrowserUnitBezier($0.0, $0.1, $0.2, $0.3) }
let cubicFractions = jitteredInstants(count: instantsPerCase, span: 1, seed: 0x5eed_c0be)

// MARK: Spring

/// (mass, stiffness, damping, initial velocity): ζ = 0.5 and ζ = 0.15 (underdamped), ζ = 1
/// (critical), ζ = 2 (overdamped).
let springConstants: [(Double, Double, Double, Double)] = [
    (1, 100, 10, 0),
    (1, 300, 5.196152422706632, 2),
    (1, 100, 20, -1.5),
    (1, 100, 40, 3),
]
let kineticSprings = springConstants.map {
    SpringTimingParameters(mass: $0.0, stiffness: $0.1, damping: $0.2, initialVelocity: Vector(dx: $0.3, dy: $0.3))
}
let plainSprings = springConstants.map {
    PlainSpring(mass: $0.0, stiffness: $0.1, damping: $0.2, initialVelocity: $0.3)
}
let springTimes = jitteredInstants(count: instantsPerCase, span: 1.5, seed: 0x5_9e1a9)

// MARK: Decay

/// (rate per ms, initial velocity): UIKit's normal and fast, and two others.
let decayConstants: [(Double, Double)] = [
    (0.998, 1200),
    (0.99, -800),
    (0.995, 2500),
    (0.9995, 300),
]
let kineticDecays = decayConstants.map { DecayTimingParameters(rate: $0.0) }
let plainDecays = decayConstants.map { PlainDecay(rate: $0.0) }
let decayVelocities = decayConstants.map { $0.1 }
let decayTimes = jitteredInstants(count: instantsPerCase, span: 3, seed: 0xdeca_7)

// MARK: Agreement

/// Compares every baseline (and prototype) with Kinetic on every benchmark input; traps if any
/// disagrees, and returns a one-line summary.
func checkAgreement() -> String {
    var summary: [String] = []

    // Cubic: the browser solver stops once |x(s) − fraction| < 1e-7, so its progress is within
    // 1e-7·|dy/dx| of the exact value; compare in those units.
    var cubicRaw = 0.0, cubicScaled = 0.0
    for (k, b) in zip(kineticCurves, browserCurves) {
        for f in cubicFractions {
            let diff = abs(k.progress(at: f) - b.solve(f))
            cubicRaw = max(cubicRaw, diff)
            cubicScaled = max(cubicScaled, diff / max(1, abs(k.velocity(at: f))))
        }
    }
    precondition(cubicScaled <= 1.5e-7, "browser cubic disagrees with Kinetic: \(cubicScaled)")
    summary.append("cubic max |Δprogress| \(cubicRaw) (\(cubicScaled) per unit slope)")
    var cubicPrototype = 0.0
    var grid = cubicFractions
    for i in 0...10_000 { grid.append(Double(i) / 10_000) }
    for (k, q) in zip(kineticCurves, prototypeCurves) {
        for f in grid { cubicPrototype = max(cubicPrototype, abs(k.progress(at: f) - q.progress(at: f))) }
    }
    precondition(cubicPrototype <= 1e-10, "prototype cubic disagrees with Kinetic: \(cubicPrototype)")
    summary.append("prototype cubic max |Δprogress| \(cubicPrototype)")

    var springDiff = 0.0, prototypeDiff = 0.0
    for i in kineticSprings.indices {
        for t in springTimes + [0, 1e-9, 0.3, 2, 10, 100, 1000] {
            let a = kineticSprings[i].sample(at: t), b = plainSprings[i].sample(at: t)
            springDiff = max(springDiff, abs(a.progress - b.progress), abs(a.velocity - b.velocity))
            for q in [prototypeSprings[i].sample(at: t), prototypeSincosSprings[i].sample(at: t),
                      prototypeKernelSprings[i].sample(at: t)] {
                prototypeDiff = max(prototypeDiff, abs(a.progress - q.progress), abs(a.velocity - q.velocity))
            }
        }
    }
    // The inline kernels against libm directly, over wide ranges.
    var rng = LCG(state: 42)
    var kernelExp = 0.0, kernelSinCos = 0.0
    for _ in 0..<20_000 {
        let x = -740 + 750 * rng.next()
        let e = exp(x)
        if e > 1e-300 { kernelExp = max(kernelExp, abs(prototypeExp(x) - e) / e) }
        let y = (rng.next() - 0.5) * 2e4
        let sc = prototypeSinCos(y)
        kernelSinCos = max(kernelSinCos, abs(sc.sin - sin(y)), abs(sc.cos - cos(y)))
    }
    precondition(kernelExp <= 1e-14 && kernelSinCos <= 1e-14, "inline kernels: \(kernelExp), \(kernelSinCos)")
    summary.append("inline exp max relative error \(kernelExp), sincos max error \(kernelSinCos)")
    precondition(springDiff <= 1e-7, "plain spring disagrees with Kinetic: \(springDiff)")
    precondition(prototypeDiff <= 1e-7, "prototype spring disagrees with Kinetic: \(prototypeDiff)")
    summary.append("spring max |Δ| \(springDiff) (prototype \(prototypeDiff))")

    var decayDiff = 0.0
    for ((k, p), v) in zip(zip(kineticDecays, plainDecays), decayVelocities) {
        for t in decayTimes {
            let a = k.sample(from: 0.0, velocity: v, at: t), b = p.sample(from: 0, velocity: v, at: t)
            // Positions reach |v/k| (up to ~1500 units): compare relative to the scale of the motion.
            let scale = max(1, abs(v) * abs(p.distanceScale))
            decayDiff = max(decayDiff, abs(a.position - b.position) / scale, abs(a.velocity - b.velocity) / max(1, abs(v)))
        }
    }
    precondition(decayDiff <= 1e-7, "plain decay disagrees with Kinetic: \(decayDiff)")
    summary.append("decay max relative |Δ| \(decayDiff)")

    return "Agreement with Kinetic: " + summary.joined(separator: "; ")
}
