// Closed forms and clamped cubic helpers built on the references.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The closed form of an underdamped spring `m·x'' + c·x' + k·x = 0` from `x(0) = d0`,
/// `x'(0) = v0`, written out here independently of the library:
///
///     α = c/2m, ω = √(k/m − α²)
///     x(t)  = e^(−αt) (d0·cos ωt + (v0 + α·d0)/ω · sin ωt)
///     x'(t) = e^(−αt) (v0·cos ωt − (α·v0 + (k/m)·d0)/ω · sin ωt)
public func springOffset(mass m: Double, stiffness k: Double, damping c: Double,
                         d0: Double, v0: Double, at t: Double) -> (x: Double, v: Double) {
    guard t > 0 else { return (d0, v0) }
    let a = c / (2 * m)
    let w = (k / m - a * a).squareRoot()
    precondition(w > 0, "the test's closed form is for underdamped springs")
    let e = exp(-a * t), C = cos(w * t), S = sin(w * t)
    return (e * (d0 * C + (v0 + a * d0) / w * S),
            e * (v0 * C - (a * v0 + k / m * d0) / w * S))
}

/// Progress of the cubic Bézier timing curve (0,0), (x1,y1), (x2,y2), (1,1) at time fraction
/// `x`, clamped to the curve's ends: the double-double bisection reference of
/// ``Reference/cubic(_:_:_:_:at:)``, independent of the library's solver.
public func bezierProgress(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    return Reference.cubic(x1, y1, x2, y2, at: x).progress
}

/// Finds the time fraction at which the curve shows `progress`, by bisection on `bezierProgress`.
public func bezierFraction(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, forProgress p: Double) -> Double {
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bezierProgress(x1, y1, x2, y2, at: mid) < p { lo = mid } else { hi = mid }
        if hi - lo <= 1e-16 { break }
    }
    return (lo + hi) / 2
}
