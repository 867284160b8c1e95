import Kinetic

/// A flight between nodes that share a ``Node/matchID`` in two states of the interface — a
/// grid cell and its detail view, two screens of a navigation stack, two containers — that
/// behaves as an animator: interactive, interruptible and reversible, with velocity handed on
/// (SwiftUI's `matchedGeometryEffect`, Compose's `sharedElement`, motion.dev's `layoutId`,
/// Flutter's `Hero`).
///
/// ```swift
/// cell.matchID = "photo"
/// detailPhoto.matchID = "photo"
/// let flight = MatchedGeometryTransition(from: grid, to: detail, overlay: scene.root)
/// flight.addCompletion { position in if position == .start { detail.isHidden = true } }
/// flight.startAnimation()
/// ```
///
/// Catch it with ``pause()``, scrub ``fractionComplete``, release it with
/// ``continueAnimation(toEnd:progressVelocity:)``, turn it with ``reverse()``, or hand it to
/// another animator with ``animate(with:)``. How the proxy follows both ends on screen, what
/// each call does, when it ends and its lifetime are in <doc:MatchedGeometry>.
public final class MatchedGeometryTransition: LifetimeOwner, EngineDriven {
    /// The token of the transition's zeroing references.
    public let lifetime = Lifetime()
    /// The engine the flight runs on.
    public let engine: AnimationEngine
    /// One flying pair: the node it leaves, the node it reaches, and the proxy drawn between.
    public struct Flight {
        /// The node in the first state.
        public let source: Node
        /// The node with the same match id in the second state.
        public let destination: Node
        /// The node drawn in the overlay during the flight.
        public let proxy: Node
        let sourceWasHidden: Bool
        let destinationWasHidden: Bool
    }
    /// The flying pairs, in the order their sources were found (depth first).
    public private(set) var flights: [Flight] = []
    /// Where the proxies are drawn: their frames are converted into its coordinates, so it
    /// should be unscaled and unrotated (the scene's root, or a full-screen node on top).
    public let overlay: Node
    /// The flight's progress: 0 at the sources, 1 at the destinations (its model is the end
    /// the flight is heading for).
    @Animated public var progress: Double
    /// The spring every run of the flight uses.
    public let spring: SpringTimingParameters
    /// The animators moving ``progress`` now, oldest first (several after a ``reverse()``:
    /// their tracks add up). Empty while caught or before the start.
    public private(set) var runs: [PropertyAnimator] = []
    /// Whether the flight heads for the destinations (true) or back to the sources.
    public private(set) var isHeadingToEnd = true
    /// Whether the flight ended and the ends were put back.
    public private(set) var isFinished = false
    /// The animator moving ``progress`` after ``animate(with:)``, until the flight ends.
    public private(set) var driver: (any ImplicitlyAnimating)?
    /// Whether ``driver`` has been seen active (so its return to inactive is a stop).
    private var driverHasRun = false
    private var completions: [(AnimatingPosition) -> Void] = []

    /// The default spring: critically damped, 0.45 s response.
    public static let defaultSpring = SpringTimingParameters(dampingRatio: 1, response: 0.45)
    /// The largest relative spring velocity a continuation is given (per second, in units of
    /// the distance left): a release a hair from an end with a finite velocity would otherwise
    /// ask for an infinite one. Beyond it the velocity is clamped (a jump in velocity, never in
    /// position).
    public static let maximumRelativeVelocity = 1_000.0

    /// A flight from every node under `from` (itself included) with a ``Node/matchID`` to the
    /// node with the same id under `to`, drawn in `overlay`. A source with no counterpart, or
    /// a second node with an id already taken, does not fly. The proxies are made here: each
    /// a plain node with the source's name plus `".flight"`, clipping, not hit-testable, showing
    /// the source's ``Node/image`` (else the destination's) with its ``Node/contentMode``, and
    /// the source's accessibility role and label.
    /// Nothing moves until ``startAnimation()`` (or a scrub of ``fractionComplete``, to start
    /// interactively); the ends are hidden and the proxies drawn from now on.
    public convenience init(from: Node, to: Node, overlay: Node, spring: SpringTimingParameters = defaultSpring) {
        var pairs: [(Node, Node)] = []
        var taken: [String] = []
        func visit(_ node: Node) {
            if let id = node.matchID, !taken.contains(id), let match = to.descendant(matchID: id), match !== node {
                taken.append(id)
                pairs.append((node, match))
            }
            for child in node.children { visit(child) }
        }
        visit(from)
        self.init(pairs: pairs, overlay: overlay, spring: spring)
    }

    /// A flight of one pair: `source` to `destination`, drawn in `overlay`.
    public convenience init(source: Node, destination: Node, overlay: Node, spring: SpringTimingParameters = defaultSpring) {
        self.init(pairs: [(source, destination)], overlay: overlay, spring: spring)
    }

    init(pairs: [(Node, Node)], overlay: Node, spring: SpringTimingParameters) {
        let engine = overlay.engine
        self.engine = engine
        self.overlay = overlay
        self.spring = spring
        _progress = Animated(0.0, engine: engine)
        // Inspectors list its runs as "matchedGeometry.progress".
        $progress.setLabel("matchedGeometry.progress")
        // The progress places the proxies: under reduced motion it lands instead of flying.
        $progress.motionRole = .geometry
        for (source, destination) in pairs {
            let proxy = Node(name: source.name + ".flight", engine: engine)
            proxy.isUserInteractionEnabled = false
            proxy.clipsToBounds = true
            proxy.maskedCorners = destination.maskedCorners
            // The photo flies with its picture: the source's image (else the destination's), as
            // the source fits it, named as the source is.
            let pictured = source.image.map { !$0.url.isEmpty } ?? false ? source : destination
            proxy.image = pictured.image
            proxy.contentMode = pictured.contentMode
            proxy.accessibilityRole = source.accessibilityRole
            proxy.accessibilityLabel = source.accessibilityLabel
            flights.append(Flight(source: source, destination: destination, proxy: proxy,
                                  sourceWasHidden: source.isHidden, destinationWasHidden: destination.isHidden))
            overlay.addChild(proxy)
            source.isHidden = true
            destination.isHidden = true
        }
        update()
        engine.addDriven(self)
    }

    // MARK: Driving

    /// Whether the flight is moving (some run, or the ``driver``, is animating ``progress``).
    public var isAnimating: Bool { driver?.isRunning ?? runs.contains { $0.isRunning } }

    /// Flies toward the destinations from where the flight is (nothing jumps). Equivalent to
    /// ``continueAnimation(toEnd:progressVelocity:)`` toward the end with the current velocity.
    public func startAnimation() {
        guard rejectIfDriven("startAnimation") else { return }
        continueAnimation(toEnd: true, progressVelocity: $progress.velocity)
    }

    /// Catches the flight where it is: every run stops there (`stopAnimation(true)`), so the
    /// progress keeps its value and its velocity becomes zero. Does nothing when finished.
    public func pause() {
        let stopped = runs
        runs.removeAll()
        for run in stopped where run.state == .active { run.stopAnimation(true) }
    }

    /// How far the flight is: its progress now (outside 0...1 while a spring overshoots).
    /// Setting it pauses the flight and puts the progress there (a scrub: clamped to 0...1
    /// unless it is the value read, non-finite rejected with a diagnostic); the proxies follow
    /// at once. Writing back what was read moves nothing.
    public var fractionComplete: Double {
        get { $progress.presentationValue }
        set {
            guard rejectIfFinished("fractionComplete"), rejectIfDriven("fractionComplete") else { return }
            guard newValue.isFinite else {
                engine.report(.invalidArgument, "MatchedGeometryTransition.fractionComplete = \(newValue) is not finite; ignored")
                return
            }
            pause()
            let now = $progress.presentationValue
            let value = newValue == now ? now : Swift.min(Swift.max(newValue, 0), 1)
            if value != $progress.presentationValue { $progress.setWithoutAnimation(value) }
            update()
        }
    }

    /// The progress per second that a pointer moving at `velocity` (screen points per second)
    /// gives along the first flight: the component of the velocity along the line from the
    /// source's centre to the destination's, over that line's length. 0 with no flight, a
    /// degenerate line, or a non-finite velocity.
    public func progressVelocity(forScreenVelocity velocity: Point) -> Double {
        guard let flight = flights.first, velocity.isFinite else { return 0 }
        let line = flight.destination.screenFrame().center - flight.source.screenFrame().center
        let length2 = line.magnitudeSquared
        guard length2 > 1e-12 else { return 0 }
        return (velocity.x * line.x + velocity.y * line.y) / length2
    }

    /// Releases the flight toward the destinations (`toEnd`) or back to the sources on
    /// ``spring``, starting from where it is with `progressVelocity` (progress per second;
    /// non-finite is taken as 0): the runs in flight stop where they are and one run takes
    /// over, whose spring's relative initial velocity is `progressVelocity / (target − progress)`
    /// (clamped to ±``maximumRelativeVelocity``). Position never jumps; the velocity becomes
    /// the one given. Rejected with a diagnostic when finished.
    public func continueAnimation(toEnd: Bool, progressVelocity: Double) {
        guard rejectIfFinished("continueAnimation"), rejectIfDriven("continueAnimation") else { return }
        pause()
        let target = toEnd ? 1.0 : 0.0
        let remaining = target - $progress.presentationValue
        var relative = 0.0
        if progressVelocity.isFinite, abs(remaining) > 1e-12 {
            relative = Swift.min(Swift.max(progressVelocity / remaining, -Self.maximumRelativeVelocity),
                                 Self.maximumRelativeVelocity)
        }
        run(toward: target, spring: spring.withInitialVelocity(Vector(dx: relative, dy: relative)))
    }

    /// Turns the flight toward the other end without a jump in position or velocity: while it
    /// moves, a run toward the other end is added to the ones in flight (see
    /// <doc:MatchedGeometry>); caught, it continues toward the other end from rest. Rejected when
    /// finished.
    public func reverse() {
        guard rejectIfFinished("reverse"), rejectIfDriven("reverse") else { return }
        if isAnimating {
            run(toward: isHeadingToEnd ? 0 : 1, spring: spring)
        } else {
            continueAnimation(toEnd: !isHeadingToEnd, progressVelocity: 0)
        }
    }

    /// Adds a handler run once when the flight ends: `.end` at the destinations, `.start` at
    /// the sources (never after an engine's invalidation).
    public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Hands the flight to `animator`: its animations take ``progress`` from where it is to 1,
    /// so the flight moves on the animator's timing (any curve, spring or delay) and follows
    /// whatever drives the animator: `pauseAnimation()`, a scrub of `fractionComplete`,
    /// `isReversed`, `continueAnimation(withTimingParameters:durationFactor:)`, an interactive
    /// transition. The flight's own runs stop where they are first, so nothing jumps; an
    /// animator already running gives the flight its remaining time.
    ///
    /// The flight ends with the animator, once: at `.end` on the destinations when it completes
    /// there, at `.start` on the sources when it completes reversed back, and at `.current`
    /// when it is finished there (`stopAnimation(false)` then `finishAnimation(at: .current)`)
    /// or stopped outright (`stopAnimation(true)`, which calls no completion: the flight ends at
    /// the engine's next tick, before anything is drawn). Then ``addCompletion(_:)``'s handlers
    /// run with that position and the proxies leave, as after a flight of its own.
    ///
    /// While driven, the flight's own ``startAnimation()``, ``pause()`` (a no-op),
    /// ``fractionComplete`` setter, ``continueAnimation(toEnd:progressVelocity:)`` and
    /// ``reverse()`` are rejected with a diagnostic: drive the animator instead. Rejected too
    /// when finished or already driven.
    public func animate(with animator: any ImplicitlyAnimating) {
        guard rejectIfFinished("animate(with:)"), rejectIfDriven("animate(with:)") else { return }
        pause()
        driver = animator
        driverHasRun = animator.state != .inactive
        isHeadingToEnd = true
        let progress = $progress
        animator.addAnimations { progress.value = 1 }
        let me = zeroingReference
        animator.addCompletion { position in me.object?.driverEnded(at: position) }
        update()
    }

    /// The driver ended (completed, or stopped without finishing): so does the flight.
    private func driverEnded(at position: AnimatingPosition) {
        guard driver != nil else { return }
        driver = nil
        finish(at: position)
    }

    /// A new run moving ``progress`` to `target`, added to the runs in flight.
    private func run(toward target: Double, spring: SpringTimingParameters) {
        isHeadingToEnd = target == 1
        let progress = $progress
        let run = PropertyAnimator(duration: spring.settlingDuration, timingParameters: .spring(spring), engine: engine) {
            progress.value = target
        }
        runs.append(run)
        let me = zeroingReference
        run.addCompletion { [unowned(unsafe) run] _ in me.object?.runEnded(run) }
        run.startAnimation()
        update()
    }

    /// A run completed: the flight ends with the last of its runs.
    private func runEnded(_ run: PropertyAnimator) {
        guard let i = runs.firstIndex(where: { $0 === run }) else { return }
        runs.remove(at: i)
        guard runs.isEmpty, !$progress.isAnimating else { return }
        finish(at: isHeadingToEnd ? .end : .start)
    }

    /// Ends the flight and runs the completions once, with `position`.
    private func finish(at position: AnimatingPosition) {
        guard !isFinished else { return }
        end()
        let handlers = completions
        completions.removeAll()
        for handler in handlers { handler(position) }
    }

    private func rejectIfDriven(_ call: String) -> Bool {
        if driver != nil {
            engine.report(.illegalStateTransition, "MatchedGeometryTransition.\(call) while an animator drives the flight (animate(with:)); drive the animator instead")
        }
        return driver == nil
    }

    private func rejectIfFinished(_ call: String) -> Bool {
        if isFinished {
            engine.report(.illegalStateTransition, "MatchedGeometryTransition.\(call) after the flight finished; ignored")
        }
        return !isFinished
    }

    // MARK: Drawing

    /// Places every proxy from the ends' current screen frames and the progress now (see
    /// <doc:MatchedGeometry>). The engine calls it at every tick; call it after moving an end between
    /// ticks to see the proxies follow at once.
    public func update() {
        guard !isFinished else { return }
        let p = $progress.presentationValue
        let q = Swift.min(Swift.max(p, 0), 1)
        guard let toOverlay = overlay.screenMatrix().inverted() else { return }
        engine.performWithoutAnimation {
            for flight in flights {
                let s = flight.source.screenFrame(), d = flight.destination.screenFrame()
                let frame = s.interpolated(to: d, fraction: p)
                let from = flight.source.presentation, to = flight.destination.presentation
                flight.proxy.center = toOverlay.apply(to: frame.center)
                flight.proxy.bounds = Rect(origin: .zero, size: Size(width: Swift.max(frame.width, 0),
                                                                        height: Swift.max(frame.height, 0)))
                flight.proxy.cornerRadius = from.cornerRadius.interpolated(to: to.cornerRadius, fraction: q)
                flight.proxy.backgroundColor = from.backgroundColor.interpolated(to: to.backgroundColor, fraction: q)
            }
        }
    }

    /// The screen velocity of the first proxy's centre, points per second: the line between
    /// the ends times the progress velocity, plus each end's own motion weighted by how near
    /// the flight is to it (see ``Node/screenCenterVelocity`` for its accuracy). Zero with no
    /// flight.
    public var velocity: Point {
        guard let flight = flights.first else { return .zero }
        let (p, dp) = $progress.presentation
        let line = flight.destination.screenFrame().center - flight.source.screenFrame().center
        return line * dp + flight.source.screenCenterVelocity * (1 - p) + flight.destination.screenCenterVelocity * p
    }

    /// The flight ended (or its engine was invalidated): proxies out, ends back.
    private func end() {
        guard !isFinished else { return }
        isFinished = true
        for flight in flights {
            flight.proxy.removeFromParent()
            flight.source.isHidden = flight.sourceWasHidden
            flight.destination.isHidden = flight.destinationWasHidden
        }
    }

    // MARK: EngineDriven

    /// Whether the engine still drives the flight: until it finishes.
    public var isRunning: Bool { !isFinished }

    /// Places the proxies at the engine's new time; ends a driven flight whose driver was
    /// stopped outright (see ``animate(with:)``).
    public func engineDidAdvance(to time: Double) {
        if let driver {
            if driver.state != .inactive {
                driverHasRun = true
            } else if driverHasRun {
                driverEnded(at: .current)
                return
            }
        }
        update()
    }

    /// Ends the flight where it is (the engine was invalidated), without completions.
    public func engineDidInvalidate() {
        driver = nil
        end()
    }
}

extension Node {
    /// The first node in the subtree (depth first, self included) with the given
    /// ``matchID``.
    public func descendant(matchID id: String) -> Node? {
        if matchID == id { return self }
        for child in children { if let n = child.descendant(matchID: id) { return n } }
        return nil
    }
}
