// Soft contacts (Box2D v3's soft step, written for Kinetic): per substep a warm start, a sweep
// with a soft bias (a spring of `Softness` pushing the bodies apart), the move, and a sweep
// without bias (relax); after the substeps restitution and the impulses kept for the next step.
// Anchors are fixed for the step; the current separation of a point comes from where its two
// material points are now, so no narrow phase runs inside the substeps. Every pass runs over the
// contacts' bundles, four lanes at a time (`ContactBundles.swift`).

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

    /// Anchors, effective masses and separations of the active contacts, written lane by lane
    /// into the step's bundles (`ContactColouring.bundleStarts` says which slots each holds).
    /// `invH` is 1 / the whole step (for the applied forces' acceleration along the normal).
    static func prepare(_ context: StepContext, invH: Double) {
        let motions = context.motions, start = context.start
        guard let bundles = context.bundles.baseAddress, let bounces = context.bounces.baseAddress else { return }
        for index in 0..<context.bundles.count {
            let k = bundles + index, r = bounces + index
            let first = Int(context.bundleStarts[index]), lanes = Int(context.bundleStarts[index + 1]) - first
            // A bundle with fewer lanes starts from zeros (its last lanes name the ground, unused).
            if lanes < 4 { k.pointee = ContactBundle() }
            // The restitution figures are written only for a bundle with restitution: the others'
            // are never read (`applyRestitution` skips them).
            var restitutions = Lanes(repeating: 0)
            k.pointee.firstSlot = Int32(first)
            k.pointee.laneCount = Int32(lanes)
            k.pointee.anyTwoPoints = false; k.pointee.anyFriction = false; k.pointee.anyRestitution = false
            for lane in 0..<lanes {
                let c = context.contacts + Int(context.activeContacts[first + lane])
                let mA = motions[Int(c.pointee.a)], mB = motions[Int(c.pointee.b)]
                let restitution = c.pointee.restitution
                let imA = mA.invMass, imB = mB.invMass, iA = mA.invInertia, iB = mB.invInertia
                // The normal and the points' world places as the collision pass left them, at
                // these poses (`CollisionContext.locatePoints`).
                let normal = c.pointee.normal
                @inline(__always) func setUp(_ p: ContactPoint, _ q: UnsafeMutablePointer<PointLanes>,
                                             _ bounce: UnsafeMutablePointer<BouncePointLanes>) {
                    let pA = p.worldPoint - mA.position
                    let pB = p.worldPoint - mB.position
                    let rnA = cross(pA, normal), rnB = cross(pB, normal)
                    let kN = imA + imB + iA * rnA * rnA + iB * rnB * rnB
                    let t = cross(normal, 1)
                    let rtA = cross(pA, t), rtB = cross(pB, t)
                    let kT = imA + imB + iA * rtA * rtA + iB * rtB * rtB
                    let localA = mA.rotation.applyInverse(pA)
                    let localB = mB.rotation.applyInverse(pB)
                    let wA = mA.position + mA.rotation.apply(localA)
                    let wB = mB.position + mB.rotation.apply(localB)
                    q.pointee.set(lane, rnA: rnA, rnB: rnB, rtA: rtA, rtB: rtB,
                                  normalMass: kN > 0 ? 1 / kN : 0, tangentMass: kT > 0 ? 1 / kT : 0,
                                  localA: localA, localB: localB, baseSeparation: p.separation - dot(wB - wA, normal),
                                  normalImpulse: p.normalImpulse, tangentImpulse: p.tangentImpulse)
                    // The bounce figures only where `applyRestitution` reads them: it masks out
                    // the lanes without restitution (whose figures keep whatever they held).
                    if restitution > 0 {
                        let sA = start[Int(c.pointee.a)], sB = start[Int(c.pointee.b)]
                        let u0 = dot(sB.velocity - sA.velocity, normal) + sB.angularVelocity * rnB - sA.angularVelocity * rnA
                        let acceleration = dot(sB.kick - sA.kick, normal) * invH
                        bounce.pointee.relativeVelocity.set(lane, u0)
                        bounce.pointee.normalAcceleration.set(lane, acceleration)
                        bounce.pointee.energy.set(lane, bounceEnergy(approach: u0, gap: p.separation,
                                                                     acceleration: acceleration, restitution: restitution))
                    }
                }
                k.pointee.a[lane] = c.pointee.a
                k.pointee.b[lane] = c.pointee.b
                k.pointee.twoPoints[lane] = c.pointee.pointCount == 2
                k.pointee.friction.set(lane, c.pointee.friction)
                restitutions.set(lane, restitution)
                if c.pointee.pointCount == 2 { k.pointee.anyTwoPoints = true }
                if c.pointee.friction > 0 { k.pointee.anyFriction = true }
                if restitution > 0 { k.pointee.anyRestitution = true }
                k.pointee.invInertiaA.set(lane, iA); k.pointee.invInertiaB.set(lane, iB)
                withUnsafeMutablePointer(to: &k.pointee.p0) { q in
                    withUnsafeMutablePointer(to: &r.pointee.p0) { setUp(c.pointee.p0, q, $0) }
                }
                if c.pointee.pointCount == 2 {
                    withUnsafeMutablePointer(to: &k.pointee.p1) { q in
                        withUnsafeMutablePointer(to: &r.pointee.p1) { setUp(c.pointee.p1, q, $0) }
                    }
                }
                k.pointee.normalX.set(lane, normal.x)
                k.pointee.normalY.set(lane, normal.y)
            }
            if k.pointee.anyRestitution { r.pointee.restitution = restitutions }
        }
    }

    /// After the substeps, points hit faster than the threshold leave at their restitution
    /// target (Box2D v3's b2ApplyRestitution, with the target of `bounceEnergy`), bundle by
    /// bundle in solve order.
    static func applyRestitution(_ context: StepContext) {
        guard let bundles = context.bundles.baseAddress, let bounces = context.bounces.baseAddress else { return }
        let motions = context.motions
        let zero = Lanes(repeating: 0), two = Lanes(repeating: 2)
        let threshold = Lanes(repeating: -restitutionThreshold)
        for index in 0..<context.bundles.count {
            let k = bundles + index, r = bounces + index
            if !k.pointee.anyRestitution { continue }
            let bouncing = r.pointee.restitution .> zero
            var pair = LanePair(motions, k)
            let poseA = PoseLanes(motions, k.pointee.a), poseB = PoseLanes(motions, k.pointee.b)
            let nx = k.pointee.normalX, ny = k.pointee.normalY
            @inline(__always) func restitute(_ p: inout PointLanes, _ bounce: BouncePointLanes, where mask: LaneMask) {
                // A point comes back only if it approached fast enough and the solver pushed on it.
                let active = mask .& .!(bounce.relativeVelocity .> threshold) .& .!(p.maxNormalImpulse .== zero)
                if !any(active) { return }
                let s = separation(p, poseA, poseB, nx, ny)
                let energy = bounce.energy + two * bounce.normalAcceleration * s
                let target = energy.squareRoot().replacing(with: zero, where: .!(energy .> zero))
                let vn = pair.speed(nx, ny, p.rnA, p.rnB)
                let old = p.normalImpulse
                let new = old.replacing(with: laneMax(old - p.normalMass * (vn - target), zero), where: active)
                p.normalImpulse = new
                p.maxNormalImpulse.replace(with: laneMax(p.maxNormalImpulse, new), where: active)
                pair.apply(new - old, nx, ny, p.rnA, p.rnB, where: active)
            }
            restitute(&k.pointee.p0, r.pointee.p0, where: bouncing)
            if k.pointee.anyTwoPoints { restitute(&k.pointee.p1, r.pointee.p1, where: bouncing .& k.pointee.twoPoints) }
            pair.store(motions, k)
        }
    }

    /// Copies the accumulated impulses back to the persistent contacts (for warm starting), and
    /// marks a contact the solver pushed on as touching and its bodies as constrained.
    static func storeImpulses(_ context: StepContext) {
        for k in context.bundles {
            for lane in 0..<Int(k.laneCount) {
                let c = context.contacts + Int(context.activeContacts[Int(k.firstSlot) + lane])
                c.pointee.p0.normalImpulse = k.p0.normalImpulse[lane]
                c.pointee.p0.tangentImpulse = k.p0.tangentImpulse[lane]
                c.pointee.p0.maxNormalImpulse = k.p0.maxNormalImpulse[lane]
                let twoPoints = k.twoPoints[lane]
                if twoPoints {
                    c.pointee.p1.normalImpulse = k.p1.normalImpulse[lane]
                    c.pointee.p1.tangentImpulse = k.p1.tangentImpulse[lane]
                    c.pointee.p1.maxNormalImpulse = k.p1.maxNormalImpulse[lane]
                }
                if k.p0.maxNormalImpulse[lane] > 0 || (twoPoints && k.p1.maxNormalImpulse[lane] > 0) {
                    c.pointee.isTouching = true
                    context.constrained[Int(k.a[lane])] = true
                    context.constrained[Int(k.b[lane])] = true
                }
            }
        }
    }
}
