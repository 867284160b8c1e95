// The host tooling's file system: plain POSIX calls, each checked, shared by every app's native
// runner (`NativeRunner`) and the `kinetic` command line. No Foundation.
#if !hasFeature(Embedded) && !arch(wasm32)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing the host's files: every call checked, every failure a ``RenderFailure``
/// naming the path (status 2 for a file that cannot be read, 1 for one that cannot be written).
package enum HostFiles {
    /// The names in directory `path` (without `.` and `..`), or nil if it cannot be opened.
    package static func list(_ path: String) -> [String]? {
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
    package static func remove(_ path: String) { _ = unlink(path) }

    /// The most bytes ``readFile(_:)`` accepts: scripts and CSVs are text a person or a render
    /// writes, far below this; a bigger file is refused before it is held in memory.
    package static let readLimit = 64 << 20

    /// The system's reason for the last failed call (`No space left on device`), for messages.
    package static func reason(_ code: Int32 = errno) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The contents of a regular text file, or an error naming it (status 2: the path given is
    /// not a readable script): a missing file, a directory, a device or FIFO (refused at once,
    /// without waiting for a writer), a read error or a file above ``readLimit`` bytes.
    package static func readFile(_ path: String) throws(RenderFailure) -> String {
        // Opened without blocking, so a FIFO is refused at once instead of waiting for a writer.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw RenderFailure("cannot read \(quoted(path)): \(reason())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw RenderFailure("cannot read \(quoted(path)): \(reason())") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let what = (info.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "not a regular file"
            throw RenderFailure("cannot read \(quoted(path)): \(what)")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw RenderFailure("cannot read \(quoted(path)): \(reason())") }
            if n == 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
            if bytes.count > readLimit { throw RenderFailure("cannot read \(quoted(path)): larger than \(readLimit >> 20) MiB") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes (replaces) a text file, checking every write and the close (where a full disk shows):
    /// a failure throws with the system's reason (status 1).
    package static func writeFile(_ text: String, to path: String) throws(RenderFailure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw RenderFailure("cannot write \(quoted(path)): \(reason())", status: SceneRender.ioStatus) }
        let written = writeAll(text, to: fd)
        let writeError = errno
        let closed = close(fd) == 0
        let closeError = errno
        if !written || !closed {
            throw RenderFailure("cannot write \(quoted(path)): \(reason(written ? closeError : writeError))", status: SceneRender.ioStatus)
        }
    }

    /// Creates a directory and its parents unless they exist (a failure has status 1).
    package static func makeDirectory(_ path: String) throws(RenderFailure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw RenderFailure("cannot create directory \(quoted(prefix)): \(reason())", status: SceneRender.ioStatus)
            }
        }
    }

    /// Writes every byte of `text` (retrying short writes and EINTR); false on an error.
    package static func writeAll(_ text: String, to fd: Int32) -> Bool {
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
