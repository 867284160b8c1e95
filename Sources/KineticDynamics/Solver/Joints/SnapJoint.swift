// The snap (UIKit's snap behaviour): the body pulled to the anchor and its rotation to the target
// by a spring. A soft one (ω·step < 1) is applied as an explicit force by `JointSprings` and has no
// row here; a stiff one is an implicit soft constraint on the point and the angle (row `.snap`),
// with no position pass.
import Kinetic

enum SnapJoint {
    /// The soft point's and angle's coefficients and the warm start, or no row for an explicit spring.
    @inline(__always) static func prepare(_ s: JointBodies, d: Vec2, rA: Vec2, rB: Vec2, h: Double, step: Double) {
        let j = s.joint, a = s.a, b = s.b
        let mA = s.mA, mB = s.mB, iA = s.iA, iB = s.iB
        let iSum = iA + iB
        if let (omega, _) = JointSprings.spring(j.pointee) { j.pointee.springMode = omega * step < 1 ? 1 : 2 }
        if j.pointee.springMode == 2, let (omega, zeta) = JointSprings.spring(j.pointee) {
            j.pointee.row = .snap
            let k = mA + mB + iA * rA.lengthSquared + iB * rB.lengthSquared
            let soft = JointSolver.soft(mass: k > 0 ? 1 / k : 0, omega: omega, zeta: zeta, h: h)
            j.pointee.gamma = soft.gamma
            j.pointee.bias = soft.beta
            j.pointee.pointMassInverse = JointSolver.pointMass(mA, mB, iA, iB, rA, rB, gamma: soft.gamma)
            j.pointee.axis = d
            let angular = JointSolver.soft(mass: j.pointee.angularMass, omega: omega, zeta: zeta, h: h)
            j.pointee.angularGamma = angular.gamma
            // θ as B − A for the constraint: the error is A − B − target.
            j.pointee.angularBias = -JointSolver.snapAngleError(j.pointee, a.pointee, b.pointee) * angular.beta
            j.pointee.angularMass = iSum + angular.gamma > 0 ? 1 / (iSum + angular.gamma) : 0
            s.apply(j.pointee.linearImpulse, rA, rB)
            s.applyAngular(j.pointee.angularImpulse)
        } else {
            j.pointee.row = .none
            j.pointee.linearImpulse = .zero; j.pointee.angularImpulse = 0
        }
    }

    /// The soft point, then the soft angle.
    @inline(__always) static func solve(_ s: JointBodies) {
        let j = s.joint, a = s.a, b = s.b
        s.solvePoint(j.pointee.rA, j.pointee.rB)
        let cdot = b.pointee.angularVelocity - a.pointee.angularVelocity
        let impulse = -j.pointee.angularMass * (cdot + j.pointee.angularBias + j.pointee.angularGamma * j.pointee.angularImpulse)
        j.pointee.angularImpulse += impulse
        s.applyAngular(impulse)
    }
}
