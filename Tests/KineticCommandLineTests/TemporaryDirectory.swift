// A fresh directory under /tmp for a test's files (left behind: /tmp is the system's to clean).
#if canImport(Glibc)
import Glibc
#endif

func makeTemporaryDirectory(_ name: String) -> String {
    var template = Array("/tmp/kinetic-\(name)-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
}

/// Whether a file (or a symlink) exists at `path`.
func fileExists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
}
