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
    /// The contents of a text file, or an error naming it.
    static func read(_ path: String) throws(CommandLineError) -> String {
        guard let file = fopen(path, "rb") else {
            throw CommandLineError("cannot read \(quoted(path))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, 65536, file) }
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes (replaces) a text file.
    static func write(_ text: String, to path: String) throws(CommandLineError) {
        guard let file = fopen(path, "wb") else {
            throw CommandLineError("cannot write \(quoted(path))")
        }
        var text = text
        let ok = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
        fclose(file)
        if !ok { throw CommandLineError("cannot write \(quoted(path))") }
    }

    /// Creates a directory (and its parents) unless it exists.
    static func makeDirectory(_ path: String) throws(CommandLineError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw CommandLineError("cannot create directory \(quoted(prefix))")
            }
        }
    }
}
