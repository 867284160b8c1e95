// UIKit's class-method animations (`UIView.animate(withDuration:…)` and friends) on an engine, each backed by a running PropertyAnimator.

/// A class-method animation whose block is running: what a nested one inherits.
struct ClassAnimationContext {
    let animator: PropertyAnimator
    let options: AnimationOptions
    /// When its animations start moving (after its delay), in engine seconds: while its block
    /// runs the animator has not recorded its delay yet.
    let startTime: Double
}

extension AnimationEngine {
    /// Animates the changes `animations` makes over `duration` seconds after `delay` seconds,
    /// with the curve named by `options` (UIKit's
    /// `UIView.animate(withDuration:delay:options:animations:completion:)`).
    ///
    /// The block runs now (the model takes its values at once); the running ``PropertyAnimator``
    /// that drives the presentation is returned (discardable). `completion` runs exactly once
    /// with `finished`: true when the animations ran to their end (or were retargeted), false
    /// when the animator was stopped. A duration of 0 applies the changes at the next tick; a
    /// negative or non-finite duration or delay is reported and taken as 0. Called inside
    /// another animation block it inherits that animation's duration, curve and options unless
    /// ``AnimationOptions`` say otherwise (see <doc:AnimationEngineInDepth#Nested-class-method-animations>).
    @discardableResult
    public func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                        animations: @escaping () -> Void,
                        completion: ((Bool) -> Void)? = nil) -> PropertyAnimator {
        ClassAnimation.run(on: self, duration: duration, delay: delay, options: options,
                           timing: .cubic(CubicTimingParameters(animationCurve: options.curve)),
                           canJoinEnclosing: true, animations: animations, completion: completion)
    }

    /// Animates with a spring fitted to `duration` (UIKit's
    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`).
    ///
    /// `dampingRatio` is the spring's ζ (1: no overshoot; smaller values oscillate; clamped as
    /// ``SpringTimingParameters/init(dampingRatio:duration:initialVelocity:)`` does); the spring
    /// settles (to 0.1 %) exactly at `duration`. `velocity` is the initial velocity relative to
    /// the distance, per second, on every axis (UIKit: 0.5 for a 200 pt move starting at
    /// 100 pt/s); not finite is reported and taken as 0. The options' curve bits are ignored
    /// (the spring is the timing); the rest as ``animate(withDuration:delay:options:animations:completion:)``.
    @discardableResult
    public func animate(withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
                        initialSpringVelocity velocity: Double, options: AnimationOptions = [],
                        animations: @escaping () -> Void,
                        completion: ((Bool) -> Void)? = nil) -> PropertyAnimator {
        let v = ClassAnimation.springVelocity(velocity, on: self)
        let spring = SpringTimingParameters(dampingRatio: dampingRatio, initialVelocity: Vector(dx: v, dy: v))
        return ClassAnimation.run(on: self, duration: duration, delay: delay, options: options, timing: .spring(spring),
                                  canJoinEnclosing: true, animations: animations, completion: completion)
    }

    /// Animates with a spring given by its perceptual duration and bounce (iOS 17's
    /// `UIView.animate(springDuration:bounce:initialSpringVelocity:delay:options:animations:completion:)`).
    ///
    /// The spring is ``SpringTimingParameters/init(duration:bounce:initialVelocity:)``: its
    /// response is `springDuration` seconds (2π/ω₀) and ζ = 1 − bounce (1/(1 + bounce) for a
    /// negative bounce). The animation runs until the spring settles (its
    /// ``SpringTimingParameters/settlingDuration``, longer than `springDuration`), and the
    /// completion runs then. `initialSpringVelocity` is relative to the distance, as in the
    /// other spring method. Defaults are UIKit's: 0.5 s, no bounce.
    @discardableResult
    public func animate(springDuration: Double = 0.5, bounce: Double = 0, initialSpringVelocity: Double = 0,
                        delay: Double = 0, options: AnimationOptions = [],
                        animations: @escaping () -> Void,
                        completion: ((Bool) -> Void)? = nil) -> PropertyAnimator {
        let v = ClassAnimation.springVelocity(initialSpringVelocity, on: self)
        let spring = SpringTimingParameters(duration: springDuration, bounce: bounce, initialVelocity: Vector(dx: v, dy: v))
        return ClassAnimation.run(on: self, duration: springDuration, delay: delay, options: options, timing: .spring(spring),
                                  canJoinEnclosing: true, animations: animations, completion: completion)
    }
}

/// The class-method animations' one path (``AnimationEngine/animate(withDuration:delay:options:animations:completion:)``
/// and the others): what a nested call inherits, the repetition, the animator it runs.
enum ClassAnimation {
    /// The one path of every class-method animation: resolves what a nested call inherits,
    /// sets the repetition, starts the animator and hooks the completion.
    static func run(on engine: AnimationEngine, duration: Double, delay: Double, options: AnimationOptions,
                    timing: TimingParameters, canJoinEnclosing: Bool, animations: @escaping () -> Void,
                    completion: ((Bool) -> Void)?) -> PropertyAnimator {
        var delay = delay
        if !(delay.isFinite && delay >= 0) {
            engine.report(.invalidArgument, "animation delay \(delay) is negative or not finite; using 0")
            delay = 0
        }
        delay = engine.honouredSeconds(delay, for: "animation delay")
        let enclosing = engine.currentTransaction?.animator
        var enclosingOptions = AnimationOptions()
        var enclosingStart = engine.time
        if let enclosing {
            enclosingStart = Swift.max(enclosing.clock.startTime, engine.time)
            if let context = engine.classAnimationContexts.last(where: { $0.animator === enclosing }) {
                enclosingOptions = context.options
                enclosingStart = Swift.max(enclosingStart, context.startTime)
            }
        }
        let resolved = enclosing == nil || options.contains(.overrideInheritedOptions)
            ? options : options.union(enclosingOptions.inheritable)
        let ownDuration = options.contains(.overrideInheritedDuration)
        let ownCurve = options.contains(.overrideInheritedCurve)
        let box = ClassAnimationCompletion(completion)

        if let enclosing, canJoinEnclosing, !ownDuration, !ownCurve, delay == 0 {
            // Same stretch, same timing: the changes simply belong to the enclosing block.
            engine.classAnimationContexts.append(ClassAnimationContext(animator: enclosing, options: resolved,
                                                                       startTime: enclosingStart))
            animations()
            engine.classAnimationContexts.removeLast()
            box.attach(to: enclosing)
            return enclosing
        }

        var seconds = duration
        var timingParameters = timing
        if let enclosing, let stretch = engine.currentTransaction?.segment {
            // The stretch the enclosing block animates over: the whole run, or the time that
            // remained when it was added mid-flight (a keyframe: the enclosing run's).
            if case .timed(let timing, let stretchSeconds) = stretch.kind {
                if !ownDuration { seconds = stretchSeconds }
                if !ownCurve { timingParameters = timing }
            } else {
                if !ownDuration { seconds = enclosing.animationDuration }
                if !ownCurve { timingParameters = enclosing.timingParameters }
            }
            // Start together with the enclosing animation (it may be waiting for its delay).
            delay += enclosingStart - engine.time
        }
        let animator = PropertyAnimator(duration: seconds, timingParameters: timingParameters, engine: engine)
        animator.isUserInteractionEnabled = resolved.contains(.allowUserInteraction)
        if resolved.contains(.repeat) || resolved.contains(.autoreverse) {
            applyRepetition(of: resolved, to: animator, engine: engine)
        }
        animator.addAnimations(animations)
        box.attach(to: animator)
        engine.classAnimationContexts.append(ClassAnimationContext(animator: animator, options: resolved,
                                                                   startTime: engine.time + delay))
        animator.startAnimation(afterDelay: delay)
        engine.classAnimationContexts.removeLast()
        return animator
    }

    /// A spring method's `initialSpringVelocity` as it is honoured: itself, or 0 with a
    /// diagnostic on `engine` when it is not finite.
    static func springVelocity(_ velocity: Double, on engine: AnimationEngine) -> Double {
        guard velocity.isFinite else {
            engine.report(.invalidArgument, "initialSpringVelocity \(velocity) is not finite; using 0")
            return 0
        }
        return velocity
    }

    /// Maps UIKit's `.repeat` and `.autoreverse` onto the animator's own media timing (see
    /// ``PropertyAnimator/repeatCount``), so every instant is that timeline's closed form:
    /// - `.repeat`: ``PropertyAnimator/repeatCount`` = `.infinity` (each cycle starts over
    ///   from the start values; never completes on its own, stopping it finishes it false);
    /// - `.repeat` and `.autoreverse`: repeat forever, each cycle there and back;
    /// - `.autoreverse` alone: one cycle there and back (repeat count 0 with
    ///   ``PropertyAnimator/autoreverses``); where the animator on its own would complete at
    ///   ``AnimatingPosition/start``, the class method completes at ``AnimatingPosition/end``
    ///   with `finished == true`: the properties show their model values, the end values, as
    ///   UIKit's do when Core Animation removes the finished animation.
    /// A zero-length animation cannot repeat: reported, it runs once.
    private static func applyRepetition(of options: AnimationOptions, to animator: PropertyAnimator, engine: AnimationEngine) {
        guard animator.animationDuration > 0 else {
            engine.report(.invalidArgument, "repeat or autoreverse on an animation of duration 0 is ignored; it runs once")
            return
        }
        let repeats = options.contains(.repeat)
        animator.repeatCount = repeats ? .infinity : 0
        animator.autoreverses = options.contains(.autoreverse)
        animator.completesAtModelValues = !repeats
    }
}

extension PropertyAnimator {
    /// Creates an animator with the curve named by `options`, starts it after `delay` seconds
    /// and returns it (UIKit's
    /// `UIViewPropertyAnimator.runningPropertyAnimator(withDuration:delay:options:animations:completion:)`).
    ///
    /// The options' curve bits give the timing, ``AnimationOptions/allowUserInteraction`` sets
    /// ``isUserInteractionEnabled`` (false without it, as UIKit's class methods), and
    /// ``AnimationOptions/repeat`` and ``AnimationOptions/autoreverse`` repeat as in
    /// ``AnimationEngine/animate(withDuration:delay:options:animations:completion:)``. The
    /// completion is the animator's own (it receives the position). Unlike the engine's class
    /// methods it never joins an enclosing animation block: it always runs its own animator
    /// with its own duration and curve, as UIKit's property animators do.
    @discardableResult
    public static func runningPropertyAnimator(withDuration duration: Double, delay: Double, options: AnimationOptions,
                                               animations: @escaping () -> Void,
                                               completion: ((AnimatingPosition) -> Void)? = nil,
                                               engine: AnimationEngine) -> PropertyAnimator {
        let animator = ClassAnimation.run(
            on: engine, duration: duration, delay: delay,
            options: options.union([.overrideInheritedDuration, .overrideInheritedCurve, .overrideInheritedOptions]),
            timing: .cubic(CubicTimingParameters(animationCurve: options.curve)),
            canJoinEnclosing: false, animations: animations, completion: nil)
        if let completion { animator.addCompletion(completion) }
        return animator
    }
}
