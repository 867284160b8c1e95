// Attaches POP animations to objects by key, as POP's POPAnimator and its NSObject category do.

import Kinetic

/// Runs POP animations on objects, one per key (POP's `POPAnimator` and the `pop_` methods of
/// its `NSObject (POP)` category), on an engine's clock.
///
///     let pop = POPAnimator(engine: engine)
///     let animation = POPSpringAnimation(property: pane.center)
///     animation.toValue = targetPoint
///     pop.addAnimation(animation, to: pane, forKey: "animation")
///
/// `[obj pop_addAnimation:anim forKey:key]` is `pop.addAnimation(anim, to: obj, forKey: key)`,
/// and so on. The full name map, how objects and keys compare, and how replacing an animation
/// under a key hands over without a jump are in <doc:POPAnimations>.
public final class POPAnimator {
    /// The engine whose ticks advance the animations.
    public let engine: AnimationEngine

    private struct Entry {
        let object: AnyObject
        let key: String
        let animation: POPAnimation
    }
    private var entries: [Entry] = []

    /// An animator whose animations follow `engine`'s clock.
    public init(engine: AnimationEngine) {
        self.engine = engine
    }

    /// Adds `animation` to `object` under `key` and starts it at the engine's current time,
    /// replacing the animation under that key (see <doc:POPAnimations>).
    ///
    /// A property animation whose property belongs to another engine is rejected with a
    /// diagnostic; nothing changes.
    public func addAnimation(_ animation: POPAnimation, to object: AnyObject, forKey key: String) {
        if let required = animation.requiredEngine, required !== engine {
            engine.report(.invalidArgument, "POPAnimator.addAnimation: the animation's property belongs to another engine; not added")
            return
        }
        if let i = index(of: object, key: key), entries[i].animation === animation { return }
        if let other = animation.animator { other.removeAttached(animation) }
        animation.prepareToTakeOver()
        // A completion block may put something under the key again: replace until it is free.
        while let i = index(of: object, key: key) {
            // A completion block already put this very animation there: it is running.
            if entries[i].animation === animation { return }
            let old = entries.remove(at: i).animation
            old.cancel()
        }
        entries.append(Entry(object: object, key: key, animation: animation))
        animation.begin(animator: self, object: object, key: key)
    }

    /// The animation attached to `object` under `key`, if any (running, paused, or completed
    /// and kept by `removedOnCompletion` false).
    public func animation(forKey key: String, on object: AnyObject) -> POPAnimation? {
        index(of: object, key: key).map { entries[$0].animation }
    }

    /// The keys of `object`'s animations, in the order they were added.
    public func animationKeys(on object: AnyObject) -> [String] {
        entries.filter { $0.object === object }.map { $0.key }
    }

    /// Removes the animation under `key` from `object`: it stops where it is (the presentation
    /// stays, the velocity drops to zero) and its completion runs with `finished` false, unless
    /// it had already completed. Does nothing if there is none.
    public func removeAnimation(forKey key: String, from object: AnyObject) {
        guard let i = index(of: object, key: key) else { return }
        let old = entries.remove(at: i).animation
        old.cancel()
    }

    /// Removes every animation from `object`, as ``removeAnimation(forKey:from:)`` does for
    /// each, in the order they were added (all are unlisted before the first completion runs).
    public func removeAllAnimations(from object: AnyObject) {
        let removed = entries.filter { $0.object === object }.map { $0.animation }
        entries.removeAll { $0.object === object }
        for animation in removed { animation.cancel() }
    }

    // MARK: Internals

    private func index(of object: AnyObject, key: String) -> Int? {
        // Keys match when their code units do, as NSString's isEqualToString: (POP's dictionary)
        // compares them; byte equality also keeps Embedded Swift builds free of the Unicode
        // normalisation tables that `==` on String needs.
        entries.firstIndex { $0.object === object && $0.key.utf8.elementsEqual(key.utf8) }
    }

    /// Unlists an animation that ended by itself (its completion follows).
    func forget(_ animation: POPAnimation) {
        entries.removeAll { $0.animation === animation }
    }

    /// Removes an attached animation wherever it is listed, ending its run.
    func removeAttached(_ animation: POPAnimation) {
        guard entries.contains(where: { $0.animation === animation }) else { return }
        entries.removeAll { $0.animation === animation }
        animation.cancel()
    }
}
