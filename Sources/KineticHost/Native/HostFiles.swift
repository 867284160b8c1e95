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

/// `rename(2)` (``HostFiles/rename(_:to:)`` hides the C function's name inside the enum).
private func systemRename(_ from: String, _ to: String) -> Int32 {
    #if canImport(Glibc)
    Glibc.rename(from, to)
    #elseif canImport(Musl)
    Musl.rename(from, to)
    #else
    Darwin.rename(from, to)
    #endif
}

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

    /// Removes the file (or empty directory) `path` if it is there (an error is ignored).
    package static func remove(_ path: String) {
        if unlink(path) != 0 { _ = rmdir(path) }
    }

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

    /// Writes a new text file inside a render's staging directory (or replaces one), checking
    /// every write and the close (where a full disk shows): a failure throws with the system's
    /// reason (status 1). A FIFO, device or other non-regular file at `path` is refused (status 2)
    /// without blocking or writing to it. Not atomic: an output a person keeps goes through
    /// ``replaceFile(_:at:writer:)``.
    package static func writeFile(_ text: String, to path: String) throws(RenderFailure) {
        // O_NONBLOCK: a FIFO without a reader fails at once (ENXIO) instead of waiting.
        let fd = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        // ENXIO: a FIFO nobody reads, or a device without its hardware.
        if fd < 0 && errno == ENXIO { throw notAFile(path) }
        guard fd >= 0 else { throw RenderFailure("cannot write \(quoted(path)): \(reason())", status: SceneRender.ioStatus) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw notAFile(path)
        }
        guard ftruncate(fd, 0) == 0 else {
            let error = errno
            close(fd)
            throw RenderFailure("cannot write \(quoted(path)): \(reason(error))", status: SceneRender.ioStatus)
        }
        let written = writeAll(text, to: fd)
        let writeError = errno
        let closed = close(fd) == 0
        let closeError = errno
        if !written || !closed {
            throw RenderFailure("cannot write \(quoted(path)): \(reason(written ? closeError : writeError))", status: SceneRender.ioStatus)
        }
    }

    /// The refusal of an output that is not a regular file (status 2, as a bad argument).
    static func notAFile(_ path: String) -> RenderFailure {
        RenderFailure("cannot write \(quoted(path)): not a regular file (a FIFO, device, socket or directory); name a file")
    }

    /// Replaces the file at `path` with `text` atomically: the text goes to a new temporary file
    /// beside it (`.NAME.XXXXXX`, the old file's permissions, or 0666 less the umask), flushed to
    /// disk, then renamed over `path`. If any step fails (a full disk: status 1, with the
    /// system's reason) the temporary file is removed and the earlier file at `path` is left
    /// byte for byte as it was. A FIFO, device, socket or directory at `path` is refused first
    /// (status 2), without opening it (`plot --out FIFO` waited for a reader forever). A
    /// symbolic link is followed: the file it names is replaced, the link kept.
    ///
    /// `writer` writes the whole text to a descriptor (``writeAll(_:to:)``); a test passes one
    /// that fails part way, as a full disk does.
    package static func replaceFile(_ text: String, at path: String,
                                    writer: (String, Int32) -> Bool = { writeAll($0, to: $1) }) throws(RenderFailure) {
        guard !path.isEmpty else { throw RenderFailure("cannot write '': the path is empty; name a file") }
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var mode = mode_t(0o666) & ~currentUmask()
        if stat(target, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw notAFile(path) }
            mode = info.st_mode & 0o7777
        }
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array((directory + "." + name + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw RenderFailure("cannot write \(quoted(path)): cannot create a temporary file beside it: \(reason())", status: SceneRender.ioStatus)
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: Int32?
        if fchmod(fd, mode) != 0 { failure = errno }
        if failure == nil, !writer(text, fd) { failure = errno }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        if failure == nil, systemRename(temporary, target) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw RenderFailure("cannot write \(quoted(path)): \(reason(failure)) (the earlier file is unchanged)", status: SceneRender.ioStatus)
        }
    }

    /// The process's file-creation mask (read by setting it and restoring it at once).
    static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// Creates a new, empty directory named `prefix` and six random characters (`mkdtemp`),
    /// with the permissions `mkdir` would give it (0777 less the umask); returns its path.
    package static func makeTemporaryDirectory(_ prefix: String) throws(RenderFailure) -> String {
        var template = Array((prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard made else {
            throw RenderFailure("cannot create directory \(quoted(path)): \(reason())", status: SceneRender.ioStatus)
        }
        _ = chmod(path, mode_t(0o777) & ~currentUmask())
        return path
    }

    /// Renames `from` to `to` (`rename`: a file replaces a file, a directory an empty directory).
    package static func rename(_ from: String, to: String) throws(RenderFailure) {
        guard systemRename(from, to) == 0 else {
            throw RenderFailure("cannot move \(quoted(from)) to \(quoted(to)): \(reason())", status: SceneRender.ioStatus)
        }
    }

    /// Removes the empty directory `path` (an error is ignored).
    package static func removeDirectory(_ path: String) { _ = rmdir(path) }

    /// Whether the directory `path` can be replaced whole by renaming another over it: a real
    /// directory (not a symbolic link to one) on the same file system as its parent (not a
    /// mount point).
    package static func isReplaceableDirectory(_ path: String) -> Bool {
        var own = stat(), parent = stat()
        guard lstat(path, &own) == 0, (own.st_mode & S_IFMT) == S_IFDIR,
              stat(path + "/..", &parent) == 0 else { return false }
        return own.st_dev == parent.st_dev && own.st_ino != parent.st_ino
    }

    /// Creates a directory and its parents unless they exist (a failure has status 1); refuses
    /// (status 2) a path where something other than a directory is (a FIFO, device or file).
    package static func makeDirectory(_ path: String) throws(RenderFailure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw RenderFailure("cannot create directory \(quoted(prefix)): \(reason())", status: SceneRender.ioStatus)
            }
        }
        // An existing FIFO, device or file of that name (mkdir said EEXIST) is refused.
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw RenderFailure("cannot create directory \(quoted(path)): a file that is not a directory is there")
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
