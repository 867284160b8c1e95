// TEMPORARY: an inert stand-in for POP's API that the dyn-pop branch is building
// (POPAnimator, POPSpringAnimation), so the pane compiles before it lands. Nothing here moves
// anything. Deleted when dyn-pop is merged.
import Kinetic

final class POPAnimator {
    init(engine: AnimationEngine) {}
    func addAnimation(_ animation: AnyObject, to object: AnyObject, forKey key: String) {}
    func removeAllAnimations(from object: AnyObject) {}
}

final class POPSpringAnimation<Value: AnimatableValue> {
    var toValue: Value?
    var velocity: Value?
    var springSpeed = 12.0
    var springBounciness = 4.0
    var isRunning: Bool { false }
    init(property: AnimatedProperty<Value>) {}
}
