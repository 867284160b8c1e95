// Attaches POP animations to objects by key, as POP's POPAnimator and its NSObject category do.

import Kinetic

/// Runs POP animations on objects, one per key (POP's `POPAnimator` and the `pop_` methods of
/// its `NSObject (POP)` category).
///
/// POP has one shared animator driven by the display link; Kinetic's time is injected, so there
/// is one animator per ``AnimationEngine``, and its animations advance when the engine ticks.
/// The objc.io pane becomes:
///
///     let pop = POPAnimator(engine: engine)
///     …
///     func animatePane(initialVelocity: Point) {
///         let animation = POPSpringAnimation(property: pane.center)
///         animation.velocity = initialVelocity       // points per second, from the pan
///         animation.toValue = targetPoint
///         animation.springSpeed = 15
///         animation.springBounciness = 6
///         pop.addAnimation(animation, to: pane, forKey: "animation")
///     }
///
/// | POP | Kinetic |
/// |---|---|
/// | `[obj pop_addAnimation:anim forKey:key]` | `pop.addAnimation(anim, to: obj, forKey: key)` |
/// | `[obj pop_animationForKey:key]` | `pop.animation(forKey: key, on: obj)` |
/// | `[obj pop_removeAnimationForKey:key]` | `pop.removeAnimation(forKey: key, from: obj)` |
/// | `[obj pop_removeAllAnimations]` | `pop.removeAllAnimations(from: obj)` |
/// | `[obj pop_animationKeys]` | `pop.animationKeys(on: obj)` |
///
/// The object is any class instance: a node, a view model, or the ``AnimatedProperty`` itself.
/// Objects are compared by identity, keys by their code units (as POP's `isEqualToString:`: a
/// precomposed "é" and "e" + combining accent are different keys).
///
/// ## Replacing under a key, without a jump
/// Adding an animation under a key that already holds one replaces it, as in POP: the old
/// animation is removed first (its completion runs once with `finished` false), then the new
/// one starts. Unlike POP, the hand-over is seamless: a spring or decay whose `velocity` is nil
/// starts with the velocity the property had just before the old animation was removed, and
/// every property animation whose `fromValue` is nil starts from the presentation value, so
/// neither position nor velocity jumps at that instant. (POP starts a spring with no velocity
/// at zero velocity.) A basic animation starts with its curve's own velocity.
///
/// Adding the animation already under that key does nothing (POP). Adding an animation that is
/// attached elsewhere moves it: it is removed there first (completion `false`).
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
    /// replacing the animation under that key (see the type's discussion).
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
