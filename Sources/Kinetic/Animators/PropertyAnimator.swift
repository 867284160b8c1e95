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
    /// The animator's id among its engine's animations, handed out at creation (see
    /// ``AnimationEngine/makeAnimationID()``).
    public let animationID: Int
    /// Whether ``AnimationEngine/liveAnimations()`` lists this animator: true unless set. An
    /// animator that runs inside another animation that describes itself (a KineticDynamics
    /// `POPBasicAnimation`) is left out, so an inspector lists the outer one once.
    public var isListedForInspection = true
    /// The duration given at creation, in seconds (a spring given by mass, stiffness and
    /// damping runs for its settling duration instead: see ``animationDuration``).
    public let duration: Double
    /// The timing: a cubic curve or a spring. `continueAnimation(withTimingParameters:durationFactor:)`
    /// replaces it for the rest of the current run (UIKit: "change the timing and duration
    /// parameters for the current animations temporarily"); it is restored when the animator
    /// returns to inactive.
    @exclusivity(unchecked) public internal(set) var timingParameters: TimingParameters
    /// The timing the animator was created with, kept while a `continueAnimation` has replaced
    /// it for the rest of a run (nil otherwise: most runs never change it, and then the
    /// animator holds one copy); ``deactivate()`` puts it back.
    @exclusivity(unchecked) var timingBeforeContinuation: TimingParameters?
    /// The ``animationDuration`` before a timing override replaced it for the current run
    /// (nil otherwise); ``deactivate()`` puts it back.
    @exclusivity(unchecked) var durationBeforeOverride: Double?
    /// Whether the blocks being run as the animator starts make its whole-run segment at their
    /// first change, for the engine's timing overrides (see `rootSegment(firstChanging:)`).
    @exclusivity(unchecked) var awaitsTimingOverride = false
    /// The delay given to ``startAnimation(afterDelay:)``.
    @exclusivity(unchecked) public private(set) var delay: Double = 0

    /// Whether scrubbing with ``fractionComplete`` while paused moves the properties linearly
    /// (`true`, the default) or through the timing curve. Turning it off in the middle of a
    /// linear scrub first puts the animator back on its timeline where it shows what is on
    /// screen (nothing moves; ``fractionComplete`` then reads that time fraction).
    @exclusivity(unchecked) public var scrubsLinearly = true {
        didSet { if !scrubsLinearly && phase.scrubbedProgress != nil { settleScrub() } }
    }
    /// Whether reaching the end pauses the animator there instead of completing it: it stays
    /// active with ``isRunning`` false, completions do not run, and it can be reversed or
    /// scrubbed again.
    @exclusivity(unchecked) public var pausesOnCompletion = false
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
    /// `isUserInteractionEnabled`; a flag the scene layer reads, see ``isManualHitTestingEnabled``).
    /// Default true; false for the class methods unless ``AnimationOptions/allowUserInteraction``.
    @exclusivity(unchecked) public var isUserInteractionEnabled = true
    /// Whether hit testing uses model geometry instead of presentation geometry (UIKit's
    /// `isManualHitTestingEnabled`, which UIKit also keeps on the animator). Default false.
    ///
    /// The core only stores this flag and ``isUserInteractionEnabled``: nothing in `Kinetic`
    /// reads either, and hit testing itself (which geometry a node is hit in, which nodes are
    /// blocked) lives in the scene layer (`KineticScene`'s `Node+HitTesting.swift`), which asks
    /// each animated property for its animators through ``AnimatedProperty/hasAnimator(where:)``.
    @exclusivity(unchecked) public var isManualHitTestingEnabled = false

    // MARK: State

    /// The animator's state (derived from its phase: see `enter(_:)`).
    public var state: AnimatingState { phase.state }
    /// Whether the animations are moving now (active, not paused).
    public var isRunning: Bool { phase.isRunning }
    /// Whether the animator runs its timeline backwards. Flipping it while running reverses
    /// on the spot (a velocity discontinuity, the 2016 session's "brick wall"); while paused it
    /// takes effect when the animator continues.
    public var isReversed: Bool {
        get { clock.reversed }
        set {
            guard newValue != clock.reversed else { return }
            if isRunning { reanchor() }
            clock.reversed = newValue
            reversedObservers.notify(newValue)
        }
    }

    /// How far the animations are, from 0 to 1: the time fraction while running; while paused
    /// (with ``scrubsLinearly``, the default) the progress on screen, so that writing back what
    /// was read never moves anything and writing `p` scrubs every property linearly to that share
    /// of its change; while stopped, what it read when stopped; 0 when inactive.
    ///
    /// Setting it on an inactive animator makes it active and paused first (as UIKit's does); on
    /// a running, stopped or non-interruptible animator it is rejected with a diagnostic. Values
    /// outside [0, 1] are clamped; NaN is rejected. The details, with the 2016 session's
    /// remapping when the animator continues, are in <doc:PropertyAnimatorInDepth>.
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

    /// The duration the timeline runs for, in seconds: ``duration``, or a spring's settling
    /// duration when the spring does not fit the animator's duration.
    @exclusivity(unchecked) public internal(set) var animationDuration: Double

    // MARK: Internal state
    // Internal rather than private only so that the extensions in PropertyAnimator+Phase.swift
    // (the state machine) and PropertyAnimator+Timeline.swift (the clock and scrubbing) reach
    // it. The inputs of ``timeline()``, the clock and the phase, tell the engine when they change
    // (the `clock` hook and ``enter(_:)``), so the segments' cached coefficients (see
    // ``AnimationSegment/coefficients()``) are never stale.

    /// The phase and the data that exists only in it; changed only by ``enter(_:)``.
    @exclusivity(unchecked) var phase: Phase = .inactive
    @exclusivity(unchecked) var interruptible = true
    /// The clock (anchor, rate, start time, direction, media timing): every change reaches the
    /// engine's copy through this one hook.
    @exclusivity(unchecked) var clock = AnimatorClock() { didSet { engine.timelineChanged(self) } }
    @exclusivity(unchecked) var pendingAnimations = InlineList<() -> Void>()
    @exclusivity(unchecked) var completions: [(AnimatingPosition, CompletionReason) -> Void] = []
    @exclusivity(unchecked) var properties = InlineList<any AnimatedPropertyTracks>()
    @exclusivity(unchecked) var rootSegment: AnimationSegment?
    /// Whether a property this run animates was changed by someone else since it started.
    @exclusivity(unchecked) var wasRetargeted = false
    @exclusivity(unchecked) var stateObservers = LazyObserverList<AnimatingState>()
    @exclusivity(unchecked) var runningObservers = LazyObserverList<Bool>()
    @exclusivity(unchecked) var reversedObservers = LazyObserverList<Bool>()
    @exclusivity(unchecked) var fractionObservers = LazyObserverList<Double>()
    /// The fraction last reported to the fraction observers. While the animator is registered
    /// it lives in the engine's record, where the frame pass updates it without calling the
    /// animator (see ``AnimationEngine/advanceAnimators(to:)``).
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
    /// Called once when a run ends: with the position its completions hear, or nil when it is
    /// stopped without finishing (the `async` completion waits on these).
    @exclusivity(unchecked) var runEndHandlers: [(AnimatingPosition?) -> Void] = []

    /// Set by the class methods for UIKit's `.autoreverse` without `.repeat`: when the
    /// timeline completes on its own at its far end (forwards, back at the start values), the
    /// properties take their model values, the end values, as Core Animation removes a finished
    /// animation and the layer shows its model (see ``AnimationOptions/autoreverse``). A run
    /// reversed back to its start still completes at the start.
    @exclusivity(unchecked) var completesAtModelValues = false

    // Open timing (see PropertyAnimator+TimingCurveProvider.swift): the spring part of a
    // composed timing for the current run, and the spring segments that shadow its segments
    // for the values a composed timing springs (see ``AnimatableValue/followsSpringInComposedTiming``).
    @exclusivity(unchecked) var composedSpringValue: SpringTimingParameters?
    let originalComposedSpring: SpringTimingParameters?
    @exclusivity(unchecked) var springTwins: [(primary: AnimationSegment, spring: AnimationSegment)] = []

    // MARK: Creating

    /// An animator with any timing parameters (UIKit's `init(duration:timingParameters:)`).
    ///
    /// A duration that is negative or not finite is reported and treated as 0 (the animations
    /// complete at the first tick after they start); one longer than
    /// ``AnimationEngine/maximumDuration`` (2³² s) is reported and treated as that.
    public convenience init(duration: Double, timingParameters: TimingParameters, engine: AnimationEngine,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timing: timingParameters, composedSpring: nil, engine: engine,
                  animations: animations)
    }

    /// The designated initializer: `timing` drives every property, except, when
    /// `composedSpring` is given, the values a composed timing springs. `isPreset`: `timing`
    /// is one of UIKit's curves, which have no vertical tangent to report.
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
        self.timingParameters = timingParameters.fitted(toDuration: d)
        if let composedSpring {
            // Both parts run over the spring's duration (fitted to `d`, or its settling time).
            let spring = composedSpring.fitted(toDuration: d)
            self.composedSpringValue = spring
            self.animationDuration = spring.animationDuration(forAnimatorDuration: d)
        } else {
            self.composedSpringValue = nil
            self.animationDuration = timingParameters.animationDuration(forAnimatorDuration: d)
        }
        self.originalComposedSpring = composedSpringValue
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

    /// Adds an animation block. Before the animator starts, the block runs when it does and
    /// animates over the whole duration; while it is active, the block runs now and animates
    /// over the remaining time, finishing with the others (UIKit: "Blocks added while the
    /// animator's state is active are executed over the remaining portion of the total run
    /// time"). While the animator runs reversed, the remaining way is back to the start: the
    /// block's changes happen as the animator runs back, and they are what the properties hold
    /// when it completes at ``AnimatingPosition/start``. An animator started with no animations
    /// runs its clock all the same (UIKit: animations added later run for the remaining
    /// duration) and completes at the end of its duration. Added while paused after a linear
    /// scrub, the block first puts the animator back on its timeline where it shows what is on
    /// screen (see ``fractionComplete``), then animates from there. Rejected while stopped.
    public func addAnimations(_ animations: @escaping () -> Void) {
        addAnimations(animations, delayFactor: 0)
    }

    /// Adds an animation block that starts after a delay of `delayFactor` (0...1) times the
    /// animator's duration and finishes with the others.
    ///
    /// This follows the worked examples in UIKit's documentation: "specifying the value 0.5 when
    /// the duration is 2.0 results in a one second delay", and "if the duration is 2.0 and you
    /// add an animation block with a delay factor of 0.25 to a running animator whose
    /// fractionComplete property is 0.25, the animations run for 1.0 second": 1.5 s remain, the
    /// block waits 0.25 × 2 s = 0.5 s and then runs for the last 1.0 s. (The same page also
    /// says the factor multiplies the *remaining* duration, which would give a 0.375 s delay
    /// and a 1.125 s run; the examples are what Kinetic implements.) A delay longer than the
    /// remaining time makes the block's changes happen at the very end. Before the animator
    /// starts, the block waits `delayFactor × duration` after the start. Running reversed, the
    /// block waits the same time and then runs back with the others to the start. A factor
    /// outside 0...1 is clamped and NaN taken as 0 (with a diagnostic).
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
            let now = currentPosition()
            let f = now.fraction
            // The delay, as a share of the timeline at the current rate.
            let delayFraction = factor == 0 ? 0 : factor * animationDuration * (clock.rate.isFinite ? clock.rate : 0)
            // In the second leg of an autoreversing repeat the time fraction runs down.
            if clock.reversed != clock.legRunsBackward(now.leg) {
                runAnimations(animations, from: Swift.max(f - delayFraction, 0), to: 0)
            } else {
                runAnimations(animations, from: Swift.min(f + delayFraction, 1), to: 1)
            }
        }
    }

    /// Adds a completion handler, run once with the finishing position when the animations
    /// complete or the animator is finished; never after `stopAnimation(true)`.
    public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
        completions.append { position, _ in completion(position) }
    }

    /// Adds a completion handler that is also told why it ran.
    public func addCompletion(reportingReason completion: @escaping (AnimatingPosition, CompletionReason) -> Void) {
        completions.append(completion)
    }

    // MARK: Observing

    /// Calls `observer` whenever ``state`` changes, with the new state, until the returned
    /// ``ObservationToken`` is cancelled (dropping it does not cancel: call ``ObservationToken/cancel()``).
    @discardableResult
    public func observeState(_ observer: @escaping (AnimatingState) -> Void) -> ObservationToken {
        stateObservers.add(observer)
    }
    /// Calls `observer` whenever ``isRunning`` changes, until the returned ``ObservationToken`` is
    /// cancelled.
    @discardableResult
    public func observeRunning(_ observer: @escaping (Bool) -> Void) -> ObservationToken { runningObservers.add(observer) }
    /// Calls `observer` whenever ``isReversed`` changes, until the returned ``ObservationToken`` is
    /// cancelled.
    @discardableResult
    public func observeReversed(_ observer: @escaping (Bool) -> Void) -> ObservationToken { reversedObservers.add(observer) }
    /// Calls `observer` whenever ``fractionComplete`` changes: on each tick while running, and
    /// when it is set; until the returned ``ObservationToken`` is cancelled.
    @discardableResult
    public func observeFractionComplete(_ observer: @escaping (Double) -> Void) -> ObservationToken {
        let token = fractionObservers.add(observer)
        engine.fractionObserversChanged(of: self)
        return token
    }

    // MARK: UIViewAnimating

    /// Starts the animations, or continues them from a pause (in the current direction, from
    /// where a scrub left them). Rejected while stopped.
    public func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// Starts the animations after `delay` seconds. The animation blocks run now (the model
    /// changes at once); the presentation starts moving when the delay has passed. A delay
    /// that is negative or not finite is reported and taken as 0, one longer than
    /// ``AnimationEngine/maximumDuration`` as that. An animator with no
    /// animations runs all the same and completes at the end of its duration (blocks added
    /// meanwhile run over the remaining time).
    public func startAnimation(afterDelay delay: Double) {
        let d = delay.isFinite && delay > 0 ? engine.honouredSeconds(delay, for: "startAnimation(afterDelay:): the delay") : 0
        if !(delay.isFinite && delay >= 0) {
            engine.report(.invalidArgument, "startAnimation(afterDelay: \(delay)): the delay is negative or not finite; using 0")
        }
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
            clock.startTime = engine.time + d
            clock.anchor(at: clock.startTime, tick: engine.tickCount)
            enter(.running)
            reportFraction()
        }
    }

    /// Pauses the animations where they are. Pausing an inactive animator makes it active and
    /// paused at the start (its animation blocks run). Rejected while stopped or when not
    /// interruptible.
    public func pauseAnimation() {
        guard interruptible else {
            engine.report(.notInterruptible, "pauseAnimation on an animator that is not interruptible is ignored")
            return
        }
        switch state {
        case .stopped:
            engine.report(.illegalStateTransition, "pauseAnimation on a stopped animator is ignored")
        case .inactive:
            activate(atEnd: clock.reversed)
        case .active:
            guard isRunning else { return }
            let now = currentPosition()
            anchorClock(leg: now.leg, fraction: now.fraction, at: engine.time)
            enter(.paused)
            // Paused, it reads the progress shown (see fractionComplete): observers hear it.
            reportFraction()
        }
    }

    /// Stops the animations where they are: the presentation becomes the model.
    ///
    /// With `withoutFinishing` true the animator becomes inactive and no completion runs (the
    /// handlers are discarded, so a later run does not run them either). With
    /// false it becomes ``AnimatingState/stopped`` and waits for ``finishAnimation(at:)``.
    /// Rejected on an inactive animator (UIKit raises) and when not interruptible.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard interruptible else {
            engine.report(.notInterruptible, "stopAnimation on an animator that is not interruptible is ignored")
            return
        }
        switch state {
        case .inactive:
            engine.report(.illegalStateTransition, "stopAnimation on an inactive animator is ignored")
        case .stopped:
            if withoutFinishing {
                completions.removeAll()
                deactivate()
                runEndHandlers(nil)
            } else {
                engine.report(.illegalStateTransition, "stopAnimation(false) on a stopped animator is ignored")
            }
        case .active:
            // fractionComplete keeps reading what it read when the animations were stopped.
            let reading = fractionComplete
            let snapshot = properties
            properties.removeAll()
            var records: [(AnimatingPosition) -> Void] = []
            for p in snapshot { records.append(p.stopTracks(of: self)) }
            rootSegment = nil
            springTwins.removeAll()
            clock.anchor(at: engine.time, tick: engine.tickCount)
            if withoutFinishing {
                // UIKit: "no completion handlers are called"; they are dropped, so they do not
                // run at the end of a later run either.
                completions.removeAll()
                deactivate()
                runEndHandlers(nil)
            } else {
                enter(.stopped(reading: reading, finish: records))
            }
        }
    }

    /// ``stopAnimation(_:)`` with `true` for ``AnimationEngine/invalidate()``, interruptible or
    /// not: the animator lets go of its properties and its root segment (which keep it alive
    /// while it is active) and becomes inactive; no completion runs.
    func stopForInvalidation() {
        switch state {
        case .inactive:
            return
        case .stopped:
            completions.removeAll()
            deactivate()
            runEndHandlers(nil)
        case .active:
            let snapshot = properties
            properties.removeAll()
            for p in snapshot { _ = p.stopTracks(of: self) }
            rootSegment = nil
            springTwins.removeAll()
            clock.anchor(at: engine.time, tick: engine.tickCount)
            completions.removeAll()
            deactivate()
            runEndHandlers(nil)
        }
    }

    /// Finishes a stopped animator: the properties take their values at `position` (the
    /// animations' end or start values, or stay where they were stopped), the animator becomes
    /// inactive and the completions run with `position`. Rejected unless stopped.
    public func finishAnimation(at position: AnimatingPosition) {
        guard case .stopped(_, let records) = phase else {
            engine.report(.illegalStateTransition, "finishAnimation(at:) is only legal on a stopped animator; ignored")
            return
        }
        for r in records { r(position) }
        deactivate()
        runCompletions(position, .stopped)
    }

    /// Continues paused animations, optionally with new timing.
    ///
    /// - `parameters`: nil keeps the current timing. New timing parameters take over from
    ///   where every property is now: each track continues from its current offset on the new
    ///   curve or spring (a spring's ``SpringTimingParameters/initialVelocity`` is relative to
    ///   the remaining distance, as in UIKit), toward the end values, or toward the start
    ///   values when the animator is reversed. The position is continuous; the velocity is
    ///   the new timing's (for a curve it starts from the curve's slope, so it may jump). The
    ///   old motion is kept on the other side of the current fraction, so reversing later
    ///   replays it back to the true start values. A change added with a delay that has not
    ///   begun yet starts moving now.
    /// - `durationFactor`: the remaining time becomes `durationFactor × duration` (UIKit: "The
    ///   value of this parameter is multiplied by the original duration value"); 0 keeps the
    ///   remaining time as it is. Negative or not finite is taken as 0; a factor giving more
    ///   than ``AnimationEngine/maximumDuration`` is reported and reduced to give that.
    ///
    /// After a linear scrub, the scrubbed progress is first mapped back onto the timing (the
    /// time fraction at which it shows that progress), as ``startAnimation()`` does. Rejected
    /// (with a diagnostic) unless the animator is active and paused.
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
        guard let parameters else {
            settleScrub()
            if factor > 0 {
                let remaining = clock.travelsDownAtAnchor ? clock.anchorFraction : 1 - clock.anchorFraction
                clock.rate = Self.pace(remaining: remaining, seconds: factor * duration)
            }
            restartClock()
            enter(.running)
            reportFraction()
            return
        }
        // Map a linear scrub back onto the current timing first, so the old motion is clipped
        // at the fraction that shows what is on screen.
        settleScrub()
        let f = clock.anchorFraction
        let down = clock.travelsDownAtAnchor
        let remainingFraction = down ? f : 1 - f
        let seconds: Double
        if factor > 0 {
            seconds = factor * duration
        } else if clock.rate.isFinite && clock.rate > 0 {
            // Nothing left: the pace of the current run, for a later reversal.
            seconds = remainingFraction > 0 ? remainingFraction / clock.rate : 1 / clock.rate
        } else {
            seconds = 0
        }
        reportVerticalTangent(of: parameters)
        let timing = parameters.fitted(toDuration: seconds)
        let spring = composedSpring?.fitted(toDuration: seconds)
        let effective = spring?.animationDuration(forAnimatorDuration: seconds)
            ?? timing.animationDuration(forAnimatorDuration: seconds)
        if timingBeforeContinuation == nil { timingBeforeContinuation = timingParameters }
        timingParameters = timing
        composedSpringValue = spring
        // A linear scrub later moves every property from start to end in proportion: the new
        // track is scrubbed over the progress that remains on screen, not the time fraction.
        let q = progressOnScreen(atFraction: f)
        func segment(_ timing: TimingParameters) -> AnimationSegment {
            down
                ? AnimationSegment(animator: self, start: 0, end: f, kind: .timed(timing: timing, seconds: effective),
                                   backwards: true, scrubStretch: (0, q))
                : AnimationSegment(animator: self, start: f, end: 1, kind: .timed(timing: timing, seconds: effective),
                                   scrubStretch: (q, 1))
        }
        let primary = segment(timing)
        if let spring { springTwins.append((primary, segment(.spring(spring)))) }
        for p in properties { p.rebaseTracks(of: self, at: f, progress: q, towardEnd: !down, onto: primary) }
        rootSegment = nil
        clock.rate = Self.pace(remaining: remainingFraction, seconds: effective)
        restartClock()
        enter(.running)
        reportFraction()
    }

    /// Called when a property this animator animates is changed by another animation or
    /// directly: the completion will report ``CompletionReason/retargeted``.
    func noteRetargeted() { wasRetargeted = true }

    /// Records that `property` has tracks on this animator.
    func attach(_ property: any AnimatedPropertyTracks) {
        if !properties.contains(where: { $0 === property }) { properties.append(property) }
    }

    func detachIfUnused(_ property: any AnimatedPropertyTracks) {
        if !property.hasTracks(of: self) { properties.removeAll { $0 === property } }
    }
}
