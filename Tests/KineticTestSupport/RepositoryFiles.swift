// Reading the repository's own files (gesture scripts, examples) from tests, without Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The repository's root directory (this file is `Tests/KineticTestSupport/RepositoryFiles.swift`).
public let repositoryRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

/// A file that could not be read or written.
public struct FileError: Error, CustomStringConvertible {
    public let path: String
    public var description: String { "cannot access \(path)" }
}

/// The contents of the file at `path` as UTF-8 text.
public func readTextFile(_ path: String) throws -> String {
    guard let f = fopen(path, "rb") else { throw FileError(path: path) }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, 4096, f)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}
