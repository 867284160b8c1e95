// An entry of a Timeline (a block, or a staggered group of them): where it and each member run, and a completion per member.

/// An entry added to a ``Timeline``: a block (one member) or a staggered group of blocks (a
/// member per item), giving the entry's times and a completion handler per member, as UIKit's
/// `addCompletion` gives one per animator.
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
/// When a member's handlers run (once per run, with the position it finished at), and how
/// scrubbing, pausing and nesting affect them, is in <doc:Timelines#Entry-completions>.
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
    /// index and the position it finished at (when, see <doc:Timelines#Entry-completions>).
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
