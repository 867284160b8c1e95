// Which files the playground server serves: the page's own (HTML, JavaScript, CSS, the module,
// gesture scripts) and, under /docs/, the DocC site's, each opened component by component without
// following a symlink.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import KineticScene

enum PlaygroundFiles {
    /// The page's extensions and their content types: what the build scripts write.
    static let types: [(suffix: String, type: String)] = [
        (".html", "text/html; charset=utf-8"),
        (".js", "text/javascript; charset=utf-8"),
        (".css", "text/css; charset=utf-8"),
        (".wasm", "application/wasm"),
        (".txt", "text/plain; charset=utf-8"),
        (".svg", "image/svg+xml"),
        (".png", "image/png"),
        (".jpg", "image/jpeg"),
        (".jpeg", "image/jpeg"),
    ]
    /// The DocC site's: the page's text types plus its data, images and fonts.
    static let docsTypes: [(suffix: String, type: String)] = [
        (".html", "text/html; charset=utf-8"),
        (".js", "text/javascript; charset=utf-8"),
        (".css", "text/css; charset=utf-8"),
        (".json", "application/json"),
        (".svg", "image/svg+xml"),
        (".png", "image/png"),
        (".jpg", "image/jpeg"),
        (".jpeg", "image/jpeg"),
        (".ico", "image/x-icon"),
        (".woff2", "font/woff2"),
        (".txt", "text/plain; charset=utf-8"),
    ]
    /// The largest file served (the module is about 1 MB).
    static let maximumFileSize = 64 << 20
    /// The deepest DocC file (`documentation/kinetic/TYPE/MEMBER/index.html` is 5 below the site).
    static let maximumDocsDepth = 12

    /// An answer: status, reason, body, content type, and for a redirect its target.
    struct Response: Equatable {
        var status: Int
        var reason: String
        var bytes: [UInt8]
        var contentType: String
        var location: String? = nil

        static let notFound = Response(status: 404, reason: "Not Found", bytes: Array("Not Found\n".utf8),
                                       contentType: "text/plain; charset=utf-8")
        /// The file may well exist, but the process is out of descriptors: try again shortly.
        static let unavailable = Response(status: 503, reason: "Service Unavailable",
                                          bytes: Array("Out of file descriptors: try again\n".utf8),
                                          contentType: "text/plain; charset=utf-8")
    }

    /// What opening a served file gives.
    enum Opened {
        /// Its bytes and content type.
        case file(bytes: [UInt8], contentType: String)
        /// Not one of the served files: missing, not regular, too large, behind a symlink.
        case missing
        /// It could not be opened for want of descriptors (EMFILE, ENFILE): answered 503.
        case unavailable
    }

    /// The bytes of files served before, shared by every answer that sends them (a thousand
    /// clients asking for the 1 MB module hold one copy, not a thousand) and read again only
    /// when the file changed (another device, inode, size or modification time). Used by the
    /// server's one thread.
    final class Cache: @unchecked Sendable {
        struct Entry {
            var device: UInt64, inode: UInt64, size: Int, modified: Int, nanoseconds: Int
            var bytes: [UInt8]
        }
        var entries: [String: Entry] = [:]
        /// The most files kept (the page and the docs pages last asked for).
        static let maximumEntries = 256
        init() {}
    }

    /// What /docs/ answers while the DocC site is not there.
    enum DocsStatus: Equatable, Sendable {
        /// Not built, and not being built: the page says how to build it.
        case missing
        /// Being built in the background since `seconds` ago: the page says so and reloads itself.
        case building(seconds: Int)
        /// The build failed: the page says so and how to build it by hand.
        case failed
    }

    /// The library targets whose documentation the site holds, with a line on each: the
    /// landing page at /docs/ links them.
    static let documentedModules: [(name: String, summary: String)] = [
        ("Kinetic", "Values, timing curves, springs, decay, animated properties, the engine and PropertyAnimator"),
        ("KineticScene", "Nodes, hit testing, gestures, interactive transitions and the render list"),
        ("KineticDynamics", "UIKit Dynamics: a dynamic animator, behaviours, fields and the solver"),
        ("KineticPOP", "POP's spring, decay, basic and custom animations, added by key on a POPAnimator"),
        ("KineticHost", "Hosting a scene: KineticApp, HostedScene, sessions, gesture scripts, rendering"),
        ("KineticDemos", "Every demo of the playground, written against the public API"),
    ]

    /// The answer to a GET of `target` (a request target, percent-encoded as sent): a page file
    /// under `root`, or under /docs/ a file of the DocC site at `docs`; 404 for anything else.
    /// `/docs` redirects to `/docs/`, which is a landing page linking every module and the
    /// "Your first scene" article (DocC's own root page finds nothing there). While `docs` holds
    /// no site, its pages answer with what `docsStatus` says (503 and a page that reloads itself
    /// while it is being built, 404 and how to build it otherwise).
    /// A file that cannot be opened for want of descriptors is answered 503. With a `cache`,
    /// unchanged files are not read again.
    ///
    /// While the page itself is being built (`building`: what and for how many seconds), `/`
    /// answers 503 with a page that says so and reloads itself until the build is done.
    ///
    /// With `live` (`--watch`), /kinetic-live.json answers its status (``LiveBuild/statusJSON``),
    /// and while no build of this run has succeeded and the last one failed, `/` answers 503
    /// with the build's output and reloads itself. Without, /kinetic-live.json answers
    /// `{"watching":false}` (the page then stops asking).
    static func response(_ target: String, root: String, docs: String?, docsStatus: DocsStatus = .missing,
                         cache: Cache? = nil, building: (what: String, seconds: Int)? = nil,
                         live: LiveStatus? = nil) -> Response {
        var path = Substring(target)
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<query] }
        if path == "/" + liveStatusName {
            return Response(status: 200, reason: "OK", bytes: live?.status ?? Array(notWatchingStatus.utf8),
                            contentType: "application/json")
        }
        if let building, path == "/" || path == "/index.html" {
            return Response(status: 503, reason: "Service Unavailable",
                            bytes: Array(buildingPage(what: building.what, seconds: building.seconds).utf8),
                            contentType: "text/html; charset=utf-8")
        }
        if let failure = live?.failure, path == "/" || path == "/index.html" {
            return Response(status: 503, reason: "Service Unavailable", bytes: Array(failedBuildPage(log: failure).utf8),
                            contentType: "text/html; charset=utf-8")
        }
        if path == "/docs" {
            return Response(status: 301, reason: "Moved Permanently", bytes: [], contentType: "text/plain; charset=utf-8",
                            location: "/docs/")
        }
        if path.hasPrefix("/docs/") {
            guard let docs, let parts = docsComponents(of: String(path)) else { return .notFound }
            let built = exists(docs + "/index.html")
            if built, path == "/docs/" {
                return Response(status: 200, reason: "OK", bytes: Array(docsLandingPage.utf8), contentType: "text/html; charset=utf-8")
            }
            switch openFile(parts, in: docs, types: docsTypes, cache: cache) {
            case .file(let bytes, let contentType):
                return Response(status: 200, reason: "OK", bytes: bytes, contentType: contentType)
            case .unavailable:
                return .unavailable
            case .missing:
                break
            }
            if parts.last == "index.html", !built {
                if case .building(let seconds) = docsStatus {
                    return Response(status: 503, reason: "Service Unavailable", bytes: Array(buildingDocsPage(seconds: seconds).utf8),
                                    contentType: "text/html; charset=utf-8")
                }
                return Response(status: 404, reason: "Not Found",
                                bytes: Array((docsStatus == .failed ? failedDocsPage : missingDocsPage).utf8),
                                contentType: "text/html; charset=utf-8")
            }
            return .notFound
        }
        guard let parts = components(of: String(path)) else { return .notFound }
        switch openFile(parts, in: root, types: types, cache: cache) {
        case .file(let bytes, let contentType): return Response(status: 200, reason: "OK", bytes: bytes, contentType: contentType)
        case .unavailable: return .unavailable
        case .missing: return .notFound
        }
    }

    /// /docs/ once the site is built: every module and the first article.
    static let docsLandingPage: String = {
        var items = ""
        for module in documentedModules {
            items += "<li><a href=\"/docs/documentation/\(module.name.lowercased())/\">\(module.name)</a> &mdash; \(module.summary)</li>\n"
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Kinetic documentation</title>
            <style>body{font:16px/1.5 system-ui,sans-serif;max-width:44em;margin:48px auto;padding:0 20px;color:#1c1c1e}
            a{color:#0a64d8}li{margin:6px 0}</style></head>
            <body><h1>Kinetic documentation</h1>
            <p>Start with <a href="/docs/documentation/kineticscene/yourfirstscene">Your first scene</a>: a scene of your own,
            shown in a browser with one command and tested instant by instant.</p>
            <h2>Modules</h2>
            <ul>
            \(items)</ul>
            <p><a href="/">Back to the playground</a></p></body></html>

            """
    }()

    /// What /docs/ says while the site is being built: it reloads itself every 5 s.
    /// What `/` says while the page is being built: what, for how long, and that it reloads itself.
    static func buildingPage(what: String, seconds: Int) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="refresh" content="2"><title>Building… — Kinetic</title></head>
        <body style="font:16px/1.5 system-ui,sans-serif;max-width:40em;margin:48px auto;padding:0 20px;color:#1c1c1e">
        <h1>Building \(SVGRenderer.escape(what)) for the browser</h1>
        <p>kinetic is compiling it as Embedded Swift to WebAssembly: \(seconds) s so far (the first build
        takes a minute or two; later ones reuse what did not change). This page reloads itself and shows
        the app as soon as it is ready.</p></body></html>

        """
    }

    /// The address the page polls under `--watch`.
    static let liveStatusName = "kinetic-live.json"
    /// Its answer when the server is not watching.
    static let notWatchingStatus = "{\"watching\":false}"

    /// What `--watch` tells the page: the status JSON, and a failed first build's output.
    struct LiveStatus: Sendable {
        var status: [UInt8]
        var failure: String?
    }

    /// What `/` says when the first build under `--watch` failed: the compiler's output; it
    /// reloads itself, so the app shows as soon as a saved fix builds.
    static func failedBuildPage(log: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="refresh" content="2"><title>Build failed — Kinetic</title></head>
        <body style="font:16px/1.5 system-ui,sans-serif;max-width:56em;margin:48px auto;padding:0 20px;color:#1c1c1e">
        <h1>The build failed</h1>
        <p>kinetic is watching the package's sources: save a fix and this page shows the app as soon as it
        builds. The compiler said:</p>
        <pre id="kinetic-build-log" style="white-space:pre-wrap;font:13px/1.45 ui-monospace,monospace;background:#fff5f4;border:1px solid #ff3b30;border-radius:10px;padding:12px 14px;overflow:auto">\(SVGRenderer.escape(log))</pre>
        </body></html>

        """
    }

    static func buildingDocsPage(seconds: Int) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Kinetic documentation</title></head>
        <body style="font:16px/1.5 system-ui,sans-serif;max-width:40em;margin:48px auto;padding:0 20px">
        <h1>The documentation is being built</h1>
        <p>kinetic is building it in the background (\(seconds) s so far; the first build takes a minute or two).
        This page reloads itself until it is ready.</p>
        <p><a href="/">Back to the playground</a></p></body></html>

        """
    }

    /// What /docs/ says when the background build failed.
    static let failedDocsPage = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Kinetic documentation</title></head>
        <body><h1>The documentation build failed</h1>
        <p>kinetic printed the build's output where it was started. Run <code>Scripts/build-docs</code> in the Kinetic
        package to see it again, then reload this page.</p>
        <p><a href="/">Back to the playground</a></p></body></html>

        """

    /// What /docs/ says while the site is not built.
    static let missingDocsPage = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Kinetic documentation</title></head>
        <body><h1>The documentation is not built yet</h1>
        <p>Run <code>Scripts/build-docs</code> in the Kinetic package (it writes <code>.build-docs/docs</code>),
        or start the server with <code>kinetic playground --docs</code>, then reload this page.</p>
        <p><a href="/">Back to the playground</a></p></body></html>

        """

    /// The path components of a request target if it names one of the page's files: `/` is
    /// `index.html`; a query is ignored; at most two components, each of letters, digits, `-`,
    /// `_` and `.` not starting with `.`, the last with a served extension. Anything else
    /// (percent escapes, `..`, dot files, backslashes, object files) is nil.
    static func components(of target: String) -> [String]? {
        var path = Substring(target)
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<query] }
        guard path.hasPrefix("/") else { return nil }
        if path == "/" { return ["index.html"] }
        let parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        for part in parts {
            guard let first = part.unicodeScalars.first, first != ".",
                  part.unicodeScalars.allSatisfy({ isAlphanumeric($0) || $0 == "-" || $0 == "_" || $0 == "." })
            else { return nil }
        }
        guard let last = parts.last, contentType(String(last)) != nil else { return nil }
        return parts.map(String.init)
    }

    /// The components, below the site, of a /docs/ target (without query): percent escapes
    /// decoded, then each component made of letters, digits and `! ( ) * + - . : = _` (DocC's
    /// symbol paths, `init(_:)`, `!=(_:_:)`), not starting with `.`, none empty, at most
    /// ``maximumDocsDepth`` deep. A target ending in `/` or in a component without a served
    /// extension names that directory's `index.html` (DocC's static pages). Anything else is nil.
    static func docsComponents(of target: String) -> [String]? {
        guard target.hasPrefix("/docs/"), let path = percentDecoded(target.dropFirst("/docs/".count)) else { return nil }
        if path.isEmpty { return ["index.html"] }
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts[parts.count - 1] = "index.html" }
        for part in parts {
            guard let first = part.unicodeScalars.first, first != ".", part.utf8.count <= 255,
                  part.unicodeScalars.allSatisfy({ isAlphanumeric($0) || "!()*+-.:=_".unicodeScalars.contains($0) })
            else { return nil }
        }
        if docsContentType(parts.last!) == nil { parts.append("index.html") }
        return parts.count <= maximumDocsDepth ? parts : nil
    }

    /// `text` with `%XX` escapes decoded, or nil for a malformed escape or invalid UTF-8. What an
    /// escape decodes to is checked like any other character: `%2F` splits components like `/`,
    /// and `%2E%2E` is `..`, refused as a component starting with `.`.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        func hex(_ byte: UInt8?) -> UInt8? {
            switch byte {
            case let b? where b >= 48 && b <= 57: return b - 48
            case let b? where b >= 65 && b <= 70: return b - 55
            case let b? where b >= 97 && b <= 102: return b - 87
            default: return nil
            }
        }
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = hex(iterator.next()), let low = hex(iterator.next()) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
    }

    /// The content type of a served page file name, nil for one that is not served.
    static func contentType(_ name: String) -> String? {
        types.first { name.hasSuffix($0.suffix) }?.type
    }

    /// The content type of a served DocC file name, nil for one that is not served.
    static func docsContentType(_ name: String) -> String? {
        docsTypes.first { name.hasSuffix($0.suffix) }?.type
    }

    /// The bytes and content type of the page file `target` names under `root`, or nil (404): not
    /// one of the page's files, missing, not a regular file, larger than ``maximumFileSize``, or
    /// reached through a symlink anywhere below `root`.
    static func contents(_ target: String, in root: String) -> (bytes: [UInt8], contentType: String)? {
        guard let parts = components(of: target), case .file(let bytes, let type) = openFile(parts, in: root, types: types)
        else { return nil }
        return (bytes, type)
    }

    /// Opens `parts` below `root`, each component with `O_NOFOLLOW` relative to the one before
    /// (so nothing can swap a link in between): the bytes of a regular file of at most
    /// ``maximumFileSize`` bytes whose name has one of `types`; ``Opened/unavailable`` when a
    /// descriptor is what was missing. With a `cache`, a file unchanged since it was last read is
    /// not read again.
    static func openFile(_ parts: [String], in root: String, types: [(suffix: String, type: String)],
                         cache: Cache? = nil) -> Opened {
        guard let name = parts.last, let type = types.first(where: { name.hasSuffix($0.suffix) })?.type else { return .missing }
        func failure() -> Opened { errno == EMFILE || errno == ENFILE ? .unavailable : .missing }
        var directory = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return failure() }
        defer { close(directory) }
        for part in parts.dropLast() {
            let next = openat(directory, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { return failure() }
            close(directory)
            directory = next
        }
        let file = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return failure() }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              Int(info.st_size) <= maximumFileSize else { return .missing }
        #if canImport(Darwin)
        let modified = (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
        #else
        let modified = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
        #endif
        let key = root + "/" + parts.joined(separator: "/")
        if let cached = cache?.entries[key], cached.device == UInt64(info.st_dev), cached.inode == UInt64(info.st_ino),
           cached.size == Int(info.st_size), cached.modified == modified.0, cached.nanoseconds == modified.1 {
            return .file(bytes: cached.bytes, contentType: type)
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return .missing }
            filled += n
        }
        if let cache {
            if cache.entries.count >= Cache.maximumEntries { cache.entries.removeAll(keepingCapacity: true) }
            cache.entries[key] = Cache.Entry(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
                                             modified: modified.0, nanoseconds: modified.1, bytes: bytes)
        }
        return .file(bytes: bytes, contentType: type)
    }

    /// Whether `path` exists (without following a final symlink).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
