// The distance joint (UIKit's default attachment): its anchors held `length` apart, rigid, or a
// spring of the definition's frequency and damping ratio. A soft spring (ω·step < 1) is applied as
// an explicit force by `JointSprings` and has no row here; a stiff one is an implicit soft
// constraint. A zero length holds the anchors' point (row `.point`), any other length their line
// (row `.axis`).
import Kinetic

enum DistanceJoint {
    /// The substep's effective mass, bias and softness, and the warm start.
    @inline(__always) static func prepare(_ s: JointBodies, length: Double, d: Vec2, rA: Vec2, rB: Vec2, h: Double, step: Double) {
        let j = s.joint
        let mA = s.mA, mB = s.mB, iA = s.iA, iB = s.iB
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
                (gamma, beta) = JointSolver.soft(mass: k > 0 ? 1 / k : 0, omega: omega, zeta: zeta, h: h)
            }
            j.pointee.gamma = gamma
            j.pointee.bias = beta            // × C gives the velocity bias
            j.pointee.pointMassInverse = JointSolver.pointMass(mA, mB, iA, iB, rA, rB, gamma: gamma)
            j.pointee.axis = d             // C for the soft bias
            s.apply(j.pointee.linearImpulse, rA, rB)
        } else {
            j.pointee.row = .axis
            let (len, u, inv) = s.prepareAxis(d, rA, rB)
            var gamma = 0.0, bias = 0.0
            if j.pointee.springMode == 2, let (omega, zeta) = JointSprings.spring(j.pointee), inv > 0 {
                let soft = JointSolver.soft(mass: 1 / inv, omega: omega, zeta: zeta, h: h)
                gamma = soft.gamma
                bias = (len - length) * soft.beta
            }
            j.pointee.gamma = gamma
            j.pointee.bias = bias
            j.pointee.mass = inv + gamma > 0 ? 1 / (inv + gamma) : 0
            s.apply(u * j.pointee.impulse, rA, rB)
        }
    }

    /// One sequential impulse on the point (row `.point`) or along the line (row `.axis`).
    @inline(__always) static func solve(_ s: JointBodies) {
        let j = s.joint
        let rA = j.pointee.rA, rB = j.pointee.rB
        if j.pointee.row == .point {
            s.solvePoint(rA, rB)
            return
        }
        let u = j.pointee.axis
        let cdot = dot(u, s.anchorVelocity(rA, rB))
        let impulse = -j.pointee.mass * (cdot + j.pointee.bias + j.pointee.gamma * j.pointee.impulse)
        j.pointee.impulse += impulse
        s.apply(u * impulse, rA, rB)
    }

    /// The rigid joint's position correction (a spring has none).
    @inline(__always) static func correct(_ s: JointBodies, length: Double, _ linearError: inout Double) {
        if s.joint.pointee.springMode != 0 { return }
        if length <= 1e-9 { s.correctPoint(&linearError) } else { s.correctLength(length, length, &linearError) }
    }
}
