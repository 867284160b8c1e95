// An app's executable run natively: `EXE list` and `EXE render …`, a small parser over the shared render core.
#if !hasFeature(Embedded) && !arch(wasm32)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an app's executable (`@main struct …: KineticApp`) does when run natively. It
/// understands exactly:
///
/// ```
/// EXE list                      one line per scene: NAME<TAB>TITLE; exit 0
/// EXE render SCENE --script FILE --out DIR [--fps N] [--duration S] [--record NAMES]
///                               as `kinetic render` (SceneRender): the same files, messages
///                               and statuses
/// EXE --help                    this text; exit 0
/// ```
///
/// Options are `--name value` or `--name=value`, each at most once; `--` ends them. Errors are
/// one line on standard error starting `kinetic: `, control characters escaped, with status 2
/// (bad arguments or script) or 1 (a file that cannot be written, or output that cannot be
/// written in full); nothing is written on standard output then.
public enum NativeRunner {
    /// The usage text.
    public static let usage = """
        USAGE:
          APP list
          APP render SCENE --script FILE --out DIR [--fps N] [--duration SECONDS] [--record NAMES]

        list prints one line per scene, NAME<TAB>TITLE. render runs SCENE on a manual clock
        (frame i at t = i/N s, N = --fps, default 60) under the gesture script FILE for
        --duration seconds (default: the script's 'end'), writing DIR/frame-00000.svg, ... and
        DIR/properties.csv; --record takes comma-separated property names (default: all).
        The script format and the files are those of 'kinetic render' (see 'kinetic render --help').

        """

    /// A parsed command line.
    public enum Command: Equatable {
        case help
        case list
        case render(RenderRequest)
    }

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(RenderFailure) -> Command {
        guard let first = arguments.first else { throw RenderFailure("missing command: list or render; see '--help'") }
        if first == "help" || arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            return .help
        }
        switch first {
        case "list":
            guard arguments.count == 1 else { throw RenderFailure("list: unexpected argument '\(arguments[1])'") }
            return .list
        case "render":
            var positionals: [String] = []
            var values: [String: String] = [:]
            let options = ["script", "out", "fps", "duration", "record"]
            var i = 1
            var ended = false
            while i < arguments.count {
                let argument = arguments[i]
                i += 1
                if ended { positionals.append(argument); continue }
                if argument == "--" { ended = true; continue }
                if argument.hasPrefix("--") {
                    var name = String(argument.dropFirst(2))
                    var value: String?
                    if let equals = name.firstIndex(of: "=") {
                        value = String(name[name.index(after: equals)...])
                        name = String(name[..<equals])
                    }
                    guard options.contains(name) else { throw RenderFailure("unknown option '--\(name)' for 'render'") }
                    if value == nil, i < arguments.count, !arguments[i].hasPrefix("--") {
                        value = arguments[i]
                        i += 1
                    }
                    guard let value else { throw RenderFailure("option '--\(name)' needs a value") }
                    guard values[name] == nil else { throw RenderFailure("option '--\(name)' given more than once") }
                    values[name] = value
                    continue
                }
                if argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil {
                    throw RenderFailure("unknown option '\(argument)' for 'render'")
                }
                positionals.append(argument)
            }
            guard positionals.count == 1 else {
                throw RenderFailure(positionals.isEmpty ? "render: missing SCENE" : "render: expected one SCENE, got \(positionals.count)")
            }
            func number(_ name: String) throws(RenderFailure) -> Double? {
                guard let text = values[name] else { return nil }
                guard let value = Double(text) else { throw RenderFailure("invalid number '\(text)' for --\(name)") }
                guard value.isFinite else { throw RenderFailure("--\(name) must be a finite number, got '\(text)'") }
                return value
            }
            return .render(RenderRequest(scene: positionals[0], script: values["script"], out: values["out"],
                                         fps: try number("fps"), duration: try number("duration"), record: values["record"]))
        default:
            throw RenderFailure("unknown command '\(first)': expected list or render; see '--help'")
        }
    }

    /// Runs the command line `arguments` (without the program name) over `entries`, writing
    /// to the descriptors given; returns the exit status.
    public static func run(arguments: [String], entries: [SceneEntry],
                           outputDescriptor: Int32 = 1, errorDescriptor: Int32 = 2) -> Int32 {
        let output: String
        do throws(RenderFailure) {
            switch try parse(arguments) {
            case .help: output = usage
            case .list: output = SceneRender.list(entries)
            case .render(let request): output = try SceneRender.run(request, entries: entries, files: posixFiles)
            }
        } catch {
            _ = writeAll(line(error), to: errorDescriptor)
            return error.status
        }
        guard writeAll(output, to: outputDescriptor) else {
            _ = writeAll(line(RenderFailure("cannot write standard output: \(reason())")), to: errorDescriptor)
            return SceneRender.ioStatus
        }
        return 0
    }

    /// The error line: `kinetic: MESSAGE\n`, control characters written as `\n`, `\t`, `\u{1b}`.
    public static func line(_ failure: RenderFailure) -> String {
        var result = "kinetic: "
        for scalar in failure.message.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\n"
    }

    /// The files of a render through POSIX calls, each checked.
    public static var posixFiles: RenderFiles {
        RenderFiles(read: readFile, makeDirectory: makeDirectory, write: writeFile, list: listDirectory, remove: removeFile)
    }

    /// The names in directory `path` (without `.` and `..`), or nil if it cannot be opened.
    public static func listDirectory(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes the file `path` if it is there (an error is ignored).
    public static func removeFile(_ path: String) { _ = unlink(path) }

    /// The most bytes a script may have (as `kinetic render`).
    public static let readLimit = 64 << 20

    static func reason(_ code: Int32 = errno) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    static func readFile(_ path: String) throws(RenderFailure) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw RenderFailure("cannot read '\(path)': \(reason())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw RenderFailure("cannot read '\(path)': \(reason())") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let what = (info.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "not a regular file"
            throw RenderFailure("cannot read '\(path)': \(what)")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw RenderFailure("cannot read '\(path)': \(reason())") }
            if n == 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
            if bytes.count > readLimit { throw RenderFailure("cannot read '\(path)': larger than \(readLimit >> 20) MiB") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func writeFile(_ text: String, _ path: String) throws(RenderFailure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw RenderFailure("cannot write '\(path)': \(reason())", status: SceneRender.ioStatus) }
        let written = writeAll(text, to: fd)
        let writeError = errno
        let closed = close(fd) == 0
        let closeError = errno
        if !written || !closed {
            throw RenderFailure("cannot write '\(path)': \(reason(written ? closeError : writeError))", status: SceneRender.ioStatus)
        }
    }

    static func makeDirectory(_ path: String) throws(RenderFailure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw RenderFailure("cannot create directory '\(prefix)': \(reason())", status: SceneRender.ioStatus)
            }
        }
    }

    /// Writes every byte of `text` (retrying short writes and EINTR); false on an error.
    static func writeAll(_ text: String, to fd: Int32) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }
}
#endif
