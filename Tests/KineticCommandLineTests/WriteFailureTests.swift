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
    /// A full disk is simulated by a writer that fails part way (a real one is in
    /// Scripts/hostile-check): the earlier file stays byte for byte.
    @Test func aFailedWriteThrowsWithTheSystemsReasonAndKeepsTheEarlierFile() throws {
        let dir = makeTemporaryDirectory("full")
        try HostFiles.replaceFile("<svg>earlier</svg>\n", at: dir + "/chart.svg")
        #expect(throws: CommandLineError("cannot write '\(dir)/chart.svg': No space left on device (the earlier file is unchanged)", status: 1)) {
            try HostFiles.replaceFile("<svg/>\n", at: dir + "/chart.svg") { text, fd in
                _ = HostFiles.writeAll(String(text.prefix(3)), to: fd)
                errno = ENOSPC
                return false
            }
        }
        #expect(try HostFiles.readFile(dir + "/chart.svg") == "<svg>earlier</svg>\n")
        #expect(HostFiles.list(dir) == ["chart.svg"])
    }

    /// Before: `plot --out /dev/full` wrote into the device (and a FIFO blocked until read).
    /// Devices and FIFOs are refused as outputs with status 2, as they are as inputs.
    @Test func plotToADeviceOrAFIFOIsRefused() throws {
        let result = runKinetic(arguments: ["plot", "curve", "cubic", "easeIn", "--out", "/dev/full"])
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "kinetic: cannot write '/dev/full': not a regular file (a FIFO, device, socket or directory); name a file; see 'kinetic plot curve --help'\n")
        // The FIFO case, bounded in time, is in KineticHostTests' AtomicOutputTests; here a plot
        // onto an earlier chart replaces it.
        let dir = makeTemporaryDirectory("plot")
        #expect(runKinetic(arguments: ["plot", "curve", "cubic", "easeIn", "--out", dir + "/c.svg"]).exitCode == 0)
        let first = try HostFiles.readFile(dir + "/c.svg")
        #expect(runKinetic(arguments: ["plot", "curve", "cubic", "linear", "--out", dir + "/c.svg"]).exitCode == 0)
        let second = try HostFiles.readFile(dir + "/c.svg")
        #expect(first.hasPrefix("<svg") && second.hasPrefix("<svg") && first != second && second.contains("cubic linear"))
        #expect(HostFiles.list(dir) == ["c.svg"])
    }

    /// A render's --out must be a directory: a FIFO or device there is refused (status 2) and
    /// left as it was.
    @Test func renderIntoAFIFOOrDeviceIsRefused() throws {
        let dir = makeTemporaryDirectory("render-fifo")
        try HostFiles.replaceFile("0.1 drag 1 60 400 1.3 300 420\n2 end\n", at: dir + "/drag.txt")
        #expect(mkfifo(dir + "/out", 0o644) == 0)
        for out in [dir + "/out", "/dev/null"] {
            let result = runKinetic(arguments: ["render", "navigation", "--script", dir + "/drag.txt", "--out", out])
            #expect(result.exitCode == 2 && result.stdout.isEmpty)
            #expect(result.stderr == "kinetic: cannot create directory '\(out)': a file that is not a directory is there; see 'kinetic render --help'\n")
        }
        #expect(HostFiles.list(dir)?.sorted() == ["drag.txt", "out"])
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
