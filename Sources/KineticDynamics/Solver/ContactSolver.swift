// Sequential impulses for contacts (Box2D 2.3): warm starting, Coulomb friction, a 2×2 block

import Kinetic
// solver for two-point manifolds, speculative points, restitution as a final pass (Box2D v3), and
// non-linear Gauss–Seidel position correction.

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

    /// Anchors, effective masses, biases; `active` lists the contacts to solve.
    static func prepare(_ contacts: UnsafeMutablePointer<Contact>, _ active: UnsafeBufferPointer<Int32>,
                        _ motions: UnsafeMutablePointer<Motion>, _ start: UnsafePointer<StartState>, invH: Double) {
        for index in active {
            let c = contacts + Int(index)
            let mA = motions[Int(c.pointee.a)], mB = motions[Int(c.pointee.b)]
            let sA = start[Int(c.pointee.a)], sB = start[Int(c.pointee.b)]
            let restitution = c.pointee.restitution
            let xfA = transform(mA), xfB = transform(mB)
            let imA = mA.invMass, imB = mB.invMass, iA = mA.invInertia, iB = mB.invInertia
            let kind = c.pointee.kind, ln = c.pointee.localNormal, lp = c.pointee.localPoint
            let rA = c.pointee.radiusA, rB = c.pointee.radiusB
            var normal = Vec2.zero
            @inline(__always) func setUp(_ p: inout ContactPoint) {
                let ev = Narrowphase.evaluate(kind: kind, localNormal: ln, localPoint: lp, point: p.localPoint,
                                             radiusA: rA, radiusB: rB, xfA, xfB)
                normal = ev.normal
                p.rA = ev.point - mA.position
                p.rB = ev.point - mB.position
                let rnA = cross(p.rA, ev.normal), rnB = cross(p.rB, ev.normal)
                let kN = imA + imB + iA * rnA * rnA + iB * rnB * rnB
                p.normalMass = kN > 0 ? 1 / kN : 0
                let t = cross(ev.normal, 1)
                let rtA = cross(p.rA, t), rtB = cross(p.rB, t)
                let kT = imA + imB + iA * rtA * rtA + iB * rtB * rtB
                p.tangentMass = kT > 0 ? 1 / kT : 0
                // Restitution: the approach speed when the step began, reflected, then this step's
                // applied forces (gravity) act for the whole step. With the free-flight position
                // term this keeps an elastic bounce's height (exactly, to O(h²/v) per bounce).
                let dv0 = sB.velocity + cross(sB.angularVelocity, p.rB) - sA.velocity - cross(sA.angularVelocity, p.rA)
                p.relativeVelocity = dot(dv0, ev.normal)
                p.restitutionTarget = -restitution * p.relativeVelocity + dot(sB.kick - sA.kick, ev.normal)
                p.velocityBias = p.separation > 0 ? -p.separation * invH : 0
                p.maxNormalImpulse = 0
                c.pointee.worldPoint = ev.point
            }
            setUp(&c.pointee.p0)
            c.pointee.useBlock = false
            if c.pointee.pointCount == 2 {
                setUp(&c.pointee.p1)
                let p0 = c.pointee.p0, p1 = c.pointee.p1
                let rn1A = cross(p0.rA, normal), rn1B = cross(p0.rB, normal)
                let rn2A = cross(p1.rA, normal), rn2B = cross(p1.rB, normal)
                let k11 = imA + imB + iA * rn1A * rn1A + iB * rn1B * rn1B
                let k22 = imA + imB + iA * rn2A * rn2A + iB * rn2B * rn2B
                let k12 = imA + imB + iA * rn1A * rn2A + iB * rn1B * rn2B
                let det = k11 * k22 - k12 * k12
                if k11 * k11 < 1000 * det {
                    c.pointee.useBlock = true
                    c.pointee.k11 = k11; c.pointee.k12 = k12; c.pointee.k22 = k22
                    let inv = 1 / det
                    c.pointee.n11 = k22 * inv; c.pointee.n12 = -k12 * inv; c.pointee.n22 = k11 * inv
                }
            }
            c.pointee.normal = normal
        }
    }

    static func warmStart(_ contacts: UnsafeMutablePointer<Contact>, _ active: UnsafeBufferPointer<Int32>,
                          _ motions: UnsafeMutablePointer<Motion>) {
        for index in active {
            let c = contacts + Int(index)
            let a = motions + Int(c.pointee.a), b = motions + Int(c.pointee.b)
            let n = c.pointee.normal, t = cross(n, 1)
            let imA = a.pointee.invMass, imB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia
            var vA = a.pointee.velocity, wA = a.pointee.angularVelocity
            var vB = b.pointee.velocity, wB = b.pointee.angularVelocity
            @inline(__always) func apply(_ p: ContactPoint) {
                let P = n * p.normalImpulse + t * p.tangentImpulse
                vA -= P * imA; wA -= iA * cross(p.rA, P)
                vB += P * imB; wB += iB * cross(p.rB, P)
            }
            apply(c.pointee.p0)
            if c.pointee.pointCount == 2 { apply(c.pointee.p1) }
            a.pointee.velocity = vA; a.pointee.angularVelocity = wA
            b.pointee.velocity = vB; b.pointee.angularVelocity = wB
        }
    }

    static func solveVelocities(_ contacts: UnsafeMutablePointer<Contact>, _ active: UnsafeBufferPointer<Int32>,
                                _ motions: UnsafeMutablePointer<Motion>) {
        for index in active {
            let c = contacts + Int(index)
            let a = motions + Int(c.pointee.a), b = motions + Int(c.pointee.b)
            let n = c.pointee.normal, t = cross(n, 1)
            let imA = a.pointee.invMass, imB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia
            var vA = a.pointee.velocity, wA = a.pointee.angularVelocity
            var vB = b.pointee.velocity, wB = b.pointee.angularVelocity
            let friction = c.pointee.friction
            let count = c.pointee.pointCount

            // Friction first, clamped by the normal impulse of the previous iteration.
            @inline(__always) func solveFriction(_ p: inout ContactPoint) {
                let dv = vB + cross(wB, p.rB) - vA - cross(wA, p.rA)
                let vt = dot(dv, t)
                let maxF = friction * p.normalImpulse
                let newImpulse = min(max(p.tangentImpulse - p.tangentMass * vt, -maxF), maxF)
                let lambda = newImpulse - p.tangentImpulse
                p.tangentImpulse = newImpulse
                let P = t * lambda
                vA -= P * imA; wA -= iA * cross(p.rA, P)
                vB += P * imB; wB += iB * cross(p.rB, P)
            }
            if friction > 0 {
                solveFriction(&c.pointee.p0)
                if count == 2 { solveFriction(&c.pointee.p1) }
            }

            @inline(__always) func solveNormal(_ p: inout ContactPoint) {
                let dv = vB + cross(wB, p.rB) - vA - cross(wA, p.rA)
                let vn = dot(dv, n)
                let newImpulse = max(p.normalImpulse - p.normalMass * (vn - p.velocityBias), 0)
                let lambda = newImpulse - p.normalImpulse
                p.normalImpulse = newImpulse
                p.maxNormalImpulse = max(p.maxNormalImpulse, newImpulse)
                let P = n * lambda
                vA -= P * imA; wA -= iA * cross(p.rA, P)
                vB += P * imB; wB += iB * cross(p.rB, P)
            }
            if count == 1 || !c.pointee.useBlock {
                solveNormal(&c.pointee.p0)
                if count == 2 { solveNormal(&c.pointee.p1) }
            } else {
                // Box2D 2.3's block solver: the 2×2 LCP  vn = K·x + b, x ≥ 0, vn ≥ 0, x·vn = 0,
                // by enumerating the four cases.
                let p0 = c.pointee.p0, p1 = c.pointee.p1
                let ax = p0.normalImpulse, ay = p1.normalImpulse
                let dv1 = vB + cross(wB, p0.rB) - vA - cross(wA, p0.rA)
                let dv2 = vB + cross(wB, p1.rB) - vA - cross(wA, p1.rA)
                let k11 = c.pointee.k11, k12 = c.pointee.k12, k22 = c.pointee.k22
                let bx = dot(dv1, n) - p0.velocityBias - (k11 * ax + k12 * ay)
                let by = dot(dv2, n) - p1.velocityBias - (k12 * ax + k22 * ay)
                var xx = 0.0, xy = 0.0
                var solved = false
                // Both points pushing.
                xx = -(c.pointee.n11 * bx + c.pointee.n12 * by)
                xy = -(c.pointee.n12 * bx + c.pointee.n22 * by)
                if xx >= 0 && xy >= 0 { solved = true }
                if !solved {
                    // Only the first.
                    xx = -p0.normalMass * bx; xy = 0
                    let vn2 = k12 * xx + by
                    if xx >= 0 && vn2 >= 0 { solved = true }
                }
                if !solved {
                    xx = 0; xy = -p1.normalMass * by
                    let vn1 = k12 * xy + bx
                    if xy >= 0 && vn1 >= 0 { solved = true }
                }
                if !solved {
                    xx = 0; xy = 0
                    if bx >= 0 && by >= 0 { solved = true }
                }
                if solved {
                    let dx = xx - ax, dy = xy - ay
                    let P1 = n * dx, P2 = n * dy
                    vA -= (P1 + P2) * imA
                    wA -= iA * (cross(p0.rA, P1) + cross(p1.rA, P2))
                    vB += (P1 + P2) * imB
                    wB += iB * (cross(p0.rB, P1) + cross(p1.rB, P2))
                    c.pointee.p0.normalImpulse = xx
                    c.pointee.p1.normalImpulse = xy
                    c.pointee.p0.maxNormalImpulse = max(p0.maxNormalImpulse, xx)
                    c.pointee.p1.maxNormalImpulse = max(p1.maxNormalImpulse, xy)
                } else {
                    // Numerically degenerate: fall back to one point at a time.
                    solveNormal(&c.pointee.p0)
                    solveNormal(&c.pointee.p1)
                }
            }
            a.pointee.velocity = vA; a.pointee.angularVelocity = wA
            b.pointee.velocity = vB; b.pointee.angularVelocity = wB
        }
    }

    /// After the velocity iterations, points that were hit faster than the threshold leave with
    /// −e times their approach speed (Box2D v3's b2ApplyRestitution).
    static func applyRestitution(_ contacts: UnsafeMutablePointer<Contact>, _ active: UnsafeBufferPointer<Int32>,
                                 _ motions: UnsafeMutablePointer<Motion>) {
        for index in active {
            let c = contacts + Int(index)
            if c.pointee.restitution == 0 { continue }
            let a = motions + Int(c.pointee.a), b = motions + Int(c.pointee.b)
            let n = c.pointee.normal
            let imA = a.pointee.invMass, imB = b.pointee.invMass, iA = a.pointee.invInertia, iB = b.pointee.invInertia
            var vA = a.pointee.velocity, wA = a.pointee.angularVelocity
            var vB = b.pointee.velocity, wB = b.pointee.angularVelocity
            @inline(__always) func restitute(_ p: inout ContactPoint) {
                if p.relativeVelocity > -restitutionThreshold || p.maxNormalImpulse == 0 { return }
                let dv = vB + cross(wB, p.rB) - vA - cross(wA, p.rA)
                let vn = dot(dv, n)
                let newImpulse = max(p.normalImpulse - p.normalMass * (vn - p.restitutionTarget), 0)
                let lambda = newImpulse - p.normalImpulse
                p.normalImpulse = newImpulse
                p.maxNormalImpulse = max(p.maxNormalImpulse, newImpulse)
                let P = n * lambda
                vA -= P * imA; wA -= iA * cross(p.rA, P)
                vB += P * imB; wB += iB * cross(p.rB, P)
            }
            restitute(&c.pointee.p0)
            if c.pointee.pointCount == 2 { restitute(&c.pointee.p1) }
            a.pointee.velocity = vA; a.pointee.angularVelocity = wA
            b.pointee.velocity = vB; b.pointee.angularVelocity = wB
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
