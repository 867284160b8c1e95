/// Animates changes to properties and lets you start, pause, scrub, reverse, stop and finish
/// them at any moment (UIKit's `UIViewPropertyAnimator`, with the behaviour of
/// `UIViewAnimating` and `UIViewImplicitlyAnimating`).
///
/// ```swift
/// let animator = PropertyAnimator(duration: 1, curve: .easeOut, engine: engine) {
///     drawer.center.y -= 305
/// }
/// animator.addCompletion { position in … }
/// animator.startAnimation()
/// ```
///
/// The animator runs a time fraction from 0 to 1 over its duration through a timing curve or
/// spring; ``state`` follows UIKit's machine (inactive, active, stopped). Where UIKit raises,
/// Kinetic rejects the call with a ``Diagnostic`` and changes nothing, and no call moves a
/// presentation value at its instant except a stop, a finish or a scrub. The whole contract
/// (timeline, states, diagnostics, media timing, bad arguments, scrubbing) is in
/// <doc:PropertyAnimatorInDepth>.
public final class PropertyAnimator {
    /// The engine whose clock drives the animator.
    public let engine: AnimationEngine
    /// The animator's id among its engine's animations (see ``AnimationEngine/makeAnimationID()``).
    public let animationID: Int
    /// Whether ``AnimationEngine/liveAnimations()`` lists this animator (default true): false for
    /// one that runs inside another animation that describes itself, so that it is listed once.
    public var isListedForInspection = true
    /// The duration given at creation, in seconds (see ``animationDuration``).
    public let duration: Double
    /// The timing: a cubic curve or a spring. `continueAnimation(withTimingParameters:durationFactor:)`
    /// replaces it for the rest of the current run; it is restored when the animator returns to
    /// inactive.
    public var timingParameters: TimingParameters { timing.run.parameters }
    /// The duration the timeline runs for, in seconds: ``duration``, or a spring's settling
    /// duration when the spring does not fit the animator's duration.
    public var animationDuration: Double { timing.run.duration }
    /// The delay given to ``startAnimation(afterDelay:)``.
    public private(set) var delay: Double = 0

    /// Whether scrubbing with ``fractionComplete`` while paused moves the properties linearly
    /// (`true`, the default) or through the timing curve. Turning it off mid-scrub puts the
    /// animator back on its timeline where it shows what is on screen (nothing moves).
    public var scrubsLinearly = true {
        didSet { if !scrubsLinearly && phase.scrubbedProgress != nil { settleScrub() } }
    }
    /// Whether reaching the end pauses the animator there (active, not running, no completion)
    /// instead of completing it.
    public var pausesOnCompletion = false
    /// Whether the animator can be paused, scrubbed and stopped. Setting it on an active
    /// animator is rejected (UIKit raises).
    public var isInterruptible: Bool {
        get { interruptible }
        set {
            guard state == .inactive else {
                engine.report(.illegalStateTransition, "isInterruptible can only change while the animator is inactive")
                return
            }
            interruptible = newValue
        }
    }
    /// Whether views animated by this animator receive touches while it runs (UIKit's
    /// `isUserInteractionEnabled`, read by the scene layer). Default true; false for the class
    /// methods unless ``AnimationOptions/allowUserInteraction``.
    public var isUserInteractionEnabled = true
    /// Whether hit testing uses model geometry instead of presentation geometry (UIKit's
    /// `isManualHitTestingEnabled`). Default false. Like ``isUserInteractionEnabled``, a flag
    /// the scene layer reads through ``AnimatedProperty/hasAnimator(where:)``.
    public var isManualHitTestingEnabled = false

    // MARK: State

    /// The animator's state (derived from its phase: see `enter(_:)`).
    public var state: AnimatingState { phase.state }
    /// Whether the animations are moving now (active, not paused).
    public var isRunning: Bool { phase.isRunning }
    /// Whether the animator runs its timeline backwards. Flipping it while running reverses on
    /// the spot (a velocity discontinuity); while paused it takes effect when it continues.
    public var isReversed: Bool {
        get { clock.reversed }
        set {
            guard newValue != clock.reversed else { return }
            if isRunning { reanchor() }
            clock.reversed = newValue
            observers.reversed.notify(newValue)
        }
    }

    /// How far the animations are, from 0 to 1: the time fraction while running; while paused
    /// (with ``scrubsLinearly``) the progress on screen, so that writing back what was read never
    /// moves anything; while stopped, what it read then; 0 when inactive.
    ///
    /// Setting it on an inactive animator makes it active and paused first; on a running,
    /// stopped or non-interruptible one it is rejected. Values outside [0, 1] are clamped; NaN
    /// is rejected. Every case is in <doc:PropertyAnimatorInDepth>.
    public var fractionComplete: Double {
        get {
            switch phase {
            case .inactive: return 0
            case .stopped(let reading, _): return reading
            case .scrubbed(let progress, _): return progress
            case .running: return currentFraction()
            case .paused: return pausedReading(atFraction: clock.anchorFraction)
            }
        }
        set { setFractionComplete(newValue) }
    }

    // MARK: Internal state
    // The parts of a run, values the animator holds: phase, clock, timing, tracks, completions,
    // observers (each in its Animator… file). The clock and the phase tell the engine when they change
    // (the `clock` hook and `enter(_:)`), so no cached coefficient is ever stale.

    @exclusivity(unchecked) var phase: AnimatorPhase = .inactive
    @exclusivity(unchecked) var interruptible = true
    @exclusivity(unchecked) var clock = AnimatorClock() { didSet { engine.timelineChanged(self) } }
    @exclusivity(unchecked) var timing: AnimatorTiming
    @exclusivity(unchecked) var tracks = AnimatorTracks()
    @exclusivity(unchecked) var completions = AnimatorCompletions()
    /// The blocks to run when the animator becomes active.
    @exclusivity(unchecked) var pendingAnimations = InlineList<() -> Void>()
    /// Whether the blocks being run as the animator starts make its whole-run segment at their
    /// first change, for the engine's timing overrides (see `rootSegment(firstChanging:)`).
    @exclusivity(unchecked) var awaitsTimingOverride = false
    @exclusivity(unchecked) var observers = AnimatorObservers()
    /// The fraction last reported to the fraction observers (in the engine's record while registered).
    var lastReportedFraction: Double {
        get { engineRecord >= 0 ? engine.records.rows[engineRecord].lastReported : storedLastReportedFraction }
        set {
            if engineRecord >= 0 { engine.records.rows[engineRecord].lastReported = newValue }
            else { storedLastReportedFraction = newValue }
        }
    }
    @exclusivity(unchecked) var storedLastReportedFraction = 0.0
    /// The animator's record in the engine's ``AnimatorTimingTable`` while registered, else −1,
    /// and the order it registered in.
    @exclusivity(unchecked) var engineRecord = -1
    @exclusivity(unchecked) var registrationSequence: UInt64 = 0
    /// Set for UIKit's `.autoreverse` without `.repeat`: completing on its own at its far end
    /// leaves the properties at their model (end) values (see ``AnimationOptions/autoreverse``).
    @exclusivity(unchecked) var completesAtModelValues = false

    // MARK: Creating

    /// An animator with any timing parameters (UIKit's `init(duration:timingParameters:)`).
    /// A negative or non-finite duration is reported and taken as 0, one longer than
    /// ``AnimationEngine/maximumDuration`` as that.
    public convenience init(duration: Double, timingParameters: TimingParameters, engine: AnimationEngine,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timing: timingParameters, composedSpring: nil, engine: engine,
                  animations: animations)
    }

    /// The designated initializer: `timing`, with the spring part `composedSpring` of a composed
    /// timing. `isPreset`: one of UIKit's curves, which have no vertical tangent to report.
    init(duration: Double, timing timingParameters: TimingParameters, composedSpring: SpringTimingParameters?,
         engine: AnimationEngine, animations: (() -> Void)?, isPreset: Bool = false) {
        self.engine = engine
        self.animationID = engine.makeAnimationID()
        let d: Double
        if duration.isFinite && duration >= 0 { d = engine.honouredSeconds(duration, for: "animator duration") } else {
            engine.report(.invalidArgument, "animator duration \(duration) is not a finite non-negative number; using 0")
            d = 0
        }
        self.duration = d
        self.timing = AnimatorTiming(timingParameters, composedSpring: composedSpring, duration: d)
        if let animations { pendingAnimations.append(animations) }
        if !isPreset { reportVerticalTangent(of: timingParameters) }
    }

    /// A curve with a vertical tangent has an infinite velocity there: reported once, and the
    /// properties' velocity there is the curve's mean slope over 1/1000 of the stretch.
    func reportVerticalTangent(of timing: TimingParameters) {
        guard case .cubic(let curve) = timing, curve.hasVerticalTangent else { return }
        engine.report(.invalidArgument, "the timing curve \(curve.controlPoint1.x), \(curve.controlPoint1.y), \(curve.controlPoint2.x), \(curve.controlPoint2.y) has a vertical tangent (infinite velocity); animated velocities there use its mean slope over 1/1000 of the duration")
    }

    /// An animator with a UIKit animation curve (`init(duration:curve:animations:)`).
    public convenience init(duration: Double, curve: AnimationCurve = .easeInOut, engine: AnimationEngine,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timing: .cubic(CubicTimingParameters(animationCurve: curve)), composedSpring: nil,
                  engine: engine, animations: animations, isPreset: true)
    }

    /// An animator with a cubic curve through two control points
    /// (`init(duration:controlPoint1:controlPoint2:animations:)`).
    public convenience init(duration: Double, controlPoint1: Point, controlPoint2: Point, engine: AnimationEngine,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration,
                  timingParameters: .cubic(CubicTimingParameters(controlPoint1: controlPoint1, controlPoint2: controlPoint2)),
                  engine: engine, animations: animations)
    }

    /// An animator with a spring of the given damping ratio fitted to `duration`
    /// (`init(duration:dampingRatio:animations:)`).
    public convenience init(duration: Double, dampingRatio: Double, engine: AnimationEngine,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: .spring(SpringTimingParameters(dampingRatio: dampingRatio)),
                  engine: engine, animations: animations)
    }

    /// Creates an animator and starts it at once
    /// (`runningPropertyAnimator(withDuration:delay:options:animations:completion:)`).
    @discardableResult
    public static func runningPropertyAnimator(withDuration duration: Double, delay: Double = 0,
                                               curve: AnimationCurve = .easeInOut, engine: AnimationEngine,
                                               animations: @escaping () -> Void,
                                               completion: ((AnimatingPosition) -> Void)? = nil) -> PropertyAnimator {
        let animator = PropertyAnimator(duration: duration, curve: curve, engine: engine, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Animations and completions

    /// Adds an animation block: before the animator starts, it runs when the animator does and
    /// animates over the whole duration; while active, it runs now and animates over the
    /// remaining time (back to the start while reversed), finishing with the others. Rejected
    /// while stopped. See <doc:PropertyAnimatorInDepth#Adding-animations-to-a-run>.
    public func addAnimations(_ animations: @escaping () -> Void) {
        addAnimations(animations, delayFactor: 0)
    }

    /// Adds an animation block that starts after `delayFactor` (0...1) times the animator's
    /// duration and finishes with the others, as UIKit's worked examples do (duration 2, factor
    /// 0.25, added at 0.25: it waits 0.5 s and runs for the last 1 s). A factor outside 0...1 is
    /// clamped and NaN taken as 0 (with a diagnostic).
    public func addAnimations(_ animations: @escaping () -> Void, delayFactor: Double) {
        let factor = delayFactor.isFinite ? Swift.min(Swift.max(delayFactor, 0), 1) : 0
        if factor != delayFactor {
            engine.report(.invalidArgument, "delayFactor \(delayFactor) is outside 0...1; using \(factor)")
        }
        switch state {
        case .stopped:
            engine.report(.illegalStateTransition, "addAnimations on a stopped animator is ignored (finish it first)")
        case .inactive:
            if factor == 0 { pendingAnimations.append(animations) }
            else {
                pendingAnimations.append { [unowned(unsafe) self] in
                    self.runAnimations(animations, from: factor)
                }
            }
        case .active:
            // A stretch of the timeline cannot start at a scrubbed progress: go back onto the
            // timeline first, where it shows what the scrub shows.
            settleScrub()
            reportFraction()
            // The delay, as a share of the timeline at the current rate.
            let delayFraction = factor == 0 ? 0 : factor * animationDuration * (clock.rate.isFinite ? clock.rate : 0)
            let stretch = clock.remainingStretch(from: currentPosition(), after: delayFraction)
            runAnimations(animations, from: stretch.begin, to: stretch.end)
        }
    }

    /// Adds a completion handler, run once with the finishing position when the animations
    /// complete or the animator is finished; never after `stopAnimation(true)`.
    public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
        completions.add { position, _ in completion(position) }
    }

    /// Adds a completion handler that is also told why it ran.
    public func addCompletion(reportingReason completion: @escaping (AnimatingPosition, CompletionReason) -> Void) {
        completions.add(completion)
    }

    // MARK: Observing

    /// Calls `observer` with the new ``state`` whenever it changes, until the returned
    /// ``ObservationToken`` is cancelled (dropping it does not cancel).
    @discardableResult
    public func observeState(_ observer: @escaping (AnimatingState) -> Void) -> ObservationToken {
        observers.state.add(observer)
    }
    /// Calls `observer` whenever ``isRunning`` changes, until the token is cancelled.
    @discardableResult
    public func observeRunning(_ observer: @escaping (Bool) -> Void) -> ObservationToken { observers.running.add(observer) }
    /// Calls `observer` whenever ``isReversed`` changes, until the token is cancelled.
    @discardableResult
    public func observeReversed(_ observer: @escaping (Bool) -> Void) -> ObservationToken { observers.reversed.add(observer) }
    /// Calls `observer` whenever ``fractionComplete`` changes (each tick while running, and when
    /// it is set), until the token is cancelled.
    @discardableResult
    public func observeFractionComplete(_ observer: @escaping (Double) -> Void) -> ObservationToken {
        let token = observers.fraction.add(observer)
        engine.fractionObserversChanged(of: self)
        return token
    }

    // MARK: UIViewAnimating

    /// Starts the animations, or continues them from a pause (in the current direction, from
    /// where a scrub left them). Rejected while stopped.
    public func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// Starts the animations after `delay` seconds: the blocks run now (the model changes at
    /// once), the presentation moves when the delay has passed. A negative or non-finite delay
    /// is reported and taken as 0, one longer than ``AnimationEngine/maximumDuration`` as that;
    /// under ``MotionPolicy/none`` every delay is 0.
    /// An animator with no animations runs all the same and completes after its duration.
    public func startAnimation(afterDelay delay: Double) {
        var d = delay.isFinite && delay > 0 ? engine.honouredSeconds(delay, for: "startAnimation(afterDelay:): the delay") : 0
        if !(delay.isFinite && delay >= 0) {
            engine.report(.invalidArgument, "startAnimation(afterDelay: \(delay)): the delay is negative or not finite; using 0")
        }
        // With no motion, nothing waits either (Android's animator duration scale 0).
        if engine.motionPolicy == .none { d = 0 }
        switch state {
        case .stopped:
            engine.report(.illegalStateTransition, "startAnimation on a stopped animator is ignored (finish it first)")
        case .inactive:
            self.delay = d
            activate(atEnd: clock.reversed, delay: d)
            enter(.running)
        case .active:
            guard !isRunning else { return }
            settleScrub()
            self.delay = d
            clock.restart(at: engine.time + d, tick: engine.tickCount)
            enter(.running)
            reportFraction()
        }
    }

    /// Pauses the animations where they are. Pausing an inactive animator makes it active and
    /// paused at the start (its animation blocks run). Rejected while stopped or when not
    /// interruptible.
    public func pauseAnimation() {
        if rejectsUninterruptible("pauseAnimation on an animator that is not interruptible is ignored") { return }
        switch state {
        case .stopped:
            engine.report(.illegalStateTransition, "pauseAnimation on a stopped animator is ignored")
        case .inactive:
            activate(atEnd: clock.reversed)
        case .active:
            guard isRunning else { return }
            let now = currentPosition()
            clock.anchor(leg: now.leg, fraction: now.fraction, at: engine.time, tick: engine.tickCount)
            enter(.paused)
            // Paused, it reads the progress shown (see fractionComplete): observers hear it.
            reportFraction()
        }
    }

    /// Stops the animations where they are: the presentation becomes the model. With
    /// `withoutFinishing` true the animator becomes inactive and its completions are dropped
    /// unrun; with false it becomes ``AnimatingState/stopped`` and waits for
    /// ``finishAnimation(at:)``. Rejected on an inactive animator and when not interruptible.
    public func stopAnimation(_ withoutFinishing: Bool) {
        if rejectsUninterruptible("stopAnimation on an animator that is not interruptible is ignored") { return }
        switch state {
        case .inactive:
            engine.report(.illegalStateTransition, "stopAnimation on an inactive animator is ignored")
        case .stopped:
            if withoutFinishing { endWithoutFinishing() }
            else { engine.report(.illegalStateTransition, "stopAnimation(false) on a stopped animator is ignored") }
        case .active:
            // fractionComplete keeps reading what it read when the animations were stopped.
            let reading = fractionComplete
            let finish = stopTracks()
            if withoutFinishing { endWithoutFinishing() }
            else { enter(.stopped(reading: reading, finish: finish)) }
        }
    }

    /// ``stopAnimation(_:)`` with `true` for ``AnimationEngine/invalidate()``, interruptible or not.
    func stopForInvalidation() {
        switch state {
        case .inactive: return
        case .stopped: endWithoutFinishing()
        case .active:
            _ = stopTracks()
            endWithoutFinishing()
        }
    }

    /// Finishes a stopped animator: the properties take their values at `position` (the end or
    /// start values, or where they were stopped), it becomes inactive and the completions run
    /// with `position`. Rejected unless stopped.
    public func finishAnimation(at position: AnimatingPosition) {
        guard case .stopped(_, let finish) = phase else {
            engine.report(.illegalStateTransition, "finishAnimation(at:) is only legal on a stopped animator; ignored")
            return
        }
        for f in finish { f(position) }
        deactivate()
        runCompletions(position, .stopped)
    }

    /// Continues paused animations, optionally with new timing; nil keeps the current one. New
    /// timing takes over from where every property is now, toward the end values (the start
    /// values when reversed): the position is continuous, the velocity the new timing's.
    /// `durationFactor` makes the remaining time `durationFactor × duration` (0 keeps it;
    /// negative or non-finite is taken as 0). A linear scrub is first mapped back onto the
    /// timing. Rejected unless active and paused. See
    /// <doc:PropertyAnimatorInDepth#Continuing-with-new-timing>.
    public func continueAnimation(withTimingParameters parameters: TimingParameters?, durationFactor: Double) {
        continueRun(withTiming: parameters, composedSpring: nil, durationFactor: durationFactor)
    }

    /// ``continueAnimation(withTimingParameters:durationFactor:)``, with the spring part of a
    /// composed timing when `composedSpring` is given (`parameters` is then its cubic part).
    func continueRun(withTiming parameters: TimingParameters?, composedSpring: SpringTimingParameters?,
                     durationFactor: Double) {
        guard state == .active, !isRunning else {
            engine.report(.illegalStateTransition, "continueAnimation is only legal on a paused animator; ignored")
            return
        }
        var factor = durationFactor.isFinite && durationFactor >= 0 ? durationFactor : 0
        if factor != durationFactor {
            engine.report(.invalidArgument, "durationFactor \(durationFactor) is negative or not finite; using 0 (the remaining time)")
        } else if factor * duration > AnimationEngine.maximumDuration {
            let honoured = engine.honouredSeconds(factor * duration, for: "durationFactor \(durationFactor) × duration")
            factor = honoured / duration
        }
        // Map a linear scrub back onto the current timing first (with new timing, the old
        // motion is clipped at the fraction that shows what is on screen).
        settleScrub()
        if let parameters {
            continueOnTiming(parameters, composedSpring: composedSpring, factor: factor)
        } else if factor > 0 {
            let remaining = clock.travelsDownAtAnchor ? clock.anchorFraction : 1 - clock.anchorFraction
            clock.rate = AnimatorClock.pace(remaining: remaining, seconds: factor * duration)
        }
        clock.restart(at: engine.time, tick: engine.tickCount)
        enter(.running)
        reportFraction()
    }

    /// Whether an interruption is rejected (reported with `message`): not interruptible.
    func rejectsUninterruptible(_ message: String) -> Bool {
        guard !interruptible else { return false }
        engine.report(.notInterruptible, message)
        return true
    }

    /// Called when a property this animator animates is changed by another animation or
    /// directly: the completion will report ``CompletionReason/retargeted``.
    func noteRetargeted() { tracks.wasRetargeted = true }

    /// Records that `property` has tracks on this animator.
    func attach(_ property: any AnimatedPropertyTracks) {
        if tracks.needsMark { tracks.markProperties(engine.makeAttachmentMark()) }
        tracks.attach(property)
    }

    func detachIfUnused(_ property: any AnimatedPropertyTracks) {
        if !property.hasTracks(of: self) { tracks.detach(property) }
    }
}
