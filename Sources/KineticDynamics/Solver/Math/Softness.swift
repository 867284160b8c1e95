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
