import Kinetic

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
