// POP's basic (timing-curve) animation, run on a Kinetic PropertyAnimator.

import Kinetic

/// An animation from one value to another over a fixed duration along a cubic timing curve
/// (POP's `POPBasicAnimation`, Core Animation's `CABasicAnimation`).
///
///     let fade = POPBasicAnimation(property: card.alpha)
///     fade.toValue = 0
///     fade.duration = 0.25
///     pop.addAnimation(fade, to: card, forKey: "fade")
///
/// It runs on a Kinetic `PropertyAnimator`, exact at every instant, and owns its property while
/// it runs. The name map, the motion and bad input are in <doc:POPAnimations>.
public final class POPBasicAnimation<Value: AnimatableValue>: POPAnimation {
    /// The property the animation moves.
    public let property: AnimatedProperty<Value>

    /// The pacing (POP's `timingFunction`; default `.default`, Core Animation's default curve,
    /// which POP uses when none is given). Read when a run starts.
    public var timingFunction: CubicTimingParameters

    private var storedFrom: Value?
    private var storedTo: Value?
    private var storedDuration = 0.4
    private var driver: PropertyAnimator?
    private var generation = 0

    /// A basic animation of `property` with POP's defaults: 0.4 s on `timingFunction`.
    public init(property: AnimatedProperty<Value>, timingFunction: CubicTimingParameters = .default) {
        self.property = property
        self.timingFunction = timingFunction
        super.init(engine: property.engine)
    }

    override var requiredEngine: AnimationEngine? { property.engine }
    /// Its ``property``.
    public override func inspectableProperties() -> [any InspectableProperty] { [property] }
    override var inspectionTiming: AnimationInspection.Timing {
        .cubic(c1x: timingFunction.controlPoint1.x, c1y: timingFunction.controlPoint1.y,
               c2x: timingFunction.controlPoint2.x, c2y: timingFunction.controlPoint2.y, duration: duration)
    }

    /// The duration in seconds (default 0.4, POP's `kPOPAnimationDurationDefault`). Read when a
    /// run starts. Negative or non-finite values are rejected with a diagnostic.
    public var duration: Double {
        get { storedDuration }
        set { if accepts(newValue, .atLeastZero, "POPBasicAnimation.duration") { storedDuration = newValue } }
    }

    /// Where the run starts; `nil` (default): the presentation value at the start.
    public var fromValue: Value? {
        get { storedFrom }
        set { if accepts(newValue, "POPBasicAnimation.fromValue") { storedFrom = newValue } }
    }

    /// Where the run ends; `nil` (default): the presentation value at the start.
    public var toValue: Value? {
        get { storedTo }
        set { if accepts(newValue, "POPBasicAnimation.toValue") { storedTo = newValue } }
    }

    override func startMotion() {
        let now = property.presentationValue
        let from = storedFrom ?? now
        let to = storedTo ?? now
        property.removeAllAnimations()
        property.setWithoutAnimation(from)
        generation += 1
        let g = generation
        let property = self.property
        let animator = PropertyAnimator(duration: storedDuration, timingParameters: .cubic(timingFunction),
                                        engine: property.engine) {
            property.value = to
        }
        animator.isListedForInspection = false   // this animation describes itself (kind pop)
        animator.addCompletion { [self] _ in
            guard g == generation else { return }
            driver = nil
            finish(true)
        }
        driver = animator
        animator.startAnimation()
        ownsTrack = property.hasAnimator { $0 === animator }
    }

    /// Whether the run moves the property (false when from equals to): if its motion disappears
    /// from the property, something else took the property over.
    private var ownsTrack = false

    override func tick(at time: Double) {
        guard ownsTrack, let animator = driver, !property.hasAnimator(where: { $0 === animator }) else { return }
        // Another animation removed this one's motion (a basic or `fromValue` under another key,
        // `removeAllAnimations()` on the property): the run ends, not finished.
        haltMotion()
        finish(false)
    }

    override func haltMotion() {
        guard let animator = driver else { return }
        generation += 1
        driver = nil
        // Without finishing: the presentation becomes the model and no completion runs.
        animator.stopAnimation(true)
    }

    override func pauseMotion() {
        driver?.pauseAnimation()
    }

    override func resumeMotion() {
        driver?.startAnimation()
    }
}
