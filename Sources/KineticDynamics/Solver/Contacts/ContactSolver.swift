// Soft contacts (Box2D v3's soft step, written for Kinetic): per substep a warm start, a sweep
// with a soft bias (a spring of `Softness` pushing the bodies apart), the move, and a sweep
// without bias (relax); after the substeps restitution and the impulses kept for the next step.
// Anchors are fixed for the step; the current separation of a point comes from where its two
// material points are now, so no narrow phase runs inside the substeps. Every pass runs over the
// contacts' bundles, four lanes at a time (`ContactSolver+Sweeps.swift`).

import Kinetic

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
    ///
    /// Lane by lane, as `prepare` sets a bundle up (`Swift.max` as `laneMax`).
    @inline(__always)
    static func bounceEnergy(approach u0: Lanes, gap: Lanes, acceleration a: Lanes, restitution e: Lanes) -> Lanes {
        let zero = Lanes(repeating: 0)
        let s0 = laneMax(gap, zero)
        return e * e * laneMax(u0 * u0 - 2 * a * s0, zero)
    }

    /// Anchors, effective masses and separations of the active contacts, bundle by bundle
    /// (`ContactColouring.bundleStarts` says which slots each holds): each lane's inputs are
    /// gathered from its contact and bodies, then the four lanes are set up at once, each lane by
    /// the scalar formulas' operations in their order (`PointInputs.setUp`), so the bits do not
    /// depend on the bundle's width. `invH` is 1 / the whole step (for the applied forces'
    /// acceleration along the normal). Returns whether any contact has restitution.
    @discardableResult
    static func prepare(_ context: StepContext, invH: Double) -> Bool {
        let motions = context.motions, start = context.start
        guard let bundles = context.bundles.baseAddress, let bounces = context.bounces.baseAddress else { return false }
        var restituting = false
        // The lanes past a short bundle's contacts read this one: no points, the ground twice.
        var none = Contact(key: 0, a: 0, b: 0)
        withUnsafeMutablePointer(to: &none) { none in
        for index in 0..<context.bundles.count {
            let k = bundles + index, r = bounces + index
            let first = Int(context.bundleStarts[index]), lanes = Int(context.bundleStarts[index + 1]) - first
            // A bundle with fewer lanes starts from zeros (its last lanes name the ground, unused).
            if lanes < 4 { k.pointee = ContactBundle() }
            k.pointee.firstSlot = Int32(first)
            k.pointee.laneCount = Int32(lanes)
            @inline(__always) func contact(_ lane: Int) -> UnsafeMutablePointer<Contact> {
                lane < lanes ? context.contacts + Int(context.activeContacts[first + lane]) : none
            }
            let c = (contact(0), contact(1), contact(2), contact(3))
            // Each input a vector of the four lanes' values, built in registers.
            @inline(__always) func gather(_ value: (UnsafeMutablePointer<Contact>) -> Double) -> Lanes {
                Lanes(value(c.0), value(c.1), value(c.2), value(c.3))
            }
            let mA = (motions + Int(c.0.pointee.a), motions + Int(c.1.pointee.a), motions + Int(c.2.pointee.a), motions + Int(c.3.pointee.a))
            let mB = (motions + Int(c.0.pointee.b), motions + Int(c.1.pointee.b), motions + Int(c.2.pointee.b), motions + Int(c.3.pointee.b))
            @inline(__always) func gatherA(_ value: (UnsafeMutablePointer<Motion>) -> Double) -> Lanes {
                Lanes(value(mA.0), value(mA.1), value(mA.2), value(mA.3))
            }
            @inline(__always) func gatherB(_ value: (UnsafeMutablePointer<Motion>) -> Double) -> Lanes {
                Lanes(value(mB.0), value(mB.1), value(mB.2), value(mB.3))
            }
            k.pointee.a = SIMD4(c.0.pointee.a, c.1.pointee.a, c.2.pointee.a, c.3.pointee.a)
            k.pointee.b = SIMD4(c.0.pointee.b, c.1.pointee.b, c.2.pointee.b, c.3.pointee.b)
            let pointCounts = SIMD4<Int64>(Int64(c.0.pointee.pointCount), Int64(c.1.pointee.pointCount),
                                           Int64(c.2.pointee.pointCount), Int64(c.3.pointee.pointCount))
            let twoPoints = pointCounts .== SIMD4(repeating: 2)
            let friction = gather { $0.pointee.friction }, restitutions = gather { $0.pointee.restitution }
            let zero = Lanes(repeating: 0)
            let anyTwoPoints = any(twoPoints), anyRestitution = any(restitutions .> zero)
            k.pointee.twoPoints = twoPoints
            k.pointee.anyTwoPoints = anyTwoPoints
            k.pointee.anyFriction = any(friction .> zero)
            k.pointee.anyRestitution = anyRestitution
            k.pointee.friction = friction
            // The normal and the points' world places as the collision pass left them, at these
            // poses (`CollisionContext.locatePoints`). The normal and the inertias are narrowed as
            // the bundle keeps them, and everything below is computed from those, as the sweeps use them.
            k.pointee.narrowInvInertiaA = NarrowLanes(gatherA { $0.pointee.invInertia })
            k.pointee.narrowInvInertiaB = NarrowLanes(gatherB { $0.pointee.invInertia })
            k.pointee.narrowNormalX = NarrowLanes(gather { $0.pointee.normal.x })
            k.pointee.narrowNormalY = NarrowLanes(gather { $0.pointee.normal.y })
            let bodies = BodyInputs(
                poseA: PoseLanes(motions, k.pointee.a), poseB: PoseLanes(motions, k.pointee.b),
                imA: gatherA { $0.pointee.invMass }, imB: gatherB { $0.pointee.invMass },
                iA: k.pointee.invInertiaA, iB: k.pointee.invInertiaB,
                normalX: k.pointee.normalX, normalY: k.pointee.normalY)
            // A point's inputs, gathered again where restitution needs them (the same reads):
            // held across the restitution branch, they would be copied through the stack.
            @inline(__always) func point(_ second: Bool) -> PointInputs {
                @inline(__always) func of(_ c: UnsafeMutablePointer<Contact>) -> ContactPoint { second ? c.pointee.p1 : c.pointee.p0 }
                return PointInputs(worldX: gather { of($0).worldPoint.x }, worldY: gather { of($0).worldPoint.y },
                                   separation: gather { of($0).separation },
                                   normalImpulse: gather { of($0).normalImpulse },
                                   tangentImpulse: gather { of($0).tangentImpulse })
            }
            point(false).setUp(&k.pointee.p0, bodies)
            // A lane with one point sets up whatever its second holds: the sweeps mask it out.
            if anyTwoPoints { point(true).setUp(&k.pointee.p1, bodies) }
            // The restitution figures only for a bundle with restitution (`applyRestitution` skips
            // the others), written only in its lanes with restitution (it masks out the others,
            // whose figures keep whatever they held).
            if anyRestitution {
                restituting = true
                r.pointee.restitution = restitutions
                r.pointee.p0.stepImpulse = zero
                r.pointee.p1.stepImpulse = zero
                @inline(__always) func gatherStart(_ body: (UnsafeMutablePointer<Contact>) -> Int32,
                                                   _ value: (StartState) -> Double) -> Lanes {
                    gather { value(start[Int(body($0))]) }
                }
                let velocities = StartInputs(
                    vAX: gatherStart({ $0.pointee.a }) { $0.velocity.x }, vAY: gatherStart({ $0.pointee.a }) { $0.velocity.y },
                    wA: gatherStart({ $0.pointee.a }) { $0.angularVelocity },
                    vBX: gatherStart({ $0.pointee.b }) { $0.velocity.x }, vBY: gatherStart({ $0.pointee.b }) { $0.velocity.y },
                    wB: gatherStart({ $0.pointee.b }) { $0.angularVelocity },
                    kAX: gatherStart({ $0.pointee.a }) { $0.kick.x }, kAY: gatherStart({ $0.pointee.a }) { $0.kick.y },
                    kBX: gatherStart({ $0.pointee.b }) { $0.kick.x }, kBY: gatherStart({ $0.pointee.b }) { $0.kick.y })
                let bouncing = restitutions .> zero
                velocities.bounce(&r.pointee.p0, point(false), k.pointee.p0, bodies, restitutions, invH: invH, where: bouncing)
                if anyTwoPoints {
                    velocities.bounce(&r.pointee.p1, point(true), k.pointee.p1, bodies, restitutions, invH: invH,
                                      where: bouncing .& twoPoints)
                }
            }
        }
        }
        return restituting
    }

    /// At the end of a substep, adds each point's accumulated normal impulse to the step's
    /// (`BouncePointLanes.stepImpulse`), in the bundles with restitution (the only ones that
    /// read it).
    static func addSubstepImpulses(_ context: StepContext) {
        guard let bundles = context.bundles.baseAddress, let bounces = context.bounces.baseAddress else { return }
        for index in 0..<context.bundles.count where bundles[index].anyRestitution {
            let k = bundles + index, r = bounces + index
            r.pointee.p0.stepImpulse += k.pointee.p0.normalImpulse
            if k.pointee.anyTwoPoints {
                r.pointee.p1.stepImpulse += k.pointee.p1.normalImpulse
                    .replacing(with: Lanes(repeating: 0), where: .!k.pointee.twoPoints)
            }
        }
    }

    /// After the substeps, points hit faster than the threshold leave at their restitution
    /// target (Box2D v3's b2ApplyRestitution, with the target of `bounceEnergy`), all at once:
    /// passes over the bundles in solve order until no point's speed changes by more than
    /// `restitutionTolerance` (at most `maxRestitutionPasses`).
    ///
    /// Box2D v3 makes one pass, point after point, each point's change clamped by its last
    /// substep's impulse, and that adds energy. A manifold's two points are coupled (an impulse at
    /// one moves the other), so after the second point is set to its target the first has left
    /// it, faster than it came in when the body spins (a spinning 119 × 105 ellipse that hit a
    /// wall with elasticity 1 left with 22 % more energy). And a point can leave faster than its
    /// target with the impulse it took in the earlier substeps still on it (a push-out of an
    /// overlap, or a point that took the blow before its partner's bounce lifted it off): that
    /// impulse has done work. Here the unknowns are the points' impulses over the whole step P
    /// (`BouncePointLanes.stepImpulse`), P ≥ 0, each point at its target or, with P = 0,
    /// leaving at least as fast. Their work, P·(u₀ + u₁)/2 over the points' normal speeds when
    /// the step began and after, is then 0 where u₁ = −u₀ (elasticity 1) and below 0 for
    /// elasticity under 1. A manifold's two points are solved together (`restituteBoth`),
    /// contacts that share a body by further passes.
    ///
    /// A point that bounced is leaving its contact, so it keeps no impulse for the next step's
    /// warm start (`PointLanes.release`). Warm started with the bounce's impulse, it would throw
    /// its body back at what it left, and a substep's two sweeps cannot take that back where the
    /// body is pinched: a small item that bounced off a wall in front of a larger one is driven
    /// into it, and the larger one leaves with energy nothing gave it.
    ///
    /// With friction that is not yet enough: the substeps' friction pushed against the point's
    /// sliding before the bounce, and a bounce that turns a spinning body can reverse that
    /// sliding, so the friction impulse does work (Newton's restitution with Coulomb friction is
    /// not energy-consistent: Kane's paradox). So last, if the bounces leave the awake bodies
    /// with more kinetic energy than both the step's forces alone would (their end velocities)
    /// and the substeps did, restitution's change of velocity is scaled down, the same for every
    /// body, until they do not (`limitBounceEnergy`).
    static func applyRestitution(_ context: StepContext) {
        let motions = context.motions, start = context.start
        for index in context.awake {
            let i = Int(index)
            start[i].bounceVelocity = motions[i].velocity
            start[i].bounceAngularVelocity = motions[i].angularVelocity
        }
        for _ in 0..<maxRestitutionPasses {
            if !restitutionPass(context) { break }
        }
        limitBounceEnergy(context)
    }

    /// Scales restitution's change of the awake bodies' velocities by the largest α ≤ 1 that
    /// leaves their kinetic energy at most the larger of what the step's forces alone give and
    /// what it was before restitution (1 when it already is).
    private static func limitBounceEnergy(_ context: StepContext) {
        let motions = context.motions, start = context.start
        // E(α) = before + α·b + α²·c over the bodies, with Δ the change restitution made.
        var before = 0.0, forces = 0.0, b = 0.0, c = 0.0
        for index in context.awake {
            let i = Int(index)
            let m = motions[i], s = start[i]
            let mass = m.invMass > 0 ? 1 / m.invMass : 0, inertia = m.invInertia > 0 ? 1 / m.invInertia : 0
            let v = s.bounceVelocity, w = s.bounceAngularVelocity
            let dv = m.velocity - v, dw = m.angularVelocity - w
            before += 0.5 * (mass * v.lengthSquared + inertia * w * w)
            forces += 0.5 * (mass * s.endVelocity.lengthSquared + inertia * s.endAngularVelocity * s.endAngularVelocity)
            b += mass * dot(v, dv) + inertia * w * dw
            c += 0.5 * (mass * dv.lengthSquared + inertia * dw * dw)
        }
        let limit = max(before, forces)
        guard c > 0, before + b + c > limit * (1 + 1e-12) else { return }
        // The larger root of c·α² + b·α + (before − limit) = 0: before ≤ limit, so it lies in 0…1.
        let q = b * b - 4 * c * (before - limit)
        let alpha = min(max((-b + max(q, 0).squareRoot()) / (2 * c), 0), 1)
        for index in context.awake {
            let i = Int(index)
            let s = start[i]
            motions[i].velocity = s.bounceVelocity + (motions[i].velocity - s.bounceVelocity) * alpha
            motions[i].angularVelocity = s.bounceAngularVelocity + (motions[i].angularVelocity - s.bounceAngularVelocity) * alpha
        }
    }

    /// The most passes `applyRestitution` makes over the bundles in a step.
    static let maxRestitutionPasses = 16
    /// A pass that changes no point's normal speed by more than this (points per second) is the last.
    static let restitutionTolerance = 1e-6

    /// One pass of `applyRestitution`: whether it changed a point's normal speed by more than
    /// `restitutionTolerance` (a lane whose points would change by no more is left as it is).
    private static func restitutionPass(_ context: StepContext) -> Bool {
        guard let bundles = context.bundles.baseAddress, let bounces = context.bounces.baseAddress else { return false }
        let motions = context.motions
        let zero = Lanes(repeating: 0), two = Lanes(repeating: 2)
        let threshold = Lanes(repeating: -restitutionThreshold), tolerance = Lanes(repeating: restitutionTolerance)
        var changed = false
        for index in 0..<context.bundles.count {
            let k = bundles + index, r = bounces + index
            if !k.pointee.anyRestitution { continue }
            let bouncing = r.pointee.restitution .> zero
            var pair = LanePair(motions, k)
            let poseA = PoseLanes(motions, k.pointee.a), poseB = PoseLanes(motions, k.pointee.b)
            let nx = k.pointee.normalX, ny = k.pointee.normalY
            let centres = centreGap(poseA, poseB, nx, ny)
            // A point comes back only if it approached fast enough and the solver pushed on it.
            @inline(__always) func bounceMask(_ p: PointLanes, _ bounce: BouncePointLanes, _ mask: LaneMask) -> LaneMask {
                mask .& .!(bounce.relativeVelocity .> threshold) .& .!(p.maxNormalImpulse .== zero)
            }
            @inline(__always) func target(_ p: PointLanes, _ bounce: BouncePointLanes) -> Lanes {
                let energy = bounce.energy + two * bounce.normalAcceleration * separation(p, centres, poseA, poseB)
                return energy.squareRoot().replacing(with: zero, where: .!(energy .> zero))
            }
            let first = bounceMask(k.pointee.p0, r.pointee.p0, bouncing)
            let second = k.pointee.anyTwoPoints
                ? bounceMask(k.pointee.p1, r.pointee.p1, bouncing .& k.pointee.twoPoints) : LaneMask(repeating: false)
            if !any(first .| second) { continue }
            // A bouncing point keeps no impulse for the next step's warm start.
            k.pointee.p0.release(where: first)
            if k.pointee.anyTwoPoints { k.pointee.p1.release(where: second) }
            // One point to its target, in the lanes of `mask` where that changes its speed by more
            // than the tolerance.
            @inline(__always) func restitute(_ p: PointLanes, _ bounce: inout BouncePointLanes, _ target: Lanes,
                                             where mask: LaneMask) {
                let vn = pair.speed(nx, ny, p.rnA, p.rnB)
                let old = bounce.stepImpulse
                let new = laneMax(old - p.normalMass * (vn - target), zero)
                let step = new - old
                let moves = mask .& (step.replacing(with: -step, where: step .< zero) .> tolerance * p.normalMass)
                if !any(moves) { return }
                changed = true
                bounce.stepImpulse.replace(with: new, where: moves)
                pair.apply(step, nx, ny, p.rnA, p.rnB, where: moves)
            }
            let t0 = target(k.pointee.p0, r.pointee.p0)
            if !k.pointee.anyTwoPoints {
                restitute(k.pointee.p0, &r.pointee.p0, t0, where: first)
                pair.store(motions, k)
                continue
            }
            let t1 = target(k.pointee.p1, r.pointee.p1)
            var alone = first .| second
            let both = first .& second
            if any(both) {
                let solved = restituteBoth(&pair, k.pointee.p0, k.pointee.p1, &r.pointee.p0, &r.pointee.p1, t0, t1,
                                           nx, ny, tolerance, where: both, changed: &changed)
                alone = alone .& .!solved
            }
            restitute(k.pointee.p0, &r.pointee.p0, t0, where: first .& alone)
            restitute(k.pointee.p1, &r.pointee.p1, t1, where: second .& alone)
            pair.store(motions, k)
        }
        return changed
    }

    /// A manifold's two points to their targets `t0`, `t1` together, in the lanes of `mask`: the
    /// step's impulses x ≥ 0 of the 2 × 2 linear complementarity problem (Box2D v2's block
    /// solver): both points at their targets, or one at its target with the other leaving at
    /// least as fast with no impulse, or neither pushed. With u the points' normal speeds now, P
    /// the step's impulses so far and K the effective mass matrix, the speeds with impulses x are
    /// a + K·x, a = u − K·P. Returns the lanes it solved (a lane whose 2 × 2 system is too badly
    /// conditioned to trust, or that rounding leaves without a solution, is left to the points
    /// one after the other); applies the change in those where it moves a point's speed by more
    /// than `tolerance`.
    @inline(__always)
    private static func restituteBoth(_ pair: inout LanePair, _ p0: PointLanes, _ p1: PointLanes,
                                      _ b0: inout BouncePointLanes, _ b1: inout BouncePointLanes,
                                      _ t0: Lanes, _ t1: Lanes, _ nx: Lanes, _ ny: Lanes, _ tolerance: Lanes,
                                      where mask: LaneMask, changed: inout Bool) -> LaneMask {
        let zero = Lanes(repeating: 0)
        let imA = pair.massA, imB = pair.massB, iA = pair.inertiaA, iB = pair.inertiaB
        let rA0 = p0.rnA, rB0 = p0.rnB, rA1 = p1.rnA, rB1 = p1.rnB
        let k11 = imA + imB + iA * rA0 * rA0 + iB * rB0 * rB0
        let k22 = imA + imB + iA * rA1 * rA1 + iB * rB1 * rB1
        let k12 = imA + imB + iA * rA0 * rA1 + iB * rB0 * rB1
        let l0 = b0.stepImpulse, l1 = b1.stepImpulse
        let a0 = pair.speed(nx, ny, rA0, rB0) - (k11 * l0 + k12 * l1)
        let a1 = pair.speed(nx, ny, rA1, rB1) - (k12 * l0 + k22 * l1)
        let d0 = t0 - a0, d1 = t1 - a1
        let det = k11 * k22 - k12 * k12
        // Both at their targets, where the system is well conditioned (Box2D v2's bound of 1,000).
        let conditioned = (k11 .> zero) .& (k22 .> zero) .& (det .> Lanes(repeating: 1e-3) * k11 * k22)
        var x0 = (k22 * d0 - k12 * d1) / det, x1 = (k11 * d1 - k12 * d0) / det
        var solved = mask .& conditioned .& (x0 .>= zero) .& (x1 .>= zero)
        // The first at its target, the second free and leaving at least as fast.
        let y0 = d0 / k11
        let only0 = mask .& .!solved .& (k11 .> zero) .& (y0 .>= zero) .& (a1 + k12 * y0 .>= t1)
        x0.replace(with: y0, where: only0); x1.replace(with: zero, where: only0)
        solved = solved .| only0
        // The second at its target, the first free.
        let y1 = d1 / k22
        let only1 = mask .& .!solved .& (k22 .> zero) .& (y1 .>= zero) .& (a0 + k12 * y1 .>= t0)
        x0.replace(with: zero, where: only1); x1.replace(with: y1, where: only1)
        solved = solved .| only1
        // Neither pushed: both leave at least as fast as their targets.
        let neither = mask .& .!solved .& (a0 .>= t0) .& (a1 .>= t1)
        x0.replace(with: zero, where: neither); x1.replace(with: zero, where: neither)
        solved = solved .| neither
        let step0 = x0 - l0, step1 = x1 - l1
        @inline(__always) func magnitude(_ x: Lanes) -> Lanes { x.replacing(with: -x, where: x .< zero) }
        let moves = solved .& ((magnitude(step0) * k11 .> tolerance) .| (magnitude(step1) * k22 .> tolerance))
        if any(moves) {
            changed = true
            b0.stepImpulse.replace(with: x0, where: moves)
            b1.stepImpulse.replace(with: x1, where: moves)
            pair.apply(step0, nx, ny, rA0, rB0, where: moves)
            pair.apply(step1, nx, ny, rA1, rB1, where: moves)
        }
        return solved
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

/// A bundle's bodies as `ContactSolver.prepare` reads them, lane by lane: the poses (as the
/// sweeps read them), the inverse masses and inertias, and the contacts' normals.
private struct BodyInputs {
    let poseA: PoseLanes, poseB: PoseLanes
    let imA: Lanes, imB: Lanes, iA: Lanes, iB: Lanes
    let normalX: Lanes, normalY: Lanes
}

/// One manifold point of a bundle's contacts as `ContactSolver.prepare` reads it, lane by lane.
private struct PointInputs {
    let worldX: Lanes, worldY: Lanes
    let separation: Lanes
    let normalImpulse: Lanes, tangentImpulse: Lanes

    /// The point's anchors, masses and base separation in all four lanes. Each line is the scalar
    /// formula's operations in its order (`cross`, `dot`), the lever arms narrowed as the bundle
    /// keeps them before anything else uses them:
    ///
    ///     pA = world − A's position; rnA = pA × n; rtA = pA × t with t = n × 1
    ///     kN = imA + imB + iA·rnA·rnA + iB·rnB·rnB (kT likewise); masses 1/k where k > 0, else 0
    ///     baseSeparation = separation − (the `separation` formula's gap at these poses, with
    ///     no rotation since the step began: Δ = (1, 0) in every lane, as the bodies' `Motion`s hold)
    @inline(__always) func setUp(_ q: inout PointLanes, _ bodies: BodyInputs) {
        let a = bodies.poseA, b = bodies.poseB
        let nx = bodies.normalX, ny = bodies.normalY
        let imA = bodies.imA, imB = bodies.imB, iA = bodies.iA, iB = bodies.iB
        let pAx = worldX - a.px, pAy = worldY - a.py
        let pBx = worldX - b.px, pBy = worldY - b.py
        let tx = 1 * ny, ty = Lanes(repeating: -1) * nx
        q.armNA = NarrowLanes(pAx * ny - pAy * nx); q.armNB = NarrowLanes(pBx * ny - pBy * nx)
        q.armTA = NarrowLanes(pAx * ty - pAy * tx); q.armTB = NarrowLanes(pBx * ty - pBy * tx)
        let rnA = q.rnA, rnB = q.rnB, rtA = q.rtA, rtB = q.rtB
        let kN = imA + imB + iA * rnA * rnA + iB * rnB * rnB
        let kT = imA + imB + iA * rtA * rtA + iB * rtB * rtB
        let zero = Lanes(repeating: 0), one = Lanes(repeating: 1)
        let gap = KineticDynamics.separation(base: zero, centres: centreGap(a, b, nx, ny), a: (one, zero), b: (one, zero),
                                             anchorA: (rnA, rtA), anchorB: (rnB, rtB))
        q.normalMass = (1 / kN).replacing(with: zero, where: .!(kN .> zero))
        q.tangentMass = (1 / kT).replacing(with: zero, where: .!(kT .> zero))
        q.baseSeparation = separation - gap
        q.normalImpulse = normalImpulse; q.tangentImpulse = tangentImpulse
        q.maxNormalImpulse = zero
    }
}

/// The start states `ContactSolver.prepare` reads for restitution, lane by lane: both bodies'
/// velocities and their applied forces' Δv (`StartState.kick`).
private struct StartInputs {
    let vAX: Lanes, vAY: Lanes, wA: Lanes
    let vBX: Lanes, vBY: Lanes, wB: Lanes
    let kAX: Lanes, kAY: Lanes, kBX: Lanes, kBY: Lanes

    /// A point's bounce figures in the lanes of `mask` (`ContactSolver.bounceEnergy`, lane by
    /// lane): u₀ = (vB − vA)·n + ωB·rnB − ωA·rnA, a = (kickB − kickA)·n / h.
    @inline(__always) func bounce(_ out: inout BouncePointLanes, _ p: PointInputs, _ q: PointLanes, _ b: BodyInputs,
                                  _ e: Lanes, invH: Double, where mask: LaneMask) {
        let nx = b.normalX, ny = b.normalY
        let u0 = ((vBX - vAX) * nx + (vBY - vAY) * ny) + wB * q.rnB - wA * q.rnA
        let acceleration = ((kBX - kAX) * nx + (kBY - kAY) * ny) * invH
        let energy = ContactSolver.bounceEnergy(approach: u0, gap: p.separation, acceleration: acceleration, restitution: e)
        out.relativeVelocity.replace(with: u0, where: mask)
        out.normalAcceleration.replace(with: acceleration, where: mask)
        out.energy.replace(with: energy, where: mask)
    }
}
