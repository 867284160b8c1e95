// The sliding joint (UIKit's sliding attachment; Box2D's prismatic joint): the anchor slides along
// an axis, optionally within a range and driven by a motor, with rotation locked. It is solved on
// (base, mover): the axis turns with the base, body A, or is a world direction for a world joint,
// whose base is the ground (`JointBodies.sliding`).
import Kinetic

enum SlidingJoint {
    /// The axis and its normal in the world, the arms' cross products along both, their effective
    /// masses and the translation, and the warm start on (base, mover).
    @inline(__always) static func prepare(_ s: JointBodies) {
        let j = s.joint
        j.pointee.row = .sliding
        let (m1, m2, baseAnchor, moverAnchor) = s.sliding
        let r1 = m1.pointee.rotation.apply(baseAnchor), r2 = m2.pointee.rotation.apply(moverAnchor)
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
        s.applyAngular(j.pointee.angularImpulse)
    }

    /// The motor, the range's two limits, the locked rotation, then the line.
    @inline(__always) static func solve(_ s: JointBodies, h: Double, invH: Double) {
        let j = s.joint
        guard case .sliding(_, let range) = j.pointee.definition.kind else { return }
        let (m1, m2, _, _) = s.sliding
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
        s.solveAngle()
        do {
            let s1 = j.pointee.s1, s2 = j.pointee.s2
            let cdot = lineSpeed(perp, s1, s2)
            let impulse = -j.pointee.perpMass * cdot
            j.pointee.impulse += impulse
            applyLine(impulse, perp, s1, s2)
        }
    }

    /// The rotation back to the one at creation, the mover back onto the line, and into the range.
    @inline(__always) static func correct(_ s: JointBodies, range: ClosedRange<Double>?, _ linearError: inout Double, _ angularError: inout Double) {
        let j = s.joint
        let maxCorrection = ContactSolver.maxLinearCorrection
        s.correctAngle(0, &angularError)
        let (m1, m2, baseAnchor, moverAnchor) = s.sliding
        let im1 = m1.pointee.invMass, im2 = m2.pointee.invMass, ii1 = m1.pointee.invInertia, ii2 = m2.pointee.invInertia
        let r1 = m1.pointee.rotation.apply(baseAnchor), r2 = m2.pointee.rotation.apply(moverAnchor)
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
    }
}
