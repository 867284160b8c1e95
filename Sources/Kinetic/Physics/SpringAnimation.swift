// A value-space spring on an animated property, retargetable at any moment (POP's POPSpringAnimation).
/// A value-space spring that pulls an ``AnimatedProperty`` towards a ``target`` that may change
/// at any moment, as POP's `POPSpringAnimation` and the objc.io article's pane do: a tap
/// retargets the spring mid-flight without a velocity jump, and a pan hands its release
/// velocity straight to the spring.
///
///     let pane = AnimatedProperty(Point(x: 160, y: 500), engine: engine)
///     let spring = SpringAnimation(property: pane,
///                                  spring: SpringTimingParameters(mass: 1, stiffness: 300, damping: 28),
///                                  target: Point(x: 160, y: 100),
///                                  velocity: panVelocity)      // points per second, 2D
///     spring.start()
///     …
///     spring.target = Point(x: 160, y: 500)                     // a tap: turn around, smoothly
///
/// Velocities are in value units per second. The engine keeps a running animation alive; it
/// settles on its target and runs its completions with ``PhysicsCompletionReason/settled``.
/// The motion's closed form, exact retargeting, settling, taking a property over, bad input and
/// lifetime are in <doc:PhysicsAnimations>.
public final class SpringAnimation<Value: AnimatableValue> {
    /// The property the animation moves.
    public let property: AnimatedProperty<Value>
    /// The animation's id among its engine's animations, handed out at creation (see
    /// ``AnimationEngine/makeAnimationID()``).
    public let animationID: Int
    /// Whether ``AnimationEngine/liveAnimations()`` lists this animation: true unless set. An
    /// animation that runs inside another one that describes itself (the spring or decay a
    /// KineticPOP `POPAnimation` runs) is left out, so an inspector lists the outer one once.
    public var isListedForInspection = true

    /// The spring: mass, stiffness and damping (its relative `initialVelocity` is not used).
    ///
    /// Changing it while running continues from the current position and velocity on the new
    /// spring (one new track; nothing jumps).
    public var spring: SpringTimingParameters {
        didSet { if isRunning { rebase(newTarget: nil, velocityChange: .zero) } }
    }

    // The state read every frame is @exclusivity(unchecked): the engine, and a demo, read it for
    // every running spring each frame, and a dynamic exclusivity check cost more than the read
    // (plain values, never passed inout across a call). `isRunning` is stored apart because
    // another module reads a public stored property in place, with the check, whatever the
    // declaration says.
    @usableFromInline @exclusivity(unchecked) var running = false

    /// Whether the animation is moving the property.
    @inlinable public var isRunning: Bool { running }

    // Before the storage of generic type, so that each frame's check finds them at fixed offsets.
    @exclusivity(unchecked) private var resting = RestingThresholds()
    /// The slot of `currentSegment`, or -1.
    @exclusivity(unchecked) private var currentSlot = -1
    private var storedTarget: Value
    private var pendingVelocity: Value?
    /// The animation's own ``spring`` while an engine timing override replaces it.
    private var ownSpring = OwnTiming<SpringTimingParameters>()
    var completions = PhysicsCompletions()
    /// Whether the engine lists this animation (so a start need not search its list).
    let registration = PhysicsRegistration()
    /// The segment of the track this animation last added, held while it runs so that its slot
    /// (`currentSlot`) stays its own: a property whose only track has that slot carries this
    /// animation's track alone (see ``ownMotion()``).
    private var currentSegment: AnimationSegment?

    /// A spring on `property` towards `target` (default: the property's model value), to start
    /// with ``start()``.
    ///
    /// - Parameters:
    ///   - property: the property to move; the animation reports on its engine.
    ///   - spring: mass, stiffness and damping (see ``spring``).
    ///   - target: the value the spring pulls towards and settles at; `nil` (the default) is the
    ///     property's model value now.
    ///   - velocity: the property's velocity when the animation starts, in value units per second
    ///     (a pan's release velocity: a `Point` velocity for a `Point` property). `nil` (the
    ///     default) carries on with the velocity the property has at ``start()`` (that of a
    ///     decay or spring it takes over, otherwise zero).
    ///
    /// The motion starts from the property's presentation value at ``start()``, so a gesture
    /// that set the property's value directly hands over with no jump in position, and with
    /// exactly `velocity`. A non-finite `target` or `velocity` is rejected with a diagnostic
    /// (the model value, and no velocity, are used instead).
    public init(property: AnimatedProperty<Value>, spring: SpringTimingParameters,
                target: Value? = nil, velocity: Value? = nil) {
        self.property = property
        self.animationID = property.engine.makeAnimationID()
        self.spring = spring
        self.storedTarget = property.modelValue
        if let target {
            if target.isFinite { storedTarget = target }
            else { property.engine.report(.invalidArgument, "SpringAnimation: the target is \(AnimatedProperty<Value>.rejectionReason(target)); the property's model value is used") }
        }
        if let velocity {
            if velocity.isFinite { pendingVelocity = velocity }
            else { property.engine.report(.invalidArgument, "SpringAnimation: the velocity is \(AnimatedProperty<Value>.rejectionReason(velocity)); the property's current velocity is used") }
        }
    }

    /// Where the spring pulls the property: its rest position.
    ///
    /// While running this is the property's model value. Setting it retargets the spring at
    /// once, continuing from the current position and velocity (see <doc:PhysicsAnimations>: no
    /// jump in position or velocity, and the animation does not complete). Before ``start()``
    /// it is only remembered. A non-finite value is rejected with a diagnostic.
    public var target: Value {
        get { isRunning ? property.modelValue : storedTarget }
        set {
            guard newValue.isFinite else {
                property.engine.report(.invalidArgument, "SpringAnimation.target: a target that is \(AnimatedProperty<Value>.rejectionReason(newValue)) was rejected; the target is unchanged")
                return
            }
            storedTarget = newValue
            if isRunning { rebase(newTarget: newValue, velocityChange: .zero) }
        }
    }

    /// The velocity of the property, in value units per second.
    ///
    /// While running, reading gives the property's presentation velocity, and setting it makes
    /// that the velocity at this instant (the position does not move; the spring carries on from
    /// there), as a gesture's velocity is handed over. Before ``start()``, setting it gives the
    /// velocity the animation starts with, and reading gives that velocity if one was set,
    /// otherwise the property's current velocity (what ``start()`` would carry on with).
    /// A non-finite velocity is rejected with a diagnostic.
    public var velocity: Value {
        get { isRunning ? property.velocity : (pendingVelocity ?? property.velocity) }
        set {
            guard newValue.isFinite else {
                property.engine.report(.invalidArgument, "SpringAnimation.velocity: a velocity that is \(AnimatedProperty<Value>.rejectionReason(newValue)) was rejected; the velocity is unchanged")
                return
            }
            if isRunning {
                rebase(newTarget: nil, velocityChange: newValue - property.velocity)
            } else {
                pendingVelocity = newValue
            }
        }
    }

    /// The distance from the target below which the motion may settle, in value units
    /// (default 0.001). Negative or non-finite values are rejected with a diagnostic.
    public var restingDistance: Double {
        get { resting.distance }
        set { resting.distance = property.engine.validatedThreshold(newValue, for: "SpringAnimation.restingDistance", keeping: resting.distance) }
    }

    /// The speed below which the motion may settle, in value units per second (default 0.01).
    /// Negative or non-finite values are rejected with a diagnostic.
    public var restingSpeed: Double {
        get { resting.speed }
        set { resting.speed = property.engine.validatedThreshold(newValue, for: "SpringAnimation.restingSpeed", keeping: resting.speed) }
    }

    /// Adds a handler run once, when the current (or next) run ends, with the reason.
    ///
    /// Handlers run in the order they were added, after the animation has stopped running, and
    /// are then forgotten: a restarted animation needs new ones. They may start, stop or
    /// retarget animations, this one included.
    public func addCompletion(_ handler: @escaping (PhysicsCompletionReason) -> Void) {
        completions.add(handler)
    }

    /// Starts the motion from the property's presentation value now.
    ///
    /// The property's model becomes ``target``. Any other physics animation on the property is
    /// taken over: its offset and velocity are folded into this animation's first track and it
    /// ends with ``PhysicsCompletionReason/interrupted``. The starting velocity is the one given
    /// (``velocity``), otherwise the velocity of the motions taken over. Position and velocity
    /// are continuous:
    ///
    ///     d₀ = (model + Σ taken offsets) − target
    ///     v₀ = given velocity − velocity of the property's other (animator) tracks
    ///        or Σ taken velocities
    ///
    /// Does nothing if the animation is already running.
    public func start() {
        guard !isRunning else { return }
        startRun(velocity: pendingVelocity) { from, velocity in
            pendingVelocity = nil
            let target = storedTarget
            property.setModelValue(target)
            appendTrack(delta: from - target, initialVelocity: velocity)
        }
    }

    /// Stops the motion where it is: the presentation value now becomes the property's model
    /// value, the velocity drops to zero, and the completion handlers run with
    /// ``PhysicsCompletionReason/stopped``. Does nothing if the animation is not running.
    public func stop() {
        guard isRunning else { return }
        let own = ownMotion()
        storedTarget = property.modelValue
        property.removeTracks(ownedBy: self)
        property.setModelValue(property.modelValue + own.offset)
        finish(.stopped)
    }

    // MARK: Internals

    /// The summed offset and velocity of this animation's tracks now.
    func ownMotion() -> (offset: Value, velocity: Value, count: Int) {
        property.motion(ownedBy: self, slot: currentSlot)
    }

    /// Replaces this animation's tracks by one starting now with their current offset and
    /// velocity (plus `velocityChange`), after moving the model to `newTarget` if given. Exact
    /// by linearity: every track shares the spring.
    private func rebase(newTarget: Value?, velocityChange: Value) {
        let own = ownMotion()
        var delta = own.offset
        if let newTarget {
            delta += property.modelValue - newTarget
            property.setModelValue(newTarget)
        }
        property.removeTracks(ownedBy: self)
        appendTrack(delta: delta, initialVelocity: own.velocity + velocityChange)
    }

    private func appendTrack(delta: Value, initialVelocity: Value) {
        let engine = property.engine
        let segment = AnimationSegment(owner: self, engine: engine, kind: .spring(spring, startTime: engine.time))
        property.appendTrack(on: segment, delta: delta, initialVelocity: initialVelocity)
        currentSegment = segment
        currentSlot = segment.slot
    }
}

extension SpringAnimation: EngineDriven, PhysicsAnimationRun {
    /// Checks for settling (or for having been taken over) at the engine's time.
    public func engineDidAdvance(to time: Double) { advanceRun(to: time) }

    func restMeasure(at time: Double) -> RestMeasure { property.restMeasure(ownedBy: self, slot: currentSlot) }

    func isAtRest(distance: Double, speed: Double) -> Bool { resting.allowRest(distance: distance, speed: speed) }

    func runDidEnd(_ reason: PhysicsCompletionReason) {
        currentSegment = nil
        currentSlot = -1
        if reason == .settled { storedTarget = property.modelValue }
    }

    func applyTimingOverride() {
        if let overridden = ownSpring.replacement(for: spring, on: property, kind: { $0.spring }) { spring = overridden }
    }
}
