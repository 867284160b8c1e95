// One joint and its two bodies' motions as a sweep reaches it: what the joint kinds' files
// (`DistanceJoint`, `LimitJoint`, `PinJoint`, `FixedJoint`, `SlidingJoint`, `SnapJoint`) prepare,
// solve and correct through, with the impulses and corrections more than one kind applies.
import Kinetic

struct JointBodies {
    let joint: UnsafeMutablePointer<Joint>
    /// Body A's motion.
    let a: UnsafeMutablePointer<Motion>
    /// Body B's motion, or the ground's for a joint to a world point.
    let b: UnsafeMutablePointer<Motion>

    @inline(__always) init(_ index: Int32, of context: StepContext) {
        joint = context.joints + Int(index)
        a = context.motions + Int(joint.pointee.a)
        b = context.motions + Int(joint.pointee.b)
    }

    // The bodies' inverse masses and inertias (no sweep changes them). Read where they are used, so
    // that the struct stays three registers wide where a kind's function is not inlined.
    @inline(__always) var mA: Double { a.pointee.invMass }
    @inline(__always) var mB: Double { b.pointee.invMass }
    @inline(__always) var iA: Double { a.pointee.invInertia }
    @inline(__always) var iB: Double { b.pointee.invInertia }

    /// The sliding joint's base (its axis's frame) and mover: (B, A) for a world joint, (A, B) otherwise.
    @inline(__always) var sliding: (base: UnsafeMutablePointer<Motion>, mover: UnsafeMutablePointer<Motion>, baseAnchor: Vec2, moverAnchor: Vec2) {
        let j = joint
        return j.pointee.definition.bodyB == nil ? (b, a, j.pointee.localB, j.pointee.localA) : (a, b, j.pointee.localA, j.pointee.localB)
    }
}

// Velocities.
extension JointBodies {
    /// Applies the impulse `P` at the arms `rA` and `rB`: −P to A, +P to B.
    @inline(__always) func apply(_ P: Vec2, _ rA: Vec2, _ rB: Vec2) {
        a.pointee.velocity -= P * a.pointee.invMass
        a.pointee.angularVelocity -= a.pointee.invInertia * cross(rA, P)
        b.pointee.velocity += P * b.pointee.invMass
        b.pointee.angularVelocity += b.pointee.invInertia * cross(rB, P)
    }

    /// Applies the angular impulse `L`: −L to A, +L to B.
    @inline(__always) func applyAngular(_ L: Double) {
        a.pointee.angularVelocity -= a.pointee.invInertia * L
        b.pointee.angularVelocity += b.pointee.invInertia * L
    }

    /// The velocity of B's anchor relative to A's.
    @inline(__always) func anchorVelocity(_ rA: Vec2, _ rB: Vec2) -> Vec2 {
        JointSolver.anchorVelocity(a, b, rA, rB)
    }

    /// The axis of a joint that acts along the line between its anchors (a distance joint with
    /// length, a limit): stores the anchors' distance `d.length` in `length` and its direction in
    /// `axis` (zero for coincident anchors), and returns them with the inverse effective mass
    /// along the axis.
    @inline(__always) func prepareAxis(_ d: Vec2, _ rA: Vec2, _ rB: Vec2) -> (length: Double, axis: Vec2, inverseMass: Double) {
        let len = d.length
        joint.pointee.length = len
        let u = len > 1e-9 ? d * (1 / len) : .zero
        joint.pointee.axis = u
        let crA = cross(rA, u), crB = cross(rB, u)
        return (len, u, mA + mB + iA * crA * crA + iB * crB * crB)
    }

    /// One sequential impulse on the anchors' point (a zero-length distance, a pin's, a weld's, a
    /// snap's): soft by the joint's own `gamma` and `bias` when `gamma` > 0, else by `soft` if
    /// given (a pin's point in the biased sweep), else rigid.
    @inline(__always) func solvePoint(_ rA: Vec2, _ rB: Vec2, _ soft: Softness? = nil) {
        let j = joint
        let cdot = anchorVelocity(rA, rB)
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
        apply(impulse, rA, rB)
    }

    /// One rigid sequential impulse on the relative rotation (a weld's, a slider's).
    @inline(__always) func solveAngle() {
        let cdot = b.pointee.angularVelocity - a.pointee.angularVelocity
        let impulse = -joint.pointee.angularMass * cdot
        joint.pointee.angularImpulse += impulse
        applyAngular(impulse)
    }
}

// Positions (non-linear Gauss–Seidel).
extension JointBodies {
    /// Moves the bodies by the position impulse `P` at the arms `rA` and `rB`.
    @inline(__always) func move(_ P: Vec2, _ rA: Vec2, _ rB: Vec2) {
        a.pointee.position -= P * mA
        a.pointee.rotation = a.pointee.rotation.integrated(by: -iA * cross(rA, P))
        b.pointee.position += P * mB
        b.pointee.rotation = b.pointee.rotation.integrated(by: iB * cross(rB, P))
    }

    /// Turns the bodies by the angular position impulse `L`.
    @inline(__always) func turn(_ L: Double) {
        a.pointee.rotation = a.pointee.rotation.integrated(by: -iA * L)
        b.pointee.rotation = b.pointee.rotation.integrated(by: iB * L)
    }

    /// Brings the anchors together; `linearError` takes the gap before.
    @inline(__always) func correctPoint(_ linearError: inout Double) {
        let j = joint
        let rA = a.pointee.rotation.apply(j.pointee.localA)
        let rB = b.pointee.rotation.apply(j.pointee.localB)
        let C = (b.pointee.position + rB) - (a.pointee.position + rA)
        linearError = max(linearError, C.length)
        let k = JointSolver.pointMass(mA, mB, iA, iB, rA, rB)
        let P = Vec2(-(k.k11 * C.x + k.k12 * C.y), -(k.k12 * C.x + k.k22 * C.y))
        move(P, rA, rB)
    }

    /// Turns the relative angle θ towards `target`, by at most `JointSolver.maxAngularCorrection`;
    /// `angularError` takes the correction.
    @inline(__always) func correctAngle(_ target: Double, _ angularError: inout Double) {
        let iSum = iA + iB
        guard iSum > 0 else { return }
        let theta = JointSolver.relativeAngle(joint.pointee, a.pointee.rotation, b.pointee.rotation)
        let C = min(max(theta - target, -JointSolver.maxAngularCorrection), JointSolver.maxAngularCorrection)
        angularError = max(angularError, C.magnitude)
        turn(-C / iSum)
    }

    /// Moves the anchors' distance into `lower...upper`, by at most the contacts' largest linear
    /// correction; `linearError` takes the correction.
    @inline(__always) func correctLength(_ lower: Double, _ upper: Double, _ linearError: inout Double) {
        let j = joint
        let rA = a.pointee.rotation.apply(j.pointee.localA)
        let rB = b.pointee.rotation.apply(j.pointee.localB)
        let d = (b.pointee.position + rB) - (a.pointee.position + rA)
        let len = d.length
        guard len > 1e-9 else { return }
        let u = d * (1 / len)
        var C = 0.0
        if len < lower { C = len - lower } else if len > upper { C = len - upper } else { return }
        let maxCorrection = ContactSolver.maxLinearCorrection
        C = min(max(C, -maxCorrection), maxCorrection)
        linearError = max(linearError, C.magnitude)
        let crA = cross(rA, u), crB = cross(rB, u)
        let k = mA + mB + iA * crA * crA + iB * crB * crB
        guard k > 0 else { return }
        move(u * (-C / k), rA, rB)
    }
}
