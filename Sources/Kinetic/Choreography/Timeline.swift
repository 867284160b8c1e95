// A timeline: animation blocks placed in time, with labels, offsets, nesting, stagger and callbacks, run as one interruptible animator.

/// Animation blocks placed in time and run as one animator (motion.dev's `timeline`, GSAP's
/// `gsap.timeline`, built on ``PropertyAnimator``).
///
/// ```swift
/// let menu = Timeline(engine: engine)
/// menu.add(duration: 0.3, timing: .cubic(.easeOut)) { backdrop.alpha = 1 }
/// menu.addLabel("items")
/// menu.add(count: 5, stagger: Stagger(interval: 0.05), duration: 0.5,
///          timing: .spring(SpringTimingParameters(dampingRatio: 0.7)), at: .label("items")) { i in
///     items[i].center.x = 40
/// }
/// menu.addCallback(at: .label("items")) { haptics.tick() }
/// menu.startAnimation()
/// ```
///
/// A timeline is an ``Animating`` object with the animator's semantics: pause, scrub, reverse
/// and continue it as a whole. How a run works, positions, nesting, callbacks, reduced motion
/// and bad input are in <doc:Timelines>.
public final class Timeline: Animating, LifetimeOwner {
    /// The engine whose clock drives the timeline.
    public let engine: AnimationEngine
    /// The token of the timeline's zeroing references (a nested timeline's way to the one it
    /// is nested in).
    public let lifetime = Lifetime()
    /// The timeline this one was last nested in (``add(_:at:)``) and where it starts there:
    /// followed by ``fractionComplete`` while this one has no run of its own.
    private var nesting: (parent: ZeroingReference<Timeline>, start: Double)?

    struct Entry {
        let start: Double
        let duration: Double
        let timing: TimingParameters
        let animations: () -> Void
    }

    var entries: [Entry] = []
    var labels: [(name: String, time: Double)] = []
    let marks = TimelineMarks()
    var previous: (start: Double, end: Double) = (0, 0)
    var pendingCompletions: [(AnimatingPosition) -> Void] = []
    var reversedValue = false

    /// The timeline's length in seconds: the latest end of an entry, a label or a callback.
    public private(set) var duration = 0.0

    /// The animator of the current (or last) run: made when the timeline becomes active, on a
    /// linear clock of ``duration`` seconds. Observe it for `state`, `isRunning` and
    /// `fractionComplete` changes; nil before the first run.
    public private(set) var currentAnimator: PropertyAnimator?

    /// Whether setting ``fractionComplete`` while paused moves each entry linearly through its
    /// stretch (true, UIKit's default for an animator) or shows each entry's own timing at that
    /// time fraction (false, the default here: the timeline scrubs like a video). Passed to
    /// every run's animator.
    public var scrubsLinearly = false {
        didSet { currentAnimator?.scrubsLinearly = scrubsLinearly }
    }

    /// Whether reaching either end pauses the run there instead of completing it (UIKit's
    /// `pausesOnCompletion`): it stays active, so the same run can be reversed or scrubbed
    /// again (a menu opened and closed by one timeline), and completions do not run. Passed
    /// to every run's animator.
    public var pausesOnCompletion = false {
        didSet { currentAnimator?.pausesOnCompletion = pausesOnCompletion }
    }

    /// An empty timeline on `engine`.
    public init(engine: AnimationEngine) {
        self.engine = engine
    }

    // MARK: Building

    /// Adds `animations`, animated over `duration` seconds with `timing`, placed at `position`.
    /// A spring given by its constants (not by damping ratio) lasts its settling duration, as
    /// in an animator. Returns the entry: its times (``TimelineEntry/start``) and its own
    /// completion (``TimelineEntry/addCompletion(forMember:_:)`` with member 0).
    @discardableResult
    public func add(duration: Double, timing: TimingParameters = .cubic(.easeInOut),
                    at position: TimelinePosition = .afterPrevious,
                    animations: @escaping () -> Void) -> TimelineEntry {
        let start = resolve(position)
        let length = timing.animationDuration(forAnimatorDuration: checked(duration, "duration"))
        entries.append(Entry(start: start, duration: length, timing: timing, animations: animations))
        let first = marks.members.count
        marks.members.append(TimelineMarks.Member(start: start, end: start + length))
        place(start: start, end: start + length)
        return TimelineEntry(timeline: self, start: start, end: start + length, first: first, count: 1)
    }

    /// Adds `count` entries, entry `i` running `animations(i)` over `duration` seconds with
    /// `timing`, starting at `position` plus its ``Stagger`` delay. "Previous" becomes the
    /// whole group (from `position` to the last entry's end). Returns the group: its times, and
    /// a completion per member (``TimelineEntry/addCompletion(_:)``).
    @discardableResult
    public func add(count: Int, stagger: Stagger, duration: Double, timing: TimingParameters = .cubic(.easeInOut),
                    at position: TimelinePosition = .afterPrevious,
                    animations: @escaping (Int) -> Void) -> TimelineEntry {
        let start = resolve(position)
        let length = timing.animationDuration(forAnimatorDuration: checked(duration, "duration"))
        var end = start
        let first = marks.members.count
        for (i, delay) in stagger.delays(count: count).enumerated() {
            entries.append(Entry(start: start + delay, duration: length, timing: timing, animations: { animations(i) }))
            marks.members.append(TimelineMarks.Member(start: start + delay, end: start + delay + length))
            end = Swift.max(end, start + delay + length)
        }
        place(start: start, end: end)
        return TimelineEntry(timeline: self, start: start, end: end, first: first, count: marks.members.count - first)
    }

    /// Nests `timeline` at `position`: its entries and callbacks are copied into this one,
    /// shifted by where it starts (so scrubbing or reversing this timeline scrubs or reverses
    /// them); changing `timeline` afterwards does not change this one. Its labels are not
    /// copied. The nesting is live: while `timeline` has no run of its own, its
    /// ``fractionComplete`` follows this one's playhead (0 before it starts here, 1 after it
    /// ends), as a GSAP child's progress does, and writing it scrubs this one there. Nesting a
    /// timeline in itself is rejected.
    /// Returns where it starts.
    @discardableResult
    public func add(_ timeline: Timeline, at position: TimelinePosition = .afterPrevious) -> Double {
        guard timeline !== self else {
            engine.report(.invalidArgument, "a timeline cannot be nested in itself; ignored")
            return previous.end
        }
        let start = resolve(position)
        for e in timeline.entries {
            entries.append(Entry(start: start + e.start, duration: e.duration, timing: e.timing, animations: e.animations))
        }
        for c in timeline.marks.callbacks { marks.callbacks.append((start + c.time, c.action)) }
        place(start: start, end: start + timeline.duration)
        timeline.nesting = (zeroingReference, start)
        return start
    }

    /// Names the time at `position`, for ``TimelinePosition/label(_:offset:)``. A name given
    /// again moves the label. Labels do not change "previous". Returns the label's time.
    @discardableResult
    public func addLabel(_ name: String, at position: TimelinePosition = .afterPrevious) -> Double {
        let time = resolve(position)
        labels.removeAll { $0.name == name }
        labels.append((name, time))
        duration = Swift.max(duration, time)
        return time
    }

    /// The time of the label `name`, or nil.
    public func time(ofLabel name: String) -> Double? {
        for label in labels where label.name == name { return label.time }
        return nil
    }

    /// Runs `callback` each time the playing timeline crosses `position` (see "Callbacks"
    /// above). Returns the callback's time.
    @discardableResult
    public func addCallback(at position: TimelinePosition, _ callback: @escaping () -> Void) -> Double {
        let time = resolve(position)
        marks.callbacks.append((time, callback))
        duration = Swift.max(duration, time)
        return time
    }

    /// Adds a completion handler for member `index` of the marks' members, for the current run
    /// (or the next, while inactive).
    func addMemberCompletion(_ member: Int, _ completion: @escaping (AnimatingPosition) -> Void) {
        if activeAnimator != nil {
            marks.members[member].handlers.append(completion)
        } else {
            marks.members[member].pending.append(completion)
        }
    }

    /// Adds a completion handler, run once with the finishing position when the current run
    /// (or the next, while inactive) completes or is finished; never after `stopAnimation(true)`.
    public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
        if let animator = currentAnimator, animator.state != .inactive {
            animator.addCompletion(completion)
        } else {
            pendingCompletions.append(completion)
        }
    }

    private func checked(_ value: Double, _ what: String) -> Double {
        guard value.isFinite && value >= 0 else {
            engine.report(.invalidArgument, "timeline \(what) \(value) is negative or not finite; using 0")
            return 0
        }
        return value
    }

    private func resolve(_ position: TimelinePosition) -> Double {
        let base: Double
        switch position.anchor {
        case .previousEnd: base = previous.end
        case .previousStart: base = previous.start
        case .time: base = 0
        case .end: base = duration
        case .label(let name):
            if let t = time(ofLabel: name) { base = t } else {
                engine.report(.invalidArgument, "timeline label \"\(name)\" is unknown; placing after the previous entry")
                base = previous.end
            }
        }
        guard position.offset.isFinite else {
            engine.report(.invalidArgument, "timeline offset \(position.offset) is not finite; using 0")
            return base
        }
        let t = base + position.offset
        if t < 0 {
            engine.report(.invalidArgument, "timeline position \(t) s is before the start; using 0")
            return 0
        }
        return t
    }

    private func place(start: Double, end: Double) {
        previous = (start, end)
        duration = Swift.max(duration, end)
    }

    // MARK: Running

    /// The animator that runs the current run, made when the timeline becomes active.
    private var activeAnimator: PropertyAnimator? {
        guard let animator = currentAnimator, animator.state != .inactive else { return nil }
        return animator
    }

    /// Makes the animator of a new run: a linear clock of ``duration`` seconds whose one block
    /// places every entry on its stretch.
    private func makeAnimator() -> PropertyAnimator {
        let total = duration
        let entries = self.entries
        let animator = PropertyAnimator(duration: total, timingParameters: .cubic(.linear), engine: engine)
        animator.scrubsLinearly = scrubsLinearly
        animator.pausesOnCompletion = pausesOnCompletion
        animator.isReversed = reversedValue
        animator.addAnimations { [unowned(unsafe) animator] in
            for e in entries {
                let lo = total > 0 ? e.start / total : 0
                let hi = total > 0 ? (e.start + e.duration) / total : 0
                animator.runAnimations(e.animations, stretch: lo, hi, timing: e.timing)
            }
        }
        marks.total = total
        marks.attach(to: animator)
        for c in pendingCompletions { animator.addCompletion(c) }
        pendingCompletions.removeAll()
        currentAnimator = animator
        return animator
    }

    /// Where the playhead is, in this timeline's seconds, through the timelines it is nested in
    /// when it has no run of its own; nil when none of them runs (or nesting loops).
    private func nestedPlayhead(depth: Int) -> Double? {
        if let animator = activeAnimator { return animator.currentFraction() * duration }
        guard depth < 64, let nesting, let parent = nesting.parent.object,
              let t = parent.nestedPlayhead(depth: depth + 1) else { return nil }
        return t - nesting.start
    }

    /// The run's animator, made if the timeline is inactive.
    private func runAnimator() -> PropertyAnimator { activeAnimator ?? makeAnimator() }

    /// ``AnimatingState/inactive`` until a run starts, is paused or scrubbed; then the run's.
    public var state: AnimatingState { activeAnimator?.state ?? .inactive }
    /// Whether the run is moving now.
    public var isRunning: Bool { activeAnimator?.isRunning ?? false }
    /// Whether the timeline plays backwards: set while running it reverses every entry on the
    /// spot; while inactive, the next run starts at the end values and plays back.
    public var isReversed: Bool {
        get { reversedValue }
        set {
            reversedValue = newValue
            activeAnimator?.isReversed = newValue
        }
    }
    /// How far the run is, 0...1: the time fraction of the timeline (with ``scrubsLinearly``
    /// false). Without a run of its own, a nested timeline reads where the playhead of the
    /// timeline it was nested in is, over its own stretch there (see ``add(_:at:)``). Setting
    /// it while paused (or inactive: the timeline becomes active and paused) scrubs every entry
    /// of this timeline's own run; rejected while running, as the animator's. Set on a nested
    /// timeline that has no run of its own while the one it is nested in has, it scrubs that one
    /// to the same place on this one's stretch (writing back the value read moves nothing).
    public var fractionComplete: Double {
        get {
            if let animator = activeAnimator { return animator.fractionComplete }
            guard duration > 0, let t = nestedPlayhead(depth: 0) else { return 0 }
            return Swift.min(Swift.max(t / duration, 0), 1)
        }
        set {
            if activeAnimator == nil, let nesting, let parent = nesting.parent.object, nestedPlayhead(depth: 0) != nil {
                guard newValue.isFinite else {
                    engine.report(.invalidArgument, "Timeline.fractionComplete = \(newValue) is not finite; ignored")
                    return
                }
                guard newValue != fractionComplete, parent.duration > 0 else { return }
                let f = Swift.min(Swift.max(newValue, 0), 1)
                parent.fractionComplete = Swift.min(Swift.max((nesting.start + f * duration) / parent.duration, 0), 1)
                return
            }
            runAnimator().fractionComplete = newValue
        }
    }
    /// Starts the run, or continues it from a pause or scrub.
    public func startAnimation() { runAnimator().startAnimation() }
    /// Starts the run after `delay` seconds (see ``PropertyAnimator/startAnimation(afterDelay:)``).
    public func startAnimation(afterDelay delay: Double) { runAnimator().startAnimation(afterDelay: delay) }
    /// Pauses every entry where it is; pausing an inactive timeline makes it active and paused at its start.
    public func pauseAnimation() { runAnimator().pauseAnimation() }
    /// Stops every entry where it is (see ``PropertyAnimator/stopAnimation(_:)``); rejected while inactive.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard let animator = activeAnimator else {
            engine.report(.illegalStateTransition, "stopAnimation on an inactive timeline is ignored")
            return
        }
        animator.stopAnimation(withoutFinishing)
    }
    /// Finishes a stopped run at `position`; rejected unless stopped.
    public func finishAnimation(at position: AnimatingPosition) {
        guard let animator = activeAnimator else {
            engine.report(.illegalStateTransition, "finishAnimation(at:) on an inactive timeline is ignored")
            return
        }
        animator.finishAnimation(at: position)
    }
    /// Continues a paused run for what remains, as the animator's
    /// `continueAnimation(withTimingParameters:durationFactor:)`: nil keeps every entry's own
    /// timing (and their stagger), with `durationFactor` setting the time left (a throw at the
    /// finger's pace). New timing parameters drive the playhead over what remains in their
    /// duration, and replace the timing of the entries it is inside: those continue from where
    /// they are drawn, together on that one curve or spring (a spring carrying the finger's
    /// velocity). An entry the playhead has not reached yet, in the direction it goes, keeps
    /// its place and its own timing: it stays exactly still until the playhead reaches it,
    /// then runs over its stretch (a caught staggered group keeps its stagger). Nothing moves
    /// at the call. Rejected unless active and paused.
    public func continueAnimation(withTimingParameters parameters: TimingParameters?, durationFactor: Double) {
        guard let animator = activeAnimator else {
            engine.report(.illegalStateTransition, "continueAnimation on an inactive timeline is ignored")
            return
        }
        animator.continueAnimation(withTimingParameters: parameters, durationFactor: durationFactor)
    }
}

/// A timeline's callbacks and the playhead they are crossed against, shared with the run's
/// observers (which hold this, never the timeline or the animator strongly: no cycle).
final class TimelineMarks {
    var callbacks: [(time: Double, action: () -> Void)] = []
    var total = 0.0
    /// The time (seconds) the running clock was last seen at, and whether a callback exactly
    /// there is still due (a run starting at an end); nil while not running.
    var cursor: (time: Double, inclusive: Bool)?
    /// The time fraction and time of the callback running now (inside a tick), if any.
    var firing: (fraction: Double, time: Double)?
    /// Where a callback paused the run: its time fraction and time, so that playing on from
    /// there neither runs it again nor loses the time to rounding.
    var held: (fraction: Double, time: Double)?

    /// A member of a staggered group: its stretch, and its completion handlers for the current
    /// run and for the next.
    struct Member {
        let start: Double
        let end: Double
        var handlers: [(AnimatingPosition) -> Void] = []
        var pending: [(AnimatingPosition) -> Void] = []
    }
    var members: [Member] = []

    func attach(to animator: PropertyAnimator) {
        cursor = nil
        held = nil
        // Handlers of a run that ended without finishing are dropped; the next run's start.
        for i in members.indices {
            members[i].handlers = members[i].pending
            members[i].pending.removeAll()
        }
        // The members that have not completed when the run does complete with it (before the
        // timeline's own completions, which are added after this).
        animator.addCompletion { position in self.completeMembers(at: position) }
        // The animator owns these closures, so it outlives them: unowned(unsafe) is safe.
        animator.observeRunning { [unowned(unsafe) animator] running in
            if running {
                let f = animator.clock.anchorFraction
                if let held = self.held, held.fraction == f {
                    self.cursor = (held.time, false)
                } else {
                    self.cursor = (f * self.total, true)
                }
                self.held = nil
                return
            }
            self.cursor = nil
            // A callback paused the run: it pauses at the callback's time, not the tick's, so
            // every entry shows its value there (the tick's values were never drawn).
            if let firing = self.firing, case .paused = animator.phase {
                animator.holdPause(atFraction: firing.fraction)
                self.held = firing
            }
        }
        animator.observeFractionComplete { [unowned(unsafe) animator] _ in
            guard animator.isRunning else { return }
            self.advance(to: animator.currentFraction())
        }
    }

    /// Runs member `i`'s completion handlers (once: they are taken) with `position`.
    func completeMember(_ i: Int, at position: AnimatingPosition) {
        let handlers = members[i].handlers
        members[i].handlers.removeAll()
        for h in handlers { h(position) }
    }

    /// The run completed or was finished at `position`: every member not completed yet
    /// completes with it, in order.
    func completeMembers(at position: AnimatingPosition) {
        for i in members.indices where !members[i].handlers.isEmpty { completeMember(i, at: position) }
    }

    /// Runs the callbacks the playhead crossed going from the cursor to `f`, in the order it
    /// crossed them. A callback that pauses, stops or scrubs the run ends the crossing there:
    /// callbacks further on wait for the playhead (those at the same time still run).
    func advance(to f: Double) {
        guard let from = cursor else { return }
        let b = f * total
        guard b != from.time else { return }
        guard !callbacks.isEmpty || members.contains(where: { !$0.handlers.isEmpty }) else { cursor = (b, false); return }
        let a = from.time
        cursor = (b, false)
        var due: [(time: Double, action: () -> Void)] = []
        if b > a {
            for c in callbacks where (c.time > a || (from.inclusive && a == 0 && c.time == 0)) && c.time <= b { due.append(c) }
            // A member completes as the playhead passes its end.
            for (i, m) in members.enumerated() where !m.handlers.isEmpty
                && (m.end > a || (from.inclusive && a == 0 && m.end == 0)) && m.end <= b {
                due.append((m.end, { self.completeMember(i, at: .end) }))
            }
            due.sort { $0.time < $1.time }
        } else {
            for c in callbacks where (c.time < a || (from.inclusive && a == total && c.time == total)) && c.time >= b {
                due.append(c)
            }
            // Backwards, as it passes its start.
            for (i, m) in members.enumerated() where !m.handlers.isEmpty
                && (m.start < a || (from.inclusive && a == total && m.start == total)) && m.start >= b {
                due.append((m.start, { self.completeMember(i, at: .start) }))
            }
            due.sort { $0.time > $1.time }
        }
        var interruptedAt: Double?
        for c in due {
            if let t = interruptedAt, c.time != t { break }
            firing = (total > 0 ? c.time / total : 0, c.time)
            c.action()
            firing = nil
            if interruptedAt == nil, cursor == nil || cursor?.time != b { interruptedAt = c.time }
        }
    }
}
