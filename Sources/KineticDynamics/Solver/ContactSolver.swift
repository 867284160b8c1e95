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

    /// Anchors, effective masses and separations of the active contacts, written to the compact
    /// constraints (one per active contact, in order) that the substeps run over. `invH` is
    /// 1 / the whole step (for the applied forces' acceleration along the normal).
    static func prepare(_ context: StepContext, invH: Double) {
        let motions = context.motions, start = context.start
        for (slot, index) in context.activeContacts.enumerated() {
            let c = context.contacts + Int(index)
            let k = context.constraints.baseAddress! + slot
            let mA = motions[Int(c.pointee.a)], mB = motions[Int(c.pointee.b)]
            let sA = start[Int(c.pointee.a)], sB = start[Int(c.pointee.b)]
            let restitution = c.pointee.restitution
            let xfA = transform(mA), xfB = transform(mB)
            let imA = mA.invMass, imB = mB.invMass, iA = mA.invInertia, iB = mB.invInertia
            let kind = c.pointee.kind, ln = c.pointee.localNormal, lp = c.pointee.localPoint
            let rA = c.pointee.radiusA, rB = c.pointee.radiusB
            var normal = Vec2.zero
            @inline(__always) func setUp(_ p: ContactPoint, _ q: inout ConstraintPoint) {
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
            setUp(c.pointee.p0, &k.pointee.p0)
            if c.pointee.pointCount == 2 { setUp(c.pointee.p1, &k.pointee.p1) }
            c.pointee.normal = normal
            k.pointee.normal = normal
        }
    }

    /// Applies the accumulated impulses again at the start of a substep (they are per substep).
    static func warmStart(_ context: StepContext) {
        for k in context.constraints {
            var pair = BodyPair(context.motions + Int(k.a), context.motions + Int(k.b))
            let t = cross(k.normal, 1)
            pair.warmStart(k.p0, k.normal, t)
            if k.pointCount == 2 { pair.warmStart(k.p1, k.normal, t) }
            pair.store()
        }
    }

    /// One sweep over the contacts: non-penetration with the soft bias when `useBias` (a
    /// speculative point, still apart, may close its gap in the substep either way), then
    /// Coulomb friction when not. The two bodies' velocities stay in registers (`BodyPair`) and
    /// the anchors enter as precomputed cross products (Δv·n = (vB − vA)·n + ωB (rB × n) − ωA (rA × n)).
    static func solve(_ context: StepContext, softness: (moving: Softness, fixed: Softness), invH: Double, useBias: Bool) {
        guard let base = context.constraints.baseAddress else { return }
        for slot in 0..<context.constraints.count {
            let k = base + slot
            var pair = BodyPair(context.motions + Int(k.pointee.a), context.motions + Int(k.pointee.b))
            let n = k.pointee.normal
            let soft = k.pointee.isFixed ? softness.fixed : softness.moving
            let twoPoints = k.pointee.pointCount == 2

            @inline(__always) func solveNormal(_ p: inout ConstraintPoint) {
                // The bias, mass scale and impulse scale: a speculative point may close its gap.
                let s = separation(p, n, pair.a, pair.b)
                var vBias = 0.0, massScale = 1.0, impulseScale = 0.0
                if s > 0 {
                    vBias = s * invH
                } else if useBias {
                    vBias = max(soft.massScale * soft.biasRate * s, -pushOutSpeed)
                    massScale = soft.massScale; impulseScale = soft.impulseScale
                }
                let vn = pair.speed(along: n, p.rnA, p.rnB)
                let old = p.normalImpulse
                let new = max(old - p.normalMass * (massScale * vn + vBias) - impulseScale * old, 0)
                p.normalImpulse = new
                p.maxNormalImpulse = max(p.maxNormalImpulse, new)
                pair.apply(new - old, along: n, p.rnA, p.rnB)
            }
            solveNormal(&k.pointee.p0)
            if twoPoints { solveNormal(&k.pointee.p1) }

            // Friction only in the relaxing sweep (as Box2D v3 does): in the biased one the
            // push-out would take friction with it, and a pyramid creeps.
            let friction = k.pointee.friction
            if friction > 0 && !useBias {
                let t = cross(n, 1)
                @inline(__always) func solveTangent(_ p: inout ConstraintPoint) {
                    let vt = pair.speed(along: t, p.rtA, p.rtB)
                    let maxF = friction * p.normalImpulse
                    let old = p.tangentImpulse
                    let new = min(max(old - p.tangentMass * vt, -maxF), maxF)
                    p.tangentImpulse = new
                    pair.apply(new - old, along: t, p.rtA, p.rtB)
                }
                solveTangent(&k.pointee.p0)
                if twoPoints { solveTangent(&k.pointee.p1) }
            }
            pair.store()
        }
    }

    /// After the substeps, points hit faster than the threshold leave at their restitution
    /// target (Box2D v3's b2ApplyRestitution, with the target of `bounceEnergy`).
    static func applyRestitution(_ context: StepContext) {
        guard let base = context.constraints.baseAddress else { return }
        for slot in 0..<context.constraints.count where base[slot].restitution > 0 {
            let k = base + slot
            var pair = BodyPair(context.motions + Int(k.pointee.a), context.motions + Int(k.pointee.b))
            let n = k.pointee.normal
            @inline(__always) func restitute(_ p: inout ConstraintPoint) {
                if p.relativeVelocity > -restitutionThreshold || p.maxNormalImpulse == 0 { return }
                let s = separation(p, n, pair.a, pair.b)
                let energy = p.bounceEnergy + 2 * p.normalAcceleration * s
                let target = energy > 0 ? energy.squareRoot() : 0
                let vn = pair.speed(along: n, p.rnA, p.rnB)
                let newImpulse = max(p.normalImpulse - p.normalMass * (vn - target), 0)
                let lambda = newImpulse - p.normalImpulse
                p.normalImpulse = newImpulse
                p.maxNormalImpulse = max(p.maxNormalImpulse, newImpulse)
                pair.apply(lambda, along: n, p.rnA, p.rnB)
            }
            restitute(&k.pointee.p0)
            if k.pointee.pointCount == 2 { restitute(&k.pointee.p1) }
            pair.store()
        }
    }

    /// Copies the accumulated impulses back to the persistent contacts (for warm starting), and
    /// marks a contact the solver pushed on as touching and its bodies as constrained.
    static func storeImpulses(_ context: StepContext) {
        for (slot, index) in context.activeContacts.enumerated() {
            let k = context.constraints[slot]
            let c = context.contacts + Int(index)
            c.pointee.p0.normalImpulse = k.p0.normalImpulse
            c.pointee.p0.tangentImpulse = k.p0.tangentImpulse
            c.pointee.p0.maxNormalImpulse = k.p0.maxNormalImpulse
            c.pointee.p1.normalImpulse = k.p1.normalImpulse
            c.pointee.p1.tangentImpulse = k.p1.tangentImpulse
            c.pointee.p1.maxNormalImpulse = k.p1.maxNormalImpulse
            if k.p0.maxNormalImpulse > 0 || (k.pointCount == 2 && k.p1.maxNormalImpulse > 0) {
                c.pointee.isTouching = true
                context.bodies[Int(k.a)].isConstrained = true
                context.bodies[Int(k.b)].isConstrained = true
            }
        }
    }
}

/// A contact's two bodies while it is solved: their velocities, kept in registers until
/// `store`, and their inverse masses.
struct BodyPair {
    let a: UnsafeMutablePointer<Motion>
    let b: UnsafeMutablePointer<Motion>
    var vA: Vec2, wA: Double
    var vB: Vec2, wB: Double
    let imA: Double, imB: Double, iA: Double, iB: Double

    @inline(__always) init(_ a: UnsafeMutablePointer<Motion>, _ b: UnsafeMutablePointer<Motion>) {
        self.a = a; self.b = b
        vA = a.pointee.velocity; wA = a.pointee.angularVelocity
        vB = b.pointee.velocity; wB = b.pointee.angularVelocity
        imA = a.pointee.invMass; imB = b.pointee.invMass; iA = a.pointee.invInertia; iB = b.pointee.invInertia
    }

    /// The relative velocity along `d` at a point whose anchors' cross products with `d` are
    /// `dA` and `dB`: (vB − vA)·d + ωB·dB − ωA·dA.
    @inline(__always) func speed(along d: Vec2, _ dA: Double, _ dB: Double) -> Double {
        (vB.x - vA.x) * d.x + (vB.y - vA.y) * d.y + wB * dB - wA * dA
    }

    /// The impulse λ·d at that point: −λ·d on A, +λ·d on B.
    @inline(__always) mutating func apply(_ lambda: Double, along d: Vec2, _ dA: Double, _ dB: Double) {
        let px = d.x * lambda, py = d.y * lambda
        vA.x -= px * imA; vA.y -= py * imA; wA -= iA * lambda * dA
        vB.x += px * imB; vB.y += py * imB; wB += iB * lambda * dB
    }

    /// A point's accumulated normal and tangent impulses at once (the warm start).
    @inline(__always) mutating func warmStart(_ p: ConstraintPoint, _ n: Vec2, _ t: Vec2) {
        let P = n * p.normalImpulse + t * p.tangentImpulse
        vA -= P * imA; wA -= iA * (p.normalImpulse * p.rnA + p.tangentImpulse * p.rtA)
        vB += P * imB; wB += iB * (p.normalImpulse * p.rnB + p.tangentImpulse * p.rtB)
    }

    @inline(__always) func store() {
        a.pointee.velocity = vA; a.pointee.angularVelocity = wA
        b.pointee.velocity = vB; b.pointee.angularVelocity = wB
    }
}
