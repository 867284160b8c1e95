// What a PropertyAnimator's run moves: the properties with tracks on it, the segment of its whole
// run, and the spring twins of a composed timing.

/// The tracks of a ``PropertyAnimator``'s run, seen from the animator: which properties it moves,
/// the segment of its whole run, and, under a composed timing, the spring segment that shadows
/// each segment for the values it springs. What the animator does to all its tracks at once
/// (continue on new timing, reconcile a scrub, read the progress on screen) is here; the work on
/// each property's tracks is the property's (`AnimatedPropertyTracks`).
struct AnimatorTracks {
    /// The properties with tracks on the animator, in the order they were first animated.
    private(set) var properties = InlineList<any AnimatedPropertyTracks>()
    /// The segment of the whole run, made at the run's first change (nil until then, and after
    /// a timing change).
    var rootSegment: AnimationSegment?
    /// Each segment of a composed timing with the spring segment that shadows it.
    private(set) var springTwins: [(primary: AnimationSegment, spring: AnimationSegment)] = []
    /// Each segment a run that lands geometry has moved a ``MotionRole/geometry`` property on,
    /// with the segment that shows those changes without travel (see
    /// ``AnimationSegment/Kind/landing(inner:)``).
    private(set) var landingTwins: [(primary: AnimationSegment, landing: AnimationSegment)] = []
    /// Whether a property this run animates was changed by someone else since it started.
    var wasRetargeted = false
    /// The properties that move along a paced path in this run, each with how it tells its
    /// progress (see ``progressOnScreen(of:atFraction:timing:)``): the closures hold the
    /// property unowned, so an entry goes when the property leaves ``properties``.
    private(set) var pacedMoments: [(property: AnyObject, moments: (PropertyAnimator) -> (along: Double, span: Double))] = []

    /// The mark of ``properties`` once the list is long, 0 while it is short. A long list's
    /// properties carry its mark (see ``RunMembership``), so that a run moving thousands of
    /// properties tells in constant time whether it has one: only a property that another long
    /// list holds too is looked for in the list. Marks are unique in the engine.
    private var mark = 0

    /// The length up to which the list is looked through to find a property.
    static let scannedLength = 16

    /// Whether the list is unmarked and ``scannedLength`` long or longer: ``markProperties(_:)``
    /// comes before the next ``attach(_:)``.
    var needsMark: Bool { mark == 0 && properties.count >= Self.scannedLength }

    /// Gives the list `newMark`, one no list of the engine has had, and marks its properties.
    mutating func markProperties(_ newMark: Int) {
        mark = newMark
        for property in properties { property.runMembership = RunMembership(mark: mark, runs: property.runMembership.runs + 1) }
    }

    /// Adds `property` to ``properties`` unless it is there.
    mutating func attach(_ property: any AnimatedPropertyTracks) {
        guard mark != 0 else {
            if !properties.contains(where: { $0 === property }) { properties.append(property) }
            return
        }
        let membership = property.runMembership
        if membership.mark == mark { return }
        if membership.runs > 0 && properties.contains(where: { $0 === property }) {
            property.runMembership.mark = mark
            return
        }
        property.runMembership = RunMembership(mark: mark, runs: membership.runs + 1)
        properties.append(property)
    }

    mutating func detach(_ property: any AnimatedPropertyTracks) {
        let count = properties.count
        properties.removeAll { $0 === property }
        pacedMoments.removeAll { $0.property === property }
        if properties.count < count { leave(property) }
        if properties.isEmpty { mark = 0 }
    }

    /// Notes that `property` is no longer in ``properties``.
    private func leave(_ property: any AnimatedPropertyTracks) {
        guard mark != 0 else { return }
        property.runMembership.runs -= 1
        if property.runMembership.mark == mark { property.runMembership.mark = 0 }
    }

    /// Records that `property` (attached to the run) moves along a paced path: a paused run
    /// reads its progress with `moments` instead of the least squares of its values.
    mutating func notePacedPath(_ property: any AnimatedPropertyTracks,
                                moments: @escaping (PropertyAnimator) -> (along: Double, span: Double)) {
        guard !pacedMoments.contains(where: { $0.property === property }) else { return }
        pacedMoments.append((property, moments))
    }

    /// Takes every property out of the run, for the caller to stop or finish its tracks; the
    /// segments stay until ``dropSegments()`` (finishing a track may still read its twin).
    mutating func removeProperties() -> InlineList<any AnimatedPropertyTracks> {
        defer {
            if mark != 0 { for property in properties { leave(property) } }
            mark = 0
            properties.removeAll()
            pacedMoments.removeAll()
        }
        return properties
    }

    /// Forgets the run's segments: the run ended, or its timing changed.
    mutating func dropSegments() {
        rootSegment = nil
        springTwins.removeAll()
        landingTwins.removeAll()
    }

    /// A timed segment of `animator`'s timeline from `start` to `end`, on `timing` over
    /// `seconds`, with its twin on `spring` when the run has a composed timing; `isRoot`: the
    /// segment of the whole run. `backwards`, `scrubStretch` and `keepsSchedule` are the segment's.
    mutating func makeSegment(of animator: PropertyAnimator, _ start: Double, _ end: Double, timing: TimingParameters,
                              spring: SpringTimingParameters?, seconds: Double, backwards: Bool = false,
                              scrubStretch: (start: Double, end: Double)? = nil, isRoot: Bool = false,
                              keepsSchedule: Bool = false) -> AnimationSegment {
        func segment(_ timing: TimingParameters) -> AnimationSegment {
            AnimationSegment(animator: animator, start: start, end: end, kind: .timed(timing: timing, seconds: seconds),
                             backwards: backwards, scrubStretch: scrubStretch, keepsSchedule: keepsSchedule)
        }
        let primary = segment(timing)
        if isRoot { rootSegment = primary }
        if let spring { springTwins.append((primary, segment(.spring(spring)))) }
        return primary
    }

    /// The segment a block's changes from time fraction `lo` to `hi` animate over: the whole
    /// run's (made on first use, on `timing` over its duration), or a stretch lasting its share
    /// of the timeline at `clock`'s current rate (a `continueAnimation` may have changed it)
    /// with `timing` fitted to it, so a spring given by damping ratio alone settles at `hi`.
    mutating func segment(of animator: PropertyAnimator, _ lo: Double, _ hi: Double, backwards: Bool,
                          clock: AnimatorClock, timing: AnimatorTiming.Choice) -> AnimationSegment {
        if lo == 0 && hi == 1 && !backwards {
            if let rootSegment { return rootSegment }
            return makeSegment(of: animator, 0, 1, timing: timing.parameters, spring: timing.composedSpring,
                               seconds: timing.duration, isRoot: true)
        }
        let seconds = clock.seconds(ofStretch: hi - lo)
        return makeSegment(of: animator, lo, hi, timing: timing.parameters.fitted(toDuration: seconds),
                           spring: timing.composedSpring?.fitted(toDuration: seconds), seconds: seconds,
                           backwards: backwards)
    }

    /// The segment that shows `segment`'s changes without travel, made on first use.
    mutating func landingTwin(of segment: AnimationSegment) -> AnimationSegment {
        for twin in landingTwins where twin.primary === segment { return twin.landing }
        guard let animator = segment.animator else { return segment }
        let landing = AnimationSegment(animator: animator, start: 0, end: 1, kind: .landing(inner: segment))
        landingTwins.append((segment, landing))
        return landing
    }

    /// The spring segment that shadows `segment` under a composed timing, if any.
    func springTwin(of segment: AnimationSegment) -> AnimationSegment? {
        for twin in springTwins where twin.primary === segment { return twin.spring }
        return nil
    }

    /// The progress on screen while `animator` is paused at time fraction `x`: where its
    /// properties are between the animations' start and end values (least squares over every
    /// animated component, see `AnimatedPropertyTracks.progressMoments(of:)`; a property on a
    /// paced path counts as the progress along it, which a linear scrub shows exactly), or
    /// `timing`'s progress at `x` when they show no change; clamped into (0, 1), else `x`.
    func progressOnScreen(of animator: PropertyAnimator, atFraction x: Double, timing: AnimatorTiming.Choice) -> Double {
        guard x > 0, x < 1 else { return x }
        var along = 0.0, span = 0.0
        for property in properties {
            var paced: ((PropertyAnimator) -> (along: Double, span: Double))?
            for entry in pacedMoments where entry.property === property { paced = entry.moments }
            let m = paced?(animator) ?? property.progressMoments(of: animator)
            along += m.along
            span += m.span
        }
        let p = span > 0 && span.isFinite ? along / span : timing.parameters.progress(atFraction: x, duration: timing.duration)
        return p > 0 && p < 1 ? p : x
    }

    /// A linear scrub of `animator` begins at time fraction `x`, where it reads `reading`:
    /// writing that value back must show the same, so what the linear scrub shows differently
    /// there goes onto a correction (see ``AnimationSegment/Kind/scrubCorrection(peak:)``).
    func beginScrub(of animator: PropertyAnimator, atFraction x: Double, reading: Double) {
        let segment = reading > 0 && reading < 1
            ? AnimationSegment(animator: animator, start: 0, end: 1, kind: .scrubCorrection(peak: reading))
            : nil
        reconcile(of: animator, from: (x, nil), to: (x, reading), droppingScrubCorrections: false, onto: segment)
    }

    /// A linear scrub of `animator` at progress `p` goes back onto its timeline at time
    /// fraction `x` without moving anything: the scrub's corrections go, and whatever the
    /// timeline shows differently at `x` goes onto a correction (see
    /// ``AnimationSegment/Kind/timelineCorrection(peak:)``).
    func settleScrub(of animator: PropertyAnimator, progress p: Double, atFraction x: Double) {
        let segment = x > 0 && x < 1
            ? AnimationSegment(animator: animator, start: 0, end: 1, kind: .timelineCorrection(peak: x))
            : nil
        reconcile(of: animator, from: (x, p), to: (x, nil), droppingScrubCorrections: true, onto: segment)
    }

    /// Every property's tracks of `animator` change from one description of the paused state
    /// to another without moving (see `AnimatedPropertyTracks.reconcile`), the difference going
    /// onto `segment`.
    private func reconcile(of animator: PropertyAnimator, from: (x: Double, p: Double?), to: (x: Double, p: Double?),
                           droppingScrubCorrections: Bool, onto segment: AnimationSegment?) {
        for property in properties {
            property.reconcile(of: animator, from: from, to: to, droppingScrubCorrections: droppingScrubCorrections,
                               onto: segment)
        }
    }

    /// Every property's tracks of `animator` continue on `segment` from time fraction
    /// `fraction` (see `AnimatedPropertyTracks.rebaseTracks`).
    func rebase(of animator: PropertyAnimator, at fraction: Double, progress: Double, towardEnd: Bool,
                onto segment: AnimationSegment) {
        for property in properties {
            property.rebaseTracks(of: animator, at: fraction, progress: progress, towardEnd: towardEnd, onto: segment)
        }
    }
}

/// Which animator runs have a property in their long, marked list (`AnimatorTracks.properties`):
/// how many, and the mark of one of them (0: none known), whose run can then skip looking for it.
struct RunMembership {
    var mark = 0
    var runs = 0
}
