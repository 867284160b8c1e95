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

    /// The line a host writes to standard error: `kinetic: MESSAGE` and a newline, as one line
    /// whatever the message contains (control characters written as `\n`, `\t`, `\u{1b}`);
    /// empty for an empty message (a failure another program has already reported).
    public var line: String {
        message.isEmpty ? "" : "kinetic: " + escapingControlCharacters(message) + "\n"
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
    /// The directory the scene's relative image URLs (packaged assets, `images/photo-0.svg`)
    /// are relative to, itself relative to the directory the render runs in (or absolute);
    /// default ``defaultAssets``. The frames reference the images there (their `href` is the
    /// path from the output directory to it, see ``SceneRender/imageBase(out:assets:)``), so
    /// opening a frame shows them; nothing is copied.
    public var assets: String?
    /// Where the demos' assets are, from the repository's root (where `kinetic` runs):
    /// `Playground/web`, served as the page's directory.
    public static let defaultAssets = "Playground/web"

    public init(scene: String, script: String? = nil, out: String? = nil, fps: Double? = nil,
                duration: Double? = nil, record: String? = nil, assets: String? = nil) {
        self.assets = assets
        self.scene = scene
        self.script = script
        self.out = out
        self.fps = fps
        self.duration = duration
        self.record = record
    }
}

/// How a host reads and writes files for ``SceneRender`` (`kinetic`'s and the native runner's
/// POSIX one, or an in-memory one in tests). Each throws a ``RenderFailure`` naming the path:
/// status 2 for a script that cannot be read or an output that is not a directory, 1 for a
/// write, a directory or a rename that fails.
public struct RenderFiles {
    /// Reads a whole text file.
    public var read: (String) throws(RenderFailure) -> String
    /// Creates a directory and its parents unless it exists; refuses a path where something
    /// other than a directory is.
    public var makeDirectory: (String) throws(RenderFailure) -> Void
    /// Writes (replaces) a text file.
    public var write: (_ text: String, _ path: String) throws(RenderFailure) -> Void
    /// The names in a directory (without `.` and `..`), or nil if it cannot be listed.
    public var list: (String) -> [String]?
    /// Removes a file if it is there (a failure is ignored: the render reports the first error).
    public var remove: (String) -> Void
    /// Creates a new empty directory named the given prefix and a unique suffix; returns its path.
    public var makeTemporaryDirectory: (_ prefix: String) throws(RenderFailure) -> String
    /// Renames a file over a file, or a directory over an empty directory (`rename(2)`).
    public var rename: (_ from: String, _ to: String) throws(RenderFailure) -> Void
    /// Removes an empty directory if it is there (a failure is ignored).
    public var removeDirectory: (String) -> Void
    /// Whether a directory can be replaced whole by renaming another over it: a real directory
    /// on its parent's file system (not a symbolic link, not a mount point).
    public var isReplaceableDirectory: (String) -> Bool

    /// A host's file system: every operation a render needs to leave either the earlier
    /// render or the new one whole (see ``SceneRender``).
    public init(read: @escaping (String) throws(RenderFailure) -> String,
                makeDirectory: @escaping (String) throws(RenderFailure) -> Void,
                write: @escaping (_ text: String, _ path: String) throws(RenderFailure) -> Void,
                list: @escaping (String) -> [String]?,
                remove: @escaping (String) -> Void,
                makeTemporaryDirectory: @escaping (_ prefix: String) throws(RenderFailure) -> String,
                rename: @escaping (_ from: String, _ to: String) throws(RenderFailure) -> Void,
                removeDirectory: @escaping (String) -> Void,
                isReplaceableDirectory: @escaping (String) -> Bool) {
        self.read = read
        self.makeDirectory = makeDirectory
        self.write = write
        self.list = list
        self.remove = remove
        self.makeTemporaryDirectory = makeTemporaryDirectory
        self.rename = rename
        self.removeDirectory = removeDirectory
        self.isReplaceableDirectory = isReplaceableDirectory
    }
}

/// Runs a scene headlessly under a gesture script: `DIR/frame-00000.svg`, … (one per frame)
/// and `DIR/properties.csv` (``SceneRecording/csv``). What `kinetic render` and every app's
/// native runner (``NativeRunner``) do, with the same messages and statuses.
///
///     Card render card --script drag.txt --out frames --fps 60     # an app's native runner
///
/// Every argument is checked before anything is written; the new render replaces the earlier
/// one in `DIR` only once complete, and what it writes is bounded by ``maximumBytes``. The
/// checks, the swap and the bound are in <doc:ScriptsAndHeadlessRendering>.
public enum SceneRender {
    /// Exit status of bad arguments or a bad script.
    public static let usageStatus: Int32 = 2
    /// Exit status of a file that could not be written.
    public static let ioStatus: Int32 = 1
    /// The highest frame rate.
    public static let maximumFPS = 1000.0
    /// The most frames one render may hold.
    public static let maximumFrames = 100_000.0
    /// The most bytes one render may write (frames and CSV): 1 GiB.
    public static let maximumBytes = 1 << 30

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
        // An empty path would make every frame's path absolute ("" + "/frame-0001.svg"): the
        // render would write into the file system's root.
        guard !out.isEmpty else { throw RenderFailure("render: --out is empty: name a directory (. for this one)") }
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
        let earlier = try earlierRender(in: out, files: files)
        let place = stagingPlace(out, files: files)
        let staging = try files.makeTemporaryDirectory(place.prefix)
        let count = SceneRecording.frameCount(duration: duration, fps: fps)
        let imageBase = SceneRender.imageBase(out: out, assets: request.assets ?? RenderRequest.defaultAssets)
        var failure: RenderFailure?
        var written: [String] = []
        var bytes = 0
        let recording = SceneRecording(scene: hosted, script: script, fps: fps, duration: duration, channels: channels, eachFrame: { i in
            let svg = SVGRenderer.render(hosted.scene.renderList(), imageBase: imageBase)
            let size = svg.utf8.count
            if i == 0, Double(size) * Double(count) > Double(maximumBytes) {
                failure = RenderFailure("render: \(count) frames of about \(size) bytes (\(megabytes(size, times: count)) MB) are more than the \(maximumBytes >> 20) MB one render may write: lower --fps or --duration")
                return
            }
            guard bytes + size <= maximumBytes else {
                failure = RenderFailure("render: frame \(i) would take the render past the \(maximumBytes >> 20) MB one render may write: lower --fps or --duration")
                return
            }
            let name = frameName(i)
            do throws(RenderFailure) {
                try files.write(svg, staging + "/" + name)
                written.append(name)
                bytes += size
            } catch {
                files.remove(staging + "/" + name)
                failure = error
            }
        }, stop: { failure != nil })
        if let failure { throw discarding(staging, written, files: files, after: failure) }
        do throws(RenderFailure) {
            try files.write(recording.csv, staging + "/properties.csv")
        } catch {
            files.remove(staging + "/properties.csv")
            throw discarding(staging, written, files: files, after: error)
        }
        written.append("properties.csv")
        try swap(staging, into: out, written: written, earlier: earlier, aside: place.aside, files: files)
        return "rendered \(recording.frames) frames of \(entry.name) to \(out) (\(recording.rejected) events rejected)\n"
    }

    /// Where a render of `out` is staged: beside it (`PARENT/.NAME.kinetic-render-`, with the
    /// prefix for setting the earlier render aside) when `out` can be renamed, else inside it
    /// (`aside` nil: swapped file by file).
    static func stagingPlace(_ out: String, files: RenderFiles) -> (prefix: String, aside: String?) {
        var path = Substring(out)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        let slash = path.lastIndex(of: "/")
        let name = slash.map { path[path.index(after: $0)...] } ?? path
        let parent = slash.map { path[...$0] } ?? ""
        guard !name.isEmpty, name != ".", name != "..", files.isReplaceableDirectory(out) else {
            return (String(path) + "/.kinetic-render-", nil)
        }
        return (parent + "." + name + ".kinetic-render-", parent + "." + name + ".kinetic-earlier-")
    }

    /// Puts the finished render in `staging` (the files `written`) in place of `out` and its
    /// `earlier` render; on a failure before anything of `out` changed, removes the new render
    /// and leaves the earlier one.
    static func swap(_ staging: String, into out: String, written: [String], earlier: [String], aside: String?,
                     files: RenderFiles) throws(RenderFailure) {
        guard let aside else {
            // Inside `out`: each new file over the old one of its name, then the old extras.
            for (i, name) in written.enumerated() {
                do throws(RenderFailure) {
                    try files.rename(staging + "/" + name, out + "/" + name)
                } catch {
                    if i == 0 { throw discarding(staging, written, files: files, after: error) }
                    throw RenderFailure(error.message + " (the render is partly swapped into \(out): render again)", status: error.status)
                }
            }
            for name in earlier where !written.contains(name) { files.remove(out + "/" + name) }
            files.removeDirectory(staging)
            return
        }
        if earlier.isEmpty {
            // A directory replaces an empty one in one rename.
            do throws(RenderFailure) { try files.rename(staging, out) } catch {
                throw discarding(staging, written, files: files, after: error)
            }
            return
        }
        let old: String
        do throws(RenderFailure) {
            old = try files.makeTemporaryDirectory(aside)
            do throws(RenderFailure) { try files.rename(out, old) } catch {
                files.removeDirectory(old)
                throw error
            }
        } catch {
            throw discarding(staging, written, files: files, after: error)
        }
        do throws(RenderFailure) { try files.rename(staging, out) } catch {
            // Put the earlier render back (`out` was renamed away, so nothing is in its place).
            do throws(RenderFailure) { try files.rename(old, out) } catch {
                throw RenderFailure(error.message + " (the earlier render is in \(old))", status: error.status)
            }
            throw discarding(staging, written, files: files, after: error)
        }
        for name in earlier { files.remove(old + "/" + name) }
        files.removeDirectory(old)
    }

    /// The prefix that takes a frame written in `out` to the asset directory `assets` (both
    /// relative to the same working directory, or `assets` absolute), ending in `/`:
    /// `../../Playground/web/` for `renders/grid`. An absolute `assets` is used as it is; so is
    /// a relative one when `out` is absolute or climbs with `..` (no working directory to
    /// relate them by: the frames then show their images only when opened from the directory
    /// the render ran in). `.` components are skipped.
    public static func imageBase(out: String, assets: String) -> String {
        let directory = assets.hasSuffix("/") ? assets : assets + "/"
        if assets.hasPrefix("/") || out.hasPrefix("/") { return directory }
        var depth = 0
        for part in out.split(separator: "/") where part != "." {
            if part == ".." { return directory }
            depth += 1
        }
        var base = ""
        for _ in 0..<depth { base += "../" }
        var rest = Substring(directory)
        while rest.hasPrefix("./") { rest = rest.dropFirst(2) }
        return base + rest
    }

    /// The names of the earlier render in `out` (its `frame-*.svg` and `properties.csv`), empty
    /// for a new or empty directory; refuses a directory that holds anything else.
    static func earlierRender(in out: String, files: RenderFiles) throws(RenderFailure) -> [String] {
        guard let names = files.list(out) else { return [] }
        for name in names where !isRenderFile(name) {
            throw RenderFailure("render: --out \(out) holds '\(name)', which is not from a render: give an empty or new directory")
        }
        return names
    }

    /// Whether `name` is one a render writes: `frame-` five or more digits `.svg`, or `properties.csv`.
    public static func isRenderFile(_ name: String) -> Bool {
        if name == "properties.csv" { return true }
        guard name.hasPrefix("frame-"), name.hasSuffix(".svg") else { return false }
        let digits = name.utf8.dropFirst(6).dropLast(4)
        return digits.count >= 5 && digits.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// `failure`, after removing the files `written` (names) and the `staging` directory, its
    /// message saying so; the earlier render in `--out` is untouched.
    static func discarding(_ staging: String, _ written: [String], files: RenderFiles, after failure: RenderFailure) -> RenderFailure {
        for name in written { files.remove(staging + "/" + name) }
        files.removeDirectory(staging)
        let frames = written.filter { $0 != "properties.csv" }.count
        let note = frames == 0 ? "" : " (the \(frames) frames written were removed)"
        return RenderFailure(failure.message + note, status: failure.status)
    }

    /// `size · count` bytes in megabytes (10⁶), rounded, without overflow.
    static func megabytes(_ size: Int, times count: Int) -> Int {
        Int((Double(size) * Double(count) / 1_000_000).rounded())
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
