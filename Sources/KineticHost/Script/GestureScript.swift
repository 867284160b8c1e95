// The gesture-script text format shared by render, the runner and the page recorder.
import Kinetic
import KineticScene

/// A scripted sequence of pointer events: the text format of `kinetic render --script` and of
/// `gestures/*.txt`, parsed here so that the native renderer and the WebAssembly
/// playground read a script into the very same events.
///
/// ```
/// 0.0 drag 1 100 400 0.3 100 100    # down at 0, a move every 1/60 s, up at 0.3
/// 1.0 end
/// ```
///
/// ``init(parsing:)`` reads it and throws an error naming the line. Every verb (pointer events,
/// a page's layout and its elements' comings and goings) and every error are in
/// <doc:ScriptsAndHeadlessRendering>.
public struct GestureScript: Equatable {
    /// The events, in time order.
    public var events: [PointerEvent] = []
    /// The page layouts (`page` and `layout` lines), in time order.
    public var layouts: [LayoutInput] = []
    /// The recording's length in seconds.
    public var end: Double = 0

    /// A measured layout of a real page: element `key`'s box (nil: the page's size, in the
    /// frame's size), delivered after the first `precedingEvents` pointer events of the script.
    public struct LayoutInput: Equatable, Sendable {
        /// Seconds from the start.
        public var time: Double
        /// The element's key (its id on the page), or nil for the page itself.
        public var key: String?
        /// The box in page coordinates (for the page: origin zero, its size).
        public var frame: Rect
        /// How many of ``GestureScript/events`` come before it in the script.
        public var precedingEvents: Int
        /// For an `insert` (true) or `remove` (false) line: the element came or went (``frame``
        /// is then zero); nil for a measured box.
        public var presence: Bool?

        /// A layout input.
        public init(time: Double, key: String?, frame: Rect, precedingEvents: Int, presence: Bool? = nil) {
            self.time = time
            self.key = key
            self.frame = frame
            self.precedingEvents = precedingEvents
            self.presence = presence
        }
    }
    /// The most events a script may hold, `drag` moves included (a minute of drags at 60 Hz is
    /// 3 600): a longer script is an error before its events are generated.
    public static let eventLimit = 100_000

    /// A parse error: the message names the line.
    public struct ParseError: Error, Equatable {
        public let message: String
    }

    /// Parses `text` (see <doc:ScriptsAndHeadlessRendering>).
    public init(parsing text: String) throws(ParseError) {
        var down: [Int] = []
        var last = -Double.infinity
        var ended = false
        var lineNumber = 0
        // "\r\n" is one Character in Swift: split on it too, so CRLF scripts read as LF ones.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = rawLine
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if fields.isEmpty { continue }
            let n = lineNumber
            func fail(_ message: String) -> ParseError {
                ParseError(message: "script line \(n): \(message)")
            }
            func number(_ i: Int, _ what: String) throws(ParseError) -> Double {
                guard let v = DecimalParser.parse(fields[i]) else {
                    throw fail("\(what) '\(fields[i])' is not a finite number")
                }
                return v
            }
            func pointer(_ i: Int) throws(ParseError) -> Int {
                guard let v = DecimalParser.parse(fields[i]), v == v.rounded(), abs(v) < 1e9 else {
                    throw fail("pointer '\(fields[i])' is not an integer")
                }
                return Int(v)
            }
            if ended { throw fail("nothing may follow 'end'") }
            let time = try number(0, "time")
            guard time >= last else { throw fail("time \(fields[0]) is before the previous line's (events must be in time order)") }
            guard fields.count >= 2 else { throw fail("missing verb after the time (down, move, up, cancel, drag, page, layout, insert, remove or end)") }
            let verb = String(fields[1])
            switch verb {
            case "end":
                guard fields.count == 2 else { throw fail("'end' takes only a time") }
                end = time
                ended = true
            case "down", "move", "up", "cancel":
                guard events.count < GestureScript.eventLimit else {
                    throw fail("the script has more than \(GestureScript.eventLimit) events")
                }
                guard fields.count == 5 else { throw fail("'\(verb)' needs TIME \(verb) POINTER X Y") }
                let id = try pointer(2)
                let p = Point(x: try number(3, "x"), y: try number(4, "y"))
                let isDown = down.contains(id)
                switch verb {
                case "down":
                    if isDown { throw fail("pointer \(id) goes down while already down") }
                    down.append(id)
                    events.append(.down(id, p, at: time))
                case "move":
                    if !isDown { throw fail("pointer \(id) moves without being down") }
                    events.append(.move(id, p, at: time))
                default:
                    if !isDown { throw fail("pointer \(id) goes \(verb) without being down") }
                    down.removeAll { $0 == id }
                    events.append(verb == "up" ? .up(id, p, at: time) : .cancel(id, p, at: time))
                }
                end = time
            case "page":
                guard fields.count == 4 else { throw fail("'page' needs TIME page WIDTH HEIGHT") }
                let size = Size(width: try number(2, "width"), height: try number(3, "height"))
                guard size.width >= 0, size.height >= 0 else { throw fail("a page's size cannot be negative") }
                guard layouts.count < GestureScript.eventLimit else {
                    throw fail("the script has more than \(GestureScript.eventLimit) layouts")
                }
                layouts.append(LayoutInput(time: time, key: nil, frame: Rect(origin: .zero, size: size),
                                           precedingEvents: events.count))
                end = time
            case "layout":
                guard fields.count == 7 else { throw fail("'layout' needs TIME layout KEY X Y WIDTH HEIGHT") }
                let frame = Rect(x: try number(3, "x"), y: try number(4, "y"),
                                 width: try number(5, "width"), height: try number(6, "height"))
                guard frame.width >= 0, frame.height >= 0 else { throw fail("a layout box's size cannot be negative") }
                guard layouts.count < GestureScript.eventLimit else {
                    throw fail("the script has more than \(GestureScript.eventLimit) layouts")
                }
                layouts.append(LayoutInput(time: time, key: String(fields[2]), frame: frame, precedingEvents: events.count))
                end = time
            case "insert", "remove":
                guard fields.count == 3 else { throw fail("'\(verb)' needs TIME \(verb) KEY") }
                guard layouts.count < GestureScript.eventLimit else {
                    throw fail("the script has more than \(GestureScript.eventLimit) layouts")
                }
                layouts.append(LayoutInput(time: time, key: String(fields[2]), frame: .zero, precedingEvents: events.count,
                                           presence: verb == "insert"))
                end = time
            case "drag":
                guard fields.count == 8 else { throw fail("'drag' needs TIME drag POINTER X0 Y0 TIME1 X1 Y1") }
                let id = try pointer(2)
                if down.contains(id) { throw fail("pointer \(id) goes down while already down") }
                let from = Point(x: try number(3, "x0"), y: try number(4, "y0"))
                let t1 = try number(5, "end time")
                let to = Point(x: try number(6, "x1"), y: try number(7, "y1"))
                guard t1 > time else { throw fail("drag end time \(fields[5]) must be after its start \(fields[0])") }
                guard (t1 - time) * 60 <= 1_000_000 else { throw fail("drag is too long") }
                let steps = Int(((t1 - time) * 60).rounded(.up))
                guard events.count + steps + 2 <= GestureScript.eventLimit else {
                    throw fail("the script has more than \(GestureScript.eventLimit) events")
                }
                events.append(.down(id, from, at: time))
                for k in 1...steps {
                    let u = Swift.min(Double(k) / 60 / (t1 - time), 1)
                    let t = k == steps ? t1 : time + Double(k) / 60
                    events.append(.move(id, from + (to - from) * u, at: t))
                }
                events.append(.up(id, to, at: t1))
                last = t1
                end = t1
                continue
            default:
                throw fail("unknown verb '\(verb)' (expected down, move, up, cancel, drag, page, layout, insert, remove or end)")
            }
            last = time
        }
    }
}
