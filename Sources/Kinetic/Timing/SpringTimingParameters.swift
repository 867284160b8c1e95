/// The timing of a damped spring, as UIKit's `UISpringTimingParameters`, Core Animation's
/// `CASpringAnimation` and SwiftUI's `Spring`.
///
/// One value, stored as mass, stiffness and damping, made from any of the descriptions people
/// use: ``init(dampingRatio:initialVelocity:)`` (fitted to the animator's duration),
/// ``init(duration:bounce:initialVelocity:)``, ``init(dampingRatio:response:initialVelocity:)``,
/// ``init(mass:stiffness:damping:initialVelocity:)``, or a preset such as ``smooth``.
///
/// ```swift
/// let spring = SpringTimingParameters(dampingRatio: 0.7)
/// let animator = PropertyAnimator(duration: 0.5, timingParameters: .spring(spring),
///                                 engine: engine) { card.center.y = 200 }
/// ```
///
/// Which descriptions decide the duration, the units of ``initialVelocity``, the closed forms
/// and what bad input becomes are in <doc:SpringsInDepth>.
public struct SpringTimingParameters: Sendable, Equatable {
    /// The mass `m` of the simulated object.
    public let mass: Double
    /// The spring constant `k`.
    public let stiffness: Double
    /// The damping coefficient `c` (force per unit velocity).
    public let damping: Double
    /// The initial velocity in units of the total distance per second (UIKit's convention).
    public let initialVelocity: Vector
    /// Whether the spring was given by damping ratio alone and takes its stiffness from the
    /// animator's duration (UIKit's `UISpringTimingParameters(dampingRatio:)`).
    public let fitsAnimatorDuration: Bool

    // Time-invariant parts of the solution, computed once per spring so that sampling costs
    // one exp and one sincos (underdamped), one exp (critically damped), two exps, or one exp and
    // two short series (overdamped), and a handful of multiplies, with no division.
    @usableFromInline let alpha: Double         // decay rate ζω₀
    @usableFromInline let frequency: Double     // ω_d (underdamped) or β = ω₀√(ζ²−1) (overdamped)
    @usableFromInline let omega0Squared: Double // ω₀² = k/m
    @usableFromInline let isUnderdamped: Bool
    @usableFromInline let isCritical: Bool      // frequency 0 exactly: C = 1, S = t
    @usableFromInline let inverseFrequency: Double // 1/ω_d or 1/β (0 when critically damped)
    @usableFromInline let slowRate: Double      // overdamped: β − α, the slower root
    @usableFromInline let fastRate: Double      // overdamped: −(α + β), the faster root
    // For `sample(at:)` with the stored initial velocity v, underdamped or critical:
    // progress = 1 − e^(−αt)(C + P·S), velocity = e^(−αt)(v·C + R·S) with (C, S) = (cos ω_d t,
    // sin ω_d t) and P = (α − v)/ω_d, R = (ω₀² − vα)/ω_d, or (1, t) and P = α − v, R = ω₀² − vα:
    // the basis's four motions folded into two coefficients, 8 operations instead of 13.
    @usableFromInline let progressSineCoefficient: Double   // P
    @usableFromInline let velocitySineCoefficient: Double   // R

    // MARK: Canonical initializer

    /// A spring with the given physical constants (UIKit's and Core Animation's description).
    ///
    /// The damping ratio is `c / (2√(k·m))`. An animation using this spring lasts its
    /// ``settlingDuration``, whatever duration the animator was given.
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Vector = .zero) {
        self.init(validMass: mass, stiffness: stiffness, damping: damping,
                  initialVelocity: initialVelocity, fitsAnimatorDuration: false)
    }

    init(validMass mass: Double, stiffness: Double, damping: Double, initialVelocity: Vector, fitsAnimatorDuration: Bool) {
        let range = SpringTimingParameters.constantRange
        let m = mass.isFinite && mass > 0 ? Swift.min(Swift.max(mass, range.lowerBound), range.upperBound) : 1
        let kRange = SpringTimingParameters.stiffnessRange
        let k = stiffness.isFinite && stiffness > 0 ? Swift.min(Swift.max(stiffness, kRange.lowerBound), kRange.upperBound) : 100
        let c: Double
        if damping.isNaN || damping.isInfinite { c = 2 * (k * m).squareRoot() } else { c = Swift.min(Swift.max(damping, 0), range.upperBound) }
        self.mass = m
        self.stiffness = k
        self.damping = c
        self.initialVelocity = Vector(x: initialVelocity.x.isFinite ? initialVelocity.x : 0,
                                      y: initialVelocity.y.isFinite ? initialVelocity.y : 0,
                                      z: initialVelocity.z.isFinite ? initialVelocity.z : 0,
                                      w: initialVelocity.w.isFinite ? initialVelocity.w : 0)
        self.fitsAnimatorDuration = fitsAnimatorDuration
        let w2 = k / m
        let a = c / (2 * m)
        omega0Squared = w2
        alpha = a
        // Underdamped when α² < ω₀². Comparing squares keeps the two regimes meeting exactly
        // at critical damping, where both formulas reduce to the critical one (frequency 0).
        let disc = w2 - a * a
        isUnderdamped = disc > 0
        let f = disc.magnitude.squareRoot()
        frequency = f
        isCritical = f == 0
        inverseFrequency = f == 0 ? 0 : 1 / f
        slowRate = f - a
        fastRate = -(a + f)
        let v = self.initialVelocity.x
        let scale = disc > 0 ? 1 / f : 1
        progressSineCoefficient = (a - v) * scale
        velocitySineCoefficient = (w2 - v * a) * scale
    }

    // MARK: Other descriptions

    /// A critically damped spring fitted to the animator's duration.
    ///
    /// Note: UIKit's `UISpringTimingParameters()` is instead mass 3, stiffness 1000, damping 500
    /// (damping ratio ≈ 4.56, heavily overdamped), available as ``uiKitDefault``.
    public init() {
        self.init(dampingRatio: 1)
    }

    /// UIKit's `UISpringTimingParameters()`: mass 3, stiffness 1000, damping 500.
    public static let uiKitDefault = SpringTimingParameters(mass: 3, stiffness: 1000, damping: 500)

    /// A spring with the given damping ratio, fitted to the animator's duration
    /// (UIKit's `UISpringTimingParameters(dampingRatio:initialVelocity:)`).
    ///
    /// Until an animator fits it (``fitted(toDuration:)``), it behaves as fitted to
    /// ``defaultFittingDuration`` (1 s), so it can be sampled on its own.
    public init(dampingRatio: Double, initialVelocity: Vector = .zero) {
        let fitted = SpringTimingParameters(dampingRatio: dampingRatio,
                                            duration: SpringTimingParameters.defaultFittingDuration,
                                            initialVelocity: initialVelocity)
        self.init(validMass: fitted.mass, stiffness: fitted.stiffness, damping: fitted.damping,
                  initialVelocity: fitted.initialVelocity, fitsAnimatorDuration: true)
    }

    /// A spring with the given damping ratio that settles exactly at `duration`.
    ///
    /// Mass 1; the natural frequency is `ω₀ = T₁(ζ) / duration`, where `T₁(ζ)` is the
    /// ``settlingDuration`` of the spring with ω₀ = 1 and the same damping ratio, released with
    /// no velocity (settling time scales as 1/ω₀). Damping ratios below 0.01 are fitted as 0.01
    /// (an undamped spring never settles), though the spring keeps its own damping ratio.
    public init(dampingRatio: Double, duration: Double, initialVelocity: Vector = .zero) {
        let zeta = SpringTimingParameters.validDampingRatio(dampingRatio)
        let d = SpringTimingParameters.validDuration(duration)
        let unit = SpringTimingParameters(mass: 1, stiffness: 1, damping: 2 * Swift.max(zeta, 0.01))
        let omega0 = unit.settlingDuration(epsilon: SpringTimingParameters.settlingEpsilon, velocity: 0) / d
        self.init(mass: 1, stiffness: omega0 * omega0, damping: 2 * zeta * omega0, initialVelocity: initialVelocity)
    }

    /// A spring with the given damping ratio and response (SwiftUI's
    /// `Spring(response:dampingRatio:)`).
    ///
    /// The response is the period of the undamped spring, `2π/ω₀`: with mass 1,
    /// `k = (2π/response)²` and `c = 4π·ζ/response`.
    public init(dampingRatio: Double, response: Double, initialVelocity: Vector = .zero) {
        let zeta = SpringTimingParameters.validDampingRatio(dampingRatio)
        let r = SpringTimingParameters.validDuration(response)
        let omega0 = 2 * Double.pi / r
        self.init(mass: 1, stiffness: omega0 * omega0, damping: 2 * zeta * omega0, initialVelocity: initialVelocity)
    }

    /// A spring with a perceptual duration and a bounce (UIKit's and SwiftUI's
    /// `init(duration:bounce:)`).
    ///
    /// SwiftUI's definitions: the duration is the response (`2π/ω₀`), and the bounce is
    /// `1 − ζ` for `ζ ≤ 1` and `1/ζ − 1` for `ζ > 1`, so 0 is critically damped, positive values
    /// bounce, and negative ones are overdamped. `Spring(duration: 0.5, bounce: 0.3)` has, at
    /// mass 1, stiffness (4π)² ≈ 157.9 and damping 4π·0.7/0.5 ≈ 17.6.
    public init(duration: Double, bounce: Double, initialVelocity: Vector = .zero) {
        let b = bounce.isNaN ? 0 : Swift.min(Swift.max(bounce, -0.999), 1)
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        self.init(dampingRatio: zeta, response: duration, initialVelocity: initialVelocity)
    }

    /// The same spring with another initial velocity (UIKit's units).
    public func withInitialVelocity(_ velocity: Vector) -> SpringTimingParameters {
        SpringTimingParameters(validMass: mass, stiffness: stiffness, damping: damping,
                               initialVelocity: velocity, fitsAnimatorDuration: fitsAnimatorDuration)
    }

    /// The spring an animator of the given duration runs.
    ///
    /// A spring given by damping ratio alone (``fitsAnimatorDuration``) is refitted with
    /// ``init(dampingRatio:duration:initialVelocity:)``; any other spring is returned unchanged.
    public func fitted(toDuration duration: Double) -> SpringTimingParameters {
        guard fitsAnimatorDuration else { return self }
        let f = SpringTimingParameters(dampingRatio: dampingRatio, duration: duration, initialVelocity: initialVelocity)
        return SpringTimingParameters(validMass: f.mass, stiffness: f.stiffness, damping: f.damping,
                                      initialVelocity: f.initialVelocity, fitsAnimatorDuration: true)
    }

    /// The duration of an animator given `duration` and this spring: `duration` itself when the
    /// spring fits the animator's duration, otherwise the spring's ``settlingDuration``.
    public func animationDuration(forAnimatorDuration duration: Double) -> Double {
        fitsAnimatorDuration ? SpringTimingParameters.validDuration(duration) : settlingDuration
    }

    // MARK: Derived descriptions

    /// The damping ratio ζ = c / (2√(k·m)): 1 is critical, below 1 bounces, above 1 is overdamped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// The undamped angular frequency ω₀ = √(k/m), in radians per second.
    public var naturalFrequency: Double { omega0Squared.squareRoot() }
    /// The period of the undamped spring, 2π/ω₀ (SwiftUI's `response`, and its `duration`).
    public var response: Double { 2 * Double.pi / naturalFrequency }
    /// SwiftUI's perceptual duration, equal to ``response``.
    public var perceptualDuration: Double { response }
    /// SwiftUI's bounce: `1 − ζ` for ζ ≤ 1, `1/ζ − 1` above.
    public var bounce: Double {
        let z = dampingRatio
        return z <= 1 ? 1 - z : 1 / z - 1
    }

    // MARK: Constants

    /// The duration a spring given by damping ratio alone is fitted to until an animator fits it.
    public static let defaultFittingDuration = 1.0
    /// The settling threshold: SwiftUI's, 0.001 of the distance.
    public static let settlingEpsilon = 0.001
    /// The settling duration reported for a spring that never settles (no damping).
    public static let maximumSettlingDuration = 600.0
    /// The shortest duration or response a spring accepts; shorter ones are raised to it.
    public static let minimumDuration = 0.001
    /// The range mass is clamped to (damping to 0 up to its upper bound), which keeps every
    /// rate of the motion finite: ω₀ = √(k/m) is at most √(10⁹/10⁻⁶) ≈ 3.2·10⁷ rad/s.
    public static let constantRange = 1e-6...1e9
    /// The range stiffness is clamped to: as ``constantRange``, but down to 1e-20, so that a
    /// spring given by damping ratio can be fitted to any duration up to
    /// ``AnimationEngine/maximumDuration`` (2³² s needs ω₀ ≈ 10⁻⁹, a stiffness of 10⁻¹⁸ at mass 1)
    /// and keep its damping ratio (clamping its stiffness would make it another spring: an
    /// overdamped one would overshoot).
    public static let stiffnessRange = 1e-20...1e9

    static func validDampingRatio(_ z: Double) -> Double {
        z.isFinite ? Swift.max(z, 0) : 1
    }

    static func validDuration(_ d: Double) -> Double {
        guard d.isFinite else { return 0.5 }
        return Swift.min(Swift.max(d, minimumDuration), AnimationEngine.maximumDuration)
    }
}

// MARK: - Sampling

extension SpringTimingParameters {
    /// The spring's two fundamental motions at time `t` seconds (see ``SpringBasis``).
    ///
    /// With `α = ζω₀` and, for the underdamped spring, `C = cos ω_d t`, `S = sin(ω_d t)/ω_d`, or
    /// for the overdamped one `C = cosh βt`, `S = sinh(βt)/β` (`β = ω₀√(ζ²−1)`; at critical
    /// damping `C = 1`, `S = t`):
    ///
    ///     released = e^(−αt) (C + αS)     releasedVelocity = −ω₀² e^(−αt) S
    ///     kicked   = e^(−αt) S            kickedVelocity   = e^(−αt) (C − αS)
    ///
    /// The overdamped branch evaluates `e^(−αt)·cosh` and `e^(−αt)·sinh` through the two real
    /// exponentials `e^((β−α)t)` and `e^(−(α+β)t)` when βt > 1 (no overflow for large t), and
    /// below that through `e^(−αt)` and the series of `cosh βt` and `sinh(βt)/βt` (no cancellation
    /// near critical damping). exp, sin and cos are Kinetic's own kernels (`Kernels`), so samples
    /// are the same bits on every platform.
    @inlinable @inline(__always)
    public func basis(at time: Double) -> SpringBasis {
        let t = time > 0 ? time : 0                    // NaN → 0
        if t == .infinity { return SpringBasis(released: 0, releasedVelocity: 0, kicked: 0, kickedVelocity: 0) }
        let eC: Double, eS: Double
        if isUnderdamped {
            let e = Elementary.exp(-alpha * t)
            let sc = Elementary.sinCos(frequency * t)
            eC = e * sc.cos
            eS = e * sc.sin * inverseFrequency
        } else if isCritical {
            let e = Elementary.exp(-alpha * t)
            eC = e
            eS = e * t
        } else {
            let bt = frequency * t
            if bt > 1 {
                let e1 = Elementary.exp(slowRate * t)
                let e2 = Elementary.exp(fastRate * t)
                eC = (e1 + e2) * 0.5
                eS = (e1 - e2) * 0.5 * inverseFrequency
            } else {
                // cosh βt and sinh(βt)/βt by their series in u = (βt)² (all terms positive, no
                // cancellation near critical damping; first omitted terms below 4e-19 at βt = 1),
                // so that this branch, too, is the same bits on every platform (no libm expm1).
                let e = Elementary.exp(-alpha * t)
                let u = bt * bt
                var ch = 0.0, sh = 0.0
                for (c, s) in SpringTimingParameters.hyperbolicSeries {
                    ch = c + u * ch
                    sh = s + u * sh
                }
                eC = e * (1 + u * ch)
                eS = e * (t + t * (u * sh))                       // sinh(βt)/β = t·sinh(βt)/(βt)
            }
        }
        return SpringBasis(released: eC + alpha * eS,
                           releasedVelocity: -omega0Squared * eS,
                           kicked: eS,
                           kickedVelocity: eC - alpha * eS)
    }

    /// The series of `cosh x` and `sinh(x)/x` in `u = x²` that ``basis(at:)`` sums by Horner's
    /// rule, highest term first: `(1/(2k)!, 1/(2k+1)!)` for k = 10 down to 1.
    @usableFromInline static let hyperbolicSeries: [(Double, Double)] = [
        (1.0 / 2432902008176640000, 1.0 / 51090942171709440000), (1.0 / 6402373705728000, 1.0 / 121645100408832000),
        (1.0 / 20922789888000, 1.0 / 355687428096000), (1.0 / 87178291200, 1.0 / 1307674368000),
        (1.0 / 479001600, 1.0 / 6227020800), (1.0 / 3628800, 1.0 / 39916800), (1.0 / 40320, 1.0 / 362880),
        (1.0 / 720, 1.0 / 5040), (1.0 / 24, 1.0 / 120), (0.5, 1.0 / 6),
    ]

    /// Where an animator's run on a spring starts blending the spring to rest: the last tenth of
    /// the run (see ``runWindow(atFraction:)``).
    public static let runWindowStart = 0.9

    /// The factor that brings a spring to rest exactly at the end of an animator's run, at time
    /// fraction `u` of the run, and its derivative with respect to `u`.
    ///
    /// A spring never reaches its target in finite time, and a run's duration is where it
    /// counts as settled (within ``settlingEpsilon`` of the distance), or the animator's own
    /// duration for a spring fitted to it. An animator on a spring shows the spring's offset from
    /// the target times this factor: exactly 1 (the spring itself, bit for bit) up to
    /// ``runWindowStart``, then `1 − s²(3 − 2s)` with `s = (u − 0.9)/0.1`, which reaches 0 with
    /// slope 0 at `u = 1`. So the value arrives exactly on the target with velocity 0, and a run
    /// started backwards from the end (reversed) leaves the target at rest instead of jumping by
    /// what the spring had left. The velocity is the derivative of what is drawn, and
    /// continuous everywhere; over the last tenth values differ from the bare spring by at most
    /// its remaining offset there (about 0.2 % of the distance for a spring run to its settling
    /// time). `progress(atFraction:duration:)` of ``TimingParameters`` applies the same factor.
    @inlinable @inline(__always)
    public static func runWindow(atFraction u: Double) -> (value: Double, slope: Double) {
        guard u > runWindowStart else { return (1, 0) }
        guard u < 1 else { return (0, 0) }
        let width = 1 - runWindowStart
        let s = (u - runWindowStart) / width
        return (1 - s * s * (3 - 2 * s), -6 * s * (1 - s) / width)
    }

    /// The progress (0 at the start, 1 at rest) at `time` seconds, for the horizontal component
    /// of the initial velocity.
    @inlinable public func progress(at time: Double) -> Double {
        sample(at: time).progress                      // the same bits as `sample(at:)`
    }

    /// The first time in [0, `duration`] seconds at which ``progress(at:)`` reaches `progress`,
    /// 0 for a progress of 0 or less, and nil if it never does within `duration` (or `duration`
    /// is not positive and finite).
    ///
    /// A scan of 4,096 steps finds the first step that reaches it, and bisection pins the
    /// crossing inside that step to about 1e-15 of `duration`. (Bisecting over the whole
    /// duration finds *a* crossing, not the first, once the spring oscillates back below the
    /// progress.) A crossing is missed only if the spring rises past it and falls back within
    /// one step, which takes over 2,000 half-oscillations within `duration`.
    public func time(reachingProgress progress: Double, within duration: Double) -> Double? {
        guard progress > 0 else { return 0 }
        guard duration > 0, duration.isFinite, progress.isFinite else { return nil }
        let steps = 4096
        var lo = 0.0, hi = -1.0
        for k in 1...steps {
            let t = duration * Double(k) / Double(steps)
            if self.progress(at: t) >= progress { hi = t; break }
            lo = t
        }
        guard hi >= 0 else { return nil }
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if self.progress(at: mid) < progress { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The rate of change of progress per second at `time`, for the horizontal component of the
    /// initial velocity.
    @inlinable public func velocity(at time: Double) -> Double {
        sample(at: time).velocity                      // the same bits as `sample(at:)`
    }

    /// Progress and its rate of change together, from one exp and one sincos (or two exps).
    // Always inlined: a loop over instants then keeps the spring's constants in registers and
    // takes the damping branch once.
    @inlinable @inline(__always) public func sample(at time: Double) -> (progress: Double, velocity: Double) {
        sample(at: time, velocity: initialVelocity.x,
               progressSineCoefficient: progressSineCoefficient, velocitySineCoefficient: velocitySineCoefficient)
    }

    /// Progress and velocity for the given initial velocity component (in UIKit's units).
    /// The same bits as ``sample(at:)`` of the spring with that initial velocity.
    @inlinable public func sample(at time: Double, initialVelocity v: Double) -> (progress: Double, velocity: Double) {
        // The coefficients as the initializer computes them (same operations, same bits).
        let scale = isUnderdamped ? inverseFrequency : 1
        return sample(at: time, velocity: v,
                      progressSineCoefficient: (alpha - v) * scale, velocitySineCoefficient: (omega0Squared - v * alpha) * scale)
    }

    /// The folded closed form (see `progressSineCoefficient`) for the underdamped and critical
    /// springs, the basis for the overdamped one.
    @inlinable @inline(__always)
    func sample(at time: Double, velocity v: Double, progressSineCoefficient p: Double, velocitySineCoefficient r: Double)
        -> (progress: Double, velocity: Double)
    {
        if isUnderdamped || isCritical {
            let t = time > 0 ? time : 0                    // NaN → 0
            if t == .infinity { return (1, 0) }
            let e = Elementary.exp(-alpha * t)
            let c: Double, s: Double
            if isUnderdamped {
                (s, c) = Elementary.sinCos(frequency * t)
            } else {
                c = 1; s = t
            }
            return (1 - e * (c + p * s), e * (v * c + r * s))
        }
        let b = basis(at: time)
        return (1 - b.released + v * b.kicked, -b.releasedVelocity + v * b.kickedVelocity)
    }

    /// The value and velocity of a property animated from `from` to `to` with an absolute
    /// initial `velocity` in value units per second (the spring's own ``initialVelocity`` is
    /// not used).
    @inlinable
    public func value<Value: AnimatableValue>(from: Value, to: Value, velocity: Value, at time: Double)
        -> (value: Value, velocity: Value)
    {
        let m = basis(at: time).motion(displacement: from - to, velocity: velocity)
        return (to + m.displacement, m.velocity)
    }

    /// The value and velocity of a property animated from `from` to `to` with the spring's
    /// ``initialVelocity`` in UIKit's units (`dx` for horizontal components, `dy` for vertical).
    @inlinable
    public func value<Value: AnimatableValue>(from: Value, to: Value, at time: Double) -> (value: Value, velocity: Value) {
        let v = (to - from).scaled(x: initialVelocity.x, y: initialVelocity.y)
        return value(from: from, to: to, velocity: v, at: time)
    }

    /// The absolute initial velocity, in value units per second, of this spring's
    /// ``initialVelocity`` applied to an animation from `from` to `to`.
    public func absoluteInitialVelocity<Value: AnimatableValue>(from: Value, to: Value) -> Value {
        (to - from).scaled(x: initialVelocity.x, y: initialVelocity.y)
    }
}

// MARK: - Settling

extension SpringTimingParameters {
    /// How long the spring takes to settle: the last instant at which progress is more than
    /// ``settlingEpsilon`` (0.001, SwiftUI's threshold) of the distance away from 1, starting
    /// from 0 with the spring's ``initialVelocity`` (the larger of its `dx` and `dy` cases).
    ///
    /// Exact to about 1e-12 s: the extrema of the motion are known in closed form, the last
    /// extremum above the threshold is found directly, and the crossing after it (where the
    /// motion is monotonic) is bisected. An undamped spring never settles and reports
    /// ``maximumSettlingDuration``.
    ///
    /// For the published figures: `Spring(mass: 1, stiffness: 100, damping: 10)` settles in
    /// about 1.27 s by this definition; Core Animation documents about 2.85 s for damping 5 and
    /// just over 1 s for damping 15 with its own, unpublished threshold (ours: 2.69 s and 0.80 s).
    public var settlingDuration: Double {
        let x = settlingDuration(epsilon: SpringTimingParameters.settlingEpsilon, velocity: initialVelocity.x)
        guard initialVelocity.y != initialVelocity.x else { return x }
        return Swift.max(x, settlingDuration(epsilon: SpringTimingParameters.settlingEpsilon, velocity: initialVelocity.y))
    }

    /// The last instant at which |1 − progress| > `epsilon`, for initial velocity `velocity`
    /// (UIKit's units). A non-positive or non-finite epsilon is treated as ``settlingEpsilon``.
    public func settlingDuration(epsilon: Double, velocity: Double) -> Double {
        let eps = epsilon.isFinite && epsilon > 0 ? epsilon : SpringTimingParameters.settlingEpsilon
        let v = velocity.isFinite ? velocity : 0
        // Displacement from rest: D(t) = P·released(t) + Q·kicked(t).
        let p = -1.0, q = v
        func d(_ t: Double) -> Double {
            let b = basis(at: t)
            return p * b.released + q * b.kicked
        }
        func crossing(_ lo: Double, _ hi: Double) -> Double {
            // |D| is monotonic on [lo, hi], above eps at lo and at most eps at hi.
            var a = lo, b = hi
            for _ in 0..<200 {
                let mid = (a + b) * 0.5
                if mid <= a || mid >= b { break }
                if d(mid).magnitude > eps { a = mid } else { b = mid }
            }
            return b
        }
        if alpha == 0 { return SpringTimingParameters.maximumSettlingDuration }
        // D'(t) = e^(−αt) (Q·C − (P·ω₀² + Q·α)·S): its zeros are the extrema of D.
        let r = p * omega0Squared + q * alpha
        if isUnderdamped {
            let w = frequency
            let halfPeriod = Double.pi / w
            // tan(ω_d t) = Q·ω_d / r: first extremum t₀ in [0, π/ω_d).
            var theta = Elementary.atan2(q * w, r)
            if theta < 0 { theta += Double.pi }
            if theta >= Double.pi { theta -= Double.pi }
            let t0 = theta / w
            // |D| at extrema decays as e^(−αt): K·e^(−α tₙ).
            let k = d(t0).magnitude * Elementary.exp(alpha * t0)
            if k > eps {
                let last = Elementary.log(k / eps) / alpha          // K e^(−αt) = eps
                let n = ((last - t0) / halfPeriod).rounded(.up) - 1
                if n >= 0 {
                    let tn = t0 + n * halfPeriod
                    if d(tn).magnitude > eps {
                        return Swift.min(crossing(tn, tn + halfPeriod), SpringTimingParameters.maximumSettlingDuration)
                    }
                    if n >= 1 { return Swift.min(crossing(tn - halfPeriod, tn), SpringTimingParameters.maximumSettlingDuration) }
                }
            }
            return d(0).magnitude > eps ? crossing(0, t0) : 0
        }
        // Over- or critically damped: at most one extremum, where tanh(βt)/β = Q/r.
        var extremum: Double? = nil
        if r != 0 {
            let ratio = q / r
            if ratio > 0 {
                let x = frequency * ratio
                if frequency == 0 { extremum = ratio }
                else if x < 1 { extremum = 0.5 * Elementary.log1p(2 * x / (1 - x)) / frequency }
            }
        }
        func tail(from start: Double) -> Double {
            var lo = start, step = Swift.max(1 / omega0Squared.squareRoot(), 1e-6)
            var hi = lo + step
            var guardCount = 0
            while d(hi).magnitude > eps && guardCount < 200 {
                lo = hi; step *= 2; hi = lo + step; guardCount += 1
            }
            return Swift.min(crossing(lo, hi), SpringTimingParameters.maximumSettlingDuration)
        }
        if let te = extremum {
            if d(te).magnitude > eps { return tail(from: te) }
            return d(0).magnitude > eps ? crossing(0, te) : 0
        }
        return d(0).magnitude > eps ? tail(from: 0) : 0
    }
}
