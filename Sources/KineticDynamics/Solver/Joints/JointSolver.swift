// Joints as sequential-impulse constraints (Box2D 2.3 style, with Box2D 2.4's speculative limits)
// and non-linear Gauss–Seidel position correction. The soft springs' explicit forces are `JointSprings`.
//
// Conventions: A is the definition's body A, B its body B or the ground (index 0). Relative angles
// are θ = (angle B − angle A) − (the same at creation), measured with the deterministic atan2 in
// −π…π; a pin's `angleRange` is A's rotation relative to B (−θ), so that for a world pin it is the
// body's own rotation since the joint was added.
import Kinetic

enum JointSolver {
    static let maxAngularCorrection = 8.0 * Double.pi / 180
    static let angularSlop = 2.0 * Double.pi / 180

    /// A snap's rotation error: A's rotation relative to B (the world) minus the target, −π…π.
    @inline(__always) static func snapAngleError(_ j: Joint, _ a: Motion, _ b: Motion) -> Double {
        let relative = b.rotation.relative(to: a.rotation)        // qB⁻¹ qA
        let error = j.targetRotation.relative(to: relative)       // target⁻¹ qB⁻¹ qA
        return error.angle
    }

    /// θ = angle B − angle A − reference, in −π…π.
    @inline(__always) static func relativeAngle(_ j: Joint, _ qA: Rotation, _ qB: Rotation) -> Double {
        j.referenceRotation.relative(to: qA.relative(to: qB)).angle
    }

    @inline(__always) static func inverse2(_ k11: Double, _ k12: Double, _ k22: Double) -> (k11: Double, k12: Double, k22: Double) {
        var det = k11 * k22 - k12 * k12
        if det != 0 { det = 1 / det }
        return (det * k22, -det * k12, det * k11)
    }

    @inline(__always) static func pointMass(_ mA: Double, _ mB: Double, _ iA: Double, _ iB: Double, _ rA: Vec2, _ rB: Vec2, gamma: Double = 0) -> (k11: Double, k12: Double, k22: Double) {
        let k11 = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y + gamma
        let k12 = -iA * rA.x * rA.y - iB * rB.x * rB.y
        let k22 = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x + gamma
        return inverse2(k11, k12, k22)
    }

    /// Box2D's soft constraint coefficients for effective mass `m`: γ and β = h·k·γ (bias = β·C).
    @inline(__always) static func soft(mass m: Double, omega: Double, zeta: Double, h: Double) -> (gamma: Double, beta: Double) {
        let k = m * omega * omega
        let d = 2 * m * zeta * omega
        var gamma = h * (d + h * k)
        gamma = gamma != 0 ? 1 / gamma : 0
        return (gamma, h * k * gamma)
    }
}
