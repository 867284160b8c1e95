// `kinetic playground` runs its build script without a shell.
import Testing
import Foundation
@testable import KineticCommandLine
#if canImport(Glibc)
import Glibc
#endif
import KineticHost

@Suite("kinetic playground build")
struct PlaygroundBuildTests {
    /// Before: `system("bash Scripts/build-playground '\(DIR)'")`, so this --out ran `touch`.
    @Test func directoryWithQuotesAndSemicolonsIsPassedVerbatimAndRunsNothing() throws {
        let dir = makeTemporaryDirectory("build")
        let probe = dir + "/probe"
        let script = dir + "/build.sh"
        // The stand-in build script records the directory it was given (its last argument, after
        // --install).
        try HostFiles.writeFile("printf '%s' \"${@: -1}\" > '\(dir)/argument'\nexit 0\n", to: script)
        let hostile = "x'; touch \(probe); echo '$(touch \(probe))"
        let plan = PlaygroundCommand.Plan(directory: hostile, port: 8765, build: true)
        let (status, message) = PlaygroundCommand.build(plan, script: script)
        #expect(status == 0 && message == nil)
        #expect(!fileExists(probe))
        #expect(try HostFiles.readFile(dir + "/argument") == hostile)
    }

    @Test func aDirectoryStartingWithADashIsNotReadAsAnOption() throws {
        let dir = makeTemporaryDirectory("build")
        try HostFiles.writeFile("printf '%s' \"${@: -1}\" > '\(dir)/argument'\n", to: dir + "/build.sh")
        let plan = PlaygroundCommand.Plan(directory: "--install", port: 8765, build: true)
        #expect(PlaygroundCommand.build(plan, script: dir + "/build.sh").status == 0)
        #expect(try HostFiles.readFile(dir + "/argument") == "./--install")
    }

    @Test func theBuildScriptsExitStatusIsReturned() throws {
        let dir = makeTemporaryDirectory("build")
        try HostFiles.writeFile("exit 3\n", to: dir + "/build.sh")
        let plan = PlaygroundCommand.Plan(directory: "out", port: 8765, build: true)
        #expect(PlaygroundCommand.build(plan, script: dir + "/build.sh").status == 3)
        let missing = PlaygroundCommand.build(plan, script: dir + "/missing.sh")
        #expect(missing.status == 2 && missing.message?.hasPrefix("kinetic: playground: run it from") == true)
    }

    /// The first build of `kinetic playground` skips wasm-opt, and the optimisation runs after it
    /// in the background, on the directory served.
    @Test func aFastBuildIsOptimisedInTheBackgroundAfterwards() throws {
        let dir = makeTemporaryDirectory("optimise")
        try HostFiles.writeFile("printf '%s ' \"$@\" > '\(dir)/arguments.'\"$1\"\n", to: dir + "/build.sh")
        _ = mkdir(dir + "/out", 0o755)   // the build made it
        let plan = PlaygroundCommand.Plan(directory: dir + "/out", port: 8765, build: true)
        #expect(PlaygroundCommand.build(plan, script: dir + "/build.sh", fast: true).status == 0)
        #expect(try HostFiles.readFile(dir + "/arguments.--fast") == "--fast --install \(dir)/out ")
        let line = PlaygroundCommand.optimizeInBackground(plan, script: dir + "/build.sh")
        #expect(line?.hasPrefix("kinetic: optimising the module in the background") == true)
        for _ in 0..<100 where !fileExists(dir + "/arguments.--optimize") { usleep(20_000) }
        #expect(try HostFiles.readFile(dir + "/arguments.--optimize") == "--optimize \(dir)/out ")
    }

    /// The documentation is built in the background while the page is served; /docs/ says so
    /// (503, reloading itself) until the site is there, or that the build failed.
    @Test func docsAreBuiltInTheBackgroundAndDocsSaysSoMeanwhile() throws {
        let dir = makeTemporaryDirectory("docs-build")
        try HostFiles.writeFile("sleep 0.5\ntouch '\(dir)/ran'\nexit 4\n", to: dir + "/build-docs")
        var plan = PlaygroundCommand.Plan(directory: dir, port: 8765, build: false)
        plan.docsDirectory = dir + "/site"
        let build = DocsBuild(plan: plan, script: dir + "/build-docs", log: dir + "/logs/build.log")
        #expect(build.startIfNeeded(address: "http://127.0.0.1:1/")?.contains("in the background") == true)
        guard case .building = build.status else { Issue.record("not building: \(build.status)"); return }
        let page = PlaygroundFiles.response("/docs/", root: dir, docs: plan.docsDirectory, docsStatus: build.status)
        #expect(page.status == 503)
        #expect(String(decoding: page.bytes, as: UTF8.self).contains("http-equiv=\"refresh\""))
        for _ in 0..<100 where build.isBuilding { usleep(50_000) }
        #expect(build.status == .failed)
        #expect(fileExists(dir + "/ran") && fileExists(dir + "/logs/build.log"))
        let failed = PlaygroundFiles.response("/docs/", root: dir, docs: plan.docsDirectory, docsStatus: build.status)
        #expect(failed.status == 404 && String(decoding: failed.bytes, as: UTF8.self).contains("failed"))
        // --no-docs: nothing starts; a built site is not rebuilt without --docs.
        plan.skipDocs = true
        #expect(DocsBuild(plan: plan, script: dir + "/build-docs").startIfNeeded(address: "") == nil)
        #expect(try PlaygroundCommand.plan(["--docs", "--no-build"]).buildDocs)
        #expect(try PlaygroundCommand.plan(["--no-docs"]).skipDocs)
    }
}

@Suite("kinetic's children")
struct ChildProcessTests {
    /// A child spawned from a thread that blocks SIGTERM (as the concurrency runtime's threads
    /// block almost every signal) still ends on SIGTERM to its process group: before, it inherited
    /// the mask, and `web serve`'s build outlived a stopped kinetic.
    @Test func aChildEndsOnSigtermWhateverTheSpawningThreadBlocks() throws {
        let dir = makeTemporaryDirectory("children")
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let started = Process.start(["sleep", "30"], logPath: dir + "/log")
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        guard case .success(let pid) = started else { Issue.record("not started"); return }
        // Its own process group, so a build's compilers are reached too.
        #expect(getpgid(pid) == pid)
        kill(-pid, SIGTERM)
        // A child that ignored it would be killed here after 2 s, and say SIGKILL.
        let killer = Thread { usleep(2_000_000); kill(pid, SIGKILL) }
        killer.start()
        #expect(Process.wait(pid) == .signalled(SIGTERM))
    }
}

/// `kinetic web serve .` from the user's own package: Kinetic's build script is found through the
/// package's dependency on Kinetic (issue 40: it refused, "run it from the Kinetic package root").
@Suite("kinetic web serve from the user's package")
struct BuildScriptLocationTests {
    @Test func theScriptIsFoundThroughTheDependencyTree() throws {
        // A show-dependencies tree: the app, a package without the script, then Kinetic's checkout.
        let root = FileManager.default.currentDirectoryPath
        let tree: [String: Any] = ["path": "/nonexistent/app", "dependencies": [
            ["path": "/nonexistent/other", "dependencies": []],
            ["path": root, "dependencies": [["path": "/nonexistent/deep", "dependencies": []]]],
        ]]
        #expect(PlaygroundCommand.kineticCheckout(in: tree) == root)
        #expect(PlaygroundCommand.kineticCheckout(in: ["path": "/nonexistent", "dependencies": []] as [String: Any]) == nil)
        #expect(PlaygroundCommand.kineticCheckout(in: "not a tree") == nil)
    }

    @Test func fromAnotherDirectoryTheExamplesDependencyLeadsToThisCheckout() throws {
        let root = FileManager.default.currentDirectoryPath
        let elsewhere = makeTemporaryDirectory("elsewhere")
        #expect(PlaygroundCommand.locateBuildScript(package: nil) == "Scripts/build-web")     // from the root
        #expect(PlaygroundCommand.locateBuildScript(package: nil, in: elsewhere) == nil)
        #expect(PlaygroundCommand.locateBuildScript(package: root + "/Examples/Card", in: elsewhere)
                == root + "/Scripts/build-web")
        #expect(PlaygroundCommand.locateBuildScript(package: elsewhere, in: elsewhere) == nil)
    }
}
