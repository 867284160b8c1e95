// Joints' position correction after the substeps: non-linear Gauss–Seidel on the rigid parts
// (fixed points and angles, lengths, limits, the slider's line); pins' points are soft instead.
import Kinetic

extension JointSolver {
    /// One NGS sweep over the rigid parts; true when every error is within the slops.
    static func solvePositions(_ context: StepContext) -> Bool {
        let motions = context.motions
        let slop = ContactSolver.linearSlop
        let maxCorrection = ContactSolver.maxLinearCorrection
        var linearError = 0.0, angularError = 0.0
        for index in context.activeJoints {
            let j = context.joints + Int(index)
            // Free pins (soft points), springs and soft snaps have no rigid part: skip them on
            // their row, without reading their definitions.
            switch j.pointee.row {
            case .none, .freePin, .snap: continue
            default: break
            }
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
