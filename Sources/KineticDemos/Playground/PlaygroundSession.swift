import Kinetic
import KineticScene

/// Everything the browser playground's WebAssembly module does, as a portable type: the
/// module's exported C functions only forward to one of these (`Playground/Module`), and the
/// native tests drive the same type.
///
/// The page calls ``select(_:at:)`` to show a demo, ``pointer(_:id:x:y:time:)`` with each
/// pointer event and ``frame(at:)`` once per animation frame, then draws ``encoder``'s
/// buffers. Times are seconds on one clock (the page's `performance.now() / 1000`); events and
/// frames may arrive slightly out of order and are held at the engine's time, never rewound.
public final class PlaygroundSession {
    /// The demo shown, if any.
    public private(set) var demo: Demo?
    /// The index of the demo shown in ``DemoCatalog/all`` (−1 for none).
    public private(set) var index = -1
    /// The last frame's encoding.
    public private(set) var encoder = RenderListEncoder()
    /// The last recording's values (see ``record(demo:script:fps:)``).
    public private(set) var recording: [Double] = []
    /// A text for the page: the last recording's channel names or error, or a demo's fields.
    public private(set) var text = ""

    public init() {}

    /// Shows demo `index` (of ``DemoCatalog/all``) fresh, its engine starting at `time`.
    /// Returns false for an index out of range.
    @discardableResult
    public func select(_ index: Int, at time: Double) -> Bool {
        let all = DemoCatalog.all
        guard index >= 0, index < all.count else { return false }
        let engine = AnimationEngine(time: time.isFinite ? time : 0)
        demo = DemoCatalog.make(all[index].name, engine: engine)
        self.index = index
        return demo != nil
    }

    /// Sends a pointer event: `phase` 0 down, 1 move, 2 up, 3 cancel. False if rejected: no
    /// demo, another phase, or a non-finite x, y or time (nothing is sent).
    @discardableResult
    public func pointer(_ phase: Int, id: Int, x: Double, y: Double, time: Double) -> Bool {
        guard let demo, x.isFinite, y.isFinite, time.isFinite else { return false }
        let p: PointerEvent.Phase
        switch phase {
        case 0: p = .down
        case 1: p = .moved
        case 2: p = .up
        case 3: p = .cancelled
        default: return false
        }
        // A host clock slightly behind the engine's is held at the engine's time.
        let t = Swift.max(time, Swift.max(demo.engine.time, demo.scene.lastEventTime))
        return demo.send(PointerEvent(p, pointer: id, at: Point(x: x, y: y), time: t))
    }

    /// Advances the demo to `time` and encodes its render list. False (and nothing changes)
    /// with no demo or a non-finite `time`.
    @discardableResult
    public func frame(at time: Double) -> Bool {
        guard let demo, time.isFinite else { return false }
        demo.frame(at: time)
        encoder.encode(demo.scene.renderList())
        return true
    }

    /// The longest script the page may hand to the module (`kinetic_input`), in bytes.
    public static let maximumInputLength = 1 << 20
    /// The highest frame rate ``record(demo:script:fps:)`` accepts, as `kinetic render`.
    public static let maximumRecordingFPS = 1000.0
    /// The most frames one recording may hold, as `kinetic render`.
    public static let maximumRecordingFrames = 100_000
    /// The most values (frames × channels × 3) one recording may hold: 64 MB of doubles.
    public static let maximumRecordingValues = 8_000_000

    /// Whether `length` bytes may be requested for the script buffer: 0 ... ``maximumInputLength``.
    public static func acceptsInputLength(_ length: Int) -> Bool {
        length >= 0 && length <= maximumInputLength
    }

    /// Sets ``text`` to a field of demo `index`: 0 name, 1 title, 2 description.
    public func describe(_ index: Int, field: Int) {
        let all = DemoCatalog.all
        guard index >= 0, index < all.count else { text = ""; return }
        switch field {
        case 0: text = all[index].name
        case 1: text = all[index].title
        default: text = all[index].description
        }
    }

    /// Runs demo `name` fresh (engine at time 0) under a gesture script at `fps`, for the
    /// script's length, into ``recording`` (``DemoRecording/values``); ``text`` gets the channel
    /// names, comma-separated, or the parse error. Returns the number of frames, or −1: also
    /// (with ``text`` saying why) for `fps` not in (0, ``maximumRecordingFPS``] (NaN, infinities),
    /// or more than ``maximumRecordingFrames`` frames or ``maximumRecordingValues`` values; all
    /// checked before anything is recorded.
    public func record(demo name: String, script: String, fps: Double) -> Int {
        recording = []
        guard fps.isFinite, fps > 0, fps <= PlaygroundSession.maximumRecordingFPS else {
            text = "fps must be in (0, 1000]"
            return -1
        }
        let parsed: GestureScript
        do throws(GestureScript.ParseError) {
            parsed = try GestureScript(parsing: script)
        } catch {
            text = error.message
            return -1
        }
        guard let demo = DemoCatalog.make(name, engine: AnimationEngine()) else {
            text = "unknown demo \(name)"
            return -1
        }
        let frames = (parsed.end * fps).rounded()
        guard frames <= Double(PlaygroundSession.maximumRecordingFrames),
              Int(frames) * demo.channels.count * 3 <= PlaygroundSession.maximumRecordingValues else {
            text = "the recording would be too long: at most \(PlaygroundSession.maximumRecordingFrames) frames and \(PlaygroundSession.maximumRecordingValues) values"
            return -1
        }
        let run = DemoRecording(demo: demo, script: parsed, fps: fps, duration: parsed.end)
        recording = run.values
        var names = ""
        for (i, n) in run.channels.enumerated() { names += (i == 0 ? "" : ",") + n }
        text = names
        return run.frames
    }
}
