// An entry of a Timeline (a block, or a staggered group of them): where it and each member run, and a completion per member.

/// An entry added to a ``Timeline``: a block (``Timeline/add(duration:timing:at:animations:)``,
/// one member) or a staggered group of blocks
/// (``Timeline/add(count:stagger:duration:timing:at:animations:)``, a member per item). It gives
/// the entry's times and a completion handler per member, as UIKit's `addCompletion` gives one
/// per animator (Compose's transition children and GSAP's tweens each have one).
///
/// ```swift
/// let fade = menu.add(duration: 0.3) { backdrop.alpha = 0.35 }
/// fade.addCompletion(forMember: 0) { position in if position == .end { focusFirstItem() } }
/// ```
///
/// ```swift
/// let group = menu.add(count: items.count, stagger: Stagger(interval: 0.06), duration: 0.5) { i in
///     items[i].center.x = 40
/// }
/// group.addCompletion { index, position in
///     if position == .end { haptics.tap() }      // as each item lands
/// }
/// ```
///
/// A member's handlers run once per run, with the position the member finished at:
/// - `.end` when the playing timeline passes the member's end going forwards, `.start` when it
///   passes the member's start going backwards (a reversed run), at that tick, in the order the
///   playhead passes them (with the timeline's callbacks at the same times);
/// - else when the run completes or is finished (``Timeline/finishAnimation(at:)``), with the
///   run's position, before the timeline's own completions;
/// - never after ``Timeline/stopAnimation(_:)`` with `true`, as the timeline's.
///
/// Scrubbing runs no handler, and playing on from a scrubbed position completes only the
/// members whose end (or start, backwards) lies ahead.
/// Like callbacks, a handler that pauses the run pauses it at that member's end (or start).
/// Handlers added while the timeline is inactive are for its next run; while a run is active,
/// for that run. An entry's handlers belong to the timeline it was added to: nesting that
/// timeline in another does not carry them.
public final class TimelineEntry {
    /// The timeline the entry was added to.
    public let timeline: Timeline
    /// When the entry starts (its position) and when its last member ends, in seconds.
    public let start: Double
    public let end: Double
    /// The number of members: 1 for a block.
    public let count: Int
    let first: Int

    init(timeline: Timeline, start: Double, end: Double, first: Int, count: Int) {
        self.timeline = timeline
        self.start = start
        self.end = end
        self.first = first
        self.count = count
    }

    /// Where member `index` runs on the timeline, in seconds (its start includes its
    /// ``Stagger`` delay); nil for an index outside the group.
    public func stretch(ofMember index: Int) -> (start: Double, end: Double)? {
        guard index >= 0, index < count else { return nil }
        let m = timeline.marks.members[first + index]
        return (m.start, m.end)
    }

    /// Adds a completion handler to every member: run once per run for each, with the member's
    /// index and the position it finished at (see the discussion above).
    public func addCompletion(_ completion: @escaping (Int, AnimatingPosition) -> Void) {
        for i in 0..<count { timeline.addMemberCompletion(first + i) { completion(i, $0) } }
    }

    /// Adds a completion handler to member `index` alone (0 for a block); an index outside the entry is
    /// reported (``Diagnostic/Kind/invalidArgument``) and ignored.
    public func addCompletion(forMember index: Int, _ completion: @escaping (AnimatingPosition) -> Void) {
        guard index >= 0, index < count else {
            timeline.engine.report(.invalidArgument, "addCompletion(forMember: \(index)) on an entry of \(count); ignored")
            return
        }
        timeline.addMemberCompletion(first + index, completion)
    }
}
