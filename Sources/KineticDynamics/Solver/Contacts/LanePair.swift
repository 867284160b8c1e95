import Kinetic

/// A bundle's two sides while it is solved: their velocities in registers, and their masses.
/// Its methods are `@_transparent`: the generic SIMD selections make them too big for the
/// optimiser to inline on its own, and a call per point costs a fifth of a sweep.
struct LanePair {
    var a: VelocityLanes
    var b: VelocityLanes
    let inertiaA: Lanes, inertiaB: Lanes
    var massA: Lanes { a.invMass }
    var massB: Lanes { b.invMass }

    @inline(__always) init(_ motions: UnsafeMutablePointer<Motion>, _ k: UnsafeMutablePointer<ContactBundle>) {
        a = VelocityLanes(motions, k.pointee.a)
        b = VelocityLanes(motions, k.pointee.b)
        inertiaA = k.pointee.invInertiaA; inertiaB = k.pointee.invInertiaB
    }

    /// Writes the bundle's lanes back, A's side first.
    @inline(__always) func store(_ motions: UnsafeMutablePointer<Motion>, _ k: UnsafeMutablePointer<ContactBundle>) {
        a.store(motions, k.pointee.a)
        b.store(motions, k.pointee.b)
    }

    /// The relative velocity along d at a point whose anchors' cross products with d are dA
    /// and dB: (vB − vA)·d + ωB·dB − ωA·dA.
    @_transparent func speed(_ dx: Lanes, _ dy: Lanes, _ dA: Lanes, _ dB: Lanes) -> Lanes {
        (b.vx - a.vx) * dx + (b.vy - a.vy) * dy + b.w * dB - a.w * dA
    }

    /// The impulse λ·d at that point, −λ·d on A and +λ·d on B, in the lanes of `mask` only (the
    /// others keep their velocities to the bit).
    @_transparent mutating func apply(_ lambda: Lanes, _ dx: Lanes, _ dy: Lanes, _ dA: Lanes, _ dB: Lanes,
                                      where mask: LaneMask) {
        let px = dx * lambda, py = dy * lambda
        a.vx.replace(with: a.vx - px * massA, where: mask); a.vy.replace(with: a.vy - py * massA, where: mask)
        a.w.replace(with: a.w - inertiaA * lambda * dA, where: mask)
        b.vx.replace(with: b.vx + px * massB, where: mask); b.vy.replace(with: b.vy + py * massB, where: mask)
        b.w.replace(with: b.w + inertiaB * lambda * dB, where: mask)
    }

    /// A point's accumulated normal and tangent impulses at once (the warm start), in the lanes
    /// of `mask`.
    @_transparent mutating func warmStart(_ p: PointLanes, _ nx: Lanes, _ ny: Lanes, where mask: LaneMask) {
        let tx = ny, ty = -nx
        let px = nx * p.normalImpulse + tx * p.tangentImpulse
        let py = ny * p.normalImpulse + ty * p.tangentImpulse
        a.vx.replace(with: a.vx - px * massA, where: mask); a.vy.replace(with: a.vy - py * massA, where: mask)
        a.w.replace(with: a.w - inertiaA * (p.normalImpulse * p.rnA + p.tangentImpulse * p.rtA), where: mask)
        b.vx.replace(with: b.vx + px * massB, where: mask); b.vy.replace(with: b.vy + py * massB, where: mask)
        b.w.replace(with: b.w + inertiaB * (p.normalImpulse * p.rnB + p.tangentImpulse * p.rtB), where: mask)
    }

    /// Non-penetration at one point of separation `s`, in the lanes of `mask`: with the soft bias
    /// when `bias.isOn` (a speculative point, still apart, may close its gap in the substep either
    /// way).
    @_transparent mutating func solveNormal(_ p: inout PointLanes, _ s: Lanes, _ nx: Lanes, _ ny: Lanes,
                                            _ bias: BiasLanes, where mask: LaneMask) {
        let zero = Lanes(repeating: 0)
        let touching = .!(s .> zero)
        var vBias = (s * bias.invH).replacing(with: zero, where: touching)
        var massScale = Lanes(repeating: 1), impulseScale = zero
        if bias.isOn {
            vBias.replace(with: laneMax(bias.coefficient * s, bias.pushOut), where: touching)
            massScale.replace(with: bias.massScale, where: touching)
            impulseScale.replace(with: bias.impulseScale, where: touching)
        }
        let vn = speed(nx, ny, p.rnA, p.rnB)
        let old = p.normalImpulse
        let new = old.replacing(with: laneMax(old - p.normalMass * (massScale * vn + vBias) - impulseScale * old, zero),
                                where: mask)
        p.normalImpulse = new
        p.maxNormalImpulse.replace(with: laneMax(p.maxNormalImpulse, new), where: mask)
        apply(new - old, nx, ny, p.rnA, p.rnB, where: mask)
    }

    /// Coulomb friction at one point, in the lanes of `mask`.
    @_transparent mutating func solveTangent(_ p: inout PointLanes, _ tx: Lanes, _ ty: Lanes, _ friction: Lanes,
                                             where mask: LaneMask) {
        let vt = speed(tx, ty, p.rtA, p.rtB)
        let maxF = friction * p.normalImpulse
        let old = p.tangentImpulse
        let new = old.replacing(with: laneMin(laneMax(old - p.tangentMass * vt, -maxF), maxF), where: mask)
        p.tangentImpulse = new
        apply(new - old, tx, ty, p.rtA, p.rtB, where: mask)
    }
}
