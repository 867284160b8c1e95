// The bounded record of what a host fed its shown scene, in order: what replay reproduces.
import Kinetic
import KineticScene

/// One call a ``HostSession`` delivered to its shown scene: a pointer event or a frame.
///
/// Times are the ones the scene saw: a pointer event's after the session held it at the
/// engine's time (`AnimationEngine.clockTime(for:)`), a frame's as the engine's time after it. Delivering
/// an entry again, in order, to a fresh scene made at the same start time repeats the call
/// exactly (the hold is then a no-op), which is how ``HostSession/seek(to:)`` replays.
struct HostInput: Equatable {
    /// The pointer event's phase, or nil for a frame.
    var phase: PointerEvent.Phase?
    var pointer: Int
    var location: Point
    /// Seconds on the session's clock (absolute, not relative to the selection).
    var time: Double
    /// Whether the scene accepted the pointer event (always true for a frame).
    var accepted: Bool
    /// For a page's layout measure (``HostSession/layout(_:frame:time:)``): the box, with the
    /// element's index in ``pointer``; nil for a pointer event or a frame.
    var layout: Rect? = nil
    /// For a page's element inserted (true) or removed (false), with its index in ``pointer``.
    var pagePresence: Bool? = nil

    var isFrame: Bool { phase == nil && layout == nil && pagePresence == nil }

    /// The pointer event, or nil for a frame.
    var event: PointerEvent? {
        phase.map { PointerEvent($0, pointer: pointer, at: location, time: time) }
    }

    /// A pointer event as the scene saw it.
    init(_ event: PointerEvent, accepted: Bool) {
        self.init(phase: event.phase, pointer: event.pointer, location: event.location, time: event.time, accepted: accepted)
    }

    init(phase: PointerEvent.Phase?, pointer: Int, location: Point, time: Double, accepted: Bool) {
        self.phase = phase
        self.pointer = pointer
        self.location = location
        self.time = time
        self.accepted = accepted
    }

    /// Element `index`'s (−1: the page's) measured layout box, delivered at `time`.
    static func layout(_ index: Int, frame: Rect, time: Double) -> HostInput {
        var input = HostInput(phase: nil, pointer: index, location: .zero, time: time, accepted: true)
        input.layout = frame
        return input
    }

    /// Element `index` inserted into (true) or removed from (false) the page at `time`.
    static func presence(_ index: Int, _ present: Bool, time: Double) -> HostInput {
        var input = HostInput(phase: nil, pointer: index, location: .zero, time: time, accepted: true)
        input.pagePresence = present
        return input
    }

    static func frame(at time: Double) -> HostInput {
        HostInput(phase: nil, pointer: 0, location: .zero, time: time, accepted: true)
    }
}

/// The calls since the selection, at most ``HostSession/maximumLoggedInputs`` of them.
///
/// After a seek back, the entries past the seek point stay (``hasFuture``), so a later seek can
/// go forward again; the first new call that changes the scene drops them (a new branch of
/// history). Once full the log stops growing (``isFull``): what is logged stays exact, and a
/// seek reaches only as far as it; dropping the future or a new selection makes room again.
struct InputLog {
    /// Every logged call, the future a seek left included.
    private(set) var inputs: [HostInput] = []
    /// How many of ``inputs`` the shown scene has received; the rest is the future.
    private(set) var delivered = 0
    /// Whether a call was dropped because the log was full.
    private(set) var isFull = false
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// The calls the shown scene has received, in order.
    var history: ArraySlice<HostInput> { inputs[..<delivered] }
    /// Whether a seek left calls after the shown instant.
    var hasFuture: Bool { delivered < inputs.count }

    /// Drops the future, then appends `input`; false (and ``isFull`` set) if the log is full.
    mutating func append(_ input: HostInput) -> Bool {
        if hasFuture {
            inputs.removeSubrange(delivered...)
            isFull = false
        }
        guard inputs.count < capacity else {
            isFull = true
            return false
        }
        inputs.append(input)
        delivered = inputs.count
        return true
    }

    /// Records that the shown scene was rebuilt from the first `length` calls (a seek); the
    /// rest become the future.
    mutating func rewind(to length: Int) {
        delivered = Swift.min(Swift.max(length, 0), inputs.count)
    }

    /// Empties the log and makes it accept calls again.
    mutating func removeAll() {
        inputs.removeAll(keepingCapacity: true)
        delivered = 0
        isFull = false
    }

    /// How many leading entries a replay to `time` delivers: everything up to and including the
    /// last frame whose time is at or before `time` (frame times never decrease), nothing after
    /// it; 0 if no frame is.
    func prefixLength(upTo time: Double) -> Int {
        var length = 0
        for (i, input) in inputs.enumerated() where input.isFrame {
            if input.time > time { break }
            length = i + 1
        }
        return length
    }

    /// The time of the last logged frame (the future included), if any.
    var lastFrameTime: Double? {
        inputs.last(where: { $0.isFrame })?.time
    }
}
