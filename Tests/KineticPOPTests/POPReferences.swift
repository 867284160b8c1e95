// Independent references for the POP tests: textbook closed forms and POP's own update rules.
//
// None of these reuse Kinetic's formulas: the spring is the textbook underdamped solution written
// out per component and the decay replays POP's per-frame `decay_position` update. The cubic
// timing curve's reference is the shared one (`bezierProgress` in KineticTestSupport).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Kinetic
import KineticPOP
import KineticTestSupport

enum POPReference {
    /// Displacement-from-rest and velocity at `t` of an underdamped `m·x'' + c·x' + k·x = 0`
    /// released from `d0` with velocity `v0` (one component):
    /// `d(t) = e^(−αt)(d0·cos ωt + (v0 + α·d0)/ω · sin ωt)`, `α = c/2m`, `ω = √(k/m − α²)`.
    static func underdamped(mass m: Double, stiffness k: Double, damping c: Double,
                            d0: Double, v0: Double, t: Double) -> (d: Double, v: Double) {
        let alpha = c / (2 * m)
        let omega = (k / m - alpha * alpha).squareRoot()
        precondition(omega > 0, "the reference is for underdamped springs")
        let a = d0, b = (v0 + alpha * d0) / omega
        let e = exp(-alpha * t), cs = cos(omega * t), sn = sin(omega * t)
        let d = e * (a * cs + b * sn)
        let v = e * ((-alpha * a + omega * b) * cs + (-alpha * b - omega * a) * sn)
        return (d, v)
    }

    /// The same for a `Point`: each axis is an independent spring.
    static func spring(mass: Double, tension: Double, friction: Double, from: Point, to: Point,
                       velocity: Point, t: Double) -> (value: Point, velocity: Point) {
        let x = underdamped(mass: mass, stiffness: tension, damping: friction, d0: from.x - to.x, v0: velocity.x, t: t)
        let y = underdamped(mass: mass, stiffness: tension, damping: friction, d0: from.y - to.y, v0: velocity.y, t: t)
        return (Point(x: to.x + x.d, y: to.y + y.d), Point(x: x.v, y: y.v))
    }

    /// POP's spring integrator (`SpringSolver::integrate` in POPSpringSolver.h): one RK4 step of
    /// `dt` on POP's solver state, `p` = toValue − value and `v` = −velocity, with acceleration
    /// `−(k/m)·p − (b/m)·v`.
    static func popRK4Step(p: Double, v: Double, k: Double, b: Double, m: Double, dt: Double) -> (p: Double, v: Double) {
        func acceleration(_ p: Double, _ v: Double) -> Double { p * (-k / m) - v * (b / m) }
        let a = (dp: v, dv: acceleration(p, v))
        let bb = (dp: v + a.dv * dt / 2, dv: acceleration(p + a.dp * dt / 2, v + a.dv * dt / 2))
        let c = (dp: v + bb.dv * dt / 2, dv: acceleration(p + bb.dp * dt / 2, v + bb.dv * dt / 2))
        let d = (dp: v + c.dv * dt, dv: acceleration(p + c.dp * dt, v + c.dv * dt))
        let dpdt = (a.dp + (bb.dp + c.dp) * 2 + d.dp) / 6
        let dvdt = (a.dv + (bb.dv + c.dv) * 2 + d.dv) / 6
        return (p + dpdt * dt, v + dvdt * dt)
    }

    /// POP's decay as it runs (`decay_position`, POPDecayAnimationInternal.h), replayed frame by
    /// frame in double precision: each frame of `dt` seconds multiplies the per-millisecond
    /// velocity by `d^(1000·dt)` and adds `v_ms·d·(1 − d^(1000·dt))/(1 − d)` to the position.
    /// Returns the position after the given frame times (seconds from the start, increasing).
    static func popDecayReplay(from x0: Double, velocity v: Double, deceleration d: Double,
                               frames: [Double]) -> [Double] {
        var x = x0, vel = v, last = 0.0
        var out: [Double] = []
        for t in frames {
            let n = (t - last) * 1000
            last = t
            let kv = pow(d, n)
            let kx = d * (1 - kv) / (1 - d)
            let vms = vel / 1000
            vel = vms * kv * 1000
            x += vms * kx
            out.append(x)
        }
        return out
    }

    /// Frame times from `start` to `end` at `rate` Hz, or jittered (alternating long and short
    /// frames) when `jitter` is true.
    static func frames(from start: Double, to end: Double, rate: Double, jitter: Bool = false) -> [Double] {
        var out: [Double] = []
        var t = start, i = 0
        while t < end {
            let dt = jitter ? (i % 3 == 0 ? 1.7 : 0.65) / rate : 1 / rate
            t += dt
            i += 1
            out.append(t)
        }
        return out
    }
}

/// A plain class to attach animations to (POP's "object").
final class POPTestObject {}

/// Counts completions by flag.
final class CompletionLog {
    var finished = 0
    var unfinished = 0
    var total: Int { finished + unfinished }
    func record(_ animation: POPAnimation) {
        animation.completionBlock = { [self] _, done in if done { finished += 1 } else { unfinished += 1 } }
    }
}
