// What the physics animations (SpringAnimation, DecayAnimation) share: why a run ended, and how
// a property's physics tracks are taken over.
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

extension AnimatedProperty {
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
