// Joints' velocity constraints: each substep's anchors, effective masses and warm start
// (`prepare`), and one sweep of sequential impulses (`solveVelocities`).
import Kinetic

extension JointSolver {
    @inline(__always) static func apply(_ P: Vec2, _ a: UnsafeMutablePointer<Motion>, _ b: UnsafeMutablePointer<Motion>, _ rA: Vec2, _ rB: Vec2) {
        a.pointee.velocity -= P * a.pointee.invMass
        a.pointee.angularVelocity -= a.pointee.invInertia * cross(rA, P)
        b.pointee.velocity += P * b.pointee.invMass
        b.pointee.angularVelocity += b.pointee.invInertia * cross(rB, P)
    }

    /// The velocity of B's anchor relative to A's: vB + ωB × rB − vA − ωA × rA.
    @inline(__always) static func anchorVelocity(_ a: UnsafeMutablePointer<Motion>, _ b: UnsafeMutablePointer<Motion>, _ rA: Vec2, _ rB: Vec2) -> Vec2 {
        b.pointee.velocity + cross(b.pointee.angularVelocity, rB) - a.pointee.velocity - cross(a.pointee.angularVelocity, rA)
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

    /// The axis of a joint that acts along the line between its anchors (a distance joint with
    /// length, a limit): stores the anchors' distance `d.length` in `length` and its direction in
    /// `axis` (zero for coincident anchors), and returns them with the inverse effective mass
    /// along the axis.
    @inline(__always) static func prepareAxis(_ j: UnsafeMutablePointer<Joint>, _ d: Vec2, _ rA: Vec2, _ rB: Vec2,
                                              _ mA: Double, _ mB: Double, _ iA: Double, _ iB: Double) -> (length: Double, axis: Vec2, inverseMass: Double) {
        let len = d.length
        j.pointee.length = len
        let u = len > 1e-9 ? d * (1 / len) : .zero
        j.pointee.axis = u
        let crA = cross(rA, u), crB = cross(rB, u)
        return (len, u, mA + mB + iA * crA * crA + iB * crB * crB)
    }

    /// Anchors, effective masses and biases of the `active` joints for a solve over `h` (a
    /// substep), and the warm start with their accumulated impulses. `step` is the whole step,
    /// which decides, as in `applySprings`, whether a spring is explicit.
    static func prepare(_ context: StepContext, h: Double, step: Double) {
        let motions = context.motions
        for index in context.activeJoints {
            let j = context.joints + Int(index)
            let a = motions + Int(j.pointee.a), b = motions + Int(j.pointee.b)
            let mA = a.pointee.invMass, mB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia
            let rA = a.pointee.rotation.apply(j.pointee.localA)
            let rB = b.pointee.rotation.apply(j.pointee.localB)
            j.pointee.rA = rA; j.pointee.rB = rB
            if j.pointee.isPlainPin {
                // The `.pin` case below without the definition: no angle, angular mass, motor,
                // limits or friction (their impulses stay 0: `JointSet.replace` keeps none for it).
                j.pointee.row = .freePin
                j.pointee.hasFriction = false
                j.pointee.pointMassInverse = pointMass(mA, mB, iA, iB, rA, rB)
                apply(j.pointee.linearImpulse, a, b, rA, rB)
                continue
            }
            let iSum = iA + iB
            j.pointee.angularMass = iSum > 0 ? 1 / iSum : 0
            j.pointee.springMode = 0
            let d = (b.pointee.position + rB) - (a.pointee.position + rA)

            switch j.pointee.definition.kind {
            case .distance(let length, _, _):
                if let (omega, _) = JointSprings.spring(j.pointee) {
                    j.pointee.springMode = omega * step < 1 ? 1 : 2
                }
                if j.pointee.springMode == 1 {
                    j.pointee.row = .none
                    j.pointee.linearImpulse = .zero; j.pointee.impulse = 0
                } else if length <= 1e-9 {
                    j.pointee.row = .point
                    var gamma = 0.0, beta = 0.0
                    if j.pointee.springMode == 2, let (omega, zeta) = JointSprings.spring(j.pointee) {
                        let k = mA + mB + iA * rA.lengthSquared + iB * rB.lengthSquared
                        (gamma, beta) = soft(mass: k > 0 ? 1 / k : 0, omega: omega, zeta: zeta, h: h)
                    }
                    j.pointee.gamma = gamma
                    j.pointee.bias = beta            // × C gives the velocity bias
                    j.pointee.pointMassInverse = pointMass(mA, mB, iA, iB, rA, rB, gamma: gamma)
                    j.pointee.axis = d             // C for the soft bias
                    apply(j.pointee.linearImpulse, a, b, rA, rB)
                } else {
                    j.pointee.row = .axis
                    let (len, u, inv) = prepareAxis(j, d, rA, rB, mA, mB, iA, iB)
                    var gamma = 0.0, bias = 0.0
                    if j.pointee.springMode == 2, let (omega, zeta) = JointSprings.spring(j.pointee), inv > 0 {
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
                j.pointee.row = .limit
                let (_, u, inv) = prepareAxis(j, d, rA, rB, mA, mB, iA, iB)
                j.pointee.mass = inv > 0 ? 1 / inv : 0
                apply(u * (j.pointee.lowerImpulse - j.pointee.upperImpulse), a, b, rA, rB)
            case .pin(let range):
                j.pointee.row = range == nil && !j.pointee.definition.isMotorEnabled ? .freePin : .pin
                j.pointee.pointMassInverse = pointMass(mA, mB, iA, iB, rA, rB)
                // Only the limits read the angle (an atan2: a third of a free pin's preparation).
                if range != nil {
                    j.pointee.angle = relativeAngle(j.pointee, a.pointee.rotation, b.pointee.rotation)
                } else {
                    j.pointee.lowerImpulse = 0; j.pointee.upperImpulse = 0
                }
                if !j.pointee.definition.isMotorEnabled { j.pointee.motorImpulse = 0 }
                apply(j.pointee.linearImpulse, a, b, rA, rB)
                applyAngular(j.pointee.lowerImpulse - j.pointee.upperImpulse + j.pointee.motorImpulse, a, b)
            case .fixed:
                j.pointee.row = .fixed
                j.pointee.pointMassInverse = pointMass(mA, mB, iA, iB, rA, rB)
                apply(j.pointee.linearImpulse, a, b, rA, rB)
                applyAngular(j.pointee.angularImpulse, a, b)
            case .sliding:
                j.pointee.row = .sliding
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
                if let (omega, _) = JointSprings.spring(j.pointee) { j.pointee.springMode = omega * step < 1 ? 1 : 2 }
                if j.pointee.springMode == 2, let (omega, zeta) = JointSprings.spring(j.pointee) {
                    j.pointee.row = .snap
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
                    j.pointee.row = .none
                    j.pointee.linearImpulse = .zero; j.pointee.angularImpulse = 0
                }
            }
            // Joint friction (UIKit's frictionTorque), any kind.
            let torque = j.pointee.definition.frictionTorque
            if torque > 0 {
                applyAngular(j.pointee.frictionImpulse, a, b)
            } else {
                j.pointee.frictionImpulse = 0
            }
            j.pointee.hasFriction = torque > 0 && torque.isFinite && j.pointee.angularMass > 0
        }
    }

    /// One velocity sweep over the `active` joints of a substep of `h`; `pinSoftness` in the
    /// biased sweep (pins' points soft), nil in the relaxing one (rigid).
    static func solveVelocities(_ context: StepContext, h: Double, pinSoftness: Softness? = nil) {
        let invH = 1 / h, motions = context.motions
        for index in context.activeJoints {
            let j = context.joints + Int(index)
            let a = motions + Int(j.pointee.a), b = motions + Int(j.pointee.b)
            let rA = j.pointee.rA, rB = j.pointee.rB

            if j.pointee.hasFriction {
                let torque = j.pointee.definition.frictionTorque
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
                let cdot = anchorVelocity(a, b, rA, rB)
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

            // The row, not the definition: a free pin reads nothing beyond its first cache lines.
            switch j.pointee.row {
            case .none:
                break
            case .point:
                solvePoint()
            case .axis:
                let u = j.pointee.axis
                let cdot = dot(u, anchorVelocity(a, b, rA, rB))
                let impulse = -j.pointee.mass * (cdot + j.pointee.bias + j.pointee.gamma * j.pointee.impulse)
                j.pointee.impulse += impulse
                apply(u * impulse, a, b, rA, rB)
            case .freePin:
                solvePoint(pinSoftness)
            case .limit:
                let u = j.pointee.axis
                guard case .limit(let minimum, let maximum) = j.pointee.definition.kind, u != .zero else { break }
                let len = j.pointee.length
                if minimum > 0 {
                    let cdot = dot(u, anchorVelocity(a, b, rA, rB))
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
            case .pin:
                guard case .pin(let range) = j.pointee.definition.kind else { break }
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
            case .sliding:
                guard case .sliding(_, let range) = j.pointee.definition.kind else { break }
                let s = slidingBodies(j.pointee)
                let m1 = motions + Int(s.base), m2 = motions + Int(s.mover)
                let axis = j.pointee.axis, perp = j.pointee.perp
                let im1 = m1.pointee.invMass, im2 = m2.pointee.invMass, ii1 = m1.pointee.invInertia, ii2 = m2.pointee.invInertia
                /// The mover's speed relative to the base along `dir`, with the arms' cross products l1, l2.
                @inline(__always) func lineSpeed(_ dir: Vec2, _ l1: Double, _ l2: Double) -> Double {
                    dot(dir, m2.pointee.velocity - m1.pointee.velocity) + l2 * m2.pointee.angularVelocity - l1 * m1.pointee.angularVelocity
                }
                @inline(__always) func applyLine(_ impulse: Double, _ dir: Vec2, _ l1: Double, _ l2: Double) {
                    m1.pointee.velocity -= dir * (impulse * im1); m1.pointee.angularVelocity -= ii1 * impulse * l1
                    m2.pointee.velocity += dir * (impulse * im2); m2.pointee.angularVelocity += ii2 * impulse * l2
                }
                if j.pointee.definition.isMotorEnabled {
                    let a1 = j.pointee.a1, a2 = j.pointee.a2
                    let cdot = lineSpeed(axis, a1, a2)
                    let maxImpulse = j.pointee.definition.maxMotorForce * h
                    let old = j.pointee.motorImpulse
                    j.pointee.motorImpulse = min(max(old - j.pointee.mass * (cdot - j.pointee.definition.motorSpeed), -maxImpulse), maxImpulse)
                    applyLine(j.pointee.motorImpulse - old, axis, a1, a2)
                }
                if let range {
                    let a1 = j.pointee.a1, a2 = j.pointee.a2
                    let translation = j.pointee.translation
                    do {
                        let cdot = lineSpeed(axis, a1, a2)
                        let bias = max(translation - range.lowerBound, 0) * invH
                        let old = j.pointee.lowerImpulse
                        j.pointee.lowerImpulse = max(old - j.pointee.mass * (cdot + bias), 0)
                        applyLine(j.pointee.lowerImpulse - old, axis, a1, a2)
                    }
                    do {
                        let cdot = -lineSpeed(axis, a1, a2)
                        let bias = max(range.upperBound - translation, 0) * invH
                        let old = j.pointee.upperImpulse
                        j.pointee.upperImpulse = max(old - j.pointee.mass * (cdot + bias), 0)
                        applyLine(-(j.pointee.upperImpulse - old), axis, a1, a2)
                    }
                }
                solveAngle()
                do {
                    let s1 = j.pointee.s1, s2 = j.pointee.s2
                    let cdot = lineSpeed(perp, s1, s2)
                    let impulse = -j.pointee.perpMass * cdot
                    j.pointee.impulse += impulse
                    applyLine(impulse, perp, s1, s2)
                }
            case .snap:
                solvePoint()
                let cdot = b.pointee.angularVelocity - a.pointee.angularVelocity
                let impulse = -j.pointee.angularMass * (cdot + j.pointee.angularBias + j.pointee.angularGamma * j.pointee.angularImpulse)
                j.pointee.angularImpulse += impulse
                applyAngular(impulse, a, b)
            }
        }
    }
}
