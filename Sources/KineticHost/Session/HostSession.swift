// The frame loop, clock and pointer intake every interactive host needs, over an app's scenes.
import Kinetic
import KineticScene

/// Everything a live host does with an app's scenes, as a portable type: the WebAssembly C ABI
/// (`KineticWasm`) only forwards numbers to one of these (``current``), and native tests drive
/// the same type.
///
/// The page calls ``select(_:at:)`` to show a scene, ``pointer(_:)`` with each
/// pointer event and ``frame(at:)`` once per animation frame, then draws the scene as it is
/// now: its ``renderList()``, encoded by a ``RenderListEncoder`` the host owns, and a page's
/// element styles (``pageStyles``). Times are seconds on one clock (the page's
/// `performance.now() / 1000`); events and frames may arrive slightly out of order and are
/// held at the engine's time, never rewound. The session logs that input, so any logged
/// instant can be shown again bit for bit (``seek(to:)``) and the log exported (see
/// <doc:ReplayingASession>).
///
/// Bad input never traps and never changes anything: an index out of range, a NaN or infinite
/// time or position gives `false` or nil, and a call that can say why it refused throws a
/// ``Refusal``.
public final class HostSession {
    /// The session the WebAssembly C ABI drives: set by `KineticApp.main()` on wasm32 (empty
    /// until then, so every call before it is refused as an index out of range).
    nonisolated(unsafe) public static var current = HostSession(entries: [])

    /// The app's scenes.
    public let entries: [SceneEntry]
    /// The scene shown, if any.
    public internal(set) var hosted: (any HostedScene)?
    /// The index of the scene shown in ``entries`` (−1 for none).
    public internal(set) var index = -1
    /// The inspector's recorder of the watched property (see `watch(animation:property:)`):
    /// sampled after each ``frame(at:)`` while something is watched, idle otherwise.
    public let recorder = PropertyRecorder(capacity: HostSession.recorderCapacity)
    /// The engine time the shown scene was selected at (its engine's start; 0 with no scene).
    public internal(set) var sceneStartTime = 0.0
    /// The shown scene's engine time, in seconds on the session's clock (0 with no scene).
    public var sceneTime: Double { hosted?.scene.engine.time ?? 0 }
    /// The input fed to the shown scene since its selection (see ``seek(to:)``).
    var log = InputLog(capacity: HostSession.maximumLoggedInputs)
    /// Set while ``seek(to:)`` replays the log, which then is not logged again.
    var isReplaying = false
    /// Whether the shown scene received calls the full log dropped (so it is not the replay of
    /// the log); cleared when the scene is made again.
    var hasUnloggedInput = false
    /// The timing overrides every engine made for the shown scene gets (see
    /// ``setTimingOverride(_:forAnimationsNamed:)``).
    var timingOverrides = TimingOverrides()
    /// The motion policy of every engine the session makes (see ``setMotionPolicy(_:)``).
    public internal(set) var motionPolicy: MotionPolicy = .full
    /// The inspector's expanded groups (see ``setInspectionGroup(_:expanded:)``).
    public internal(set) var expandedInspectionGroups: [String] = []

    public init(entries: [SceneEntry]) {
        self.entries = entries
    }

    /// Why the session refused a call, in words for the page to show.
    public struct Refusal: Error, Equatable {
        /// What was wrong, e.g. `"script line 1: unknown verb 'wiggle'"`.
        public var message: String
        /// A refusal saying `message`.
        public init(_ message: String) { self.message = message }
    }

    /// Shows scene `index` fresh, its engine starting at `time`, with its own timing (the timing
    /// overrides are cleared). Returns false, and the scene shown stays, for an index out of
    /// range or a non-finite `time` (bad input changes nothing). The scene shown before is
    /// dropped and its engine invalidated (`AnimationEngine.invalidate()`), so a scene switched
    /// away from mid-flight is freed.
    @discardableResult
    public func select(_ index: Int, at time: Double) -> Bool {
        guard index >= 0, index < entries.count, time.isFinite else { return false }
        self.index = index
        sceneStartTime = time
        log.removeAll()
        timingOverrides.removeAll()
        remake()
        return true
    }

    /// Drops the shown scene, ending its engine, and shows scene ``index`` fresh on a new
    /// engine at ``sceneStartTime``.
    func remake() {
        // The session made the old scene's engine, so it ends it: animations still in flight
        // would otherwise keep their properties, and through them the engine, alive.
        hosted?.scene.engine.invalidate()
        hosted = nil
        hasUnloggedInput = false
        let engine = AnimationEngine(time: sceneStartTime)
        for entry in timingOverrides.entries { engine.setTimingOverride(entry.timing, forAnimationsNamed: entry.name) }
        engine.motionPolicy = motionPolicy
        hosted = entries[index].make(engine)
    }

    /// Sends a pointer event to the shown scene (``HostedScene/handle(_:)``), its location in
    /// scene points and its time in seconds on the session's clock. False if rejected: no scene,
    /// a non-finite location or time (nothing is sent), or the scene rejected it. A time behind
    /// the engine's is held at it (`AnimationEngine.clockTime(for:)`: time never goes back), and
    /// the scene sees the event at that time.
    @discardableResult
    public func pointer(_ event: PointerEvent) -> Bool {
        guard let hosted, event.location.isFinite, event.time.isFinite else { return false }
        var held = event
        held.time = hosted.scene.engine.clockTime(for: event.time)
        let accepted = hosted.handle(held)
        logInput(HostInput(held, accepted: accepted))
        return accepted
    }

    /// Advances the scene to `time` (``HostedScene/advance(to:)``: an earlier time holds the
    /// engine where it is), ready to be drawn (``renderList()``). False (and nothing changes but
    /// the engine's diagnostics) with no scene or a time the engine refuses (not finite).
    ///
    /// After ``seek(to:)`` went back, a frame at or before the engine's time changes nothing (a
    /// paused page redrawing the instant it sought to keeps the logged future for a seek
    /// forward); the first later frame, or any pointer event, drops that future and continues
    /// a new branch of history.
    @discardableResult
    public func frame(at time: Double) -> Bool {
        guard let hosted else { return false }
        if log.hasFuture && time <= hosted.scene.engine.time {
            // A redraw of the instant sought to: the engine holds its clock (or refuses the time).
            guard hosted.scene.engine.advance(to: time) != nil else { return false }
        } else {
            guard advance(hosted, to: time) else { return false }
        }
        if recorder.isWatching { recordWatched() }
        return true
    }

    /// What the shown scene draws now (`Scene.renderList()`), for the host to encode
    /// (`RenderListEncoder`) after ``frame(at:)``, ``seek(to:)`` or another call that moves
    /// the scene; nil with no scene.
    public func renderList() -> RenderList? { hosted?.scene.renderList() }

    /// A frame without the recorder (replay records where it asks to): advances and logs; false,
    /// logging nothing, for a time the engine refuses.
    @discardableResult
    func advance(_ hosted: any HostedScene, to time: Double) -> Bool {
        guard hosted.advance(to: time) else { return false }
        logInput(.frame(at: hosted.scene.engine.time))
        return true
    }

    /// The most calls (pointer events and frames) the input log holds since a selection or
    /// import: 200,000 (48 bytes each, 9.6 MB), 27 minutes of 60 Hz frames with a pointer
    /// event per frame. Past it, logging stops (a diagnostic on the engine says so once): what was
    /// logged stays exact, ``seek(to:)`` reaches only up to the last logged frame, and new
    /// input after a seek back (which drops the logged future) or a selection makes room.
    public static let maximumLoggedInputs = 200_000

    /// Whether calls went unlogged because the log was full (``maximumLoggedInputs``).
    public var isLogFull: Bool { log.isFull }
    /// How many calls are logged, the future a seek back left included (at most
    /// ``maximumLoggedInputs``).
    public var loggedInputCount: Int { log.inputs.count }
    /// The time of the last logged frame, the future a seek back left included (how far
    /// ``seek(to:)`` can go); ``sceneStartTime`` before the first frame.
    public var loggedEndTime: Double { log.lastFrameTime ?? sceneStartTime }

    func logInput(_ input: HostInput) {
        guard !isReplaying else { return }
        let wasFull = log.isFull
        let logged = log.append(input)
        if !logged { hasUnloggedInput = true }
        if !logged, !wasFull {
            hosted?.scene.engine.report(.invalidArgument, "the input log is full (\(log.capacity) calls since the selection or the last seek): later input is not logged, so a seek reaches only up to \(log.lastFrameTime ?? sceneStartTime)")
        }
    }

    /// The longest script the page may hand to the module (`kinetic_input`), in bytes.
    public static let maximumInputLength = 1 << 20
    /// The highest frame rate ``record(_:script:fps:)`` accepts: `render`'s (1000).
    public static let maximumRecordingFPS = SceneRender.maximumFPS
    /// The most frames one recording may hold: `render`'s (100,000).
    public static let maximumRecordingFrames = Int(SceneRender.maximumFrames)
    /// The most values (frames × channels × 3) one recording may hold: 64 MB of doubles.
    public static let maximumRecordingValues = 8_000_000

    /// Whether `length` bytes may be requested for the script buffer: 0 ... ``maximumInputLength``.
    public static func acceptsInputLength(_ length: Int) -> Bool {
        length >= 0 && length <= maximumInputLength
    }

    /// Field `field` of scene `index` (``SceneEntry/subscript(_:)``); empty for an index out
    /// of range.
    public func describe(_ index: Int, field: SceneEntry.Field) -> String {
        index >= 0 && index < entries.count ? entries[index][field] : ""
    }

    /// Runs scene `index` fresh (engine at time 0) under a gesture script at `fps`, for the
    /// script's length (``SceneRecording``: its frames, channel names and values). Throws, with
    /// nothing recorded, for an index out of range, a parse error, `fps` not in
    /// (0, ``maximumRecordingFPS``] (NaN, infinities), or more than ``maximumRecordingFrames``
    /// frames or ``maximumRecordingValues`` values.
    public func record(_ index: Int, script: String, fps: Double) throws(Refusal) -> SceneRecording {
        guard index >= 0, index < entries.count else { throw Refusal("bad arguments") }
        guard fps.isFinite, fps > 0, fps <= HostSession.maximumRecordingFPS else {
            throw Refusal("fps must be in (0, 1000]")
        }
        let parsed: GestureScript
        do throws(GestureScript.ParseError) {
            parsed = try GestureScript(parsing: script)
        } catch {
            throw Refusal(error.message)
        }
        let hosted = entries[index].make(AnimationEngine())
        defer { hosted.scene.engine.invalidate() }
        let frames = (parsed.end * fps).rounded()
        guard frames <= Double(HostSession.maximumRecordingFrames),
              Int(frames) * hosted.channels.count * 3 <= HostSession.maximumRecordingValues else {
            throw Refusal("the recording would be too long: at most \(HostSession.maximumRecordingFrames) frames and \(HostSession.maximumRecordingValues) values")
        }
        return SceneRecording(scene: hosted, script: parsed, fps: fps, duration: parsed.end)
    }

    /// ``record(_:script:fps:)`` by scene name; throws "unknown scene NAME" for a name the app
    /// does not offer.
    public func record(scene name: String, script: String, fps: Double) throws(Refusal) -> SceneRecording {
        guard let i = entries.firstIndex(where: { $0.name == name }) else { throw Refusal("unknown scene \(name)") }
        return try record(i, script: script, fps: fps)
    }
}
