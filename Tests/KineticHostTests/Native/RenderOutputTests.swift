// What one render leaves on disk: a complete render or an error and none of its files; never two
// renders' frames mixed in one folder; a bound on what one command may write.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Kinetic
import KineticHost
import KineticScene
import KineticDemos

/// A file system in memory whose writes can fail from the `failAt`-th on (a full disk).
final class MemoryFiles {
    var files: [String: String] = [:]
    var writes = 0
    var failAt = Int.max

    var renderFiles: RenderFiles {
        RenderFiles(
            read: { path throws(RenderFailure) in
                guard let text = self.files[path] else { throw RenderFailure("cannot read '\(path)'") }
                return text
            },
            makeDirectory: { _ in },
            write: { text, path throws(RenderFailure) in
                self.writes += 1
                if self.writes >= self.failAt {
                    self.files[path] = ""   // what a full disk leaves: the file, created empty
                    throw RenderFailure("cannot write '\(path)': No space left on device", status: SceneRender.ioStatus)
                }
                self.files[path] = text
            },
            list: { dir in
                let prefix = dir + "/"
                return self.files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            },
            remove: { path in self.files[path] = nil },
            makeTemporaryDirectory: { prefix in
                self.temporaries += 1
                return prefix + "\(self.temporaries)"
            },
            rename: { from, to throws(RenderFailure) in
                // A file over a file, or a directory (its files) over an empty directory.
                if let text = self.files[from] {
                    self.files[to] = text
                    self.files[from] = nil
                    return
                }
                guard self.names(in: to).isEmpty else {
                    throw RenderFailure("cannot move '\(from)' to '\(to)': Directory not empty", status: SceneRender.ioStatus)
                }
                for name in self.names(in: from) {
                    self.files[to + "/" + name] = self.files[from + "/" + name]
                    self.files[from + "/" + name] = nil
                }
            },
            removeDirectory: { _ in },
            isReplaceableDirectory: { _ in true })
    }
    var temporaries = 0

    /// Every path in the file system, sorted.
    var paths: [String] { files.keys.sorted() }

    func names(in dir: String) -> [String] {
        files.keys.filter { $0.hasPrefix(dir + "/") }.map { String($0.dropFirst(dir.count + 1)) }.sorted()
    }
}

@Suite("Render output")
struct RenderOutputTests {
    static let tap = "0.1 down 1 187 645\n0.15 up 1 187 645\n0.5 end\n"

    func render(_ files: MemoryFiles, scene: String = "drawer", fps: Double = 60, duration: Double? = nil) throws(RenderFailure) -> String {
        files.files["tap.txt"] = Self.tap
        return try SceneRender.run(RenderRequest(scene: scene, script: "tap.txt", out: "out", fps: fps, duration: duration),
                                   entries: DemoCatalog.entries, files: files.renderFiles)
    }

    @Test func aFullDiskPartWayLeavesNoneOfTheRendersFiles() {
        let files = MemoryFiles()
        files.failAt = 11   // the 11th write fails: 10 frames were written
        #expect(throws: RenderFailure.self) { try render(files) }
        do throws(RenderFailure) { _ = try render(MemoryFiles()) } catch { Issue.record("a render without failures failed: \(error.message)") }
        let again = MemoryFiles()
        again.failAt = 11
        do throws(RenderFailure) { _ = try render(again); Issue.record("no error") } catch {
            #expect(error.status == SceneRender.ioStatus)
            #expect(error.message == "cannot write '.out.kinetic-render-1/frame-00010.svg': No space left on device (the 10 frames written were removed)")
        }
        #expect(again.names(in: "out").isEmpty, "left: \(again.names(in: "out"))")
        #expect(again.paths == ["tap.txt"], "left: \(again.paths)")
        // The CSV is the last write: failing there removes every frame too.
        let csv = MemoryFiles()
        csv.failAt = 31   // 30 frames at 60 fps over 0.5 s, then properties.csv
        #expect(throws: RenderFailure.self) { try render(csv) }
        #expect(csv.names(in: "out").isEmpty)
    }

    /// Issue 42: a failed re-render cleared the earlier render first, so it left nothing. Now
    /// the new render is staged beside `out` and the earlier one is kept whole on a failure.
    @Test func aFailedReRenderKeepsTheEarlierRender() throws {
        let files = MemoryFiles()
        _ = try render(files, fps: 240)   // 120 frames
        let earlier = files.files
        for failAt in [files.writes + 1, files.writes + 11, files.writes + 31] {   // first frame, 11th, the CSV
            files.failAt = failAt
            #expect(throws: RenderFailure.self) { try render(files) }
            #expect(files.files == earlier, "failing at write \(failAt - 121)")
        }
        // The size bound, refused after the first frame, keeps it too.
        files.failAt = .max
        #expect(throws: RenderFailure.self) { try render(files, scene: "stress", fps: 1000, duration: 100) }
        #expect(files.files == earlier)
    }

    @Test func anEarlierRenderIsReplacedNotMixed() throws {
        let files = MemoryFiles()
        _ = try render(files, fps: 240)   // 120 frames
        #expect(files.names(in: "out").count == 121)
        _ = try render(files, fps: 60)    // 30 frames
        let names = files.names(in: "out")
        #expect(names.count == 31 && names.first == "frame-00000.svg" && names.last == "properties.csv"
                && names.dropLast().last == "frame-00029.svg")
        // Nothing is left beside it: no staging directory, no earlier render set aside.
        #expect(files.paths.filter { !$0.hasPrefix("out/") } == ["tap.txt"], "\(files.paths)")
    }

    @Test func aFolderWithOtherFilesIsRefusedUntouched() {
        let files = MemoryFiles()
        files.files["out/notes.txt"] = "mine"
        files.files["out/frame-00000.svg"] = "<svg/>"
        do throws(RenderFailure) { _ = try render(files); Issue.record("no error") } catch {
            #expect(error.status == SceneRender.usageStatus)
            #expect(error.message == "render: --out out holds 'notes.txt', which is not from a render: give an empty or new directory")
        }
        #expect(files.files["out/notes.txt"] == "mine" && files.files["out/frame-00000.svg"] == "<svg/>" && files.writes == 0)
        #expect(SceneRender.isRenderFile("frame-00042.svg") && SceneRender.isRenderFile("frame-123456.svg")
                && SceneRender.isRenderFile("properties.csv"))
        #expect(!SceneRender.isRenderFile("frame-42.svg") && !SceneRender.isRenderFile("frame-0004x.svg")
                && !SceneRender.isRenderFile("frame-00042.svg.bak"))
    }

    @Test func aRenderLargerThanTheBoundIsRefusedAfterItsFirstFrame() {
        // 100,000 frames of the stress demo's 10,000 dots: tens of gigabytes.
        let files = MemoryFiles()
        do throws(RenderFailure) { _ = try render(files, scene: "stress", fps: 1000, duration: 100); Issue.record("no error") } catch {
            #expect(error.status == SceneRender.usageStatus)
            #expect(error.message.hasPrefix("render: 100000 frames of about "))
            #expect(error.message.hasSuffix(" are more than the 1024 MB one render may write: lower --fps or --duration"))
        }
        #expect(files.writes == 0 && files.names(in: "out").isEmpty)
    }

    @Test func thePOSIXFilesListAndRemoveARealFolder() throws {
        let dir = makeTemporaryDirectory("render-output")
        let files = NativeRunner.posixFiles
        try files.write("a", dir + "/frame-00000.svg")
        try files.write("b", dir + "/properties.csv")
        #expect(files.list(dir)?.sorted() == ["frame-00000.svg", "properties.csv"])
        files.remove(dir + "/frame-00000.svg")
        #expect(files.list(dir) == ["properties.csv"])
        #expect(files.list(dir + "/none") == nil)
    }
}
