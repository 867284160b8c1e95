// The limit joint (UIKit's limit attachment; a rope when its minimum is 0): the anchors move
// freely while their distance is within `minimum...maximum`, with a speculative one-sided impulse
// at each end (Box2D 2.4's).
import Kinetic

enum LimitJoint {
    /// The effective mass along the anchors' line, and the warm start with both ends' impulses.
    @inline(__always) static func prepare(_ s: JointBodies, d: Vec2, rA: Vec2, rB: Vec2) {
        let j = s.joint
        j.pointee.row = .limit
        let (_, u, inv) = s.prepareAxis(d, rA, rB)
        j.pointee.mass = inv > 0 ? 1 / inv : 0
        s.apply(u * (j.pointee.lowerImpulse - j.pointee.upperImpulse), rA, rB)
    }

    /// One sweep's impulses at the lower end (if `minimum` > 0) and the upper end.
    @inline(__always) static func solve(_ s: JointBodies, invH: Double) {
        let j = s.joint, a = s.a, b = s.b
        let rA = j.pointee.rA, rB = j.pointee.rB
        let u = j.pointee.axis
        guard case .limit(let minimum, let maximum) = j.pointee.definition.kind, u != .zero else { return }
        let len = j.pointee.length
        if minimum > 0 {
            let cdot = dot(u, s.anchorVelocity(rA, rB))
            let C = len - minimum
            let bias = max(C, 0) * invH
            let old = j.pointee.lowerImpulse
            j.pointee.lowerImpulse = max(old - j.pointee.mass * (cdot + bias), 0)
            s.apply(u * (j.pointee.lowerImpulse - old), rA, rB)
        }
        do {
            let cdot = dot(u, a.pointee.velocity + cross(a.pointee.angularVelocity, rA) - b.pointee.velocity - cross(b.pointee.angularVelocity, rB))
            let C = maximum - len
            let bias = max(C, 0) * invH
            let old = j.pointee.upperImpulse
            j.pointee.upperImpulse = max(old - j.pointee.mass * (cdot + bias), 0)
            s.apply(u * -(j.pointee.upperImpulse - old), rA, rB)
        }
    }

    /// Moves the anchors' distance back into `minimum...maximum`.
    @inline(__always) static func correct(_ s: JointBodies, minimum: Double, maximum: Double, _ linearError: inout Double) {
        s.correctLength(minimum, maximum, &linearError)
    }
}
