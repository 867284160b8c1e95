// Issue 42, item 10: outputs are replaced whole or not at all (a full disk keeps the earlier chart
// or render), and a FIFO or device is refused as an output, at once, as it is as an input.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Kinetic
@testable import KineticHost
import KineticDemos

@Suite("Atomic outputs")
struct AtomicOutputTests {
    /// A writer that writes half the text, then fails as a full disk does.
    static func fullDisk(_ text: String, _ fd: Int32) -> Bool {
        let half = String(text.utf8.prefix(text.utf8.count / 2))!
        _ = HostFiles.writeAll(half, to: fd)
        errno = ENOSPC
        return false
    }

    /// Runs `body` on another thread and waits at most `seconds` for it: nil if it did not
    /// return by then (it is left blocked; the caller unblocks it).
    static func within<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () -> T) async -> T? {
        let box = Box<T>()
        Thread.detach { box.set(body()) }
        let clock = ContinuousClock()
        let start = clock.now
        while clock.now - start < .seconds(seconds) {
            if let value = box.get() { return value }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return box.get()
    }

    @Test func aFailedWriteKeepsTheEarlierFileByteForByteAndLeavesNoTemporaryFile() throws {
        let dir = makeTemporaryDirectory("atomic")
        let path = dir + "/chart.svg"
        let earlier = "<svg>the earlier chart</svg>\n"
        try HostFiles.replaceFile(earlier, at: path)
        #expect(readFile(path) == earlier)
        let chart = String(repeating: "<path d=\"M0 0L1 1\"/>\n", count: 5000)
        do throws(RenderFailure) {
            try HostFiles.replaceFile(chart, at: path, writer: Self.fullDisk)
            Issue.record("no error")
        } catch {
            #expect(error.status == SceneRender.ioStatus)
            #expect(error.message == "cannot write '\(path)': No space left on device (the earlier file is unchanged)")
        }
        #expect(readFile(path) == earlier)
        #expect(HostFiles.list(dir) == ["chart.svg"])
        // A success replaces it whole, with the earlier file's permissions.
        chmod(path, 0o600)
        try HostFiles.replaceFile(chart, at: path)
        #expect(readFile(path) == chart)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(HostFiles.list(dir) == ["chart.svg"])
    }

    @Test func aSymbolicLinkIsFollowedAndKept() throws {
        let dir = makeTemporaryDirectory("atomic-link")
        try HostFiles.replaceFile("old", at: dir + "/real.svg")
        #expect(symlink(dir + "/real.svg", dir + "/link.svg") == 0)
        try HostFiles.replaceFile("new", at: dir + "/link.svg")
        var info = stat()
        #expect(lstat(dir + "/link.svg", &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
        #expect(readFile(dir + "/real.svg") == "new")
        #expect(HostFiles.list(dir)?.sorted() == ["link.svg", "real.svg"])
    }

    /// Before: `plot --out FIFO` blocked in open(2) until something read the FIFO.
    @Test func aFIFOOrADeviceIsRefusedAtOnceAndLeftAsItWas() async throws {
        let dir = makeTemporaryDirectory("atomic-fifo")
        let fifo = dir + "/chart.svg"
        #expect(mkfifo(fifo, 0o644) == 0)
        let outcome: String? = await Self.within(5) {
            var messages = ""
            for attempt in 0..<2 {
                do throws(RenderFailure) {
                    if attempt == 0 { try HostFiles.replaceFile("<svg/>", at: fifo) } else { try HostFiles.writeFile("<svg/>", to: fifo) }
                    messages += "written;"
                } catch {
                    messages += "\(error.status) \(error.message);"
                }
            }
            return messages
        }
        if outcome == nil {
            // Unblock the writer so the test process can go on, then fail.
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            Issue.record("writing to a FIFO did not return within 5 s")
            try? await Task.sleep(for: .milliseconds(100))
            close(reader)
        }
        let refusal = "cannot write '\(fifo)': not a regular file (a FIFO, device, socket or directory); name a file"
        #expect(outcome == "2 \(refusal);2 \(refusal);")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect(HostFiles.list(dir) == ["chart.svg"])
        for device in ["/dev/null", "/dev/full"] {
            #expect(throws: RenderFailure("cannot write '\(device)': not a regular file (a FIFO, device, socket or directory); name a file")) {
                try HostFiles.replaceFile("<svg/>", at: device)
            }
        }
        #expect(throws: RenderFailure.self) { try HostFiles.replaceFile("<svg/>", at: dir) }
        // A render's --out DIR must be a directory.
        #expect(throws: RenderFailure("cannot create directory '\(fifo)': a file that is not a directory is there")) {
            try HostFiles.makeDirectory(fifo)
        }
    }

    /// The POSIX files with a write that fails from the `failAt`-th on.
    static func failingFiles(at failAt: Int) -> RenderFiles {
        var files = NativeRunner.posixFiles
        let writes = Counter()
        let write = files.write
        files.write = { text, path throws(RenderFailure) in
            guard writes.next() < failAt else {
                throw RenderFailure("cannot write '\(path)': No space left on device", status: SceneRender.ioStatus)
            }
            try write(text, path)
        }
        return files
    }

    static let tap = "0.1 down 1 187 645\n0.15 up 1 187 645\n0.5 end\n"

    /// Every file under `dir` (one level of subdirectories) with its contents.
    static func snapshot(_ dir: String) -> [String: String] {
        var out: [String: String] = [:]
        for name in HostFiles.list(dir) ?? [] {
            if let inner = HostFiles.list(dir + "/" + name) {
                for n in inner { out[name + "/" + n] = readFile(dir + "/" + name + "/" + n) }
            } else {
                out[name] = readFile(dir + "/" + name)
            }
        }
        return out
    }

    /// Before (issue 42): a re-render cleared the earlier render first, so one that failed left
    /// an empty folder. On a real file system, through a symbolic link too (staged inside).
    @Test(arguments: [false, true])
    func aFailedReRenderKeepsTheEarlierRenderOnDisk(throughALink: Bool) throws {
        let dir = makeTemporaryDirectory("atomic-render")
        try HostFiles.replaceFile(Self.tap, at: dir + "/tap.txt")
        var out = dir + "/out"
        if throughALink {
            try HostFiles.makeDirectory(dir + "/real")
            #expect(symlink(dir + "/real", out) == 0)
        }
        func request(_ fps: Double) -> RenderRequest {
            RenderRequest(scene: "drawer", script: dir + "/tap.txt", out: out, fps: fps)
        }
        _ = try SceneRender.run(request(240), entries: DemoCatalog.entries, files: NativeRunner.posixFiles)
        let earlier = Self.snapshot(dir)
        #expect(HostFiles.list(out)?.count == 121)
        for failAt in [0, 10, 30] {   // the first frame, the 11th, the CSV
            do throws(RenderFailure) {
                _ = try SceneRender.run(request(60), entries: DemoCatalog.entries, files: Self.failingFiles(at: failAt))
                Issue.record("no error")
            } catch {
                #expect(error.status == SceneRender.ioStatus)
                #expect(error.message.contains("No space left on device"))
            }
            #expect(Self.snapshot(dir) == earlier, "failing at write \(failAt)")
        }
        // A success replaces it whole, and nothing is left beside or inside it.
        _ = try SceneRender.run(request(60), entries: DemoCatalog.entries, files: NativeRunner.posixFiles)
        let names = HostFiles.list(out)?.sorted() ?? []
        #expect(names.count == 31 && names.first == "frame-00000.svg" && names.last == "properties.csv")
        #expect(HostFiles.list(dir)?.sorted() == (throughALink ? ["out", "real", "tap.txt"] : ["out", "tap.txt"]))
        var info = stat()
        #expect(lstat(out, &info) == 0 && (info.st_mode & S_IFMT) == (throughALink ? S_IFLNK : S_IFDIR))
        out = dir + "/fresh"   // a new directory: staged beside it and renamed into place
        _ = try SceneRender.run(request(60), entries: DemoCatalog.entries, files: NativeRunner.posixFiles)
        #expect(HostFiles.list(out)?.count == 31)
    }

    @Test func aRenderIntoAFIFOIsRefused() throws {
        let dir = makeTemporaryDirectory("atomic-render-fifo")
        try HostFiles.replaceFile(Self.tap, at: dir + "/tap.txt")
        #expect(mkfifo(dir + "/out", 0o644) == 0)
        do throws(RenderFailure) {
            _ = try SceneRender.run(RenderRequest(scene: "drawer", script: dir + "/tap.txt", out: dir + "/out"),
                                    entries: DemoCatalog.entries, files: NativeRunner.posixFiles)
            Issue.record("no error")
        } catch {
            #expect(error.status == SceneRender.usageStatus)
            #expect(error.message == "cannot create directory '\(dir)/out': a file that is not a directory is there")
        }
        #expect(HostFiles.list(dir)?.sorted() == ["out", "tap.txt"])
    }
}

/// A value set by one thread and read by another.
final class Box<T>: @unchecked Sendable {
    private var value: T?
    private var lock = pthread_mutex_t()
    init() { pthread_mutex_init(&lock, nil) }
    func set(_ v: T) { pthread_mutex_lock(&lock); value = v; pthread_mutex_unlock(&lock) }
    func get() -> T? { pthread_mutex_lock(&lock); defer { pthread_mutex_unlock(&lock) }; return value }
}

/// A counter shared by a closure: `next()` returns 0, 1, 2, …
final class Counter: @unchecked Sendable {
    private var count = 0
    func next() -> Int { defer { count += 1 }; return count }
}

/// A detached POSIX thread.
enum Thread {
    static func detach(_ body: @escaping @Sendable () -> Void) {
        final class Work { let body: @Sendable () -> Void; init(_ b: @escaping @Sendable () -> Void) { body = b } }
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        pthread_create(&thread, nil, { raw in
            let work = Unmanaged<AnyObject>.fromOpaque(raw!).takeRetainedValue() as! Work
            work.body()
            return nil
        }, work)
        pthread_detach(thread)
    }
}
