// POP's decay animation, run in closed form on Kinetic's DecayAnimation.

import Kinetic

/// Coasting to a stop from a velocity (POP's `POPDecayAnimation`): a flick's momentum.
///
///     let animation = POPDecayAnimation(property: list.offset)
///     animation.velocity = -2400                  // points per second, from the pan
///     pop.addAnimation(animation, to: list, forKey: "scroll")
///     animation.toValue                           // where it will stop
///
/// POP's formula, evaluated in closed form at the engine's time; a spring taking over continues
/// without a jump. The name map, the motion, the rest rule (and where ``toValue`` differs from
/// POP's) and bad input are in <doc:POPAnimations>.
public final class POPDecayAnimation<Value: AnimatableValue>: POPAnimation {
    /// The property the decay moves.
    public let property: AnimatedProperty<Value>

    private var storedFrom: Value?
    private var storedVelocity: Value?
    private var storedDeceleration = 0.998
    private var storedThreshold = 0.01

    private var inner: DecayAnimation<Value>?
    private var generation = 0
    private var carriedVelocity: Value?
    /// POP's velocity at the start of the current stretch of motion (a run, or after a resume
    /// or a change of velocity or deceleration) and when that stretch began.
    private var stretchVelocity: Value = .zero
    private var stretchStart = 0.0
    private var runVelocity: Value?
    private var runRest: Value?
    private var runDuration = 0.0

    /// A decay of `property` with POP's defaults: deceleration 0.998, threshold 0.01.
    public init(property: AnimatedProperty<Value>) {
        self.property = property
        super.init(engine: property.engine)
    }

    override var requiredEngine: AnimationEngine? { property.engine }
    /// Its ``property``.
    public override func inspectableProperties() -> [any InspectableProperty] { [property] }
    override var inspectionTiming: AnimationInspection.Timing { .decay(rate: storedDeceleration) }

    /// The fraction of velocity kept per millisecond (POP's `deceleration`, default 0.998, a
    /// scroll view's normal rate). Accepted: 1e-6…0.999999. Changing it while running
    /// continues from the current position and velocity with the new rate.
    public var deceleration: Double {
        get { storedDeceleration }
        set {
            guard newValue.isFinite, newValue >= 1e-6, newValue <= 0.999999 else {
                return report("POPDecayAnimation.deceleration must be in 1e-6...0.999999; unchanged")
            }
            storedDeceleration = newValue
            if state == .running { restart(velocity: currentPOPVelocity()) }
        }
    }

    /// POP's `threshold` of the property, in value units (default 0.01; ``POPThreshold`` has
    /// POP's figure for each kind of property): the decay completes once its velocity is below
    /// 5× this (see <doc:POPAnimations>). Positive and finite.
    public var restingThreshold: Double {
        get { storedThreshold }
        set {
            guard accepts(newValue, .positive, "POPDecayAnimation.restingThreshold") else { return }
            storedThreshold = newValue
            if state == .running { restart(velocity: currentPOPVelocity()) }
        }
    }

    /// Where the run starts (POP's `fromValue`); `nil` (default): the presentation value when
    /// it starts. When given, the property jumps there and the decay takes it over alone.
    public var fromValue: Value? {
        get { storedFrom }
        set { if accepts(newValue, "POPDecayAnimation.fromValue") { storedFrom = newValue } }
    }

    /// The velocity, value units per second, in POP's sense (see <doc:POPAnimations>).
    ///
    /// Before a run: the velocity it starts with; `nil` (the default) carries on with the
    /// property's velocity when it starts (divided by `s`, so the motion continues at exactly
    /// that speed). While running: the decayed velocity `v₀·d^(1000t)` now; setting it restarts
    /// the decay from the current position with that velocity. While paused: the velocity it
    /// will continue with. A non-finite value, or `nil` while running or paused, is rejected
    /// with a diagnostic.
    public var velocity: Value? {
        get {
            switch state {
            case .running: return currentPOPVelocity()
            case .paused: return stretchVelocity
            default: return storedVelocity
            }
        }
        set {
            guard let v = runningValue(newValue, "POPDecayAnimation.velocity", while: "the decay", clearing: &storedVelocity) else { return }
            switch state {
            case .running: restart(velocity: v)
            case .paused: stretchVelocity = v
            default: storedVelocity = v
            }
        }
    }

    /// The velocity the current (or last) run started with; before any run, ``velocity``.
    public var originalVelocity: Value? { runVelocity ?? storedVelocity }

    /// Where the decay comes to rest: `from + v·d/(1000·(1 − d))` (read-only, as in POP).
    ///
    /// While running or after a run: the resting position of that run. Before a run: computed
    /// from ``fromValue`` (or the presentation value) and ``velocity`` (or the property's).
    public var toValue: Value {
        if let runRest { return runRest }
        let start = startingState()
        return start.from + start.velocity * (storedDeceleration / (1000 * (1 - storedDeceleration)))
    }

    /// The time, in seconds from the start, at which the speed falls to `5·restingThreshold`
    /// (POP's `duration`): `ln(5t / |v|) / (1000·ln d)`, 0 if it starts slower. While running
    /// or after a run: that run's, counted from its start or from the last change of velocity,
    /// deceleration or threshold (as POP recomputes it); before: from the current settings.
    public var duration: Double {
        if runRest != nil { return runDuration }
        return computeDuration(velocity: startingState().velocity)
    }

    // MARK: Internals

    private var parameters: DecayTimingParameters { DecayTimingParameters(rate: storedDeceleration) }

    /// `s = d·ln(1/d)/(1 − d)`: the true slope of POP's positions per unit of its velocity.
    private var slopeFactor: Double {
        let d = storedDeceleration
        return d * (-parameters.rate / 1000) / (1 - d)
    }

    private func computeDuration(velocity: Value) -> Double {
        DecayTimingParameters(rate: storedDeceleration, restingSpeed: 5 * storedThreshold).timeToRest(velocity: velocity)
    }

    private func startingState() -> (from: Value, velocity: Value) {
        let from = storedFrom ?? property.presentationValue
        let v = storedVelocity ?? (carriedVelocity ?? property.velocity) * (1 / slopeFactor)
        return (from, v)
    }

    private func currentPOPVelocity() -> Value {
        stretchVelocity * parameters.velocityFactor(at: property.engine.time - stretchStart)
    }

    override func prepareToTakeOver() {
        carriedVelocity = property.velocity
    }

    override func startMotion() {
        let start = startingState()
        carriedVelocity = nil
        if storedFrom != nil {
            property.removeAllAnimations()
            property.setWithoutAnimation(start.from)
        }
        runVelocity = start.velocity
        runDuration = computeDuration(velocity: start.velocity)
        runDecay(velocity: start.velocity)
    }

    private func runDecay(velocity v: Value) {
        generation += 1
        let g = generation
        stretchVelocity = v
        stretchStart = property.engine.time
        let s = slopeFactor
        let decay = DecayTimingParameters(rate: storedDeceleration, restingSpeed: 5 * storedThreshold * s)
        let d = DecayAnimation(property: property, velocity: v * s, decay: decay)
        d.isListedForInspection = false   // this animation describes itself (kind pop)
        d.addCompletion { [self] reason in
            guard g == generation else { return }
            inner = nil
            finish(reason == .settled)
        }
        inner = d
        d.start()
        runRest = d.restingPosition
    }

    private func dropDecay() {
        guard let d = inner else { return }
        generation += 1
        inner = nil
        d.stop()
    }

    private func restart(velocity v: Value) {
        dropDecay()
        runDuration = computeDuration(velocity: v)
        runDecay(velocity: v)
    }

    override func haltMotion() {
        dropDecay()
    }

    override func pauseMotion() {
        stretchVelocity = currentPOPVelocity()
        dropDecay()
    }

    override func resumeMotion() {
        runDecay(velocity: stretchVelocity)
    }
}
