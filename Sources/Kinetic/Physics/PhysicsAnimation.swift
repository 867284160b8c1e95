// What the physics animations (SpringAnimation, DecayAnimation, BoundedDecayAnimation) share: why a
// run ended, their completion handlers, how a run ends, and how a property's physics tracks are
// summed and taken over.
/// Why a physics animation (``SpringAnimation``, ``DecayAnimation``) ended: passed to each of
/// its completion handlers, which run exactly once per run.
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

/// A physics animation's run, for the endings the three share (a class-bound protocol used only
/// generically, as Embedded Swift requires).
protocol PhysicsAnimationRun: EngineDriven {
    associatedtype Value: AnimatableValue
    /// The property the animation moves.
    var property: AnimatedProperty<Value> { get }
    /// Ends the run: the animation stops running, then its completion handlers run once with
    /// `reason`.
    func finish(_ reason: PhysicsCompletionReason)
}

extension PhysicsAnimationRun {
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

extension AnimatedProperty {
    /// The summed offset and velocity now of the tracks `owner` added, and how many there are.
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
        animation.advance(to: engine.time)
    }
}
