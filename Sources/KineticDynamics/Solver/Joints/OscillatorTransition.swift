// The closed-form step of a damped oscillator, for a lone spring's exact path (`JointSprings.applyExactSpring`).
import Kinetic

/// The exact state transition over a step h of the damped oscillator y'' + c·y' + ω²·y = 0:
/// (y₁, v₁) = (yy·y₀ + yv·v₀, vy·y₀ + vv·v₀). With α = c/2, β² = ω² − α², E = e^(−αh), and
/// C = cos βh, S = sin(βh)/β (cosh and sinh when β² < 0; 1 and h when β² = 0):
///
///     y₁ = E·((C + αS)·y₀ + S·v₀),   v₁ = E·((C − αS)·v₀ − ω²S·y₀)
///
/// From the package's deterministic kernels (`Elementary`), so the same bits on every platform.
struct OscillatorTransition {
    var yy = 1.0, yv = 0.0, vy = 0.0, vv = 1.0

    init() {}

    init(omega: Double, damping c: Double, h: Double) {
        let alpha = c / 2
        let beta2 = (omega - alpha) * (omega + alpha)
        var ec: Double, es: Double                 // E·C and E·S
        if beta2 > 0 {
            let beta = beta2.squareRoot()
            let e = Elementary.exp(-alpha * h)
            let sc = Elementary.sinCos(beta * h)
            ec = e * sc.cos
            es = e * sc.sin / beta
        } else {
            // Overdamped: E·cosh and E·sinh as sums of the two decays e^(−(α ∓ γ)h), which stay
            // finite however large c·h is; near critical damping by their series (no cancellation).
            let gamma = (-beta2).squareRoot()
            let x = gamma * h
            if x < 1e-3 {
                let e = Elementary.exp(-alpha * h)
                let x2 = x * x
                ec = e * (1 + x2 / 2 * (1 + x2 / 12))
                es = e * h * (1 + x2 / 6 * (1 + x2 / 20))
            } else {
                let slow = Elementary.exp(-(omega * omega / (alpha + gamma)) * h)   // α − γ without cancellation
                let fast = Elementary.exp(-(alpha + gamma) * h)
                ec = (slow + fast) / 2
                es = (slow - fast) / (2 * gamma)
            }
        }
        yy = ec + alpha * es
        yv = es
        vy = -omega * omega * es
        vv = ec - alpha * es
    }
}
