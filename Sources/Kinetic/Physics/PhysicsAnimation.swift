// What the physics animations (SpringAnimation, DecayAnimation, BoundedDecayAnimation) share: why a
// run ended, their completion handlers, an own timing an override replaces, how a run starts and
// ends, and how a property's physics tracks are summed and taken over.

/// Why a physics animation (``SpringAnimation``, ``DecayAnimation``, ``BoundedDecayAnimation``)
/// ended: passed to each of its completion handlers, which run exactly once per run.
public enum PhysicsCompletionReason: Sendable, Equatable {
    /// The motion came to rest. The animation's track was removed, so the property's
    /// presentation equals its model value exactly (the target of a spring, the resting position
    /// of a decay), up to any other animator still animating it.
    case settled
    /// `stop()` was called: the presentation at that instant became the model value and the
    /// motion ended there, velocity and all.
    case stopped
    /// Something else ended the motion: another physics animation started on the same property
    /// and took it over (folding this motion into its own, see ``SpringAnimation/start()``), or
    /// the property's animations were removed (``AnimatedProperty/removeAllAnimations()``).
    case interrupted
}

/// A physics animation's completion handlers: each runs once, when the run it was added for
/// ends, in the order added.
struct PhysicsCompletions {
    private var handlers: [(PhysicsCompletionReason) -> Void] = []

    mutating func add(_ handler: @escaping (PhysicsCompletionReason) -> Void) { handlers.append(handler) }

    /// Forgets the handlers and returns them, to be run once with ``run(_:)`` (outside any
    /// access to the animation's storage: a handler may add a new one).
    mutating func takeAll() -> PhysicsCompletions {
        let taken = self
        handlers = []
        return taken
    }

    /// Forgets the handlers without running them.
    mutating func removeAll() { handlers = [] }

    /// Runs the handlers, in the order they were added, with `reason`.
    func run(_ reason: PhysicsCompletionReason) {
        for handler in handlers { handler(reason) }
    }
}

/// A physics animation's own timing while an engine's timing override replaces it (see
/// ``AnimationEngine/setTimingOverride(_:forAnimationsNamed:)``): the spring of a
/// ``SpringAnimation``, the deceleration of a ``DecayAnimation``.
struct OwnTiming<Timing> {
    /// The own timing, kept while an override replaces it.
    private var saved: Timing?

    /// The timing a start runs with instead of `current`, or nil to keep `current`: the engine's
    /// override for `property`'s label that `kind` takes out of it (nil for an override of
    /// another kind), or else the own timing back, once no override applies any more. Reads
    /// nothing else (not even the label) while the engine has no override and none was applied.
    mutating func replacement<Value>(for current: Timing, on property: AnimatedProperty<Value>,
                                     kind: (TimingOverride) -> Timing?) -> Timing? {
        guard saved != nil || !property.engine.timingOverrides.isEmpty else { return nil }
        if let override = property.engine.timingOverride(forAnimationNamed: property.label).flatMap(kind) {
            if saved == nil { saved = current }
            return override
        }
        defer { saved = nil }
        return saved
    }
}

/// The distance and speed below which a spring's motion may settle, in value units and value
/// units per second.
struct RestingThresholds {
    var distance = 0.001
    var speed = 0.01

    /// Whether a motion `distance` from its rest, moving at `speed`, may settle.
    func allowRest(distance: Double, speed: Double) -> Bool {
        distance <= self.distance && speed <= self.speed
    }
}

/// A physics animation's run: its start, how each frame checks it, and its endings, which the
/// three share (a class-bound protocol used only generically, as Embedded Swift requires).
protocol PhysicsAnimationRun: EngineDriven {
    associatedtype Value: AnimatableValue
    /// The property the animation moves.
    var property: AnimatedProperty<Value> { get }
    /// The animation's id among its engine's animations.
    var animationID: Int { get }
    /// The handlers of the current (or next) run.
    var completions: PhysicsCompletions { get set }
    /// Whether the run is on (what `isRunning` reads).
    var running: Bool { get set }
    /// Whether the engine lists the animation (so a start need not search its list).
    var registration: PhysicsRegistration { get }
    /// Whether an inspector lists the animation (see ``AnimationEngine/liveAnimations()``).
    var isListedForInspection: Bool { get }
    /// What an inspector shows the animation as.
    var inspectionKind: AnimationInspection.Kind { get }
    /// The animation's timing as an inspector shows it now.
    var inspectionTiming: AnimationInspection.Timing { get }
    /// Stops the motion where it is (the animation's public `stop()`).
    func stop()
    /// How far from rest the animation's motion is at the engine's time `time`: the magnitudes
    /// of its tracks' summed offset and velocity, and how many tracks it has, after any change
    /// of track due by then (a bounded decay's hand-off to its spring). The default measures
    /// the property's tracks the animation owns.
    func restMeasure(at time: Double) -> RestMeasure
    /// Whether a motion `distance` from its rest, moving at `speed`, has come to rest.
    func isAtRest(distance: Double, speed: Double) -> Bool
    /// At a start, before anything else: the engine's timing override for the animation's name
    /// replaces its own timing, or gives it back once none applies (see ``OwnTiming``). The
    /// default does nothing (no timing an override replaces).
    func applyTimingOverride()
    /// The run has just ended with `reason` (the animation no longer runs; its completion
    /// handlers run next): clears what the run held. The default does nothing.
    func runDidEnd(_ reason: PhysicsCompletionReason)
}

extension PhysicsAnimationRun {
    @inline(__always)
    func restMeasure(at time: Double) -> RestMeasure {
        property.restMeasure(ownedBy: self)
    }

    func runDidEnd(_ reason: PhysicsCompletionReason) {}

    func applyTimingOverride() {}

    /// Each frame's check (the body of the animations' `engineDidAdvance(to:)`): the run ends
    /// ``PhysicsCompletionReason/interrupted`` if its tracks are gone (another physics animation
    /// took the property over, or its animations were removed), and settles once at rest.
    /// Its only work with values of the animation's type is the measure, which runs specialized
    /// for the values `Node` animates (see `AnimatedProperty.restMeasure(ownedBy:slot:)`).
    @inline(__always)
    func advanceRun(to time: Double) {
        guard running else { return }
        let measure = restMeasure(at: time)
        guard measure.count > 0 else {
            finish(.interrupted)
            return
        }
        if isAtRest(distance: measure.distance, speed: measure.speed) { settle() }
    }

    /// Ends the run: the animation stops running, clears what the run held, then its completion
    /// handlers run once with `reason`.
    func finish(_ reason: PhysicsCompletionReason) {
        running = false
        runDidEnd(reason)
        completions.takeAll().run(reason)
    }

    /// Stops where it is, as `stop()` does, without running the completion handlers.
    public func engineDidInvalidate() {
        completions.removeAll()
        stop()
    }

    /// A start, once the animation knows it is not running: applies any timing override, takes
    /// the property over with `velocity` (see ``takeOverProperty(velocity:)``), turns the run
    /// on, lets `begin` set the model and add the run's track from where the motion starts
    /// (`from`) with the velocity its track starts with, then lists the animation with the
    /// engine and ends the animations taken over (once the new track is in, so that they find
    /// their tracks gone).
    func startRun(velocity: Value?, _ begin: (_ from: Value, _ velocity: Value) -> Void) {
        applyTimingOverride()
        let taken = takeOverProperty(velocity: velocity)
        running = true
        begin(taken.from, taken.velocity)
        property.engine.driven.add(self, registration: registration)
        interruptPhysicsAnimations(ownedBy: taken.owners, on: property.engine)
    }

    /// A start's take-over of the property: removes the tracks of the physics animations on it
    /// and returns where the new motion starts (the model plus their offsets now), the velocity
    /// its track starts with, and the animations taken over (to interrupt once the new track is
    /// in). Given a `velocity`, the property's velocity becomes exactly that: the track carries
    /// it less what the property's animator tracks add. Without one, the motion carries on with
    /// the velocity of the motions taken over.
    func takeOverProperty(velocity: Value?) -> (from: Value, velocity: Value, owners: [AnyObject]) {
        let taken = property.removePhysicsTracks()
        let start: Value
        if let velocity {
            start = property.tracks.isEmpty ? velocity : velocity - property.velocity
        } else {
            start = taken.velocity
        }
        return (property.modelValue + taken.offset, start, taken.owners)
    }

    /// Stops the motion where it is: the animation's tracks are folded into the model (nothing
    /// moves) and the run ends ``PhysicsCompletionReason/stopped``. Nothing if not running.
    func stopWhereItIs() {
        guard isRunning else { return }
        property.foldTracks(ownedBy: self)
        finish(.stopped)
    }

    /// The motion came to rest: the animation's tracks are removed, so the presentation lands
    /// exactly on the model, and the run ends ``PhysicsCompletionReason/settled``.
    func settle() {
        property.removeTracks(ownedBy: self)
        finish(.settled)
    }
}

/// How far from rest a physics animation's motion is: the magnitudes of its tracks' summed offset
/// and velocity, and how many tracks it has (none once it was taken over).
struct RestMeasure {
    var distance: Double
    var speed: Double
    var count: Int
}

extension AnimatedProperty {
    /// The summed offset and velocity now of the tracks `owner` added, and how many there are.
    ///
    /// `slot`, when not negative, is the slot of the segment `owner` last added and holds alive
    /// (so the slot is its own): a property whose only track has that slot carries `owner`'s
    /// track alone, read in place, with no copy of the track and no retain of its segment.
    @inline(__always)
    func motion(ownedBy owner: AnyObject, slot: Int) -> (offset: Value, velocity: Value, count: Int) {
        guard slot >= 0, tracks.tail.isEmpty else { return motion(ownedBy: owner) }
        var offset = Value.zero, velocity = Value.zero
        guard !tracks.isEmpty, tracks.slot(0) == slot else { return (offset, velocity, 0) }
        let c = engine.coefficients(slot: slot)
        let delta = tracks.delta(0), v0 = tracks.initialVelocity(0)
        offset += delta * c.released + v0 * c.kicked
        velocity += delta * c.releasedVelocity + v0 * c.kickedVelocity
        return (offset, velocity, 1)
    }

    /// The summed offset and velocity now of the tracks `owner` added, and how many there are
    /// (out of line: the case of many tracks, or of an owner that does not know its slot).
    @inline(never)
    func motion(ownedBy owner: AnyObject) -> (offset: Value, velocity: Value, count: Int) {
        var offset = Value.zero, velocity = Value.zero, count = 0
        for track in tracks where track.segment.owner === owner {
            let o = track.offset()
            offset += o.value
            velocity += o.velocity
            count += 1
        }
        return (offset, velocity, count)
    }

    /// The measure of the tracks `owner` added that each frame's check of a physics animation
    /// takes (see ``motion(ownedBy:slot:)`` for `slot`).
    //
    // Specialized for the values `Node` animates, as this type's entry points: the engine
    // calls the animations through a protocol, so a native build would otherwise sum every
    // running spring's and decay's motion as unspecialized generic code each frame.
    @_specialize(where Value == Double)
    @_specialize(where Value == Point)
    @_specialize(where Value == Rect)
    @_specialize(where Value == AffineTransform)
    @_specialize(where Value == Color)
    func restMeasure(ownedBy owner: AnyObject, slot: Int = -1) -> RestMeasure {
        measureMotion(ownedBy: owner, slot: slot)
    }

    /// The body of ``restMeasure(ownedBy:slot:)`` (apart for the specializations; see
    /// `init(_:engine:)`).
    @inline(never)
    func measureMotion(ownedBy owner: AnyObject, slot: Int) -> RestMeasure {
        let own = motion(ownedBy: owner, slot: slot)
        return RestMeasure(distance: own.offset.magnitude, speed: own.velocity.magnitude, count: own.count)
    }

    /// Removes every track of a physics animation (a segment without an animator), returning
    /// their summed offset and velocity now and their distinct owners.
    func removePhysicsTracks() -> (offset: Value, velocity: Value, owners: [AnyObject]) {
        var offset = Value.zero, velocity = Value.zero
        var owners: [AnyObject] = []
        guard tracks.contains(where: { $0.segment.animator == nil }) else { return (offset, velocity, owners) }
        var kept = PropertyTrackList<Value>()
        for track in tracks {
            guard track.segment.animator == nil else { kept.append(track); continue }
            let o = track.offset()
            offset += o.value
            velocity += o.velocity
            let owner = track.segment.owner
            if !owners.contains(where: { $0 === owner }) { owners.append(owner) }
        }
        tracks = kept
        return (offset, velocity, owners)
    }
}

/// Lets the physics animations owning `owners` notice at once that their tracks are gone (they
/// end with ``PhysicsCompletionReason/interrupted`` and run their completion handlers).
func interruptPhysicsAnimations(ownedBy owners: [AnyObject], on engine: AnimationEngine) {
    guard !owners.isEmpty else { return }
    let running = engine.physicsAnimations
    for animation in running where owners.contains(where: { $0 === animation }) {
        animation.engineDidAdvance(to: engine.time)
    }
}
