// The contacts as the solver sweeps them: bundles of up to four contacts of one graph colour,
// lane by lane. A colour's contacts share no moving body, so the four are solved side by side in
// the lanes of `SIMD4<Double>` (AVX2 or SSE2 natively, simd128 or scalar code in WebAssembly)
// and give the bits they would one after another. Each lane runs the same operations in the same
// order (Swift does not fuse a·b + c), and a bundle is four lanes wide on every platform, so the
// results do not depend on the machine's vector width; `ContactBundleTests` checks that bundles of
// one lane give the same bits as bundles of four. The overflow colour's contacts, which may share
// bodies, are bundles of one.

import Kinetic

/// Four doubles, one per lane of a bundle.
typealias Lanes = SIMD4<Double>
typealias LaneMask = SIMDMask<SIMD4<Int64>>

/// `Swift.max` lane by lane (`y >= x ? y : x`: the lane NaN and ±0 give as the scalar `max`).
@inline(__always) func laneMax(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .>= x) }
/// `Swift.min` lane by lane (`y < x ? y : x`).
@inline(__always) func laneMin(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .< x) }

/// Four floats, one per lane: the step's fixed geometry of a bundle (the lever arms, the normal,
/// the inverse inertias), kept at single precision and widened to `Lanes` where a sweep reads it.
/// Everything the sweeps accumulate (impulses, separations, velocities) and the effective masses
/// stay in `Double`; see `ContactBundle`.
typealias NarrowLanes = SIMD4<Float>

/// One manifold point of a bundle's contacts, lane by lane: what the sweeps read and write.
struct PointLanes {
    /// rA × n, rB × n, rA × t, rB × t, narrowed (`NarrowLanes`): the anchors enter the sweeps
    /// only through these, so an impulse λ along n turns A by −I⁻¹·λ·(rA × n) without a cross
    /// product per update.
    var armNA = NarrowLanes(), armNB = NarrowLanes(), armTA = NarrowLanes(), armTB = NarrowLanes()
    /// The accumulated impulses (per substep), and the largest normal one of the step.
    var normalImpulse = Lanes(), tangentImpulse = Lanes(), maxNormalImpulse = Lanes()
    var normalMass = Lanes(), tangentMass = Lanes()
    /// The separation the point started the step from, less the part `separation` measures.
    /// The anchors r are fixed in the world for the step and turned by the bodies' rotations
    /// since, Δ = (c, s): (Δ·r)·n = c·(r·n) + s·(r × n) = s·rn − c·rt (as rt = r × t = −r·n). So
    /// the separation after a move is `baseSeparation` + (B's position − A's position)·n +
    /// (Δ_B·r_B − Δ_A·r_A)·n, from the lever arms the impulses use (`rnA` … `rtB`).
    var baseSeparation = Lanes()

    /// Drops the impulses in the lanes of `mask`, the points that bounced: they are leaving their
    /// contacts, so the next step's warm start gives them none (`ContactSolver.applyRestitution`).
    @inline(__always) mutating func release(where mask: LaneMask) {
        normalImpulse.replace(with: 0, where: mask)
        tangentImpulse.replace(with: 0, where: mask)
    }

    /// The lever arms widened, as the sweeps compute with them.
    var rnA: Lanes { @inline(__always) get { Lanes(armNA) } }
    var rnB: Lanes { @inline(__always) get { Lanes(armNB) } }
    var rtA: Lanes { @inline(__always) get { Lanes(armTA) } }
    var rtB: Lanes { @inline(__always) get { Lanes(armTB) } }
}

/// Up to four contacts of one colour, lane by lane (Box2D v3's b2ContactConstraintSIMD, written
/// for Kinetic): what the substeps' sweeps read. Lanes past `laneCount` name the ground, with no
/// points: the sweeps write its velocities back as they read them (it has no inverse mass, and the
/// lanes carry no impulse), and nothing else is written back from them.
struct ContactBundle {
    // In the order of what reads them, in 64-byte lines (a bundle is 11): the points (four lines
    // each: the narrowed lever arms, then the impulses, what the warm start reads first), the
    // normal and inertias (one), the bodies and the lanes' second points (one), then friction and
    // the bookkeeping (one), which only the relax sweep, `prepare` and the write-back read. The
    // warm start reads 6 of the 11 lines, the biased sweep 10.
    //
    // The geometry fixed for the step is stored narrowed (`NarrowLanes`: 16 bytes for four lanes
    // instead of 32), so a bundle carries 176 bytes per contact instead of 224. The sweeps stream
    // the bundles through the caches twelve times a step and their misses follow the bytes. The
    // narrowing rounds a lever arm or a normal by at most 2⁻²⁴ of itself (6e-6 pt on a 100-pt
    // arm). `prepare` computes the masses and the base separation from the narrowed values, so the
    // sweeps' constraints are exactly consistent with them.
    var p0 = PointLanes()
    var p1 = PointLanes()
    /// The world normal from A to B, fixed for the step, narrowed.
    var narrowNormalX = NarrowLanes(), narrowNormalY = NarrowLanes()
    /// The inverse inertias, narrowed (the inverse masses come with the velocities,
    /// `VelocityLanes`: a lane touching a static body has a side without).
    var narrowInvInertiaA = NarrowLanes(), narrowInvInertiaB = NarrowLanes()
    /// The bodies of each lane.
    var a = SIMD4<Int32>(repeating: 0)
    var b = SIMD4<Int32>(repeating: 0)
    /// −1 in the lanes with a second point, 0 in the others (`twoPoints`), and whether any lane
    /// has one: 17 bytes in the bodies' line, where a mask of four `Int64` would take 32.
    var secondPoints = SIMD4<Int32>(repeating: 0)
    var anyTwoPoints = false
    /// Friction coefficients (a lane has friction where it is above 0).
    var friction = Lanes()
    /// Lane i is the contact of slot `firstSlot + i` of the step's active contacts.
    var firstSlot: Int32 = 0
    var laneCount: Int32 = 0
    /// Whether any lane has friction or restitution (so a sweep can skip what no lane needs
    /// without reducing a mask).
    var anyFriction = false
    var anyRestitution = false
    /// Pads the bundle to 704 bytes, 11 cache lines, so that in a `CacheAlignedBuffer` no lane
    /// crosses a line (`CacheAlignedBufferTests` checks the stride and the lines).
    private var padding: (Int64, Int64) = (0, 0)

    /// The normal and inverse inertias widened, as the sweeps compute with them.
    var normalX: Lanes { @inline(__always) get { Lanes(narrowNormalX) } }
    var normalY: Lanes { @inline(__always) get { Lanes(narrowNormalY) } }
    var invInertiaA: Lanes { @inline(__always) get { Lanes(narrowInvInertiaA) } }
    var invInertiaB: Lanes { @inline(__always) get { Lanes(narrowInvInertiaB) } }

    /// The lanes with a second point, stored as `secondPoints`.
    var twoPoints: LaneMask {
        @inline(__always) get { SIMD4<Int64>(truncatingIfNeeded: secondPoints) .< SIMD4<Int64>(repeating: 0) }
        @inline(__always) set {
            secondPoints = SIMD4<Int32>(truncatingIfNeeded: SIMD4<Int64>(repeating: 0).replacing(with: -1, where: newValue))
        }
    }
}

/// What restitution reads of one point, lane by lane, beside the bundle (read once a step).
struct BouncePointLanes {
    /// The normal velocity when the step began, the applied forces' relative acceleration along
    /// the normal, and e²·(impact speed)² (see `ContactSolver.bounceEnergy`).
    var relativeVelocity = Lanes(), normalAcceleration = Lanes(), energy = Lanes()
    /// The normal impulse the point took over the whole step so far: the sum of each substep's
    /// accumulated impulse (a substep's warm start applies the impulse again, so the bodies took
    /// each substep's in full), then restitution's change (`ContactSolver.addSubstepImpulses`).
    var stepImpulse = Lanes()
}

/// A bundle's restitution and its points' bounce figures.
struct BounceLanes {
    var restitution = Lanes()
    var p0 = BouncePointLanes()
    var p1 = BouncePointLanes()
}

/// One side's velocities of a bundle's contacts, held in registers while it is solved, with the
/// inverse masses read beside them (not written back).
///
/// Each lane is gathered with scalar loads and written back with scalar stores. Loading each
/// body's motion as one row of four doubles and transposing the rows in registers takes fewer
/// instructions on paper, but the optimiser then pushes the transposes through the lane-wise
/// arithmetic into half-scalar code: a step ran 8–10 % more instructions that way.
struct VelocityLanes {
    var vx: Lanes, vy: Lanes, w: Lanes
    let invMass: Lanes

    @inline(__always) init(_ motions: UnsafeMutablePointer<Motion>, _ index: SIMD4<Int32>) {
        let m0 = motions + Int(index[0]), m1 = motions + Int(index[1])
        let m2 = motions + Int(index[2]), m3 = motions + Int(index[3])
        vx = Lanes(m0.pointee.velocity.x, m1.pointee.velocity.x, m2.pointee.velocity.x, m3.pointee.velocity.x)
        vy = Lanes(m0.pointee.velocity.y, m1.pointee.velocity.y, m2.pointee.velocity.y, m3.pointee.velocity.y)
        w = Lanes(m0.pointee.angularVelocity, m1.pointee.angularVelocity, m2.pointee.angularVelocity, m3.pointee.angularVelocity)
        invMass = Lanes(m0.pointee.invMass, m1.pointee.invMass, m2.pointee.invMass, m3.pointee.invMass)
    }

    /// Writes the four lanes back, in lane order. A bundle's lanes past its contacts name the
    /// ground and write its velocities back unchanged: storing them costs less than the branches
    /// that skipped them, which also made the optimiser compute the last two lanes apart.
    @inline(__always) func store(_ motions: UnsafeMutablePointer<Motion>, _ index: SIMD4<Int32>) {
        @inline(__always) func put(_ lane: Int) {
            let m = motions + Int(index[lane])
            m.pointee.velocity = Vec2(vx[lane], vy[lane])
            m.pointee.angularVelocity = w[lane]
        }
        put(0); put(1); put(2); put(3)
    }
}

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

/// A sweep's soft-contact coefficients for the lanes of a bundle (the moving or the fixed ones).
struct BiasLanes {
    /// Whether the sweep pushes overlapping points apart (the biased sweep) or relaxes.
    let isOn: Bool
    let invH: Lanes, pushOut: Lanes
    /// massScale·biasRate (in the scalar order: their product times the separation), massScale
    /// and impulseScale of each lane's `Softness`.
    let coefficient: Lanes, massScale: Lanes, impulseScale: Lanes
}

extension ContactSolver {
    /// Applies the accumulated impulses again at the start of a substep (they are per substep).
    static func warmStart(_ motions: UnsafeMutablePointer<Motion>, _ bundles: UnsafeMutableBufferPointer<ContactBundle>) {
        guard let base = bundles.baseAddress else { return }
        let all = LaneMask(repeating: true)
        for index in 0..<bundles.count {
            let k = base + index
            var pair = LanePair(motions, k)
            let nx = k.pointee.normalX, ny = k.pointee.normalY
            pair.warmStart(k.pointee.p0, nx, ny, where: all)
            if k.pointee.anyTwoPoints { pair.warmStart(k.pointee.p1, nx, ny, where: k.pointee.twoPoints) }
            pair.store(motions, k)
        }
    }

    /// One sweep over the contacts: non-penetration with the soft bias when `useBias`, then
    /// Coulomb friction when not (as Box2D v3 does: in the biased sweep the push-out would take
    /// friction with it, and a pyramid creeps). Each lane takes its branches as selections.
    static func solve(_ motions: UnsafeMutablePointer<Motion>, _ bundles: UnsafeMutableBufferPointer<ContactBundle>,
                      softness: (moving: Softness, fixed: Softness), invH: Double, useBias: Bool) {
        // Two copies of the sweep, each with its branch on `useBias` decided.
        if useBias {
            sweep(motions, bundles, softness: softness, invH: invH, useBias: true)
        } else {
            sweep(motions, bundles, softness: softness, invH: invH, useBias: false)
        }
    }

    @inline(__always)
    private static func sweep(_ motions: UnsafeMutablePointer<Motion>, _ bundles: UnsafeMutableBufferPointer<ContactBundle>,
                              softness: (moving: Softness, fixed: Softness), invH: Double, useBias: Bool) {
        guard let base = bundles.baseAddress else { return }
        let all = LaneMask(repeating: true)
        let moving = softness.moving, fixed = softness.fixed
        let invHs = Lanes(repeating: invH), pushOut = Lanes(repeating: -pushOutSpeed)
        for index in 0..<bundles.count {
            let k = base + index
            var pair = LanePair(motions, k)
            let poseA = PoseLanes(motions, k.pointee.a), poseB = PoseLanes(motions, k.pointee.b)
            let nx = k.pointee.normalX, ny = k.pointee.normalY
            // A lane touching a static body (or a sleeping one, static for the step) has one side
            // without inverse mass; its contact is twice as stiff.
            let zero = Lanes(repeating: 0)
            let isFixed = (pair.massA .== zero) .| (pair.massB .== zero), twoPoints = k.pointee.twoPoints
            let hasSecond = k.pointee.anyTwoPoints
            @inline(__always) func lanes(_ m: Double, _ f: Double) -> Lanes {
                Lanes(repeating: m).replacing(with: Lanes(repeating: f), where: isFixed)
            }
            let bias = BiasLanes(isOn: useBias, invH: invHs, pushOut: pushOut,
                                 coefficient: lanes(moving.massScale * moving.biasRate, fixed.massScale * fixed.biasRate),
                                 massScale: lanes(moving.massScale, fixed.massScale),
                                 impulseScale: lanes(moving.impulseScale, fixed.impulseScale))
            let centres = centreGap(poseA, poseB, nx, ny)
            pair.solveNormal(&k.pointee.p0, separation(k.pointee.p0, centres, poseA, poseB), nx, ny, bias, where: all)
            if hasSecond {
                pair.solveNormal(&k.pointee.p1, separation(k.pointee.p1, centres, poseA, poseB), nx, ny, bias, where: twoPoints)
            }
            if !useBias && k.pointee.anyFriction {
                let withFriction = k.pointee.friction .> zero
                let tx = ny, ty = -nx
                pair.solveTangent(&k.pointee.p0, tx, ty, k.pointee.friction, where: withFriction)
                if hasSecond { pair.solveTangent(&k.pointee.p1, tx, ty, k.pointee.friction, where: withFriction .& twoPoints) }
            }
            pair.store(motions, k)
        }
    }
}
