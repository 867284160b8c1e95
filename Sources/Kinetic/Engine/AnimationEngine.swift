/// The clock and the bookkeeping of a set of animations: the current time, the animators that
/// are active, the physics animations that are running, and the animation transaction that is
/// open while an animation block runs.
///
/// Nothing in Kinetic reads a wall clock: the host calls ``tick(at:)`` once per frame with the
/// frame's timestamp, and every presentation value is a closed-form function of that time, so a
/// test drives an engine on a manual clock and samples exact instants. Several engines can live
/// side by side (each test its own); an engine and everything it animates are confined to one
/// thread, as UIKit's main thread. Why time never goes back, and how rejected calls are reported
/// as ``Diagnostic``s, is in <doc:AnimationEngineInDepth>.
public final class AnimationEngine {
    /// The engine's current time, in seconds: the time of the last ``tick(at:)``.
    @inlinable public var time: Double { now }

    /// Animators that are active or stopped, in the order they became so. The engine keeps
    /// them alive until they return to inactive, as UIKit's run loop keeps running animators.
    @inlinable public var animators: [PropertyAnimator] { activeAnimators }

    /// The storage of ``time`` and ``animators``, read throughout every frame without a dynamic
    /// exclusivity check (plain values, never passed `inout` across a call).
    @usableFromInline @exclusivity(unchecked) var now: Double
    @usableFromInline @exclusivity(unchecked) var activeAnimators: [PropertyAnimator] = []

    /// How much motion the animators show (see ``MotionPolicy``): read as each run starts,
    /// so changing it never moves anything in flight. Default ``MotionPolicy/full``.
    public var motionPolicy: MotionPolicy = .full

    /// Rejected calls, oldest first (at most the last 100).
    public private(set) var diagnostics: [Diagnostic] = []

    /// Called with each diagnostic as it is reported.
    public var onDiagnostic: ((Diagnostic) -> Void)?

    /// Changes whenever anything a presentation value depends on may have changed: the time,
    /// or an animator's timeline. The coefficients in ``slots`` are valid at the revision they
    /// are stamped with.
    @usableFromInline @exclusivity(unchecked) var revision: UInt64 = 0

    /// How many ticks the engine has taken (each accepted ``tick(at:)``, even at the same time).
    @exclusivity(unchecked) var tickCount: UInt64 = 0

    /// Every live segment's coefficients and timing, packed (see ``SegmentSlotTable``).
    @usableFromInline @exclusivity(unchecked) var slots = SegmentSlotTable()

    /// A packed copy of each registered animator's clock (see ``AnimatorTimingTable``).
    @exclusivity(unchecked) var records = AnimatorTimingTable()

    /// Scratch lists of the frame pass, kept to reuse their storage.
    @exclusivity(unchecked) var candidateRecords: [Int32] = []
    @exclusivity(unchecked) var callList: [PropertyAnimator] = []
    /// While the tick calls animators: the one being called, and whether anything changed the
    /// clock of another animator (then the rest of the tick calls every animator after it).
    @exclusivity(unchecked) var tickInProgress = false
    unowned(unsafe) var advancing: PropertyAnimator?
    @exclusivity(unchecked) var mutatedDuringTick = false

    /// Called by an animator whenever an input of its clock (``PropertyAnimator/timeline()``)
    /// changes: every cached coefficient is stale, and the animator's record is refreshed.
    func timelineChanged(_ animator: PropertyAnimator) {
        revision &+= 1
        syncRecord(of: animator)
        if tickInProgress && animator !== advancing { mutatedDuringTick = true }
    }

    deinit {
        slots.deallocate()
        records.deallocate()
    }

    /// Physics animations (springs and decays on properties) and other ``EngineDriven`` clients
    /// (a dynamic animator) that are running.
    var driven = DrivenClients()
    var physicsAnimations: [any EngineDriven] { driven.clients }

    /// The last id ``makeAnimationID()`` handed out (0: none yet).
    var lastAnimationID = 0

    /// The last mark an animator's run took for the properties it moves (0: none yet; see
    /// `AnimatorTracks.markProperties(_:)`).
    private var lastAttachmentMark = 0

    /// A mark no run of this engine has had.
    func makeAttachmentMark() -> Int {
        lastAttachmentMark += 1
        return lastAttachmentMark
    }

    /// The timing overrides by animation name (see ``setTimingOverride(_:forAnimationsNamed:)``);
    /// empty unless an inspector retunes something.
    var timingOverrides = TimingOverrides()

    /// The stack of open animation transactions; the innermost is last.
    @exclusivity(unchecked) var transactions: [AnimationTransaction] = []

    /// The class-method animations (``animate(withDuration:delay:options:animations:completion:)``)
    /// whose blocks are running, innermost last: what a nested one inherits from.
    var classAnimationContexts: [ClassAnimationContext] = []

    /// The largest time the clock accepts, in seconds: 2³² s (about 136 years), where a `Double`
    /// still resolves a microsecond.
    public static let maximumTime = 4_294_967_296.0

    /// The longest duration or delay honoured, in seconds: ``maximumTime`` (2³² s), up to which
    /// every animation, spring and curve is exact. A longer one is reported and replaced by it
    /// (see <doc:AnimationEngineInDepth#Durations-and-time>).
    public static let maximumDuration = maximumTime

    /// Creates an engine whose clock reads `time`. A time that is not finite or whose
    /// magnitude exceeds ``maximumTime`` is reported and replaced by 0.
    /// The last identifier ``makeIdentifier()`` handed out.
    private var lastIdentifier = 0

    /// The next of 1, 2, 3…: an identity for an object that lives with this engine, unique
    /// among the engine's objects (KineticScene's nodes number themselves with it, for
    /// `Node.id`). Per engine, not per process, so the numbers are deterministic: the same
    /// program on a fresh engine (a replayed session, a native render of a page's scene) hands
    /// out the same numbers, and engines on other threads never race for a counter.
    public func makeIdentifier() -> Int {
        lastIdentifier &+= 1
        return lastIdentifier
    }

    public init(time: Double = 0) {
        let valid = time.isFinite && time.magnitude <= Self.maximumTime
        self.now = valid ? time : 0
        if !valid {
            report(.invalidArgument, "AnimationEngine(time: \(time)) is not finite or beyond ±\(Self.maximumTime) s; starting at 0")
        }
    }

    /// The instant on this engine's clock at which something stamped `time` happens: `time`,
    /// or the engine's ``time`` if `time` is earlier (or NaN). Time never goes back: this is the
    /// one place that says so, for ``tick(at:)``, ``advance(to:)`` and every layer that stamps
    /// input with a time (a scene's pointer events, a host's frames).
    public func clockTime(for time: Double) -> Double {
        time > self.time ? time : self.time
    }

    /// Brings the clock to `time` for input stamped with it (a pointer event, a host's frame)
    /// and returns the instant the input happens at (``clockTime(for:)``): a later `time`
    /// ticks there (as ``tick(at:)``); an earlier or equal one holds the clock, and nothing runs
    /// (the instant has been ticked already).
    ///
    /// The one check of a host's frame time: a `time` that is not finite (a `.timeWentBackwards`
    /// diagnostic) or beyond ``maximumTime`` (`.invalidArgument`) returns nil and changes
    /// nothing else.
    @discardableResult
    public func advance(to time: Double) -> Double? {
        guard accepts(time, in: "advance(to:)") else { return nil }
        if clockTime(for: time) != self.time { run(to: time) }
        return self.time
    }

    /// Advances the clock to `time`, completes the animations that end by then, and runs their
    /// completion handlers (again at the engine's own time; an earlier time is held and changes
    /// nothing). Presentation values are computed on demand, so between ticks they stay put. A
    /// non-finite `time` or one beyond ``maximumTime`` is rejected with a diagnostic, as by
    /// ``advance(to:)``.
    public func tick(at time: Double) {
        // An earlier time is held: time never goes back.
        guard accepts(time, in: "tick(at:)"), clockTime(for: time) == time else { return }
        run(to: time)
    }

    /// Whether the clock accepts `time`; reports why not (`call` names the entry point).
    private func accepts(_ time: Double, in call: String) -> Bool {
        guard time.isFinite else {
            report(.timeWentBackwards, "\(call) with \(time), which is not finite; ignored")
            return false
        }
        guard time <= Self.maximumTime else {
            report(.invalidArgument, "\(call) with \(time), beyond AnimationEngine.maximumTime (\(Self.maximumTime) s), where the clock cannot resolve a frame; ignored")
            return false
        }
        return true
    }

    /// A tick at an accepted `time` at or after the clock's.
    private func run(to time: Double) {
        now = time
        tickCount &+= 1
        revision &+= 1
        // A tick from inside a completion handler: the outer tick calls every later animator.
        let nested = tickInProgress
        defer { if nested { tickInProgress = true; mutatedDuringTick = true } }
        advanceAnimators(to: time)
        if !physicsAnimations.isEmpty {
            // The physics animations read their own coefficients to check for settling: fill
            // them in the packed pass first (the same numbers their segments would compute, see
            // `SegmentSlotTable`), and again after for the slots their completions created.
            // A completion that changes an animator's clock bumps the revision, so nothing
            // filled here outlives a change.
            evaluateSlots()
            for animation in physicsAnimations {
                animation.engineDidAdvance(to: time)
            }
            driven.dropStopped()
        }
        evaluateSlots()
    }

    /// Lets go of every animator and physics animation, for a host discarding the engine with its
    /// scene mid-flight: each stops where it is, as by `stopAnimation(true)` (no completion
    /// runs), ``hasRunningAnimations`` becomes false and ``onDiagnostic`` is cleared. Idempotent.
    /// Why it is needed is in <doc:AnimationEngineInDepth#Invalidating-an-engine>.
    public func invalidate() {
        let held = activeAnimators
        for animator in held { animator.stopForInvalidation() }
        activeAnimators.removeAll()
        for animation in driven.removeAll() { animation.engineDidInvalidate() }
        classAnimationContexts.removeAll()
        onDiagnostic = nil
        revision &+= 1
    }

    /// Whether any animator is running or any physics animation is moving: a host can stop
    /// asking for frames when this is false.
    public var hasRunningAnimations: Bool {
        activeAnimators.contains { $0.isRunning } || !physicsAnimations.isEmpty
    }

    // MARK: Transactions

    /// Runs `changes` with property changes animated by `transaction`.
    func perform(in transaction: AnimationTransaction, _ changes: () -> Void) {
        transactions.append(transaction)
        changes()
        transactions.removeLast()
    }

    /// The innermost open transaction, if an animation block is running.
    var currentTransaction: AnimationTransaction? { transactions.last }

    /// Adds a keyframe to the animation block being run (UIKit's
    /// `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)`): `animations`
    /// animate over that stretch (clamped into 0...1) of the enclosing animation's progress.
    /// Keyframes nest. Outside an animation block the changes are made at once, with a diagnostic.
    public func addKeyframe(withRelativeStartTime relativeStartTime: Double, relativeDuration: Double,
                            animations: () -> Void) {
        guard let transaction = currentTransaction else {
            report(.illegalStateTransition, "addKeyframe outside an animation block: changes applied without animation")
            animations()
            return
        }
        let start = relativeStartTime.isFinite ? Swift.min(Swift.max(relativeStartTime, 0), 1) : 0
        let length = relativeDuration.isFinite ? Swift.min(Swift.max(relativeDuration, 0), 1 - start) : 1 - start
        let segment = AnimationSegment(animator: transaction.animator, start: start, end: start + length,
                                       kind: .keyframe(parent: transaction.segment))
        perform(in: AnimationTransaction(animator: transaction.animator, segment: segment), animations)
    }

    /// Runs `changes` without animation even inside an animation block (UIKit's
    /// `UIView.performWithoutAnimation(_:)`).
    public func performWithoutAnimation(_ changes: () -> Void) {
        let saved = transactions
        transactions = []
        changes()
        transactions = saved
    }

    // MARK: Bookkeeping

    func register(_ animator: PropertyAnimator) {
        // An animator has a record exactly while it is listed (`unregister` clears both), so
        // the record says whether it is listed without a search of every active animator.
        if animator.engineRecord < 0 {
            activeAnimators.append(animator)
            let r = records.allocate(for: animator, lastReported: animator.storedLastReportedFraction)
            animator.engineRecord = r
            animator.registrationSequence = records.rows[r].sequence
            syncRecord(of: animator)
        }
    }

    func unregister(_ animator: PropertyAnimator) {
        activeAnimators.removeAll { $0 === animator }
        let r = animator.engineRecord
        if r >= 0 {
            animator.storedLastReportedFraction = records.rows[r].lastReported
            animator.engineRecord = -1
            records.release(r)
        }
    }

    /// Has `driven` advanced at every ``tick(at:)``, after the animators, while its
    /// ``EngineDriven/isRunning`` is true (the engine keeps it alive until then). Adding it twice
    /// does nothing.
    public func addDriven(_ driven: any EngineDriven) {
        self.driven.add(driven)
    }

    /// Reports a rejected call: appends a ``Diagnostic`` to ``diagnostics`` (at the engine's
    /// time) and passes it to ``onDiagnostic``. Libraries built on the engine (KineticScene,
    /// KineticDynamics, KineticPOP) report through here, so a host has one place to look.
    public func report(_ kind: Diagnostic.Kind, _ message: String) {
        let diagnostic = Diagnostic(kind: kind, message: message, time: time)
        diagnostics.append(diagnostic)
        if diagnostics.count > 100 { diagnostics.removeFirst(diagnostics.count - 100) }
        onDiagnostic?(diagnostic)
    }
}

/// Where animated property changes go while an animation block runs: the animator and the
/// stretch of its timeline the changes animate over.
struct AnimationTransaction {
    let animator: PropertyAnimator
    /// The stretch the changes animate over; nil for the blocks an animator runs as it starts
    /// while the engine has timing overrides: the whole run, made at the first change, when
    /// the animator's name is known (see ``PropertyAnimator/rootSegment(firstChanging:)``).
    private let fixedSegment: AnimationSegment?
    init(animator: PropertyAnimator, segment: AnimationSegment) {
        self.animator = animator
        self.fixedSegment = segment
    }
    /// A transaction on the animator's whole run, whose segment is made at the first change.
    init(wholeRunOf animator: PropertyAnimator) {
        self.animator = animator
        self.fixedSegment = nil
    }
    /// The stretch the changes animate over.
    var segment: AnimationSegment { fixedSegment ?? animator.rootSegment(firstChanging: "") }
    /// The stretch a change of the property labelled `label` animates over.
    func segment(changing label: @autoclosure () -> String) -> AnimationSegment {
        fixedSegment ?? animator.rootSegment(firstChanging: label())
    }
}

/// Something the engine advances at every tick besides its animators: a spring or decay
/// animation, a dynamic animator (see ``AnimationEngine/addDriven(_:)``).
public protocol EngineDriven: AnyObject {
    /// Whether the engine should keep advancing it; checked after each tick.
    var isRunning: Bool { get }
    /// Called by every ``AnimationEngine/tick(at:)`` after the animators, while it runs: moves
    /// its state to the engine's new time `time` (seconds, never earlier than the last).
    func engineDidAdvance(to time: Double)
    /// Called by ``AnimationEngine/invalidate()`` while it is listed: let go of what it holds
    /// on the engine's properties, leaving them as they appear now, without running completion
    /// handlers. The default does nothing.
    func engineDidInvalidate()
    /// Describes it for an inspector (see ``AnimationEngine/liveAnimations()``): nil, the
    /// default, leaves it out of the list. Called only when an inspector asks, never by a tick.
    func inspection() -> AnimationInspection?
    /// Its id, kind, label and whether it runs, for an inspector that sorts and groups before
    /// it snapshots (see ``AnimationEngine/liveAnimationSummaries()``): nil exactly when
    /// ``inspection()`` is nil. The default summarises ``inspection()``; a client with many
    /// instances (a spring per dot) gives one without allocating.
    func inspectionSummary() -> AnimationSummary?
    /// The properties it moves, for an inspector's recorder (see
    /// ``AnimationEngine/inspectableProperties(ofAnimation:)``). The default: none.
    func inspectableProperties() -> [any InspectableProperty]
}

extension EngineDriven {
    public func engineDidInvalidate() {}
    public func inspection() -> AnimationInspection? { nil }
    public func inspectionSummary() -> AnimationSummary? { inspection().map(AnimationSummary.init) }
    public func inspectableProperties() -> [any InspectableProperty] { [] }
}
