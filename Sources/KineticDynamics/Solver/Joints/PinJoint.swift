// The pin joint (UIKit's pin attachment; Box2D's revolute joint): the anchors held together, the
// bodies free to turn, optionally within an angle range and driven by a motor. Its point is soft
// in the biased sweep of a substep and rigid in the relaxing one (`JointSolver.pinSoftness`), with
// no position pass; only the range has one. A pin without motor or range is row `.freePin`, which
// solves its point alone; the others are row `.pin`.
import Kinetic

enum PinJoint {
    /// A pin with no motor, range or friction (the grids' and chains' joint), prepared without
    /// reading its definition: no angle, angular mass, motor, limits or friction (their impulses
    /// stay 0: `JointSet.replace` keeps none for it).
    @inline(__always) static func preparePlain(_ s: JointBodies, rA: Vec2, rB: Vec2) {
        let j = s.joint
        j.pointee.row = .freePin
        j.pointee.hasFriction = false
        j.pointee.pointMassInverse = JointSolver.pointMass(s.mA, s.mB, s.iA, s.iB, rA, rB)
        s.apply(j.pointee.linearImpulse, rA, rB)
    }

    /// The point's effective mass, the angle if a range reads it, and the warm start.
    @inline(__always) static func prepare(_ s: JointBodies, range: ClosedRange<Double>?, rA: Vec2, rB: Vec2) {
        let j = s.joint, a = s.a, b = s.b
        j.pointee.row = range == nil && !j.pointee.definition.isMotorEnabled ? .freePin : .pin
        j.pointee.pointMassInverse = JointSolver.pointMass(s.mA, s.mB, s.iA, s.iB, rA, rB)
        // Only the limits read the angle (an atan2: a third of a free pin's preparation).
        if range != nil {
            j.pointee.angle = JointSolver.relativeAngle(j.pointee, a.pointee.rotation, b.pointee.rotation)
        } else {
            j.pointee.lowerImpulse = 0; j.pointee.upperImpulse = 0
        }
        if !j.pointee.definition.isMotorEnabled { j.pointee.motorImpulse = 0 }
        s.apply(j.pointee.linearImpulse, rA, rB)
        s.applyAngular(j.pointee.lowerImpulse - j.pointee.upperImpulse + j.pointee.motorImpulse)
    }

    /// Row `.freePin`: the point alone, soft by `softness` (the biased sweep) or rigid (nil).
    @inline(__always) static func solveFree(_ s: JointBodies, softness: Softness?) {
        s.solvePoint(s.joint.pointee.rA, s.joint.pointee.rB, softness)
    }

    /// Row `.pin`: the motor, then the range's two limits, then the point as `solveFree` does.
    @inline(__always) static func solve(_ s: JointBodies, h: Double, invH: Double, softness: Softness?) {
        let j = s.joint, a = s.a, b = s.b
        let rA = j.pointee.rA, rB = j.pointee.rB
        guard case .pin(let range) = j.pointee.definition.kind else { return }
        // The motor first, so the limits and the point get the last word (Box2D's order):
        // drive ωA − ωB to the speed with at most the torque's impulse per step.
        if j.pointee.definition.isMotorEnabled, j.pointee.angularMass > 0 {
            let cdot = a.pointee.angularVelocity - b.pointee.angularVelocity - j.pointee.definition.motorSpeed
            let maxImpulse = j.pointee.definition.maxMotorForce * h
            let old = j.pointee.motorImpulse
            j.pointee.motorImpulse = min(max(old + j.pointee.angularMass * cdot, -maxImpulse), maxImpulse)
            s.applyAngular(j.pointee.motorImpulse - old)
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
                s.applyAngular(j.pointee.lowerImpulse - old)
            }
            do {
                let cdot = a.pointee.angularVelocity - b.pointee.angularVelocity
                let bias = max(upper - theta, 0) * invH
                let old = j.pointee.upperImpulse
                j.pointee.upperImpulse = max(old - j.pointee.angularMass * (cdot + bias), 0)
                s.applyAngular(-(j.pointee.upperImpulse - old))
            }
        }
        s.solvePoint(rA, rB, softness)
    }

    /// Turns the bodies back into the range, if any; the point is held by its soft bias in the
    /// substeps instead.
    @inline(__always) static func correct(_ s: JointBodies, range: ClosedRange<Double>?, _ angularError: inout Double) {
        guard let range, s.iA + s.iB > 0 else { return }
        let theta = JointSolver.relativeAngle(s.joint.pointee, s.a.pointee.rotation, s.b.pointee.rotation)
        let lower = -range.upperBound, upper = -range.lowerBound
        if theta < lower { s.correctAngle(lower, &angularError) } else if theta > upper { s.correctAngle(upper, &angularError) }
    }
}
