// Where a Timeline places what is added to it: after or with the previous entry, at a time, relative to a label or to the timeline's end.

/// Where a ``Timeline`` places an entry, a label or a callback (GSAP's position parameter:
/// `">"`, `"<"`, a time, `"label+=0.2"`, `"+=0.5"`).
///
/// "Previous" is the last entry added (an animation block, a stagger group or a nested
/// timeline); before any entry it is the empty stretch at time 0. Positions are resolved when
/// the entry is added, so later additions never move earlier ones.
public struct TimelinePosition: Sendable, Equatable {
    enum Anchor: Sendable, Equatable {
        case previousEnd
        case previousStart
        case time
        case label(String)
        case end
    }

    let anchor: Anchor
    let offset: Double

    /// When the previous entry ends (the default).
    public static let afterPrevious = TimelinePosition(anchor: .previousEnd, offset: 0)
    /// `gap` seconds after the previous entry ends (negative: an overlap).
    public static func afterPrevious(by gap: Double) -> TimelinePosition {
        TimelinePosition(anchor: .previousEnd, offset: gap)
    }
    /// When the previous entry starts.
    public static let withPrevious = TimelinePosition(anchor: .previousStart, offset: 0)
    /// `offset` seconds after the previous entry starts.
    public static func withPrevious(offset: Double) -> TimelinePosition {
        TimelinePosition(anchor: .previousStart, offset: offset)
    }
    /// At `seconds` from the timeline's start.
    public static func at(_ seconds: Double) -> TimelinePosition {
        TimelinePosition(anchor: .time, offset: seconds)
    }
    /// At the timeline's end as it is when the entry is added: the latest end of any entry,
    /// label or callback so far (``Timeline/duration``; GSAP's `"+=0"`), which is not always
    /// the previous entry's end.
    public static let atEnd = TimelinePosition(anchor: .end, offset: 0)
    /// `gap` seconds after the timeline's end as it is when the entry is added (GSAP's
    /// `"+=0.5"`; a negative gap overlaps the end, as `"-=0.5"`).
    public static func afterEnd(by gap: Double) -> TimelinePosition {
        TimelinePosition(anchor: .end, offset: gap)
    }
    /// `offset` seconds after the label `name` (see ``Timeline/addLabel(_:at:)``; GSAP's
    /// `"label+=0.2"`, `"label-=0.2"` with a negative offset).
    public static func label(_ name: String, offset: Double = 0) -> TimelinePosition {
        TimelinePosition(anchor: .label(name), offset: offset)
    }
}
