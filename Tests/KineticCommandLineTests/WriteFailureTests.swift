// Output that cannot be written (a full disk: /dev/full) ends in one error line and status 1.
import Testing
@testable import KineticCommandLine
#if canImport(Glibc)
import Glibc
#endif
import KineticHost

@Suite("kinetic write failures")
struct WriteFailureTests {
    /// Before: fwrite buffered the text, fclose's ENOSPC was ignored, and the write "succeeded".
    @Test func writingToAFullDeviceThrowsWithTheSystemsReason() {
        #expect(throws: CommandLineError("cannot write '/dev/full': No space left on device", status: 1)) {
            try HostFiles.writeFile("<svg/>\n", to: "/dev/full")
        }
    }

    @Test func plotToAFullDeviceExitsWithStatus1() {
        let result = runKinetic(arguments: ["plot", "curve", "cubic", "easeIn", "--out", "/dev/full"])
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "kinetic: cannot write '/dev/full': No space left on device\n")
    }

    /// Before: "rendered 120 frames" with status 0 while frame 3 was lost. Frame 3's path is a
    /// directory here (an earlier render's files are removed first, so a `/dev/full` symlink
    /// in its place would be removed too; a full disk is simulated in KineticHostTests'
    /// RenderOutputTests): the render stops there and removes the three frames it wrote.
    @Test func renderStopsAtTheFirstFrameThatCannotBeWritten() throws {
        let dir = makeTemporaryDirectory("full")
        try HostFiles.writeFile("0.1 drag 1 60 400 1.3 300 420\n2 end\n", to: dir + "/drag.txt")
        try HostFiles.makeDirectory(dir + "/out/frame-00003.svg")
        let result = runKinetic(arguments: ["render", "navigation", "--script", dir + "/drag.txt", "--out", dir + "/out"])
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "kinetic: cannot write '\(dir)/out/frame-00003.svg': Is a directory (the 3 frames written were removed)\n")
        #expect(!fileExists(dir + "/out/properties.csv") && !fileExists(dir + "/out/frame-00000.svg"))
    }

    /// Before: a second render into the same folder left the first one's later frames beside
    /// its own (navigation 0-119 with drawer 120-209); a folder with other files is refused.
    @Test func renderReplacesAnEarlierRenderAndRefusesAForeignFolder() throws {
        let dir = makeTemporaryDirectory("again")
        try HostFiles.writeFile("0.1 drag 1 60 400 1.3 300 420\n2 end\n", to: dir + "/drag.txt")
        let first = runKinetic(arguments: ["render", "navigation", "--script", dir + "/drag.txt", "--out", dir + "/out", "--fps", "120"])
        #expect(first.exitCode == 0 && fileExists(dir + "/out/frame-00239.svg"))
        let second = runKinetic(arguments: ["render", "navigation", "--script", dir + "/drag.txt", "--out", dir + "/out"])
        #expect(second.exitCode == 0 && fileExists(dir + "/out/frame-00119.svg") && !fileExists(dir + "/out/frame-00120.svg"))
        let foreign = runKinetic(arguments: ["render", "navigation", "--script", dir + "/drag.txt", "--out", dir])
        #expect(foreign.exitCode == 2 && foreign.stdout.isEmpty)
        #expect(foreign.stderr.hasPrefix("kinetic: render: --out \(dir) holds '") && fileExists(dir + "/drag.txt"))
    }

    /// Before: `kinetic sample ... > /dev/full` exited 0 (fputs and fflush results ignored).
    @Test func sampleToAFullStandardOutputExitsWithStatus1() async throws {
        let dir = makeTemporaryDirectory("stdout")
        let full = open("/dev/full", O_WRONLY)
        let errors = open(dir + "/stderr", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(full >= 0 && errors >= 0)
        let status = await KineticCommandLine.runProcess(arguments: ["sample", "cubic", "linear", "--at", "0:1:0.25"],
                                                   outputDescriptor: full, errorDescriptor: errors)
        #expect(status == 1)
        #expect(try HostFiles.readFile(dir + "/stderr") == "kinetic: cannot write standard output: No space left on device\n")
    }

    @Test func sampleToAWritableStandardOutputExitsWith0() async throws {
        let dir = makeTemporaryDirectory("stdout")
        let out = open(dir + "/stdout", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let errors = open(dir + "/stderr", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let status = await KineticCommandLine.runProcess(arguments: ["sample", "cubic", "linear", "--at", "0,1"],
                                                   outputDescriptor: out, errorDescriptor: errors)
        #expect(status == 0)
        #expect(try HostFiles.readFile(dir + "/stdout") == "t,value,velocity\n0.0,0.0,1.0\n1.0,1.0,1.0\n")
        #expect(try HostFiles.readFile(dir + "/stderr") == "")
    }
}
