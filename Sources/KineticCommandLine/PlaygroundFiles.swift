// Which files `kinetic playground` serves: the page's own (HTML, JavaScript, CSS, the module,
// gesture scripts), opened component by component without following a symlink.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

public enum PlaygroundFiles {
    /// The served extensions and their content types: what Scripts/build-playground writes.
    static let types: [(suffix: String, type: String)] = [
        (".html", "text/html; charset=utf-8"),
        (".js", "text/javascript; charset=utf-8"),
        (".css", "text/css; charset=utf-8"),
        (".wasm", "application/wasm"),
        (".txt", "text/plain; charset=utf-8"),
    ]
    /// The largest file served (the module is about 0.5 MB).
    public static let maximumFileSize = 64 << 20

    /// The path components of a request target if it names one of the page's files: `/` is
    /// `index.html`; a query is ignored; at most two components, each of letters, digits, `-`,
    /// `_` and `.` not starting with `.`, the last with a served extension. Anything else
    /// (percent escapes, `..`, dot files, backslashes, object files) is nil.
    public static func components(of target: String) -> [String]? {
        var path = Substring(target)
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<query] }
        guard path.hasPrefix("/") else { return nil }
        if path == "/" { return ["index.html"] }
        let parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        for part in parts {
            guard let first = part.unicodeScalars.first, first != ".",
                  part.unicodeScalars.allSatisfy({ scalar in
                      (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                          || (scalar >= "0" && scalar <= "9") || scalar == "-" || scalar == "_" || scalar == "."
                  })
            else { return nil }
        }
        guard let last = parts.last, contentType(String(last)) != nil else { return nil }
        return parts.map(String.init)
    }

    /// The content type of a served file name, nil for one that is not served.
    public static func contentType(_ name: String) -> String? {
        types.first { name.hasSuffix($0.suffix) }?.type
    }

    /// The bytes and content type of the file `target` names under `root`, or nil (404): not one
    /// of the page's files, missing, not a regular file, larger than ``maximumFileSize``, or
    /// reached through a symlink anywhere below `root` (each component is opened with
    /// `O_NOFOLLOW` relative to the one before, so nothing can swap a link in between).
    public static func contents(_ target: String, in root: String) -> (bytes: [UInt8], contentType: String)? {
        guard let parts = components(of: target), let type = contentType(parts.last!) else { return nil }
        var directory = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return nil }
        defer { close(directory) }
        for part in parts.dropLast() {
            let next = openat(directory, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { return nil }
            close(directory)
            directory = next
        }
        let file = openat(directory, parts.last!, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              Int(info.st_size) <= maximumFileSize else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            filled += n
        }
        return (bytes, type)
    }
}
