// POP's "bouncy 3" conversion between (bounciness, speed) and (tension, friction, mass).

/// The spring constants of a POP spring given by bounciness and speed, computed exactly as POP
/// does it (`+[POPSpringAnimation convertBounciness:speed:toTension:friction:mass:]`; Rebound's
/// `BouncyConversion` and React Native's `SpringConfig.fromBouncinessAndSpeed` give the same).
///
///     let (tension, friction, mass) = POPSpringConversion.dynamics(bounciness: 6, speed: 15)
///     let spring = SpringTimingParameters(mass: mass, stiffness: tension, damping: friction)
///
/// Tension is Kinetic's stiffness and friction its damping. POP's five-step conversion, figures
/// for common inputs and the accepted inputs are in <doc:POPAnimations>.
public enum POPSpringConversion {
    /// The tension, friction and mass POP uses for `bounciness` and `speed` (see
    /// <doc:POPAnimations>). The result is not validated: pass finite, non-negative inputs.
    public static func dynamics(bounciness: Double, speed: Double) -> (tension: Double, friction: Double, mass: Double) {
        // Steps 1–2 (POPNormalize, POPProjectNormal).
        let b = normalize(bounciness / normalizationScale, 0, normalizationRange)
        let projectedB = project(b, bouncinessNormalizedRange.lowerBound, bouncinessNormalizedRange.upperBound)
        let s = normalize(speed / normalizationScale, 0, normalizationRange)
        let qcTension = project(s, speedNormalizedRange.lowerBound, speedNormalizedRange.upperBound)
        // Step 3 (POPQuadraticOutInterpolation): a linear mix weighted by the ease-out 2b − b².
        let q = 2 * projectedB - projectedB * projectedB
        let qcFriction = q * frictionInterpolationMax + (1 - q) * noBounceFriction(qcTension: qcTension)
        // Step 5 (POP_ANIMATION_TENSION_FOR_QC_TENSION, POP_ANIMATION_FRICTION_FOR_QC_FRICTION).
        return (tension(fromQC: qcTension), friction(fromQC: qcFriction), 1)
    }

    /// POP's inverse (`+convertTension:friction:toBounciness:speed:`): the bounciness and speed
    /// whose conversion gives `tension` and `friction`, solving step 3's quadratic in `b` and
    /// taking the root inside 0…0.8. Exact inverse of ``dynamics(bounciness:speed:)`` for
    /// bounciness 0…20 and any speed. Non-finite when no bounciness produces that friction.
    public static func bouncinessAndSpeed(tension: Double, friction: Double) -> (bounciness: Double, speed: Double) {
        let qcTension = 30 + 50 * (tension - 194) / (375 - 194)
        let qcFriction = 8 + 2 * (friction - 25) / (25 - 19)
        let n = noBounceFriction(qcTension: qcTension)
        // F = n + (0.01 − n)(2b − b²)  ⇔  (n − 0.01)·b² + 2(0.01 − n)·b + (n − F) = 0.
        let a = n - frictionInterpolationMax
        let bq = 2 * (frictionInterpolationMax - n)
        let c = n - qcFriction
        let root = (bq * bq - 4 * a * c).squareRoot()
        let larger = (-bq + root) / (2 * a), smaller = (-bq - root) / (2 * a)
        let projectedB = smaller < bouncinessNormalizedRange.upperBound ? smaller : larger
        let scale = normalizationRange * normalizationScale
        let bounciness = scale / (bouncinessNormalizedRange.upperBound - bouncinessNormalizedRange.lowerBound)
            * (projectedB - bouncinessNormalizedRange.lowerBound)
        let speed = scale / (speedNormalizedRange.upperBound - speedNormalizedRange.lowerBound)
            * (qcTension - speedNormalizedRange.lowerBound)
        return (bounciness, speed)
    }

    /// POP's QC friction that just stops a spring of QC tension `qcTension` from bouncing
    /// (`POPBouncy3NoBounce`, a piecewise cubic fitted by Facebook; see <doc:POPAnimations>).
    public static func noBounceFriction(qcTension t: Double) -> Double {
        if t <= 18 { return 0.0007 * t * t * t - 0.031 * t * t + 0.64 * t + 1.28 }
        if t <= 44 { return 0.000044 * t * t * t - 0.006 * t * t + 0.36 * t + 2 }
        return 0.00000045 * t * t * t - 0.000332 * t * t + 0.1078 * t + 5.84
    }

    // The "bouncy 3" constants of POPAnimationExtras.mm (same names without the prefix).
    static let normalizationRange = 20.0
    static let normalizationScale = 1.7
    static let bouncinessNormalizedRange = 0.0...0.8
    static let speedNormalizedRange = 0.5...200.0
    static let frictionInterpolationMax = 0.01

    private static func normalize(_ value: Double, _ start: Double, _ end: Double) -> Double {
        (value - start) / (end - start)
    }

    private static func project(_ n: Double, _ start: Double, _ end: Double) -> Double {
        start + n * (end - start)
    }

    private static func tension(fromQC t: Double) -> Double { 194 + (t - 30) / 50 * (375 - 194) }
    private static func friction(fromQC f: Double) -> Double { 25 + (f - 8) / 2 * (25 - 19) }
}
