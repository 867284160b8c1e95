// A value-space decay on an animated property: a thrown value coming to rest (POP's POPDecayAnimation).
/// Exponential deceleration of an ``AnimatedProperty`` from a velocity, as POP's
/// `POPDecayAnimation` and a scroll view coasting after a flick.
///
///     let decay = DecayAnimation(property: offset, velocity: releaseVelocity, decelerationRate: .normal)
///     decay.start()
///
/// The property's model value becomes ``restingPosition`` (the flick's projection) at once and
/// the presentation coasts to it in closed form; a ``SpringAnimation`` started on the property
/// takes over its position and velocity exactly. The motion, settling, hand-overs and bad input
/// are in <doc:PhysicsAnimations>.
public final class DecayAnimation<Value: AnimatableValue> {
    /// The property the animation moves.
    public let property: AnimatedProperty<Value>
    /// The animation's id among its engine's animations, handed out at creation (see
    /// ``AnimationEngine/makeAnimationID()``).
    public let animationID: Int
    /// Whether ``AnimationEngine/liveAnimations()`` lists this animation: true unless set. An
    /// animation that runs inside another one that describes itself (the spring or decay a
    /// KineticPOP `POPAnimation` runs) is left out, so an inspector lists the outer one once.
    public var isListedForInspection = true
    /// The deceleration: rate per millisecond and resting speed.
    ///
    /// An engine timing override for the animation's name replaces it at ``start()`` (see
    /// ``AnimationEngine/setTimingOverride(_:forAnimationsNamed:)``).
    public private(set) var decay: DecayTimingParameters
    /// The animation's own ``decay`` while an engine timing override replaces it.
    private var ownDecay = OwnTiming<DecayTimingParameters>()
    /// The velocity the property has when the animation starts, in value units per second.
    public let initialVelocity: Value
    @usableFromInline @exclusivity(unchecked) var running = false // see SpringAnimation.running

    /// Whether the animation is moving the property.
    @inlinable public var isRunning: Bool { running }

    private var storedRest: Value?
    var completions = PhysicsCompletions()
    let registration = PhysicsRegistration()

    /// A decay of `property` from `velocity` (value units per second), to start with
    /// ``start()``.
    ///
    /// - Parameters:
    ///   - property: the property to move; the animation reports on its engine.
    ///   - velocity: the property's velocity when the animation starts, in value units per
    ///     second (a non-finite one is rejected and replaced by zero).
    ///   - decelerationRate: the fraction of velocity kept per millisecond.
    ///   - restingSpeed: the speed at which the motion settles (see <doc:PhysicsAnimations>).
    public convenience init(property: AnimatedProperty<Value>, velocity: Value,
                            decelerationRate: DecelerationRate = .normal, restingSpeed: Double = 0.5) {
        self.init(property: property, velocity: velocity,
                  decay: DecayTimingParameters(decelerationRate: decelerationRate, restingSpeed: restingSpeed))
    }

    /// A decay of `property` from `velocity` with the given parameters, to start with
    /// ``start()``.
    public init(property: AnimatedProperty<Value>, velocity: Value, decay: DecayTimingParameters) {
        self.property = property
        self.animationID = property.engine.makeAnimationID()
        self.decay = decay
        if velocity.isFinite {
            initialVelocity = velocity
        } else {
            initialVelocity = .zero
            property.engine.report(.invalidArgument, "DecayAnimation: the velocity is \(AnimatedProperty<Value>.rejectionReason(velocity)); zero is used")
        }
    }

    /// The speed at which the motion settles, in value units per second (the decay's).
    public var restingSpeed: Double { decay.restingSpeed }

    /// Where the motion comes to rest.
    ///
    /// While running (and after settling) this is the resting position computed at
    /// ``start()``, the property's model value; before ``start()``, the projection of the
    /// property's presentation value now with ``initialVelocity``.
    public var restingPosition: Value {
        if isRunning { return property.modelValue }
        if let storedRest { return storedRest }
        return property.presentationValue - initialVelocity * (1 / decay.rate)
    }

    /// Adds a handler run once, when the current (or next) run ends, with the reason (see
    /// ``SpringAnimation/addCompletion(_:)``).
    public func addCompletion(_ handler: @escaping (PhysicsCompletionReason) -> Void) {
        completions.add(handler)
    }

    /// Starts coasting from the property's presentation value now, with ``initialVelocity``.
    ///
    /// Other physics animations on the property are taken over (their offsets folded into the
    /// starting position; they end, interrupted). The property's velocity becomes exactly
    /// ``initialVelocity``: the track's share is that minus the velocity of any animator tracks
    /// on the property. The model becomes the resting position
    /// `from − v/k` (``DecayTimingParameters/restingPosition(from:velocity:)``).
    /// Does nothing if the animation is already running.
    public func start() {
        guard !isRunning else { return }
        startRun(velocity: initialVelocity) { from, velocity in
            let delta = velocity * (1 / decay.rate)   // from − rest, the offset at the start
            let rest = from - delta
            storedRest = rest
            property.setModelValue(rest)
            let engine = property.engine
            let segment = AnimationSegment(owner: self, engine: engine, kind: .decay(decay, startTime: engine.time))
            property.appendTrack(on: segment, delta: delta, initialVelocity: .zero)
        }
    }

    /// Stops the motion where it is: the presentation value now becomes the property's model
    /// value, the velocity drops to zero, and the completion handlers run with
    /// ``PhysicsCompletionReason/stopped``. Does nothing if the animation is not running.
    public func stop() { stopWhereItIs() }
}

extension DecayAnimation: EngineDriven, PhysicsAnimationRun {
    /// Checks for settling (or for having been taken over) at the engine's time.
    public func engineDidAdvance(to time: Double) { advanceRun(to: time) }

    func isAtRest(distance: Double, speed: Double) -> Bool { speed <= decay.restingSpeed }

    func runDidEnd(_ reason: PhysicsCompletionReason) {
        if reason == .settled { storedRest = property.modelValue }
    }

    func applyTimingOverride() {
        if let overridden = ownDecay.replacement(for: decay, on: property, kind: { $0.decay }) { decay = overridden }
    }
}
