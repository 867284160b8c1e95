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
            guard arguments.count == 1 else { throw RenderFailure("list: unexpected argument \(quoted(arguments[1]))") }
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
                    guard options.contains(name) else { throw RenderFailure("unknown option \(quoted("--" + name)) for 'render'") }
                    if value == nil, i < arguments.count, !arguments[i].hasPrefix("--") {
                        value = arguments[i]
                        i += 1
                    }
                    guard let value else { throw RenderFailure("option \(quoted("--" + name)) needs a value") }
                    guard values[name] == nil else { throw RenderFailure("option \(quoted("--" + name)) given more than once") }
                    values[name] = value
                    continue
                }
                if argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil {
                    let name = argument.prefix { $0 != "=" }
                    throw RenderFailure("unknown option \(quoted(name)) for 'render'")
                }
                positionals.append(argument)
            }
            guard positionals.count == 1 else {
                throw RenderFailure(positionals.isEmpty ? "render: missing SCENE" : "render: expected one SCENE, got \(positionals.count)")
            }
            func number(_ name: String) throws(RenderFailure) -> Double? {
                guard let text = values[name] else { return nil }
                return try parseFiniteNumber(text, what: "--" + name)
            }
            return .render(RenderRequest(scene: positionals[0], script: values["script"], out: values["out"],
                                         fps: try number("fps"), duration: try number("duration"), record: values["record"]))
        default:
            throw RenderFailure("unknown command \(quoted(first)): expected list or render; see '--help'")
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
            _ = HostFiles.writeAll(error.line, to: errorDescriptor)
            return error.status
        }
        guard HostFiles.writeAll(output, to: outputDescriptor) else {
            _ = HostFiles.writeAll(RenderFailure("cannot write standard output: \(HostFiles.reason())").line, to: errorDescriptor)
            return SceneRender.ioStatus
        }
        return 0
    }

    /// The error line: `kinetic: MESSAGE\n`, control characters written as `\n`, `\t`, `\u{1b}`
    /// (``RenderFailure/line``).
    public static func line(_ failure: RenderFailure) -> String { failure.line }

    /// The files of a render through POSIX calls, each checked (`HostFiles`).
    public static var posixFiles: RenderFiles {
        RenderFiles(read: HostFiles.readFile, makeDirectory: HostFiles.makeDirectory, write: HostFiles.writeFile(_:to:),
                    list: HostFiles.list, remove: HostFiles.remove,
                    makeTemporaryDirectory: HostFiles.makeTemporaryDirectory,
                    rename: HostFiles.rename(_:to:), removeDirectory: HostFiles.removeDirectory,
                    isReplaceableDirectory: HostFiles.isReplaceableDirectory)
    }

    /// The names in directory `path` (without `.` and `..`), or nil if it cannot be opened.
    public static func listDirectory(_ path: String) -> [String]? { HostFiles.list(path) }

    /// Removes the file `path` if it is there (an error is ignored).
    public static func removeFile(_ path: String) { HostFiles.remove(path) }

    /// The most bytes a script may have (as `kinetic render`).
    public static let readLimit = HostFiles.readLimit
}
#endif
