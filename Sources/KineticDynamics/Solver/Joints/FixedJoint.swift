// The fixed joint (UIKit's fixed attachment; a weld): no relative motion, the point and the
// relative angle both rigid.
import Kinetic

enum FixedJoint {
    /// The point's effective mass and the warm start (the angular mass is the loop's).
    @inline(__always) static func prepare(_ s: JointBodies, rA: Vec2, rB: Vec2) {
        let j = s.joint
        j.pointee.row = .fixed
        j.pointee.pointMassInverse = JointSolver.pointMass(s.mA, s.mB, s.iA, s.iB, rA, rB)
        s.apply(j.pointee.linearImpulse, rA, rB)
        s.applyAngular(j.pointee.angularImpulse)
    }

    /// The angle, then the point.
    @inline(__always) static func solve(_ s: JointBodies) {
        let rA = s.joint.pointee.rA, rB = s.joint.pointee.rB
        s.solveAngle()
        s.solvePoint(rA, rB)
    }

    /// The angle back to the one at creation, then the point.
    @inline(__always) static func correct(_ s: JointBodies, _ linearError: inout Double, _ angularError: inout Double) {
        s.correctAngle(0, &angularError)
        s.correctPoint(&linearError)
    }
}
