import Kinetic

/// Inserts and removes nodes with enter and exit transitions that survive interruption
/// (SwiftUI's `.transition`, Compose's `AnimatedVisibility`, motion.dev's `AnimatePresence`).
///
/// ```swift
/// let presence = Presence(engine: engine, transition: .scaleAndFade)
/// presence.insert(row, into: list)          // from hidden to present
/// presence.remove(row)                      // drawn until the exit ends, then removed and freed
/// presence.insert(row, into: list)          // mid-exit: turns back, no jump
/// ```
///
/// Each transition is an ordinary `PropertyAnimator` (returned, or the one you pass), so it can
/// be paused, scrubbed, reversed and continued. What an exit's end does, re-insertion mid-exit,
/// many changes in one frame, hit testing, layouts and lifetime are in <doc:PresenceTransitions>.
public final class Presence: LifetimeOwner {
    /// The token of the presence's zeroing references.
    public let lifetime = Lifetime()
    /// The engine of the nodes it inserts and removes.
    public let engine: AnimationEngine
    /// The transition used when a call gives none.
    public var transition: PresenceTransition
    /// The timing of the animators the presence makes (when a call passes none).
    public var timing: TimingParameters
    /// The duration of the animators the presence makes, in seconds (a spring given by mass,
    /// stiffness and damping runs for its settling duration instead, as any animator does).
    public var duration: Double

    /// A node on its way out, with its present look to come back to.
    struct Exit {
        let node: Node
        let alpha: Double
        let transform: AffineTransform
        let wasInteractive: Bool
        let token: Int
    }
    private var exits: [Exit] = []
    private var nextToken = 1

    /// The spring presences use by default: critically damped, 0.35 s response.
    public static let defaultTiming = TimingParameters.spring(SpringTimingParameters(dampingRatio: 1, response: 0.35))

    /// A presence on `engine` whose own animators run `timing` over `duration` seconds.
    public init(engine: AnimationEngine, transition: PresenceTransition = .opacity,
                timing: TimingParameters = Presence.defaultTiming, duration: Double = 0.35) {
        self.engine = engine
        self.transition = transition
        self.timing = timing
        self.duration = duration
    }

    /// Whether `node` is in the tree and not exiting.
    public func isPresent(_ node: Node) -> Bool { node.parent != nil && !isExiting(node) }

    /// Whether `node` is exiting: drawn until its exit ends.
    public func isExiting(_ node: Node) -> Bool { exits.contains { $0.node === node } }

    /// The nodes exiting now, in the order they were removed.
    public var exitingNodes: [Node] { exits.map { $0.node } }

    /// Inserts `node` into `parent` (at `index` among its children, on top when nil) with an
    /// enter transition from `transition`'s hidden look (the presence's ``transition`` when
    /// nil), animated by `animator` (its animations are added; a stopped one is replaced) or
    /// by a new animator of the presence's ``timing``, started at once. Returns the animator,
    /// or nil when nothing was animated (see the type's notes).
    ///
    /// A node exiting is turned back (its exit transition is ignored; it animates back to its
    /// present look from where it is drawn) and moved to `parent` if it is elsewhere.
    @discardableResult
    public func insert(_ node: Node, into parent: Node, at index: Int? = nil,
                       transition: PresenceTransition? = nil, animator: PropertyAnimator? = nil) -> PropertyAnimator? {
        if node === parent || parent.isDescendant(of: node) {
            engine.report(.invalidArgument, "Presence.insert: a node cannot be inserted into itself or its own subtree; ignored")
            return nil
        }
        if let i = exits.firstIndex(where: { $0.node === node }) {
            let exit = exits.remove(at: i)
            node.isUserInteractionEnabled = exit.wasInteractive
            if node.parent !== parent || index != nil { node.move(to: parent, at: index) }
            return run(animator) {
                node.alpha = exit.alpha
                node.transform = exit.transform
            }
        }
        if node.parent === parent { return nil }
        if node.parent != nil {
            node.move(to: parent, at: index)
            return nil
        }
        let t = transition ?? self.transition
        let alpha = node.alpha, transform = node.transform
        engine.performWithoutAnimation {
            node.alpha = t.hiddenAlpha(from: alpha)
            node.transform = t.hiddenTransform(from: transform, size: node.bounds.size)
        }
        if let index { parent.insertChild(node, at: index) } else { parent.addChild(node) }
        return run(animator) {
            node.alpha = alpha
            node.transform = transform
        }
    }

    /// Removes `node` with an exit transition to `transition`'s hidden look (the presence's
    /// ``transition`` when nil), animated by `animator` or by a new animator of the presence's
    /// ``timing``: the node stays drawn until the exit ends at its end (see the type's notes).
    /// Returns the animator, or nil if the node has no parent or is exiting already.
    @discardableResult
    public func remove(_ node: Node, transition: PresenceTransition? = nil, animator: PropertyAnimator? = nil) -> PropertyAnimator? {
        guard node.parent != nil, !isExiting(node) else { return nil }
        let t = transition ?? self.transition
        let token = nextToken
        nextToken &+= 1
        let exit = Exit(node: node, alpha: node.alpha, transform: node.transform,
                        wasInteractive: node.isUserInteractionEnabled, token: token)
        exits.append(exit)
        node.isUserInteractionEnabled = false
        let a = run(animator) {
            node.alpha = t.hiddenAlpha(from: exit.alpha)
            node.transform = t.hiddenTransform(from: exit.transform, size: node.bounds.size)
        }
        let me = zeroingReference
        a.addCompletion { position in me.object?.exitEnded(token: token, at: position) }
        return a
    }

    /// Adds `changes` to `animator`, or runs them on a new animator of the presence's timing.
    private func run(_ animator: PropertyAnimator?, _ changes: @escaping () -> Void) -> PropertyAnimator {
        if let animator, animator.state != .stopped {
            animator.addAnimations(changes)
            return animator
        }
        let a = PropertyAnimator(duration: duration, timingParameters: timing, engine: engine, animations: changes)
        a.startAnimation()
        return a
    }

    /// An exit's animator completed: at its end the node leaves (if that exit is still its
    /// latest), at its start it stays.
    private func exitEnded(token: Int, at position: AnimatingPosition) {
        guard let i = exits.firstIndex(where: { $0.token == token }) else { return }
        let exit = exits.remove(at: i)
        let node = exit.node
        node.isUserInteractionEnabled = exit.wasInteractive
        guard position == .end else { return }
        node.removeFromParent()
        node.removeAllAnimations()
        engine.performWithoutAnimation {
            node.alpha = exit.alpha
            node.transform = exit.transform
        }
    }
}
