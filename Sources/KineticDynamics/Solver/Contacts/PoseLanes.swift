import Kinetic

/// One side's poses of a bundle's contacts: the positions and the rotations since the step began.
struct PoseLanes {
    let px: Lanes, py: Lanes, c: Lanes, s: Lanes

    @inline(__always) init(_ motions: UnsafeMutablePointer<Motion>, _ index: SIMD4<Int32>) {
        let m0 = motions + Int(index[0]), m1 = motions + Int(index[1])
        let m2 = motions + Int(index[2]), m3 = motions + Int(index[3])
        px = Lanes(m0.pointee.position.x, m1.pointee.position.x, m2.pointee.position.x, m3.pointee.position.x)
        py = Lanes(m0.pointee.position.y, m1.pointee.position.y, m2.pointee.position.y, m3.pointee.position.y)
        c = Lanes(m0.pointee.deltaRotation.c, m1.pointee.deltaRotation.c, m2.pointee.deltaRotation.c, m3.pointee.deltaRotation.c)
        s = Lanes(m0.pointee.deltaRotation.s, m1.pointee.deltaRotation.s, m2.pointee.deltaRotation.s, m3.pointee.deltaRotation.s)
    }
}

/// (B's position − A's position)·n in each lane: the part of the separation a bundle's points share.
@inline(__always) func centreGap(_ a: PoseLanes, _ b: PoseLanes, _ nx: Lanes, _ ny: Lanes) -> Lanes {
    (b.px - a.px) * nx + (b.py - a.py) * ny
}

/// The separation of point `p` of each lane now, with the bodies' `centreGap`: where its two
/// material points are along the normal, plus the separation the manifold measured.
@inline(__always) func separation(_ p: PointLanes, _ centres: Lanes, _ a: PoseLanes, _ b: PoseLanes) -> Lanes {
    separation(base: p.baseSeparation, centres: centres, a: (a.c, a.s), b: (b.c, b.s),
               anchorA: (p.rnA, p.rtA), anchorB: (p.rnB, p.rtB))
}

/// base + (centres + ((Δ_B·r_B)·n − (Δ_A·r_A)·n)), each (Δ·r)·n as s·rn − c·rt: the one formula
/// of a point's separation, for the sweeps and for `ContactSolver.prepare`'s base (at Δ = 1).
@inline(__always) func separation(base: Lanes, centres: Lanes, a: (c: Lanes, s: Lanes), b: (c: Lanes, s: Lanes),
                                  anchorA: (rn: Lanes, rt: Lanes), anchorB: (rn: Lanes, rt: Lanes)) -> Lanes {
    base + (centres + ((b.s * anchorB.rn - b.c * anchorB.rt) - (a.s * anchorA.rn - a.c * anchorA.rt)))
}
