// Springs (distance with a frequency, snap): when ω·h < 1 the spring is applied as a force in
// the symplectic Euler step with the damping term averaged over the step (trapezoidal):
//   Δv = h (−K C − 2Z v) / (1 + Z h)
// This linear map has det = (1 − Zh)/(1 + Zh) and trace = (2 − h²K)/(1 + Zh), so choosing
//   Zh = (1 − e^{−2ζωh}) / (1 + e^{−2ζωh}),   h²K = 2 − (1 + Zh)·2e^{−ζωh}·cos(ω√(1−ζ²) h)
// (cosh and √(ζ²−1) when overdamped) gives it exactly the eigenvalues e^{(−ζω ± iω_d)h} of the
// continuous spring: a body on a spring to the world oscillates at ω√(1−ζ²) and decays at ζω to
// rounding, at any step rate (Box2D's implicit soft constraint adds a numerical damping ≈ ω²h/2).
// exp and cos come from the package's deterministic kernels (`Elementary`). Stiffer springs (ω·h ≥ 1, where chains of
// explicit springs could go unstable) use the implicit soft constraint, stable at any stiffness.
import Kinetic

/// The joints' springs: a distance attachment with a frequency and a snap, applied as exact explicit
/// forces before the constraints are solved (the stiff ones go to `JointSolver` as soft constraints).
enum JointSprings {
    /// The snap behaviour's spring frequency, Hz: settles a 300-pt snap within about a second.
    static let snapFrequency = 3.0

    /// ζ of a snap from UIKit's damping 0…1 (higher = less oscillation): 0.1 … 1, never 0 so it
    /// always comes to rest.
    static func snapDampingRatio(_ damping: Double) -> Double {
        let d = damping.isFinite ? min(max(damping, 0), 1) : 0.5
        return 0.1 + 0.9 * d
    }

    @inline(__always) static func spring(_ joint: Joint) -> (omega: Double, zeta: Double)? {
        joint.hasSpring ? spring(joint.definition) : nil
    }

    /// The spring's ω (rad/s) and damping ratio, or nil for a definition that is not a spring.
    @inline(__always) static func spring(_ definition: JointDefinition) -> (omega: Double, zeta: Double)? {
        switch definition.kind {
        case .distance(_, let f, let z):
            guard f > 0, f.isFinite else { return nil }
            return (2 * Double.pi * f, z.isFinite ? max(z, 0) : 0)
        case .snap(let d, _):
            return (2 * Double.pi * snapFrequency, snapDampingRatio(d))
        default:
            return nil
        }
    }

    // MARK: Explicit springs

    /// (h²K, Zh) of the exact explicit spring (see the header) for ω, ζ and step h.
    static func exactSpring(omega: Double, zeta: Double, h: Double) -> (hhK: Double, zh: Double) {
        let decay = Elementary.exp(-zeta * omega * h)
        let d2 = decay * decay
        let zh = (1 - d2) / (1 + d2)
        let oscillation: Double
        if zeta < 1 {
            oscillation = Elementary.sinCos(omega * (1 - zeta * zeta).squareRoot() * h).cos
        } else {
            let y = omega * (zeta * zeta - 1).squareRoot() * h
            oscillation = 0.5 * (Elementary.exp(y) + Elementary.exp(-y))
        }
        return (2 - (1 + zh) * 2 * decay * oscillation, zh)
    }

    /// Applies the explicit springs' impulses for this step (before the constraints are solved).
    /// A body whose only joint is a zero-length spring from its centre to a world point moves by
    /// the spring's closed form instead (`applyExactSpring`).
    static func applySprings(_ context: StepContext, h: Double, speedLimit: Double) {
        let motions = context.motions, start = context.start
        for index in context.activeJoints {
            let j = context.joints + Int(index)
            j.pointee.isExactThisStep = false
            // Decided here, not from `springMode`: that is set by `prepare`, which runs after this
            // in a step, so a joint added or updated since the last step would get no force.
            guard j.pointee.hasSpring, let (omega, zeta) = spring(j.pointee.definition), omega * h < 1 else { continue }
            if case .distance(let length, _, _) = j.pointee.definition.kind, length <= 1e-9, j.pointee.b == 0,
               j.pointee.localA == .zero, start[Int(j.pointee.a)].jointCount == 1,
               applyExactSpring(j, omega: omega, zeta: zeta, context, h: h, speedLimit: speedLimit) {
                continue
            }
            let a = motions + Int(j.pointee.a), b = motions + Int(j.pointee.b)
            let mA = a.pointee.invMass, mB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia
            let rA = a.pointee.rotation.apply(j.pointee.localA)
            let rB = b.pointee.rotation.apply(j.pointee.localB)
            let d = (b.pointee.position + rB) - (a.pointee.position + rA)
            let vr = JointSolver.anchorVelocity(a, b, rA, rB)
            if j.pointee.exactSpringKey != (h, omega, zeta) {
                j.pointee.exactSpring = exactSpring(omega: omega, zeta: zeta, h: h)
                j.pointee.exactSpringKey = (h, omega, zeta)
            }
            // Δv = h(−K C − 2Z v)/(1 + Zh) = (−(h²K)/h · C − 2(Zh) v)/(1 + Zh)
            let (hhK, zh) = j.pointee.exactSpring
            let denominator = 1 + zh
            var length = 0.0
            var isPoint = false
            switch j.pointee.definition.kind {
            case .distance(let l, _, _):
                length = l
                isPoint = l <= 1e-9
            case .snap:
                isPoint = true
            default:
                continue
            }
            var P = Vec2.zero
            if isPoint {
                let k = mA + mB + iA * rA.lengthSquared + iB * rB.lengthSquared
                guard k > 0 else { continue }
                let dv = (d * (-hhK / h) - vr * (2 * zh)) * (1 / denominator)
                P = dv * (1 / k)
            } else {
                let len = d.length
                guard len > 1e-9 else { continue }
                let u = d * (1 / len)
                let crA = cross(rA, u), crB = cross(rB, u)
                let k = mA + mB + iA * crA * crA + iB * crB * crB
                guard k > 0 else { continue }
                let dv = (-hhK / h * (len - length) - 2 * zh * dot(u, vr)) / denominator
                P = u * (dv / k)
            }
            a.pointee.velocity -= P * mA
            a.pointee.angularVelocity -= iA * cross(rA, P)
            b.pointee.velocity += P * mB
            b.pointee.angularVelocity += iB * cross(rB, P)

            if case .snap = j.pointee.definition.kind {
                let iSum = iA + iB
                if iSum > 0 {
                    let theta = JointSolver.snapAngleError(j.pointee, a.pointee, b.pointee)
                    let wr = a.pointee.angularVelocity - b.pointee.angularVelocity
                    let dw = (-hhK / h * theta - 2 * zh * wr) / denominator
                    let L = dw / iSum
                    a.pointee.angularVelocity += iA * L
                    b.pointee.angularVelocity -= iB * L
                }
            }
        }
    }

    /// Moves body A of `j` (a zero-length spring from A's centre to a world point, A's only joint)
    /// over the step by the exact solution of
    ///
    ///     x'' = −ω²·(x − anchor) − (2ζω + r)·x' + f
    ///
    /// from the state the step began with: r is A's resistance (`linearDamping`) and f its
    /// applied forces' acceleration, both constant over the step. So a pane released on such a
    /// spring (objc.io's) follows the damped oscillation's closed form at any step, where the
    /// spring's kick, the resistance's decay and the move by h·v₁ taken one after the other are
    /// first-order (18.3 pt off over a 300-pt release at 120 Hz). Sets A's velocity to the
    /// exact v₁ and records the exact displacement, which the step uses unless a contact pushes
    /// on A too (then A moves by h·v as every constrained body does). Returns false, changing
    /// nothing, when the result would pass the solver's speed limit or is not finite.
    static func applyExactSpring(_ j: UnsafeMutablePointer<Joint>, omega: Double, zeta: Double,
                                 _ context: StepContext, h: Double, speedLimit: Double) -> Bool {
        let i = Int(j.pointee.a)
        let a = context.motions + i, body = context.bodies + i, start = context.start
        let invMass = a.pointee.invMass
        guard invMass > 0 else { return false }
        let resistance = body.pointee.material.linearDamping
        let key = j.pointee.transitionKey
        if key.h != h || key.omega != omega || key.zeta != zeta || key.resistance != resistance {
            j.pointee.transition = OscillatorTransition(omega: omega, damping: 2 * zeta * omega + resistance, h: h)
            j.pointee.transitionKey = (h, omega, zeta, resistance)
        }
        let t = j.pointee.transition
        let b = context.motions + Int(j.pointee.b)
        let anchor = b.pointee.position + b.pointee.rotation.apply(j.pointee.localB)
        // The resting point under the constant forces, and the offset from it.
        let f = body.pointee.force * invMass + body.pointee.acceleration
        let rest = anchor + f * (1 / (omega * omega))
        let y0 = a.pointee.position - rest, v0 = start[i].velocity
        let y1 = y0 * t.yy + v0 * t.yv
        let v1 = y0 * t.vy + v0 * t.vv
        let move = y1 - y0
        guard v1.isFinite, move.isFinite, v1.length <= speedLimit, move.length <= PhysicsWorld.maxTranslation else { return false }
        a.pointee.velocity = v1
        start[i].exactDisplacement = move
        start[i].hasExactPath = true
        j.pointee.isExactThisStep = true
        return true
    }
}
