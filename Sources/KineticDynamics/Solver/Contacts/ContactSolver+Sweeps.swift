// The contact sweeps over a step's bundles (`ContactBundle`), lane by lane: the warm start, and
// the biased and the relaxing sweep.
import Kinetic

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
