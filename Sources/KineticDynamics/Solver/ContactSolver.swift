// Soft contacts (Box2D v3's soft step, written for Kinetic): per substep a warm start, a sweep
// with a soft bias (a spring of `Softness` pushing the bodies apart), the move, and a sweep
// without bias (relax); after the substeps restitution and the impulses kept for the next step.
// Anchors are fixed for the step; the current separation of a point comes from where its two
// material points are now, so no narrow phase runs inside the substeps.

import Kinetic

/// A soft constraint's coefficients for one substep (Box2D v3's b2Softness): a spring of
/// `hertz` and damping ratio ζ, solved implicitly. The bias velocity is `biasRate`·C, the
/// effective mass is scaled by `massScale`, and `impulseScale` of the accumulated impulse is
/// taken off each sweep.
struct Softness {
    var biasRate = 0.0
    var massScale = 1.0
    var impulseScale = 0.0

    /// ω = 2πf; with a₁ = 2ζ + hω, a₂ = hω·a₁: bias rate ω/a₁, mass scale a₂/(1 + a₂), impulse
    /// scale 1/(1 + a₂). A frequency of 0 gives a rigid constraint without bias.
    init(hertz: Double, dampingRatio zeta: Double, h: Double) {
        if hertz == 0 { self.init(biasRate: 0, massScale: 1, impulseScale: 0); return }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        self.init(biasRate: omega / a1, massScale: a2 * a3, impulseScale: a3)
    }

    init(biasRate: Double, massScale: Double, impulseScale: Double) {
        self.biasRate = biasRate; self.massScale = massScale; self.impulseScale = impulseScale
    }
}

enum ContactSolver {
    /// Box2D's 0.005 m at 100 pt per metre.
    static let linearSlop = 0.5
    /// The largest correction of the rigid joints' position pass (Box2D's 0.2 m).
    static let maxLinearCorrection = 20.0
    /// Approach speeds below this do not bounce (Box2D's 1 m/s).
    static let restitutionThreshold = 100.0
    /// Contact stiffness and damping ratio (Box2D's 10: overdamped, a pushed-in point comes
    /// out without bouncing); a contact with a static body gets twice the frequency, as in Box2D
    /// v3, and none more than a quarter of the substep rate. A soft contact under load rests
    /// pushed in by about load/(m·ω²): at Box2D v3's 30 Hz the demos' 20-row pyramid of 40-pt
    /// boxes sank 3 pt under its own weight; at 40 Hz 1.7 pt.
    static let contactHertz = 40.0
    static let contactDampingRatio = 10.0
    /// The fastest a soft contact pushes overlapping bodies apart (Box2D v3's 3 m/s).
    static let pushOutSpeed = 300.0

    /// The contact softness of a substep of `h` seconds, and the stiffer one (twice the
    /// frequency) for a contact with a static body.
    static func softness(h: Double) -> (moving: Softness, fixed: Softness) {
        let hertz = min(contactHertz, 0.25 / h)
        return (Softness(hertz: hertz, dampingRatio: contactDampingRatio, h: h),
                Softness(hertz: min(2 * hertz, 0.25 / h), dampingRatio: contactDampingRatio, h: h))
    }

    @inline(__always)
    static func transform(_ m: Motion) -> Transform { Transform(p: m.position, q: m.rotation) }

    /// The speed along the normal a bouncing point leaves with, from where it is when the step
    /// ends (restitution comes after the substeps have moved the bodies).
    ///
    /// Along the normal the gap s obeys s'' = a (the applied forces' relative acceleration) from
    /// s₀ = `gap` (≥ 0) and s'₀ = u₀ < 0 when the step began. It meets the surface at the speed
    /// uᵢ = −√(u₀² − 2a·s₀) and leaves at −e·uᵢ, so from then on u²/2 − a·s = e²·uᵢ²/2 (its
    /// "energy" along the normal, which fixes the apex of a bounce under gravity). The target u
    /// is the one with that energy at the step's end separation s₁ (`bounceEnergy` = e²·uᵢ²):
    ///
    ///     u = √(e²·uᵢ² + 2a·s₁)
    ///
    /// A free flight then carries on exactly, so the apex of each bounce is e² of the one before
    /// at any step (Box2D reflects the approach speed alone, e·|u₀|, which is off by the gravity
    /// gained over the step and the gap left at its start). With no applied force it is
    /// Newton's e·|u₀|. When the energy cannot reach s₁ the point stops (u = 0).
    @inline(__always)
    static func bounceEnergy(approach u0: Double, gap: Double, acceleration a: Double, restitution e: Double) -> Double {
        let s0 = max(gap, 0)
        return e * e * max(u0 * u0 - 2 * a * s0, 0)
    }

    /// The separation of point `p` of `k` now: where its two material points are, along the
    /// normal, plus the separation the manifold measured (`base` absorbs the start positions).
    @inline(__always)
    static func separation(_ p: ConstraintPoint, _ n: Vec2, _ a: UnsafeMutablePointer<Motion>, _ b: UnsafeMutablePointer<Motion>) -> Double {
        let wA = a.pointee.position + a.pointee.rotation.apply(p.localA)
        let wB = b.pointee.position + b.pointee.rotation.apply(p.localB)
        return p.baseSeparation + ((wB.x - wA.x) * n.x + (wB.y - wA.y) * n.y)
    }

    /// Anchors, effective masses and separations of the `active` contacts, written to the
    /// compact `constraints` (one per active contact, in order) that the substeps run over.
    /// `h` is the whole step (for the applied forces' acceleration along the normal).
    static func prepare(_ contacts: UnsafeMutablePointer<Contact>, _ active: UnsafeBufferPointer<Int32>,
                        _ constraints: UnsafeMutablePointer<VelocityConstraint>,
                        _ motions: UnsafeMutablePointer<Motion>, _ start: UnsafePointer<StartState>, invH: Double) {
        for (slot, index) in active.enumerated() {
            let c = contacts + Int(index)
            let k = constraints + slot
            let mA = motions[Int(c.pointee.a)], mB = motions[Int(c.pointee.b)]
            let sA = start[Int(c.pointee.a)], sB = start[Int(c.pointee.b)]
            let restitution = c.pointee.restitution
            let xfA = transform(mA), xfB = transform(mB)
            let imA = mA.invMass, imB = mB.invMass, iA = mA.invInertia, iB = mB.invInertia
            let kind = c.pointee.kind, ln = c.pointee.localNormal, lp = c.pointee.localPoint
            let rA = c.pointee.radiusA, rB = c.pointee.radiusB
            var normal = Vec2.zero
            @inline(__always) func setUp(_ p: inout ContactPoint, _ q: inout ConstraintPoint) {
                let ev = Narrowphase.evaluate(kind: kind, localNormal: ln, localPoint: lp, point: p.localPoint,
                                             radiusA: rA, radiusB: rB, xfA, xfB)
                normal = ev.normal
                let pA = ev.point - mA.position
                let pB = ev.point - mB.position
                let rnA = cross(pA, ev.normal), rnB = cross(pB, ev.normal)
                let kN = imA + imB + iA * rnA * rnA + iB * rnB * rnB
                q.normalMass = kN > 0 ? 1 / kN : 0
                let t = cross(ev.normal, 1)
                let rtA = cross(pA, t), rtB = cross(pB, t)
                let kT = imA + imB + iA * rtA * rtA + iB * rtB * rtB
                q.tangentMass = kT > 0 ? 1 / kT : 0
                q.rnA = rnA; q.rnB = rnB; q.rtA = rtA; q.rtB = rtB
                q.localA = mA.rotation.applyInverse(pA)
                q.localB = mB.rotation.applyInverse(pB)
                let wA = mA.position + mA.rotation.apply(q.localA)
                let wB = mB.position + mB.rotation.apply(q.localB)
                q.baseSeparation = p.separation - dot(wB - wA, ev.normal)
                let u0 = dot(sB.velocity - sA.velocity, ev.normal) + sB.angularVelocity * rnB - sA.angularVelocity * rnA
                q.relativeVelocity = u0
                p.relativeVelocity = u0
                q.normalAcceleration = dot(sB.kick - sA.kick, ev.normal) * invH
                q.bounceEnergy = restitution == 0 ? 0      // unused: `applyRestitution` skips it
                    : bounceEnergy(approach: u0, gap: p.separation, acceleration: q.normalAcceleration, restitution: restitution)
                q.normalImpulse = p.normalImpulse
                q.tangentImpulse = p.tangentImpulse
                q.maxNormalImpulse = 0
                c.pointee.worldPoint = ev.point
            }
            k.pointee.a = c.pointee.a
            k.pointee.b = c.pointee.b
            k.pointee.pointCount = Int32(c.pointee.pointCount)
            k.pointee.friction = c.pointee.friction
            k.pointee.restitution = restitution
            k.pointee.isFixed = imA == 0 || imB == 0
            setUp(&c.pointee.p0, &k.pointee.p0)
            if c.pointee.pointCount == 2 { setUp(&c.pointee.p1, &k.pointee.p1) }
            c.pointee.normal = normal
            k.pointee.normal = normal
        }
    }

    /// Applies the accumulated impulses again at the start of a substep (they are per substep).
    static func warmStart(_ constraints: UnsafeMutableBufferPointer<VelocityConstraint>, _ motions: UnsafeMutablePointer<Motion>) {
        for k in constraints {
            let a = motions + Int(k.a), b = motions + Int(k.b)
            let n = k.normal, t = cross(n, 1)
            let imA = a.pointee.invMass, imB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia
            var vA = a.pointee.velocity, wA = a.pointee.angularVelocity
            var vB = b.pointee.velocity, wB = b.pointee.angularVelocity
            var P = n * k.p0.normalImpulse + t * k.p0.tangentImpulse
            vA -= P * imA; wA -= iA * (k.p0.normalImpulse * k.p0.rnA + k.p0.tangentImpulse * k.p0.rtA)
            vB += P * imB; wB += iB * (k.p0.normalImpulse * k.p0.rnB + k.p0.tangentImpulse * k.p0.rtB)
            if k.pointCount == 2 {
                P = n * k.p1.normalImpulse + t * k.p1.tangentImpulse
                vA -= P * imA; wA -= iA * (k.p1.normalImpulse * k.p1.rnA + k.p1.tangentImpulse * k.p1.rtA)
                vB += P * imB; wB += iB * (k.p1.normalImpulse * k.p1.rnB + k.p1.tangentImpulse * k.p1.rtB)
            }
            a.pointee.velocity = vA; a.pointee.angularVelocity = wA
            b.pointee.velocity = vB; b.pointee.angularVelocity = wB
        }
    }

    /// One sweep over the contacts: non-penetration with the soft bias when `useBias` (a
    /// speculative point, still apart, may close its gap in the substep either way), then
    /// Coulomb friction when not. Written out without helpers so the four velocities stay in registers,
    /// with the anchors as precomputed cross products (Δv·n = (vB − vA)·n + ωB (rB × n) − ωA (rA × n)).
    static func solve(_ constraints: UnsafeMutableBufferPointer<VelocityConstraint>, _ motions: UnsafeMutablePointer<Motion>,
                      softness: (moving: Softness, fixed: Softness), invH: Double, useBias: Bool) {
        guard let base = constraints.baseAddress else { return }
        for slot in 0..<constraints.count {
            let k = base + slot
            let a = motions + Int(k.pointee.a), b = motions + Int(k.pointee.b)
            let n = k.pointee.normal
            let nx = n.x, ny = n.y
            let tx = ny, ty = -nx
            let imA = a.pointee.invMass, imB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia
            var vAx = a.pointee.velocity.x, vAy = a.pointee.velocity.y, wA = a.pointee.angularVelocity
            var vBx = b.pointee.velocity.x, vBy = b.pointee.velocity.y, wB = b.pointee.angularVelocity
            let soft = k.pointee.isFixed ? softness.fixed : softness.moving
            let twoPoints = k.pointee.pointCount == 2

            @inline(__always) func bias(_ s: Double) -> (bias: Double, massScale: Double, impulseScale: Double) {
                if s > 0 { return (s * invH, 1, 0) }                // speculative: may close the gap
                if useBias { return (max(soft.massScale * soft.biasRate * s, -pushOutSpeed), soft.massScale, soft.impulseScale) }
                return (0, 1, 0)
            }
            do {
                let s = separation(k.pointee.p0, n, a, b)
                let (vBias, massScale, impulseScale) = bias(s)
                let vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * k.pointee.p0.rnB - wA * k.pointee.p0.rnA
                let old = k.pointee.p0.normalImpulse
                let new = max(old - k.pointee.p0.normalMass * (massScale * vn + vBias) - impulseScale * old, 0)
                k.pointee.p0.normalImpulse = new
                k.pointee.p0.maxNormalImpulse = max(k.pointee.p0.maxNormalImpulse, new)
                let lambda = new - old
                let px = nx * lambda, py = ny * lambda
                vAx -= px * imA; vAy -= py * imA; wA -= iA * lambda * k.pointee.p0.rnA
                vBx += px * imB; vBy += py * imB; wB += iB * lambda * k.pointee.p0.rnB
            }
            if twoPoints {
                let s = separation(k.pointee.p1, n, a, b)
                let (vBias, massScale, impulseScale) = bias(s)
                let vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * k.pointee.p1.rnB - wA * k.pointee.p1.rnA
                let old = k.pointee.p1.normalImpulse
                let new = max(old - k.pointee.p1.normalMass * (massScale * vn + vBias) - impulseScale * old, 0)
                k.pointee.p1.normalImpulse = new
                k.pointee.p1.maxNormalImpulse = max(k.pointee.p1.maxNormalImpulse, new)
                let lambda = new - old
                let px = nx * lambda, py = ny * lambda
                vAx -= px * imA; vAy -= py * imA; wA -= iA * lambda * k.pointee.p1.rnA
                vBx += px * imB; vBy += py * imB; wB += iB * lambda * k.pointee.p1.rnB
            }

            // Friction only in the relaxing sweep (as Box2D v3 does): in the biased one the
            // push-out would take friction with it, and a pyramid creeps.
            let friction = k.pointee.friction
            if friction > 0 && !useBias {
                do {
                    let vt = (vBx - vAx) * tx + (vBy - vAy) * ty + wB * k.pointee.p0.rtB - wA * k.pointee.p0.rtA
                    let maxF = friction * k.pointee.p0.normalImpulse
                    let old = k.pointee.p0.tangentImpulse
                    let new = min(max(old - k.pointee.p0.tangentMass * vt, -maxF), maxF)
                    k.pointee.p0.tangentImpulse = new
                    let lambda = new - old
                    let px = tx * lambda, py = ty * lambda
                    vAx -= px * imA; vAy -= py * imA; wA -= iA * lambda * k.pointee.p0.rtA
                    vBx += px * imB; vBy += py * imB; wB += iB * lambda * k.pointee.p0.rtB
                }
                if twoPoints {
                    let vt = (vBx - vAx) * tx + (vBy - vAy) * ty + wB * k.pointee.p1.rtB - wA * k.pointee.p1.rtA
                    let maxF = friction * k.pointee.p1.normalImpulse
                    let old = k.pointee.p1.tangentImpulse
                    let new = min(max(old - k.pointee.p1.tangentMass * vt, -maxF), maxF)
                    k.pointee.p1.tangentImpulse = new
                    let lambda = new - old
                    let px = tx * lambda, py = ty * lambda
                    vAx -= px * imA; vAy -= py * imA; wA -= iA * lambda * k.pointee.p1.rtA
                    vBx += px * imB; vBy += py * imB; wB += iB * lambda * k.pointee.p1.rtB
                }
            }
            a.pointee.velocity = Vec2(vAx, vAy); a.pointee.angularVelocity = wA
            b.pointee.velocity = Vec2(vBx, vBy); b.pointee.angularVelocity = wB
        }
    }

    /// After the substeps, points hit faster than the threshold leave at their restitution
    /// target (Box2D v3's b2ApplyRestitution, with the target of `bounceEnergy`).
    static func applyRestitution(_ constraints: UnsafeMutableBufferPointer<VelocityConstraint>, _ motions: UnsafeMutablePointer<Motion>) {
        for slot in 0..<constraints.count where constraints[slot].restitution > 0 {
            let k = constraints.baseAddress! + slot
            let a = motions + Int(k.pointee.a), b = motions + Int(k.pointee.b)
            let n = k.pointee.normal
            let imA = a.pointee.invMass, imB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia
            @inline(__always) func restitute(_ p: inout ConstraintPoint) {
                if p.relativeVelocity > -restitutionThreshold || p.maxNormalImpulse == 0 { return }
                let s = separation(p, n, a, b)
                let energy = p.bounceEnergy + 2 * p.normalAcceleration * s
                let target = energy > 0 ? energy.squareRoot() : 0
                let vA = a.pointee.velocity, vB = b.pointee.velocity
                let vn = dot(vB - vA, n) + b.pointee.angularVelocity * p.rnB - a.pointee.angularVelocity * p.rnA
                let newImpulse = max(p.normalImpulse - p.normalMass * (vn - target), 0)
                let lambda = newImpulse - p.normalImpulse
                p.normalImpulse = newImpulse
                p.maxNormalImpulse = max(p.maxNormalImpulse, newImpulse)
                let P = n * lambda
                a.pointee.velocity = vA - P * imA; a.pointee.angularVelocity -= iA * lambda * p.rnA
                b.pointee.velocity = vB + P * imB; b.pointee.angularVelocity += iB * lambda * p.rnB
            }
            restitute(&k.pointee.p0)
            if k.pointee.pointCount == 2 { restitute(&k.pointee.p1) }
        }
    }

    /// Copies the accumulated impulses back to the persistent contacts (for warm starting and
    /// for `isTouching`).
    static func storeImpulses(_ constraints: UnsafeMutableBufferPointer<VelocityConstraint>, _ contacts: UnsafeMutablePointer<Contact>,
                              _ active: UnsafeBufferPointer<Int32>) {
        for slot in 0..<constraints.count {
            let k = constraints[slot]
            let c = contacts + Int(active[slot])
            c.pointee.p0.normalImpulse = k.p0.normalImpulse
            c.pointee.p0.tangentImpulse = k.p0.tangentImpulse
            c.pointee.p0.maxNormalImpulse = k.p0.maxNormalImpulse
            c.pointee.p1.normalImpulse = k.p1.normalImpulse
            c.pointee.p1.tangentImpulse = k.p1.tangentImpulse
            c.pointee.p1.maxNormalImpulse = k.p1.maxNormalImpulse
        }
    }
}
