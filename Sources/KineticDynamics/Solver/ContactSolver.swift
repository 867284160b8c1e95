// Sequential impulses for contacts (Box2D 2.3): warm starting, Coulomb friction, a 2×2 block
// solver for two-point manifolds, speculative points, restitution as a final pass (Box2D v3), and
// non-linear Gauss–Seidel position correction.

import Kinetic

enum ContactSolver {
    /// Box2D's 0.005 m at 100 pt per metre.
    static let linearSlop = 0.5
    static let baumgarte = 0.2
    /// Box2D's 0.2 m.
    static let maxLinearCorrection = 20.0
    /// Approach speeds below this do not bounce (Box2D's 1 m/s).
    static let restitutionThreshold = 100.0

    @inline(__always)
    static func transform(_ m: Motion) -> Transform { Transform(p: m.position, q: m.rotation) }

    /// The normal velocity a bouncing point leaves its contact step with (`restitutionTarget`).
    ///
    /// Along the normal the gap s obeys s'' = a (the applied forces' relative acceleration, `kick`
    /// = a·h) from s₀ = `gap` and s'₀ = `approach` < 0 when the step began. It meets the surface
    /// at the speed uᵢ = −√(u₀² − 2a·s₀) and leaves at −e·uᵢ, so from then on u²/2 − a·s =
    /// e²·uᵢ²/2 (its "energy" along the normal, which fixes the apex of a bounce under gravity).
    /// The contact step moves the point by h·u (constrained bodies move by h·v₁), so the target u
    /// is the one whose end state (s₀ + h·u, u) has that energy:
    ///
    ///     u = a·h + √(a²h² + 2a·s₀ + e²·uᵢ²)
    ///
    /// A free flight then carries on exactly, so the apex of each bounce is e² of the one before
    /// at any step (Box2D reflects the approach speed alone, e·|u₀|, which is off by the gravity
    /// gained over the step and the gap left at its start: apex ratios 0.2545, 0.2676, 0.2887
    /// instead of 0.25 for e = 0.5 at 120 Hz). With no applied force it is Newton's e·|u₀|.
    /// When even a standstill at s₀ is above that energy (a tiny bounce found early), the point
    /// is sent to the surface (−s₀/h), never faster towards it.
    @inline(__always)
    static func restitutionTarget(approach u0: Double, gap: Double, kick ah: Double, restitution e: Double, invH: Double) -> Double {
        let s0 = max(gap, 0)
        let a = ah * invH
        let impact = max(u0 * u0 - 2 * a * s0, 0)
        let energy = ah * ah + 2 * a * s0 + e * e * impact
        let target = energy > 0 ? ah + energy.squareRoot() : ah
        return max(target, -s0 * invH)
    }

    /// Anchors, effective masses, biases of the `active` contacts, written to the compact
    /// `constraints` (one per active contact, in order) that the iterations run over.
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
                p.relativeVelocity = dot(sB.velocity - sA.velocity, ev.normal) + sB.angularVelocity * rnB - sA.angularVelocity * rnA
                p.restitutionTarget = restitution == 0 ? 0     // unused: `applyRestitution` skips it
                    : restitutionTarget(approach: p.relativeVelocity, gap: p.separation,
                                        kick: dot(sB.kick - sA.kick, ev.normal), restitution: restitution, invH: invH)
                q.velocityBias = p.separation > 0 ? -p.separation * invH : 0
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
            setUp(&c.pointee.p0, &k.pointee.p0)
            k.pointee.useBlock = false
            if c.pointee.pointCount == 2 {
                setUp(&c.pointee.p1, &k.pointee.p1)
                let p0 = k.pointee.p0, p1 = k.pointee.p1
                let rn1A = p0.rnA, rn1B = p0.rnB
                let rn2A = p1.rnA, rn2B = p1.rnB
                let k11 = imA + imB + iA * rn1A * rn1A + iB * rn1B * rn1B
                let k22 = imA + imB + iA * rn2A * rn2A + iB * rn2B * rn2B
                let k12 = imA + imB + iA * rn1A * rn2A + iB * rn1B * rn2B
                let det = k11 * k22 - k12 * k12
                if k11 * k11 < 1000 * det {
                    k.pointee.useBlock = true
                    k.pointee.k11 = k11; k.pointee.k12 = k12; k.pointee.k22 = k22
                    let inv = 1 / det
                    k.pointee.n11 = k22 * inv; k.pointee.n12 = -k12 * inv; k.pointee.n22 = k11 * inv
                }
            }
            c.pointee.normal = normal
            k.pointee.normal = normal
        }
    }

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

    /// One sequential-impulse sweep. Written out without helpers so the four velocities stay in
    /// registers (a nested function capturing them made this loop 2× slower), and with the
    /// anchors as precomputed cross products (Δv·n = (vB − vA)·n + ωB (rB × n) − ωA (rA × n)).
    static func solveVelocities(_ constraints: UnsafeMutableBufferPointer<VelocityConstraint>, _ motions: UnsafeMutablePointer<Motion>) {
        let base = constraints.baseAddress!
        for slot in 0..<constraints.count {
            let k = base + slot
            let a = motions + Int(k.pointee.a), b = motions + Int(k.pointee.b)
            let nx = k.pointee.normal.x, ny = k.pointee.normal.y
            let tx = ny, ty = -nx
            let imA = a.pointee.invMass, imB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia
            var vAx = a.pointee.velocity.x, vAy = a.pointee.velocity.y, wA = a.pointee.angularVelocity
            var vBx = b.pointee.velocity.x, vBy = b.pointee.velocity.y, wB = b.pointee.angularVelocity
            let friction = k.pointee.friction
            let twoPoints = k.pointee.pointCount == 2

            if friction > 0 {
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

            if !twoPoints || !k.pointee.useBlock {
                do {
                    let vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * k.pointee.p0.rnB - wA * k.pointee.p0.rnA
                    let old = k.pointee.p0.normalImpulse
                    let new = max(old - k.pointee.p0.normalMass * (vn - k.pointee.p0.velocityBias), 0)
                    k.pointee.p0.normalImpulse = new
                    k.pointee.p0.maxNormalImpulse = max(k.pointee.p0.maxNormalImpulse, new)
                    let lambda = new - old
                    let px = nx * lambda, py = ny * lambda
                    vAx -= px * imA; vAy -= py * imA; wA -= iA * lambda * k.pointee.p0.rnA
                    vBx += px * imB; vBy += py * imB; wB += iB * lambda * k.pointee.p0.rnB
                }
                if twoPoints {
                    let vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * k.pointee.p1.rnB - wA * k.pointee.p1.rnA
                    let old = k.pointee.p1.normalImpulse
                    let new = max(old - k.pointee.p1.normalMass * (vn - k.pointee.p1.velocityBias), 0)
                    k.pointee.p1.normalImpulse = new
                    k.pointee.p1.maxNormalImpulse = max(k.pointee.p1.maxNormalImpulse, new)
                    let lambda = new - old
                    let px = nx * lambda, py = ny * lambda
                    vAx -= px * imA; vAy -= py * imA; wA -= iA * lambda * k.pointee.p1.rnA
                    vBx += px * imB; vBy += py * imB; wB += iB * lambda * k.pointee.p1.rnB
                }
            } else {
                // Box2D 2.3's block solver: the 2×2 LCP  vn = K·x + b, x ≥ 0, vn ≥ 0, x·vn = 0,
                // by enumerating the four cases (the first that holds is the solution).
                let ax = k.pointee.p0.normalImpulse, ay = k.pointee.p1.normalImpulse
                let rn1A = k.pointee.p0.rnA, rn1B = k.pointee.p0.rnB, rn2A = k.pointee.p1.rnA, rn2B = k.pointee.p1.rnB
                let dvn = (vBx - vAx) * nx + (vBy - vAy) * ny
                let k11 = k.pointee.k11, k12 = k.pointee.k12, k22 = k.pointee.k22
                let bx = dvn + wB * rn1B - wA * rn1A - k.pointee.p0.velocityBias - (k11 * ax + k12 * ay)
                let by = dvn + wB * rn2B - wA * rn2A - k.pointee.p1.velocityBias - (k12 * ax + k22 * ay)
                var xx = -(k.pointee.n11 * bx + k.pointee.n12 * by)
                var xy = -(k.pointee.n12 * bx + k.pointee.n22 * by)
                var solved = xx >= 0 && xy >= 0
                if !solved {
                    xx = -k.pointee.p0.normalMass * bx; xy = 0
                    solved = xx >= 0 && k12 * xx + by >= 0
                }
                if !solved {
                    xx = 0; xy = -k.pointee.p1.normalMass * by
                    solved = xy >= 0 && k12 * xy + bx >= 0
                }
                if !solved {
                    xx = 0; xy = 0
                    solved = bx >= 0 && by >= 0
                }
                if !solved {
                    // Degenerate: keep the old impulses (Box2D does the same).
                    xx = ax; xy = ay
                }
                let dx = xx - ax, dy = xy - ay
                let sum = dx + dy
                vAx -= nx * sum * imA; vAy -= ny * sum * imA
                wA -= iA * (rn1A * dx + rn2A * dy)
                vBx += nx * sum * imB; vBy += ny * sum * imB
                wB += iB * (rn1B * dx + rn2B * dy)
                k.pointee.p0.normalImpulse = xx
                k.pointee.p1.normalImpulse = xy
                k.pointee.p0.maxNormalImpulse = max(k.pointee.p0.maxNormalImpulse, xx)
                k.pointee.p1.maxNormalImpulse = max(k.pointee.p1.maxNormalImpulse, xy)
            }
            a.pointee.velocity = Vec2(vAx, vAy); a.pointee.angularVelocity = wA
            b.pointee.velocity = Vec2(vBx, vBy); b.pointee.angularVelocity = wB
        }
    }

    /// After the velocity iterations, points hit faster than the threshold leave at their
    /// restitution target (Box2D v3's b2ApplyRestitution; see `prepare`).
    static func applyRestitution(_ constraints: UnsafeMutableBufferPointer<VelocityConstraint>, _ contacts: UnsafeMutablePointer<Contact>,
                                 _ active: UnsafeBufferPointer<Int32>, _ motions: UnsafeMutablePointer<Motion>) {
        for slot in 0..<constraints.count where constraints[slot].restitution > 0 {
            let k = constraints.baseAddress! + slot
            let c = contacts + Int(active[slot])
            let a = motions + Int(k.pointee.a), b = motions + Int(k.pointee.b)
            let n = k.pointee.normal
            let imA = a.pointee.invMass, imB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia
            var vA = a.pointee.velocity, wA = a.pointee.angularVelocity
            var vB = b.pointee.velocity, wB = b.pointee.angularVelocity
            @inline(__always) func restitute(_ p: inout ConstraintPoint, _ data: ContactPoint) {
                if data.relativeVelocity > -restitutionThreshold || p.maxNormalImpulse == 0 { return }
                let vn = dot(vB - vA, n) + wB * p.rnB - wA * p.rnA
                let newImpulse = max(p.normalImpulse - p.normalMass * (vn - data.restitutionTarget), 0)
                let lambda = newImpulse - p.normalImpulse
                p.normalImpulse = newImpulse
                p.maxNormalImpulse = max(p.maxNormalImpulse, newImpulse)
                let P = n * lambda
                vA -= P * imA; wA -= iA * lambda * p.rnA
                vB += P * imB; wB += iB * lambda * p.rnB
            }
            restitute(&k.pointee.p0, c.pointee.p0)
            if k.pointee.pointCount == 2 { restitute(&k.pointee.p1, c.pointee.p1) }
            a.pointee.velocity = vA; a.pointee.angularVelocity = wA
            b.pointee.velocity = vB; b.pointee.angularVelocity = wB
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

    /// One non-linear Gauss–Seidel sweep; true when no point penetrates by more than 3 slops.
    static func solvePositions(_ contacts: UnsafeMutablePointer<Contact>, _ active: UnsafeBufferPointer<Int32>,
                               _ motions: UnsafeMutablePointer<Motion>) -> Bool {
        var minSeparation = 0.0
        for index in active {
            let c = contacts + Int(index)
            let a = motions + Int(c.pointee.a), b = motions + Int(c.pointee.b)
            let imA = a.pointee.invMass, imB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia
            let kind = c.pointee.kind, ln = c.pointee.localNormal, lp = c.pointee.localPoint
            let rAd = c.pointee.radiusA, rBd = c.pointee.radiusB
            @inline(__always) func correct(_ local: Vec2) {
                let xfA = transform(a.pointee), xfB = transform(b.pointee)
                let e = Narrowphase.evaluate(kind: kind, localNormal: ln, localPoint: lp, point: local,
                                             radiusA: rAd, radiusB: rBd, xfA, xfB)
                let rA = e.point - xfA.p, rB = e.point - xfB.p
                minSeparation = min(minSeparation, e.separation)
                let C = min(max(baumgarte * (e.separation + linearSlop), -maxLinearCorrection), 0)
                if C == 0 { return }
                let rnA = cross(rA, e.normal), rnB = cross(rB, e.normal)
                let K = imA + imB + iA * rnA * rnA + iB * rnB * rnB
                guard K > 0 else { return }
                let P = e.normal * (-C / K)
                a.pointee.position -= P * imA
                a.pointee.rotation = a.pointee.rotation.integrated(by: -iA * cross(rA, P))
                b.pointee.position += P * imB
                b.pointee.rotation = b.pointee.rotation.integrated(by: iB * cross(rB, P))
            }
            correct(c.pointee.p0.localPoint)
            if c.pointee.pointCount == 2 { correct(c.pointee.p1.localPoint) }
        }
        return minSeparation >= -3 * linearSlop
    }
}
