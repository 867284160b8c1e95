// The headless render every host shares: an app's scene under a script → one SVG per frame and a CSV.
import Kinetic
import KineticScene

/// A failed render: one message (the host prints it as one line) and the exit status.
public struct RenderFailure: Error, Equatable {
    /// What went wrong, naming the argument or file (`render: --fps must be in (0, 1000]`).
    public var message: String
    /// ``SceneRender/usageStatus`` (2) for bad arguments or a bad script, ``SceneRender/ioStatus``
    /// (1) when a file could not be written.
    public var status: Int32

    public init(_ message: String, status: Int32 = SceneRender.usageStatus) {
        self.message = message
        self.status = status
    }
}

/// What to render: `render SCENE --script FILE --out DIR [--fps N] [--duration S] [--record NAMES]`,
/// already split by the host's argument parser (numbers parsed, finite).
public struct RenderRequest: Equatable {
    /// The scene's name (``SceneEntry/name``).
    public var scene: String
    /// The gesture script's path (required).
    public var script: String?
    /// The output directory (required; created with its parents).
    public var out: String?
    /// Frames per second, in (0, 1000]; default 60.
    public var fps: Double?
    /// Seconds to render, `duration · fps ≤ 100 000`; default: the script's `end`.
    public var duration: Double?
    /// Comma-separated channel names to record; default: all of the scene's.
    public var record: String?

    public init(scene: String, script: String? = nil, out: String? = nil, fps: Double? = nil,
                duration: Double? = nil, record: String? = nil) {
        self.scene = scene
        self.script = script
        self.out = out
        self.fps = fps
        self.duration = duration
        self.record = record
    }
}

/// How a host reads and writes files for ``SceneRender`` (`kinetic`'s libc file system, the
/// native runner's POSIX one, or an in-memory one in tests). Each throws a ``RenderFailure``
/// naming the path: status 2 for a script that cannot be read, 1 for a write that fails.
public struct RenderFiles {
    public var read: (String) throws(RenderFailure) -> String
    public var makeDirectory: (String) throws(RenderFailure) -> Void
    public var write: (_ text: String, _ path: String) throws(RenderFailure) -> Void

    public init(read: @escaping (String) throws(RenderFailure) -> String,
                makeDirectory: @escaping (String) throws(RenderFailure) -> Void,
                write: @escaping (_ text: String, _ path: String) throws(RenderFailure) -> Void) {
        self.read = read
        self.makeDirectory = makeDirectory
        self.write = write
    }
}

/// Runs a scene headlessly under a gesture script: `DIR/frame-00000.svg`, … (one per frame)
/// and `DIR/properties.csv` (``SceneRecording/csv``). What `kinetic render` and every app's
/// native runner (``NativeRunner``) do, with the same messages and statuses.
///
/// Frame `i` is at `t = i / fps`; before it, the script's events up to `t` are handled (see
/// ``SceneRecording``). Every argument is checked, in this order, before anything is written:
/// the scene is known, `--script` and `--out` given, fps in (0, 1000], the script readable
/// and valid, duration in [0, 100000/fps], every `--record` name one of the scene's channels.
/// Writing stops at the first file that fails (status 1; `properties.csv` is then not written).
public enum SceneRender {
    /// Exit status of bad arguments or a bad script.
    public static let usageStatus: Int32 = 2
    /// Exit status of a file that could not be written.
    public static let ioStatus: Int32 = 1
    /// The highest frame rate.
    public static let maximumFPS = 1000.0
    /// The most frames one render may hold.
    public static let maximumFrames = 100_000.0

    /// Renders `request` with `entries` through `files`; returns the summary line
    /// (`rendered 120 frames of drawer to out (0 events rejected)\n`).
    public static func run(_ request: RenderRequest, entries: [SceneEntry], files: RenderFiles) throws(RenderFailure) -> String {
        guard let entry = entries.first(where: { $0.name == request.scene }) else {
            var known = ""
            for (i, e) in entries.enumerated() { known += (i == 0 ? "" : ", ") + e.name }
            throw RenderFailure("render: unknown scene '\(request.scene)' (known: \(known))")
        }
        guard let scriptPath = request.script else { throw RenderFailure("render: missing --script FILE") }
        guard let out = request.out else { throw RenderFailure("render: missing --out DIR") }
        let fps = request.fps ?? 60
        guard fps > 0, fps <= maximumFPS else { throw RenderFailure("render: --fps must be in (0, 1000]") }
        let text = try files.read(scriptPath)
        let script: GestureScript
        do throws(GestureScript.ParseError) {
            script = try GestureScript(parsing: text)
        } catch {
            throw RenderFailure(error.message)
        }
        let duration = request.duration ?? script.end
        guard duration >= 0, duration * fps <= maximumFrames else {
            throw RenderFailure("render: --duration must be in [0, 100000/fps]")
        }
        let hosted = entry.make(AnimationEngine())
        // The render made the engine, so it ends it on every way out (an unknown `--record`
        // name and a failed write included): animations in flight, or a dynamics world awake
        // from the start, would otherwise keep it, and through it the scene, alive.
        defer { hosted.scene.engine.invalidate() }
        let all = hosted.channels
        var channels = all
        if let names = request.record {
            channels = []
            for name in names.split(separator: ",") {
                guard let c = all.first(where: { $0.name == name }) else {
                    throw RenderFailure("render: scene \(entry.name) has no property '\(name)'")
                }
                channels.append(c)
            }
        }
        try files.makeDirectory(out)
        var failure: RenderFailure?
        let recording = SceneRecording(scene: hosted, script: script, fps: fps, duration: duration, channels: channels) { i in
            guard failure == nil else { return }
            do throws(RenderFailure) {
                try files.write(SVGRenderer.render(hosted.scene.renderList()), out + "/" + frameName(i))
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        try files.write(recording.csv, out + "/properties.csv")
        return "rendered \(recording.frames) frames of \(entry.name) to \(out) (\(recording.rejected) events rejected)\n"
    }

    /// `frame-00042.svg`: five digits at least, so the files sort in frame order.
    public static func frameName(_ i: Int) -> String {
        let digits = "\(i)"
        var name = "frame-"
        for _ in 0..<Swift.max(0, 5 - digits.count) { name += "0" }
        return name + digits + ".svg"
    }

    /// `NAME<TAB>TITLE` per scene, one line each: what `EXE list` prints.
    public static func list(_ entries: [SceneEntry]) -> String {
        var out = ""
        for e in entries { out += e.name + "\t" + e.title + "\n" }
        return out
    }
}
