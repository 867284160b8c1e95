// A scroll view's fling along one axis: a decay that hands off to a bounce-back spring exactly where it crosses a bound.

/// A scroll view's deceleration with bouncing edges along one axis (UIScrollView after a flick
/// with `bounces` on): a ``DecayAnimation``-like coast that, if it would come to rest beyond
/// ``bounds``, hands off at the exact instant it crosses the bound to a spring that carries it
/// out past the bound and back to rest on it.
///
///     let fling = BoundedDecayAnimation(property: offset, velocity: releaseVelocity,
///                                       bounds: 0...contentHeight - viewportHeight)
///     fling.start()
///
/// The crossing time, the hand-off to ``spring``, settling, taking over and bad input are in
/// <doc:PhysicsAnimations>.
public final class BoundedDecayAnimation {
    /// What the motion is doing.
    public enum Phase: Sendable, Equatable {
        /// Coasting under exponential deceleration.
        case decelerating
        /// On the spring, out past a bound and back to it.
        case bouncing
    }

    /// The animation's id among its engine's animations, handed out at creation (see
    /// ``AnimationEngine/makeAnimationID()``).
    public let animationID: Int
    /// The property (a content offset along one axis).
    public let property: AnimatedProperty<Double>
    /// The offsets the motion may rest at.
    public let bounds: ClosedRange<Double>
    /// The deceleration while inside the bounds.
    public let decay: DecayTimingParameters
    /// The bounce-back spring (mass, stiffness, damping; its relative velocity is not used).
    public let spring: SpringTimingParameters
    /// The velocity at release, in units per second.
    public let initialVelocity: Double
    /// Whether the animation is moving the property.
    public var isRunning: Bool { running }
    var running = false
    /// The current phase while running, `nil` otherwise.
    public private(set) var phase: Phase?
    /// The engine time at which the coast reaches a bound and the spring takes over, if it does
    /// (set by ``start()``; the start time itself when released outside the bounds).
    public private(set) var handoffTime: Double?
    /// The bound the spring returns to, if the motion bounces.
    public private(set) var bounceBound: Double?

    private var resting = RestingThresholds()
    var completions = PhysicsCompletions()
    let registration = PhysicsRegistration()

    /// The default bounce-back spring: critically damped, mass 1, stiffness 100, damping 20
    /// (ω₀ = 10 rad/s), so a crossing at `v` points per second overshoots by `v/(10e)` at most
    /// (about 37 points at 1000 points per second) and is back within 0.001 of the distance
    /// in about 0.92 s.
    public static let defaultSpring = SpringTimingParameters(mass: 1, stiffness: 100, damping: 20)

    /// A fling of `property` released with `velocity` (units per second), to start with
    /// ``start()``.
    public init(property: AnimatedProperty<Double>, velocity: Double, bounds: ClosedRange<Double>,
                decelerationRate: DecelerationRate = .normal, spring: SpringTimingParameters = BoundedDecayAnimation.defaultSpring) {
        self.property = property
        self.animationID = property.engine.makeAnimationID()
        self.decay = DecayTimingParameters(decelerationRate: decelerationRate)
        self.spring = spring
        if velocity.isFinite {
            initialVelocity = velocity
        } else {
            initialVelocity = 0
            property.engine.report(.invalidArgument, "BoundedDecayAnimation: the velocity is not finite; zero is used")
        }
        if bounds.lowerBound.isFinite && bounds.upperBound.isFinite {
            self.bounds = bounds
        } else {
            let here = property.presentationValue
            self.bounds = here...here
            property.engine.report(.invalidArgument, "BoundedDecayAnimation: the bounds are not finite; the motion is bounded to where the property is")
        }
    }

    /// The distance to the bound below which the bounce may settle (default 0.001).
    public var restingDistance: Double {
        get { resting.distance }
        set { resting.distance = property.engine.validatedThreshold(newValue, for: "BoundedDecayAnimation.restingDistance", keeping: resting.distance) }
    }

    /// The speed below which the bounce may settle, in units per second (default 0.01).
    public var restingSpeed: Double {
        get { resting.speed }
        set { resting.speed = property.engine.validatedThreshold(newValue, for: "BoundedDecayAnimation.restingSpeed", keeping: resting.speed) }
    }

    /// Adds a handler run once, when the current (or next) run ends, with the reason.
    public func addCompletion(_ handler: @escaping (PhysicsCompletionReason) -> Void) {
        completions.add(handler)
    }

    /// The time, in seconds after the release, at which a decay from `x0` with velocity `v0`
    /// reaches `bound`, or `nil` if it never does (it comes to rest first, or moves away).
    ///
    ///     t* = ln(1 + k·(bound − x0)/v0) / k,   k = 1000·ln(rate) < 0
    ///
    /// defined when `(bound − x0)/v0 ≥ 0` and `k·(bound − x0)/v0 > −1` (the resting point
    /// `x0 − v0/k` lies strictly beyond `bound`). Evaluated with `log1p`, exact for crossings
    /// close to the release.
    public static func crossingTime(from x0: Double, velocity v0: Double, bound: Double,
                                    decay: DecayTimingParameters) -> Double? {
        guard x0.isFinite, v0.isFinite, bound.isFinite, v0 != 0 else { return nil }
        let ratio = (bound - x0) / v0
        guard ratio >= 0 else { return nil }
        let u = decay.rate * ratio
        guard u > -1 else { return nil }
        return Elementary.log1p(u) / decay.rate
    }

    /// Starts the motion from the property's presentation value now (see
    /// <doc:PhysicsAnimations>). Does nothing if already running.
    public func start() {
        guard !isRunning else { return }
        let now = property.engine.time
        startRun(velocity: initialVelocity) { x0, v in
            handoffTime = nil
            bounceBound = nil
            let lower = bounds.lowerBound, upper = bounds.upperBound
            if x0 > upper || x0 < lower {
                beginBounce(at: now, bound: x0 > upper ? upper : lower, offset: x0 - (x0 > upper ? upper : lower), velocity: v)
                return
            }
            let delta = v * (1 / decay.rate)          // x0 − rest
            let rest = x0 - delta
            property.setModelValue(rest)
            phase = .decelerating
            let segment = AnimationSegment(owner: self, engine: property.engine, kind: .decay(decay, startTime: now))
            property.appendTrack(on: segment, delta: delta, initialVelocity: 0)
            if rest > upper || rest < lower {
                let bound = rest > upper ? upper : lower
                if let t = BoundedDecayAnimation.crossingTime(from: x0, velocity: v, bound: bound, decay: decay) {
                    handoffTime = now + t
                    bounceBound = bound
                    crossingVelocity = v * decay.velocityFactor(at: t)
                }
            }
        }
        // A crossing at the release instant (released on a bound, moving out) hands off now.
        if isRunning, phase == .decelerating, let h = handoffTime, h <= now { engineDidAdvance(to: now) }
    }

    private var crossingVelocity = 0.0

    /// The spring from `bound + offset` with `velocity`, its track dated `time`.
    private func beginBounce(at time: Double, bound: Double, offset: Double, velocity: Double) {
        property.removeTracks(ownedBy: self)
        property.setModelValue(bound)
        phase = .bouncing
        handoffTime = time
        bounceBound = bound
        let segment = AnimationSegment(owner: self, engine: property.engine, kind: .spring(spring, startTime: time))
        property.appendTrack(on: segment, delta: offset, initialVelocity: velocity)
    }

    /// Stops the motion where it is: the presentation becomes the model value and the handlers
    /// run with ``PhysicsCompletionReason/stopped``. Does nothing if not running.
    public func stop() { stopWhereItIs() }
}

extension BoundedDecayAnimation: EngineDriven, PhysicsAnimationRun {
    /// Hands off to the spring once the crossing time has come, and settles.
    public func engineDidAdvance(to time: Double) { advanceRun(to: time) }

    /// The measure at `time`, handed off to the spring first once the crossing time has come.
    func restMeasure(at time: Double) -> RestMeasure {
        let own = property.restMeasure(ownedBy: self)
        guard own.count > 0, phase == .decelerating, let h = handoffTime, let b = bounceBound, time >= h else { return own }
        // The decay is exactly on the bound at h: the spring starts there, dated h.
        beginBounce(at: h, bound: b, offset: 0, velocity: crossingVelocity)
        return property.restMeasure(ownedBy: self)
    }

    func isAtRest(distance: Double, speed: Double) -> Bool {
        switch phase {
        case .decelerating: speed <= decay.restingSpeed
        case .bouncing: resting.allowRest(distance: distance, speed: speed)
        case nil: false
        }
    }

    func runDidEnd(_ reason: PhysicsCompletionReason) { phase = nil }
}
