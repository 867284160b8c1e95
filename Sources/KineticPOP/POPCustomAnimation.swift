// POP's custom animation: a block called every tick until it says it is done.

import Kinetic

/// An animation driven by your own block, called at every engine tick (POP's
/// `POPCustomAnimation`: "a convenient wraparound display link").
///
///     let wobble = POPCustomAnimation { target, animation in
///         let node = target as! Node                           // the object it was added to
///         node.rotation.value = 0.1 * sin(20 * animation.currentTime)
///         return animation.currentTime - start < 1              // false ends it
///     }
///     pop.addAnimation(wobble, to: node, forKey: "wobble")
///
/// Return `false` to complete it. When the block is called and what ``currentTime`` and
/// ``elapsedTime`` measure are in <doc:POPAnimations>.
public final class POPCustomAnimation: POPAnimation {
    /// The block: the object the animation was added to, and the animation (read its times).
    public typealias Block = (_ target: AnyObject, _ animation: POPCustomAnimation) -> Bool

    private let block: Block

    /// The engine time of the current call, in seconds.
    public private(set) var currentTime = 0.0
    /// The time since the previous call, in seconds (0 at the first call of a run).
    public private(set) var elapsedTime = 0.0
    private var lastTime = 0.0

    /// A custom animation calling `block` (POP's `animationWithBlock:`).
    public init(block: @escaping Block) {
        self.block = block
        super.init(engine: nil)
    }

    override func startMotion() {
        guard let engine else { return }
        lastTime = engine.time
        call(at: engine.time)
    }

    override func resumeMotion() {
        if let engine { lastTime = engine.time }
    }

    override func tick(at time: Double) {
        call(at: time)
    }

    private func call(at time: Double) {
        guard let target = object else { return }
        currentTime = time
        elapsedTime = time - lastTime
        lastTime = time
        if !block(target, self) { finish(true) }
    }
}
