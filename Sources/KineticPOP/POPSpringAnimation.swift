// POP's spring animation, run in closed form on Kinetic's SpringAnimation.

import Kinetic

/// A spring that pulls a property to ``toValue`` (POP's `POPSpringAnimation`), tuned by
/// bounciness and speed or by tension, friction and mass.
///
///     let animation = POPSpringAnimation(property: pane.center)
///     animation.velocity = panVelocity          // Point, points per second
///     animation.toValue = Point(x: 160, y: 100)
///     animation.springSpeed = 15
///     animation.springBounciness = 6
///     pop.addAnimation(animation, to: pane, forKey: "animation")
///
/// POP's names and units, evaluated in closed form at the engine's time; setting ``toValue`` or
/// ``velocity`` while running continues without a jump. The name map, the motion and how it
/// differs from POP's solver, POP's rest rule and bad input are in <doc:POPAnimations>.
public final class POPSpringAnimation<Value: AnimatableValue>: POPAnimation {
    /// The property the spring moves (POP's `property`, resolved: Kinetic has no property names).
    public let property: AnimatedProperty<Value>

    private var storedFrom: Value?
    private var storedTo: Value?
    private var storedVelocity: Value?
    private var storedBounciness = 4.0
    private var storedSpeed = 12.0
    private var storedTension: Double
    private var storedFriction: Double
    private var storedMass: Double
    private var storedThreshold = 0.01

    private var inner: SpringAnimation<Value>?
    /// Bumped whenever the animation drops its current inner spring, so that spring's
    /// completion (a stop or take-over the animation caused itself) is ignored.
    private var generation = 0
    private var carriedVelocity: Value?
    private var pausedVelocity: Value?

    /// A spring on `property` with POP's defaults: bounciness 4, speed 12 (tension 342.1,
    /// friction 30.49, mass 1), threshold 0.01, no from, to or velocity given.
    public init(property: AnimatedProperty<Value>) {
        self.property = property
        let d = POPSpringConversion.dynamics(bounciness: 4, speed: 12)
        storedTension = d.tension
        storedFriction = d.friction
        storedMass = d.mass
        super.init(engine: property.engine)
    }

    override var requiredEngine: AnimationEngine? { property.engine }
    /// Its ``property``.
    public override func inspectableProperties() -> [any InspectableProperty] { [property] }
    override var inspectionTiming: AnimationInspection.Timing { AnimationInspection.Timing(spring) }

    // MARK: Values

    /// Where the run starts (POP's `fromValue`). `nil` (the default): the presentation value
    /// when the run starts, so nothing jumps. When given, the property jumps there at the start
    /// and the spring takes the property over alone (its other animations are removed).
    /// Non-finite values are rejected with a diagnostic.
    public var fromValue: Value? {
        get { storedFrom }
        set { if accepts(newValue, "POPSpringAnimation.fromValue") { storedFrom = newValue } }
    }

    /// Where the spring comes to rest (POP's `toValue`). `nil` (the default): the presentation
    /// value when the run starts (the spring just absorbs the velocity). Setting it while
    /// running retargets the spring from where it is, with no jump in position or velocity;
    /// while running it reads the current target. Setting `nil` while running, or a non-finite
    /// value at any time, is rejected with a diagnostic.
    public var toValue: Value? {
        get { inner?.target ?? storedTo }
        set {
            guard let v = runningValue(newValue, "POPSpringAnimation.toValue", while: "the spring", clearing: &storedTo) else { return }
            storedTo = v
            inner?.target = v
        }
    }

    /// The velocity in value units per second (POP's `velocity`; a `Point` velocity for a
    /// `Point` property).
    ///
    /// Before a run: the velocity it starts with; `nil` (the default) carries on with the
    /// property's velocity when it starts (POP would start from zero). While running: reads the
    /// property's velocity now; setting it makes that the velocity at this instant (the
    /// position does not move). While paused: the velocity it will continue with. Setting `nil`
    /// while running or paused, or a non-finite value, is rejected with a diagnostic.
    public var velocity: Value? {
        get {
            switch state {
            case .running: return property.velocity
            case .paused: return pausedVelocity
            default: return storedVelocity
            }
        }
        set {
            guard let v = runningValue(newValue, "POPSpringAnimation.velocity", while: "the spring", clearing: &storedVelocity) else { return }
            switch state {
            case .running: inner?.velocity = v
            case .paused: pausedVelocity = v
            default: storedVelocity = v
            }
        }
    }

    // MARK: Dynamics

    /// POP's bounciness, 0…20 documented (default 4): higher bounces more. Setting it (or
    /// ``springSpeed``) recomputes tension, friction and mass with ``POPSpringConversion``,
    /// overriding any dynamics set directly, as POP does. Values above 20 extrapolate POP's
    /// formula; negative or non-finite values are rejected with a diagnostic.
    public var springBounciness: Double {
        get { storedBounciness }
        set { if accepts(newValue, .atLeastZero, "POPSpringAnimation.springBounciness") { storedBounciness = newValue; applyBouncinessAndSpeed() } }
    }

    /// POP's speed, 0…20 documented (default 12): higher is faster. See ``springBounciness``.
    public var springSpeed: Double {
        get { storedSpeed }
        set { if accepts(newValue, .atLeastZero, "POPSpringAnimation.springSpeed") { storedSpeed = newValue; applyBouncinessAndSpeed() } }
    }

    /// The spring constant (POP's `dynamicsTension`; Kinetic's stiffness), force per value
    /// unit. Setting it overrides the bounciness and speed. Must be positive and finite.
    public var dynamicsTension: Double {
        get { storedTension }
        set { if accepts(newValue, .positive, "POPSpringAnimation.dynamicsTension") { storedTension = newValue; dynamicsChanged() } }
    }

    /// The damping coefficient (POP's `dynamicsFriction`; Kinetic's damping), force per unit of
    /// velocity. Setting it overrides the bounciness and speed. Must be finite and at least 0.
    public var dynamicsFriction: Double {
        get { storedFriction }
        set { if accepts(newValue, .atLeastZero, "POPSpringAnimation.dynamicsFriction") { storedFriction = newValue; dynamicsChanged() } }
    }

    /// The mass (POP's `dynamicsMass`, 1 from bounciness and speed). Setting it overrides the
    /// bounciness and speed. Must be positive and finite.
    public var dynamicsMass: Double {
        get { storedMass }
        set { if accepts(newValue, .positive, "POPSpringAnimation.dynamicsMass") { storedMass = newValue; dynamicsChanged() } }
    }

    /// The spring Kinetic runs: mass ``dynamicsMass``, stiffness ``dynamicsTension``, damping
    /// ``dynamicsFriction`` (clamped by `SpringTimingParameters` to 1e-6…1e9).
    public var spring: SpringTimingParameters {
        SpringTimingParameters(mass: storedMass, stiffness: storedTension, damping: storedFriction)
    }

    /// POP's `threshold` of the animated property, in value units (default 0.01, POP's figure
    /// for opacity, colour and rotation; POP uses 1 for view positions and sizes and 0.005 for
    /// scales: see ``POPThreshold``). See <doc:POPAnimations> for how it decides rest. Must be
    /// positive and finite.
    public var restingThreshold: Double {
        get { storedThreshold }
        set { if accepts(newValue, .positive, "POPSpringAnimation.restingThreshold") { storedThreshold = newValue } }
    }

    private func applyBouncinessAndSpeed() {
        let d = POPSpringConversion.dynamics(bounciness: storedBounciness, speed: storedSpeed)
        storedTension = d.tension
        storedFriction = d.friction
        storedMass = d.mass
        dynamicsChanged()
    }

    private func dynamicsChanged() {
        if let inner, inner.isRunning { inner.spring = spring }
    }

    // MARK: Running

    override func prepareToTakeOver() {
        carriedVelocity = property.velocity
    }

    override func startMotion() {
        let carried = carriedVelocity ?? property.velocity
        carriedVelocity = nil
        let v = storedVelocity ?? carried
        if let from = storedFrom {
            property.removeAllAnimations()
            property.setWithoutAnimation(from)
        }
        let target = storedTo ?? property.presentationValue
        storedTo = target
        runSpring(to: target, velocity: v)
    }

    private func runSpring(to target: Value, velocity: Value) {
        generation += 1
        let g = generation
        let s = SpringAnimation(property: property, spring: spring, target: target, velocity: velocity)
        s.isListedForInspection = false   // this animation describes itself (kind pop)
        // POP's rule decides rest (see `tick`); the inner spring only settles when told to.
        s.restingDistance = 0
        s.restingSpeed = 0
        s.addCompletion { [self] reason in
            guard g == generation else { return }
            inner = nil
            switch reason {
            case .settled: finish(true)
            case .interrupted, .stopped: finish(false)
            }
        }
        inner = s
        s.start()
    }

    /// Drops the inner spring where it is (its completion is ignored).
    private func dropSpring() {
        guard let s = inner else { return }
        generation += 1
        inner = nil
        storedTo = s.target
        s.stop()
    }

    override func haltMotion() {
        dropSpring()
    }

    override func pauseMotion() {
        pausedVelocity = property.velocity
        dropSpring()
    }

    override func resumeMotion() {
        let v = pausedVelocity ?? .zero
        pausedVelocity = nil
        runSpring(to: storedTo ?? property.presentationValue, velocity: v)
    }

    override func tick(at time: Double) {
        guard let s = inner, s.isRunning else { return }
        let now = property.presentation
        let d = now.value - s.target
        let v = now.velocity
        let a = (d * storedTension + v * storedFriction) * (-1 / storedMass)
        let t = storedThreshold
        guard d.magnitude < t / 2, v.magnitudeSquared < 25 * t, a.magnitudeSquared < 625 * t * t else { return }
        // Let the inner spring settle now: it removes its track, so the property lands exactly
        // on the target, and its completion reports `.settled`.
        s.restingDistance = .greatestFiniteMagnitude
        s.restingSpeed = .greatestFiniteMagnitude
        s.engineDidAdvance(to: time)
    }
}
