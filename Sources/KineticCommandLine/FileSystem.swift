// The only place the command line touches the file system (render and plot read a script or a
// CSV and write SVG and CSV files). Plain libc: no Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum FileSystem {
    /// The most bytes `read` accepts: scripts and CSVs are text a person or `kinetic render`
    /// writes, far below this; a bigger file is refused before it is held in memory.
    static let readLimit = 64 << 20

    /// The reason of the last failed libc call, for messages (`No space left on device`).
    static func reason(_ code: Int32 = errno) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The contents of a regular text file, or an error naming it: a missing file, a directory,
    /// a device or FIFO (refused at once, without waiting for a writer), a read error or a file
    /// above ``readLimit`` bytes is refused. Status 2, like any
    /// other bad argument: the path named on the command line is not a readable script or CSV.
    static func read(_ path: String) throws(CommandLineError) -> String {
        // Opened without blocking, so that a FIFO (or a device) is refused at once instead of
        // waiting for a writer; a regular file then reads as usual.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw CommandLineError("cannot read \(quoted(path)): \(reason())")
        }
        guard let file = fdopen(descriptor, "rb") else {
            let error = CommandLineError("cannot read \(quoted(path)): \(reason())")
            close(descriptor)
            throw error
        }
        defer { fclose(file) }
        var info = stat()
        guard fstat(fileno(file), &info) == 0 else {
            throw CommandLineError("cannot read \(quoted(path)): \(reason())")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let what = (info.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "not a regular file"
            throw CommandLineError("cannot read \(quoted(path)): \(what)")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, 65536, file) }
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
            if bytes.count > readLimit {
                throw CommandLineError("cannot read \(quoted(path)): larger than \(readLimit >> 20) MiB")
            }
        }
        if ferror(file) != 0 {
            throw CommandLineError("cannot read \(quoted(path)): \(reason())")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes (replaces) a text file. Checks `fwrite` and `fclose` (where stdio's buffer meets
    /// a full disk): any failure throws (status 1) with the system's reason.
    static func write(_ text: String, to path: String) throws(CommandLineError) {
        guard let file = fopen(path, "wb") else {
            throw CommandLineError("cannot write \(quoted(path)): \(reason())", status: KineticCommandLine.ioErrorStatus)
        }
        var text = text
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
        let writeError = errno
        let closed = fclose(file) == 0
        let closeError = errno
        if !written || !closed {
            throw CommandLineError("cannot write \(quoted(path)): \(reason(written ? closeError : writeError))",
                                   status: KineticCommandLine.ioErrorStatus)
        }
    }

    /// Creates a directory (and its parents) unless it exists.
    static func makeDirectory(_ path: String) throws(CommandLineError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw CommandLineError("cannot create directory \(quoted(prefix)): \(reason())",
                                       status: KineticCommandLine.ioErrorStatus)
            }
        }
    }
}
