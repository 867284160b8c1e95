// Joints as sequential-impulse constraints (Box2D 2.3 style, with Box2D 2.4's speculative limits)
// and non-linear Gauss–Seidel position correction; soft springs as exact-enough explicit forces.
//
// Conventions: A is the definition's body A, B its body B or the ground (index 0). Relative angles
// are θ = (angle B − angle A) − (the same at creation), measured with the deterministic atan2 in
// −π…π; a pin's `angleRange` is A's rotation relative to B (−θ), so that for a world pin it is the
// body's own rotation since the joint was added.
//
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

enum JointSolver {
    static let maxAngularCorrection = 8.0 * Double.pi / 180
    static let angularSlop = 2.0 * Double.pi / 180
    /// The snap behaviour's spring frequency, Hz: settles a 300-pt snap within about a second.
    static let snapFrequency = 3.0

    /// ζ of a snap from UIKit's damping 0…1 (higher = less oscillation): 0.1 … 1, never 0 so it
    /// always comes to rest.
    static func snapDampingRatio(_ damping: Double) -> Double {
        let d = damping.isFinite ? min(max(damping, 0), 1) : 0.5
        return 0.1 + 0.9 * d
    }

    @inline(__always) static func spring(_ joint: Joint) -> (omega: Double, zeta: Double)? {
        switch joint.definition.kind {
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
    static func applySprings(_ joints: UnsafeMutablePointer<Joint>, _ active: UnsafeBufferPointer<Int32>,
                             _ motions: UnsafeMutablePointer<Motion>, _ bodies: UnsafeMutablePointer<BodyRecord>,
                             _ start: UnsafeMutablePointer<StartState>, h: Double, speedLimit: Double) {
        for index in active {
            let j = joints + Int(index)
            j.pointee.isExactThisStep = false
            // Decided here, not from `springMode`: that is set by `prepare`, which runs after this
            // in a step, so a joint added or updated since the last step would get no force.
            guard let (omega, zeta) = spring(j.pointee), omega * h < 1 else { continue }
            if case .distance(let length, _, _) = j.pointee.definition.kind, length <= 1e-9, j.pointee.b == 0,
               j.pointee.localA == .zero, start[Int(j.pointee.a)].jointCount == 1,
               applyExactSpring(j, omega: omega, zeta: zeta, motions, bodies, start, h: h, speedLimit: speedLimit) {
                continue
            }
            let a = motions + Int(j.pointee.a), b = motions + Int(j.pointee.b)
            let mA = a.pointee.invMass, mB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia
            let rA = a.pointee.rotation.apply(j.pointee.localA)
            let rB = b.pointee.rotation.apply(j.pointee.localB)
            let d = (b.pointee.position + rB) - (a.pointee.position + rA)
            let vr = b.pointee.velocity + cross(b.pointee.angularVelocity, rB) - a.pointee.velocity - cross(a.pointee.angularVelocity, rA)
            if j.pointee.springH != h || j.pointee.springOmega != omega || j.pointee.springZeta != zeta {
                let e = exactSpring(omega: omega, zeta: zeta, h: h)
                j.pointee.springHHK = e.hhK; j.pointee.springZH = e.zh
                j.pointee.springH = h; j.pointee.springOmega = omega; j.pointee.springZeta = zeta
            }
            // Δv = h(−K C − 2Z v)/(1 + Zh) = (−(h²K)/h · C − 2(Zh) v)/(1 + Zh)
            let hhK = j.pointee.springHHK, zh = j.pointee.springZH
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
                    let theta = snapAngleError(j.pointee, a.pointee, b.pointee)
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
                                 _ motions: UnsafeMutablePointer<Motion>, _ bodies: UnsafeMutablePointer<BodyRecord>,
                                 _ start: UnsafeMutablePointer<StartState>, h: Double, speedLimit: Double) -> Bool {
        let i = Int(j.pointee.a)
        let a = motions + i, body = bodies + i
        let invMass = a.pointee.invMass
        guard invMass > 0 else { return false }
        let resistance = body.pointee.material.linearDamping
        let key = j.pointee.transitionKey
        if key.h != h || key.omega != omega || key.zeta != zeta || key.resistance != resistance {
            j.pointee.transition = OscillatorTransition(omega: omega, damping: 2 * zeta * omega + resistance, h: h)
            j.pointee.transitionKey = (h, omega, zeta, resistance)
        }
        let t = j.pointee.transition
        let b = motions + Int(j.pointee.b)
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

    /// A snap's rotation error: A's rotation relative to B (the world) minus the target, −π…π.
    @inline(__always) static func snapAngleError(_ j: Joint, _ a: Motion, _ b: Motion) -> Double {
        let relative = b.rotation.relative(to: a.rotation)        // qB⁻¹ qA
        let error = j.targetRotation.relative(to: relative)       // target⁻¹ qB⁻¹ qA
        return error.angle
    }

    /// θ = angle B − angle A − reference, in −π…π.
    @inline(__always) static func relativeAngle(_ j: Joint, _ qA: Rotation, _ qB: Rotation) -> Double {
        j.referenceRotation.relative(to: qA.relative(to: qB)).angle
    }

    @inline(__always) static func inverse2(_ k11: Double, _ k12: Double, _ k22: Double) -> (k11: Double, k12: Double, k22: Double) {
        var det = k11 * k22 - k12 * k12
        if det != 0 { det = 1 / det }
        return (det * k22, -det * k12, det * k11)
    }

    @inline(__always) static func pointMass(_ mA: Double, _ mB: Double, _ iA: Double, _ iB: Double, _ rA: Vec2, _ rB: Vec2, gamma: Double = 0) -> (k11: Double, k12: Double, k22: Double) {
        let k11 = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y + gamma
        let k12 = -iA * rA.x * rA.y - iB * rB.x * rB.y
        let k22 = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x + gamma
        return inverse2(k11, k12, k22)
    }

    /// Box2D's soft constraint coefficients for effective mass `m`: γ and β = h·k·γ (bias = β·C).
    @inline(__always) static func soft(mass m: Double, omega: Double, zeta: Double, h: Double) -> (gamma: Double, beta: Double) {
        let k = m * omega * omega
        let d = 2 * m * zeta * omega
        var gamma = h * (d + h * k)
        gamma = gamma != 0 ? 1 / gamma : 0
        return (gamma, h * k * gamma)
    }

    // MARK: Velocity constraints

    @inline(__always) static func apply(_ P: Vec2, _ a: UnsafeMutablePointer<Motion>, _ b: UnsafeMutablePointer<Motion>, _ rA: Vec2, _ rB: Vec2) {
        a.pointee.velocity -= P * a.pointee.invMass
        a.pointee.angularVelocity -= a.pointee.invInertia * cross(rA, P)
        b.pointee.velocity += P * b.pointee.invMass
        b.pointee.angularVelocity += b.pointee.invInertia * cross(rB, P)
    }

    @inline(__always) static func applyAngular(_ L: Double, _ a: UnsafeMutablePointer<Motion>, _ b: UnsafeMutablePointer<Motion>) {
        a.pointee.angularVelocity -= a.pointee.invInertia * L
        b.pointee.angularVelocity += b.pointee.invInertia * L
    }

    /// The sliding joint's base (its axis's frame) and mover: (B, A) for a world joint, (A, B) otherwise.
    @inline(__always) static func slidingBodies(_ j: Joint) -> (base: Int32, mover: Int32, baseAnchor: Vec2, moverAnchor: Vec2, sign: Double) {
        j.definition.bodyB == nil ? (j.b, j.a, j.localB, j.localA, -1) : (j.a, j.b, j.localA, j.localB, 1)
    }

    /// A pin's point is soft in the biased sweep of a substep and rigid in the relaxing one, with
    /// no position pass (Box2D v3's joint softness: 60 Hz, damping ratio 2, at most a quarter of
    /// the substep rate). With the rigid point and the position pass, Box2D v3's joint_grid
    /// (10,000 bodies, 19,800 pins) gained energy: its fastest body reached 25 m/s after 8.3 s.
    static func pinSoftness(h: Double) -> Softness {
        Softness(hertz: min(60, 0.25 / h), dampingRatio: 2, h: h)
    }

    /// Anchors, effective masses and biases of the `active` joints for a solve over `h` (a
    /// substep), and the warm start with their accumulated impulses. `step` is the whole step,
    /// which decides, as in `applySprings`, whether a spring is explicit.
    static func prepare(_ joints: UnsafeMutablePointer<Joint>, _ active: UnsafeBufferPointer<Int32>,
                        _ motions: UnsafeMutablePointer<Motion>, h: Double, step: Double) {
        for index in active {
            let j = joints + Int(index)
            let a = motions + Int(j.pointee.a), b = motions + Int(j.pointee.b)
            let mA = a.pointee.invMass, mB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia
            let rA = a.pointee.rotation.apply(j.pointee.localA)
            let rB = b.pointee.rotation.apply(j.pointee.localB)
            j.pointee.rA = rA; j.pointee.rB = rB
            let iSum = iA + iB
            j.pointee.angularMass = iSum > 0 ? 1 / iSum : 0
            j.pointee.springMode = 0
            let d = (b.pointee.position + rB) - (a.pointee.position + rA)

            switch j.pointee.definition.kind {
            case .distance(let length, _, _):
                if let (omega, _) = spring(j.pointee) {
                    j.pointee.springMode = omega * step < 1 ? 1 : 2
                }
                if j.pointee.springMode == 1 {
                    j.pointee.linearImpulse = .zero; j.pointee.impulse = 0
                } else if length <= 1e-9 {
                    var gamma = 0.0, beta = 0.0
                    if j.pointee.springMode == 2, let (omega, zeta) = spring(j.pointee) {
                        let k = mA + mB + iA * rA.lengthSquared + iB * rB.lengthSquared
                        (gamma, beta) = soft(mass: k > 0 ? 1 / k : 0, omega: omega, zeta: zeta, h: h)
                    }
                    j.pointee.gamma = gamma
                    j.pointee.bias = beta            // × C gives the velocity bias
                    j.pointee.pointMassInverse = pointMass(mA, mB, iA, iB, rA, rB, gamma: gamma)
                    j.pointee.axis = d             // C for the soft bias
                    apply(j.pointee.linearImpulse, a, b, rA, rB)
                } else {
                    let len = d.length
                    j.pointee.length = len
                    let u = len > 1e-9 ? d * (1 / len) : .zero
                    j.pointee.axis = u
                    let crA = cross(rA, u), crB = cross(rB, u)
                    let inv = mA + mB + iA * crA * crA + iB * crB * crB
                    var gamma = 0.0, bias = 0.0
                    if j.pointee.springMode == 2, let (omega, zeta) = spring(j.pointee), inv > 0 {
                        let s = soft(mass: 1 / inv, omega: omega, zeta: zeta, h: h)
                        gamma = s.gamma
                        bias = (len - length) * s.beta
                    }
                    j.pointee.gamma = gamma
                    j.pointee.bias = bias
                    j.pointee.mass = inv + gamma > 0 ? 1 / (inv + gamma) : 0
                    apply(u * j.pointee.impulse, a, b, rA, rB)
                }
            case .limit:
                let len = d.length
                j.pointee.length = len
                let u = len > 1e-9 ? d * (1 / len) : .zero
                j.pointee.axis = u
                let crA = cross(rA, u), crB = cross(rB, u)
                let inv = mA + mB + iA * crA * crA + iB * crB * crB
                j.pointee.mass = inv > 0 ? 1 / inv : 0
                apply(u * (j.pointee.lowerImpulse - j.pointee.upperImpulse), a, b, rA, rB)
            case .pin:
                j.pointee.pointMassInverse = pointMass(mA, mB, iA, iB, rA, rB)
                j.pointee.angle = relativeAngle(j.pointee, a.pointee.rotation, b.pointee.rotation)
                if !j.pointee.definition.isMotorEnabled { j.pointee.motorImpulse = 0 }
                apply(j.pointee.linearImpulse, a, b, rA, rB)
                applyAngular(j.pointee.lowerImpulse - j.pointee.upperImpulse + j.pointee.motorImpulse, a, b)
            case .fixed:
                j.pointee.pointMassInverse = pointMass(mA, mB, iA, iB, rA, rB)
                apply(j.pointee.linearImpulse, a, b, rA, rB)
                applyAngular(j.pointee.angularImpulse, a, b)
            case .sliding:
                let s = slidingBodies(j.pointee)
                let m1 = motions + Int(s.base), m2 = motions + Int(s.mover)
                let r1 = m1.pointee.rotation.apply(s.baseAnchor), r2 = m2.pointee.rotation.apply(s.moverAnchor)
                let dd = (m2.pointee.position + r2) - (m1.pointee.position + r1)
                let axis = m1.pointee.rotation.apply(j.pointee.localAxis)
                let perp = axis.perpendicular
                j.pointee.axis = axis; j.pointee.perp = perp
                j.pointee.s1 = cross(dd + r1, perp); j.pointee.s2 = cross(r2, perp)
                j.pointee.a1 = cross(dd + r1, axis); j.pointee.a2 = cross(r2, axis)
                let im1 = m1.pointee.invMass, im2 = m2.pointee.invMass, ii1 = m1.pointee.invInertia, ii2 = m2.pointee.invInertia
                let kp = im1 + im2 + ii1 * j.pointee.s1 * j.pointee.s1 + ii2 * j.pointee.s2 * j.pointee.s2
                j.pointee.perpMass = kp > 0 ? 1 / kp : 0
                let ka = im1 + im2 + ii1 * j.pointee.a1 * j.pointee.a1 + ii2 * j.pointee.a2 * j.pointee.a2
                j.pointee.mass = ka > 0 ? 1 / ka : 0
                j.pointee.translation = dot(axis, dd)
                j.pointee.rA = r1; j.pointee.rB = r2
                // Warm start on (base, mover).
                if !j.pointee.definition.isMotorEnabled { j.pointee.motorImpulse = 0 }
                let axial = j.pointee.lowerImpulse - j.pointee.upperImpulse + j.pointee.motorImpulse
                let P = perp * j.pointee.impulse + axis * axial
                let L1 = j.pointee.impulse * j.pointee.s1 + axial * j.pointee.a1
                let L2 = j.pointee.impulse * j.pointee.s2 + axial * j.pointee.a2
                m1.pointee.velocity -= P * im1; m1.pointee.angularVelocity -= ii1 * L1
                m2.pointee.velocity += P * im2; m2.pointee.angularVelocity += ii2 * L2
                applyAngular(j.pointee.angularImpulse, a, b)
            case .snap:
                if let (omega, _) = spring(j.pointee) { j.pointee.springMode = omega * step < 1 ? 1 : 2 }
                if j.pointee.springMode == 2, let (omega, zeta) = spring(j.pointee) {
                    let k = mA + mB + iA * rA.lengthSquared + iB * rB.lengthSquared
                    let s = soft(mass: k > 0 ? 1 / k : 0, omega: omega, zeta: zeta, h: h)
                    j.pointee.gamma = s.gamma
                    j.pointee.bias = s.beta
                    j.pointee.pointMassInverse = pointMass(mA, mB, iA, iB, rA, rB, gamma: s.gamma)
                    j.pointee.axis = d
                    let sa = soft(mass: j.pointee.angularMass, omega: omega, zeta: zeta, h: h)
                    j.pointee.angularGamma = sa.gamma
                    // θ as B − A for the constraint: the error is A − B − target.
                    j.pointee.angularBias = -snapAngleError(j.pointee, a.pointee, b.pointee) * sa.beta
                    j.pointee.angularMass = iSum + sa.gamma > 0 ? 1 / (iSum + sa.gamma) : 0
                    apply(j.pointee.linearImpulse, a, b, rA, rB)
                    applyAngular(j.pointee.angularImpulse, a, b)
                } else {
                    j.pointee.linearImpulse = .zero; j.pointee.angularImpulse = 0
                }
            }
            // Joint friction (UIKit's frictionTorque), any kind.
            if j.pointee.definition.frictionTorque > 0 {
                applyAngular(j.pointee.frictionImpulse, a, b)
            } else {
                j.pointee.frictionImpulse = 0
            }
        }
    }

    /// One velocity sweep over the `active` joints of a substep of `h`; `pinSoftness` in the
    /// biased sweep (pins' points soft), nil in the relaxing one (rigid).
    static func solveVelocities(_ joints: UnsafeMutablePointer<Joint>, _ active: UnsafeBufferPointer<Int32>,
                                _ motions: UnsafeMutablePointer<Motion>, h: Double, pinSoftness: Softness? = nil) {
        let invH = 1 / h
        for index in active {
            let j = joints + Int(index)
            let a = motions + Int(j.pointee.a), b = motions + Int(j.pointee.b)
            let rA = j.pointee.rA, rB = j.pointee.rB

            let torque = j.pointee.definition.frictionTorque
            if torque > 0, torque.isFinite, j.pointee.angularMass > 0 {
                let iSum = a.pointee.invInertia + b.pointee.invInertia
                if iSum > 0 {
                    let wr = b.pointee.angularVelocity - a.pointee.angularVelocity
                    let maxImpulse = torque * h
                    let old = j.pointee.frictionImpulse
                    j.pointee.frictionImpulse = min(max(old - wr / iSum, -maxImpulse), maxImpulse)
                    applyAngular(j.pointee.frictionImpulse - old, a, b)
                }
            }

            @inline(__always) func solvePoint(_ soft: Softness? = nil) {
                let cdot = b.pointee.velocity + cross(b.pointee.angularVelocity, rB) - a.pointee.velocity - cross(a.pointee.angularVelocity, rA)
                let k = j.pointee.pointMassInverse
                var rhs = cdot
                if j.pointee.gamma > 0 {
                    rhs = cdot + j.pointee.axis * j.pointee.bias + j.pointee.linearImpulse * j.pointee.gamma
                } else if let soft {
                    // The gap between the anchors now, closed by a soft spring (Box2D v3's).
                    rhs = cdot + ((b.pointee.position + rB) - (a.pointee.position + rA)) * soft.biasRate
                }
                var impulse = Vec2(-(k.k11 * rhs.x + k.k12 * rhs.y), -(k.k12 * rhs.x + k.k22 * rhs.y))
                if let soft, j.pointee.gamma == 0 {
                    impulse = impulse * soft.massScale - j.pointee.linearImpulse * soft.impulseScale
                }
                j.pointee.linearImpulse += impulse
                apply(impulse, a, b, rA, rB)
            }
            @inline(__always) func solveAngle() {
                let cdot = b.pointee.angularVelocity - a.pointee.angularVelocity
                let impulse = -j.pointee.angularMass * cdot
                j.pointee.angularImpulse += impulse
                applyAngular(impulse, a, b)
            }

            switch j.pointee.definition.kind {
            case .distance(let length, _, _):
                if j.pointee.springMode == 1 { break }
                if length <= 1e-9 {
                    solvePoint()
                } else {
                    let u = j.pointee.axis
                    let cdot = dot(u, b.pointee.velocity + cross(b.pointee.angularVelocity, rB) - a.pointee.velocity - cross(a.pointee.angularVelocity, rA))
                    let impulse = -j.pointee.mass * (cdot + j.pointee.bias + j.pointee.gamma * j.pointee.impulse)
                    j.pointee.impulse += impulse
                    apply(u * impulse, a, b, rA, rB)
                }
            case .limit(let minimum, let maximum):
                let u = j.pointee.axis
                if u == .zero { break }
                let len = j.pointee.length
                if minimum > 0 {
                    let cdot = dot(u, b.pointee.velocity + cross(b.pointee.angularVelocity, rB) - a.pointee.velocity - cross(a.pointee.angularVelocity, rA))
                    let C = len - minimum
                    let bias = max(C, 0) * invH
                    let old = j.pointee.lowerImpulse
                    j.pointee.lowerImpulse = max(old - j.pointee.mass * (cdot + bias), 0)
                    apply(u * (j.pointee.lowerImpulse - old), a, b, rA, rB)
                }
                do {
                    let cdot = dot(u, a.pointee.velocity + cross(a.pointee.angularVelocity, rA) - b.pointee.velocity - cross(b.pointee.angularVelocity, rB))
                    let C = maximum - len
                    let bias = max(C, 0) * invH
                    let old = j.pointee.upperImpulse
                    j.pointee.upperImpulse = max(old - j.pointee.mass * (cdot + bias), 0)
                    apply(u * -(j.pointee.upperImpulse - old), a, b, rA, rB)
                }
            case .pin(let range):
                // The motor first, so the limits and the point get the last word (Box2D's order):
                // drive ωA − ωB to the speed with at most the torque's impulse per step.
                if j.pointee.definition.isMotorEnabled, j.pointee.angularMass > 0 {
                    let cdot = a.pointee.angularVelocity - b.pointee.angularVelocity - j.pointee.definition.motorSpeed
                    let maxImpulse = j.pointee.definition.maxMotorForce * h
                    let old = j.pointee.motorImpulse
                    j.pointee.motorImpulse = min(max(old + j.pointee.angularMass * cdot, -maxImpulse), maxImpulse)
                    applyAngular(j.pointee.motorImpulse - old, a, b)
                }
                if let range, j.pointee.angularMass > 0 {
                    // Internal θ is −(A relative to B).
                    let lower = -range.upperBound, upper = -range.lowerBound
                    let theta = j.pointee.angle
                    do {
                        let cdot = b.pointee.angularVelocity - a.pointee.angularVelocity
                        let bias = max(theta - lower, 0) * invH
                        let old = j.pointee.lowerImpulse
                        j.pointee.lowerImpulse = max(old - j.pointee.angularMass * (cdot + bias), 0)
                        applyAngular(j.pointee.lowerImpulse - old, a, b)
                    }
                    do {
                        let cdot = a.pointee.angularVelocity - b.pointee.angularVelocity
                        let bias = max(upper - theta, 0) * invH
                        let old = j.pointee.upperImpulse
                        j.pointee.upperImpulse = max(old - j.pointee.angularMass * (cdot + bias), 0)
                        applyAngular(-(j.pointee.upperImpulse - old), a, b)
                    }
                }
                solvePoint(pinSoftness)
            case .fixed:
                solveAngle()
                solvePoint()
            case .sliding(_, let range):
                let s = slidingBodies(j.pointee)
                let m1 = motions + Int(s.base), m2 = motions + Int(s.mover)
                let axis = j.pointee.axis, perp = j.pointee.perp
                let im1 = m1.pointee.invMass, im2 = m2.pointee.invMass, ii1 = m1.pointee.invInertia, ii2 = m2.pointee.invInertia
                @inline(__always) func applyLine(_ impulse: Double, _ dir: Vec2, _ l1: Double, _ l2: Double) {
                    m1.pointee.velocity -= dir * (impulse * im1); m1.pointee.angularVelocity -= ii1 * impulse * l1
                    m2.pointee.velocity += dir * (impulse * im2); m2.pointee.angularVelocity += ii2 * impulse * l2
                }
                if j.pointee.definition.isMotorEnabled {
                    let a1 = j.pointee.a1, a2 = j.pointee.a2
                    let cdot = dot(axis, m2.pointee.velocity - m1.pointee.velocity) + a2 * m2.pointee.angularVelocity - a1 * m1.pointee.angularVelocity
                    let maxImpulse = j.pointee.definition.maxMotorForce * h
                    let old = j.pointee.motorImpulse
                    j.pointee.motorImpulse = min(max(old - j.pointee.mass * (cdot - j.pointee.definition.motorSpeed), -maxImpulse), maxImpulse)
                    applyLine(j.pointee.motorImpulse - old, axis, a1, a2)
                }
                if let range {
                    let a1 = j.pointee.a1, a2 = j.pointee.a2
                    let translation = j.pointee.translation
                    do {
                        let cdot = dot(axis, m2.pointee.velocity - m1.pointee.velocity) + a2 * m2.pointee.angularVelocity - a1 * m1.pointee.angularVelocity
                        let bias = max(translation - range.lowerBound, 0) * invH
                        let old = j.pointee.lowerImpulse
                        j.pointee.lowerImpulse = max(old - j.pointee.mass * (cdot + bias), 0)
                        applyLine(j.pointee.lowerImpulse - old, axis, a1, a2)
                    }
                    do {
                        let cdot = -(dot(axis, m2.pointee.velocity - m1.pointee.velocity) + a2 * m2.pointee.angularVelocity - a1 * m1.pointee.angularVelocity)
                        let bias = max(range.upperBound - translation, 0) * invH
                        let old = j.pointee.upperImpulse
                        j.pointee.upperImpulse = max(old - j.pointee.mass * (cdot + bias), 0)
                        applyLine(-(j.pointee.upperImpulse - old), axis, a1, a2)
                    }
                }
                solveAngle()
                do {
                    let s1 = j.pointee.s1, s2 = j.pointee.s2
                    let cdot = dot(perp, m2.pointee.velocity - m1.pointee.velocity) + s2 * m2.pointee.angularVelocity - s1 * m1.pointee.angularVelocity
                    let impulse = -j.pointee.perpMass * cdot
                    j.pointee.impulse += impulse
                    applyLine(impulse, perp, s1, s2)
                }
            case .snap:
                if j.pointee.springMode == 2 {
                    solvePoint()
                    let cdot = b.pointee.angularVelocity - a.pointee.angularVelocity
                    let impulse = -j.pointee.angularMass * (cdot + j.pointee.angularBias + j.pointee.angularGamma * j.pointee.angularImpulse)
                    j.pointee.angularImpulse += impulse
                    applyAngular(impulse, a, b)
                }
            }
        }
    }

    // MARK: Position constraints

    /// One NGS sweep over the rigid parts; true when every error is within the slops.
    static func solvePositions(_ joints: UnsafeMutablePointer<Joint>, _ active: UnsafeBufferPointer<Int32>,
                               _ motions: UnsafeMutablePointer<Motion>) -> Bool {
        let slop = ContactSolver.linearSlop
        let maxCorrection = ContactSolver.maxLinearCorrection
        var linearError = 0.0, angularError = 0.0
        for index in active {
            let j = joints + Int(index)
            let a = motions + Int(j.pointee.a), b = motions + Int(j.pointee.b)
            let mA = a.pointee.invMass, mB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia

            @inline(__always) func move(_ P: Vec2, _ rA: Vec2, _ rB: Vec2) {
                a.pointee.position -= P * mA
                a.pointee.rotation = a.pointee.rotation.integrated(by: -iA * cross(rA, P))
                b.pointee.position += P * mB
                b.pointee.rotation = b.pointee.rotation.integrated(by: iB * cross(rB, P))
            }
            @inline(__always) func turn(_ L: Double) {
                a.pointee.rotation = a.pointee.rotation.integrated(by: -iA * L)
                b.pointee.rotation = b.pointee.rotation.integrated(by: iB * L)
            }
            @inline(__always) func correctPoint() {
                let rA = a.pointee.rotation.apply(j.pointee.localA)
                let rB = b.pointee.rotation.apply(j.pointee.localB)
                let C = (b.pointee.position + rB) - (a.pointee.position + rA)
                linearError = max(linearError, C.length)
                let k = pointMass(mA, mB, iA, iB, rA, rB)
                let P = Vec2(-(k.k11 * C.x + k.k12 * C.y), -(k.k12 * C.x + k.k22 * C.y))
                move(P, rA, rB)
            }
            @inline(__always) func correctAngle(_ target: Double) {
                let iSum = iA + iB
                guard iSum > 0 else { return }
                let theta = relativeAngle(j.pointee, a.pointee.rotation, b.pointee.rotation)
                let C = min(max(theta - target, -maxAngularCorrection), maxAngularCorrection)
                angularError = max(angularError, C.magnitude)
                turn(-C / iSum)
            }
            @inline(__always) func correctLength(_ lower: Double, _ upper: Double) {
                let rA = a.pointee.rotation.apply(j.pointee.localA)
                let rB = b.pointee.rotation.apply(j.pointee.localB)
                let d = (b.pointee.position + rB) - (a.pointee.position + rA)
                let len = d.length
                guard len > 1e-9 else { return }
                let u = d * (1 / len)
                var C = 0.0
                if len < lower { C = len - lower } else if len > upper { C = len - upper } else { return }
                C = min(max(C, -maxCorrection), maxCorrection)
                linearError = max(linearError, C.magnitude)
                let crA = cross(rA, u), crB = cross(rB, u)
                let k = mA + mB + iA * crA * crA + iB * crB * crB
                guard k > 0 else { return }
                move(u * (-C / k), rA, rB)
            }

            switch j.pointee.definition.kind {
            case .distance(let length, _, _):
                if j.pointee.springMode != 0 { break }
                if length <= 1e-9 { correctPoint() } else { correctLength(length, length) }
            case .limit(let minimum, let maximum):
                correctLength(minimum, maximum)
            case .pin(let range):
                if let range, iA + iB > 0 {
                    let theta = relativeAngle(j.pointee, a.pointee.rotation, b.pointee.rotation)
                    let lower = -range.upperBound, upper = -range.lowerBound
                    if theta < lower { correctAngle(lower) } else if theta > upper { correctAngle(upper) }
                }
                // The point is held by its soft bias in the substeps (`solveVelocities`).
            case .fixed:
                correctAngle(0)
                correctPoint()
            case .sliding(_, let range):
                correctAngle(0)
                let s = slidingBodies(j.pointee)
                let m1 = motions + Int(s.base), m2 = motions + Int(s.mover)
                let im1 = m1.pointee.invMass, im2 = m2.pointee.invMass, ii1 = m1.pointee.invInertia, ii2 = m2.pointee.invInertia
                let r1 = m1.pointee.rotation.apply(s.baseAnchor), r2 = m2.pointee.rotation.apply(s.moverAnchor)
                let d = (m2.pointee.position + r2) - (m1.pointee.position + r1)
                let axis = m1.pointee.rotation.apply(j.pointee.localAxis)
                let perp = axis.perpendicular
                @inline(__always) func line(_ C: Double, _ dir: Vec2, _ l1: Double, _ l2: Double) {
                    let k = im1 + im2 + ii1 * l1 * l1 + ii2 * l2 * l2
                    guard k > 0 else { return }
                    let impulse = -C / k
                    m1.pointee.position -= dir * (impulse * im1)
                    m1.pointee.rotation = m1.pointee.rotation.integrated(by: -ii1 * impulse * l1)
                    m2.pointee.position += dir * (impulse * im2)
                    m2.pointee.rotation = m2.pointee.rotation.integrated(by: ii2 * impulse * l2)
                }
                let cp = min(max(dot(perp, d), -maxCorrection), maxCorrection)
                linearError = max(linearError, cp.magnitude)
                line(cp, perp, cross(d + r1, perp), cross(r2, perp))
                if let range {
                    let t = dot(axis, d)
                    var C = 0.0
                    if t < range.lowerBound { C = t - range.lowerBound } else if t > range.upperBound { C = t - range.upperBound }
                    if C != 0 {
                        C = min(max(C, -maxCorrection), maxCorrection)
                        linearError = max(linearError, C.magnitude)
                        line(C, axis, cross(d + r1, axis), cross(r2, axis))
                    }
                }
            case .snap:
                break
            }
        }
        return linearError <= slop && angularError <= angularSlop
    }
}

/// The exact state transition over a step h of the damped oscillator y'' + c·y' + ω²·y = 0:
/// (y₁, v₁) = (yy·y₀ + yv·v₀, vy·y₀ + vv·v₀). With α = c/2, β² = ω² − α², E = e^(−αh), and
/// C = cos βh, S = sin(βh)/β (cosh and sinh when β² < 0; 1 and h when β² = 0):
///
///     y₁ = E·((C + αS)·y₀ + S·v₀),   v₁ = E·((C − αS)·v₀ − ω²S·y₀)
///
/// From the package's deterministic kernels (`Elementary`), so the same bits on every platform.
struct OscillatorTransition {
    var yy = 1.0, yv = 0.0, vy = 0.0, vv = 1.0

    init() {}

    init(omega: Double, damping c: Double, h: Double) {
        let alpha = c / 2
        let beta2 = (omega - alpha) * (omega + alpha)
        var ec: Double, es: Double                 // E·C and E·S
        if beta2 > 0 {
            let beta = beta2.squareRoot()
            let e = Elementary.exp(-alpha * h)
            let sc = Elementary.sinCos(beta * h)
            ec = e * sc.cos
            es = e * sc.sin / beta
        } else {
            // Overdamped: E·cosh and E·sinh as sums of the two decays e^(−(α ∓ γ)h), which stay
            // finite however large c·h is; near critical damping by their series (no cancellation).
            let gamma = (-beta2).squareRoot()
            let x = gamma * h
            if x < 1e-3 {
                let e = Elementary.exp(-alpha * h)
                let x2 = x * x
                ec = e * (1 + x2 / 2 * (1 + x2 / 12))
                es = e * h * (1 + x2 / 6 * (1 + x2 / 20))
            } else {
                let slow = Elementary.exp(-(omega * omega / (alpha + gamma)) * h)   // α − γ without cancellation
                let fast = Elementary.exp(-(alpha + gamma) * h)
                ec = (slow + fast) / 2
                es = (slow - fast) / (2 * gamma)
            }
        }
        yy = ec + alpha * es
        yv = es
        vy = -omega * omega * es
        vv = ec - alpha * es
    }
}
