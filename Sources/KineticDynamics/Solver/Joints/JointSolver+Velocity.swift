// Joints' velocity constraints: each substep's anchors, effective masses and warm start
// (`prepare`), and one sweep of sequential impulses (`solveVelocities`). Each kind's own part is
// in its file (`DistanceJoint`, `LimitJoint`, `PinJoint`, `FixedJoint`, `SlidingJoint`,
// `SnapJoint`); the friction any kind can have is here.
import Kinetic

extension JointSolver {
    /// The velocity of B's anchor relative to A's: vB + ωB × rB − vA − ωA × rA.
    @inline(__always) static func anchorVelocity(_ a: UnsafeMutablePointer<Motion>, _ b: UnsafeMutablePointer<Motion>, _ rA: Vec2, _ rB: Vec2) -> Vec2 {
        b.pointee.velocity + cross(b.pointee.angularVelocity, rB) - a.pointee.velocity - cross(a.pointee.angularVelocity, rA)
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
    static func prepare(_ context: StepContext, h: Double, step: Double) {
        for index in context.activeJoints {
            let s = JointBodies(index, of: context)
            let j = s.joint, a = s.a, b = s.b
            let rA = a.pointee.rotation.apply(j.pointee.localA)
            let rB = b.pointee.rotation.apply(j.pointee.localB)
            j.pointee.rA = rA; j.pointee.rB = rB
            if j.pointee.isPlainPin {
                PinJoint.preparePlain(s, rA: rA, rB: rB)
                continue
            }
            let iSum = s.iA + s.iB
            j.pointee.angularMass = iSum > 0 ? 1 / iSum : 0
            j.pointee.springMode = 0
            let d = (b.pointee.position + rB) - (a.pointee.position + rA)

            switch j.pointee.definition.kind {
            case .distance(let length, _, _):
                DistanceJoint.prepare(s, length: length, d: d, rA: rA, rB: rB, h: h, step: step)
            case .limit:
                LimitJoint.prepare(s, d: d, rA: rA, rB: rB)
            case .pin(let range):
                PinJoint.prepare(s, range: range, rA: rA, rB: rB)
            case .fixed:
                FixedJoint.prepare(s, rA: rA, rB: rB)
            case .sliding:
                SlidingJoint.prepare(s)
            case .snap:
                SnapJoint.prepare(s, d: d, rA: rA, rB: rB, h: h, step: step)
            }
            // Joint friction (UIKit's frictionTorque), any kind.
            let torque = j.pointee.definition.frictionTorque
            if torque > 0 {
                s.applyAngular(j.pointee.frictionImpulse)
            } else {
                j.pointee.frictionImpulse = 0
            }
            j.pointee.hasFriction = torque > 0 && torque.isFinite && j.pointee.angularMass > 0
        }
    }

    /// One velocity sweep over the `active` joints of a substep of `h`; `pinSoftness` in the
    /// biased sweep (pins' points soft), nil in the relaxing one (rigid).
    static func solveVelocities(_ context: StepContext, h: Double, pinSoftness: Softness? = nil) {
        let invH = 1 / h
        for index in context.activeJoints {
            let s = JointBodies(index, of: context)
            let j = s.joint, a = s.a, b = s.b

            if j.pointee.hasFriction {
                let torque = j.pointee.definition.frictionTorque
                let iSum = a.pointee.invInertia + b.pointee.invInertia
                if iSum > 0 {
                    let wr = b.pointee.angularVelocity - a.pointee.angularVelocity
                    let maxImpulse = torque * h
                    let old = j.pointee.frictionImpulse
                    j.pointee.frictionImpulse = min(max(old - wr / iSum, -maxImpulse), maxImpulse)
                    s.applyAngular(j.pointee.frictionImpulse - old)
                }
            }

            // The row, not the definition: a free pin reads nothing beyond its first cache lines.
            switch j.pointee.row {
            case .none:
                break
            case .point, .axis:
                DistanceJoint.solve(s)
            case .limit:
                LimitJoint.solve(s, invH: invH)
            case .freePin:
                PinJoint.solveFree(s, softness: pinSoftness)
            case .pin:
                PinJoint.solve(s, h: h, invH: invH, softness: pinSoftness)
            case .fixed:
                FixedJoint.solve(s)
            case .sliding:
                SlidingJoint.solve(s, h: h, invH: invH)
            case .snap:
                SnapJoint.solve(s)
            }
        }
    }
}
