// `kinetic playground` runs its build script without a shell.
import Testing
@testable import KineticCommandLine
#if canImport(Glibc)
import Glibc
#endif

@Suite("kinetic playground build")
struct PlaygroundBuildTests {
    /// Before: `system("bash Scripts/build-playground '\(DIR)'")`, so this --out ran `touch`.
    @Test func directoryWithQuotesAndSemicolonsIsPassedVerbatimAndRunsNothing() throws {
        let dir = makeTemporaryDirectory("build")
        let probe = dir + "/probe"
        let script = dir + "/build.sh"
        // The stand-in build script records the argument it was given.
        try FileSystem.write("printf '%s' \"$1\" > '\(dir)/argument'\nexit 0\n", to: script)
        let hostile = "x'; touch \(probe); echo '$(touch \(probe))"
        let plan = PlaygroundCommand.Plan(directory: hostile, port: 8765, build: true)
        let (status, message) = PlaygroundCommand.build(plan, script: script)
        #expect(status == 0 && message == nil)
        #expect(!fileExists(probe))
        #expect(try FileSystem.read(dir + "/argument") == hostile)
    }

    @Test func aDirectoryStartingWithADashIsNotReadAsAnOption() throws {
        let dir = makeTemporaryDirectory("build")
        try FileSystem.write("printf '%s' \"$1\" > '\(dir)/argument'\n", to: dir + "/build.sh")
        let plan = PlaygroundCommand.Plan(directory: "--install", port: 8765, build: true)
        #expect(PlaygroundCommand.build(plan, script: dir + "/build.sh").status == 0)
        #expect(try FileSystem.read(dir + "/argument") == "./--install")
    }

    @Test func theBuildScriptsExitStatusIsReturned() throws {
        let dir = makeTemporaryDirectory("build")
        try FileSystem.write("exit 3\n", to: dir + "/build.sh")
        let plan = PlaygroundCommand.Plan(directory: "out", port: 8765, build: true)
        #expect(PlaygroundCommand.build(plan, script: dir + "/build.sh").status == 3)
        let missing = PlaygroundCommand.build(plan, script: dir + "/missing.sh")
        #expect(missing.status == 2 && missing.message?.hasPrefix("kinetic: playground: run it from") == true)
    }

    @Test func docsAreBuiltByTheirScriptAndItsStatusIsReturned() throws {
        let dir = makeTemporaryDirectory("docs-build")
        try FileSystem.write("touch '\(dir)/ran'\nexit 4\n", to: dir + "/build-docs")
        let plan = PlaygroundCommand.Plan(directory: "out", port: 8765, build: false, buildDocs: true)
        #expect(PlaygroundCommand.buildDocs(plan, script: dir + "/build-docs").status == 4)
        #expect(fileExists(dir + "/ran"))
        let missing = PlaygroundCommand.buildDocs(plan, script: dir + "/missing")
        #expect(missing.status == 2 && missing.message?.hasPrefix("kinetic: playground: run it from") == true)
        #expect(try PlaygroundCommand.plan(["--docs", "--no-build"]).buildDocs)
    }
}
