// What swift-argument-parser brings (generated help, completion scripts) and what kinetic keeps
// on top of it: one-line errors with status 2, negative numbers as values, no repeated options.
import Testing
@testable import KineticCommandLine
import KineticHost

@Suite("kinetic on swift-argument-parser")
struct CommandLineParserTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsNameEverySubcommandAndOption(_ shell: String) {
        let result = runKinetic(arguments: ["--generate-completion-script", shell])
        #expect(result.exitCode == 0 && result.stderr.isEmpty)
        for word in ["sample", "render", "plot", "playground", "web", "serve", "damping-ratio", "no-build"] {
            #expect(result.stdout.contains(word), "\(shell): \(word)")
        }
    }

    @Test func helpIsGeneratedForNestedSubcommands() {
        let web = runKinetic(arguments: ["help", "web", "serve"])
        #expect(web.exitCode == 0)
        #expect(web.stdout.contains("USAGE: kinetic web serve <path>"))
        #expect(web.stdout.contains("Scripts/build-web --package PATH"))
        #expect(runKinetic(arguments: ["web", "serve", "--help"]).stdout == web.stdout)
        let curve = runKinetic(arguments: ["plot", "curve", "-h"])
        #expect(curve.exitCode == 0 && curve.stdout.contains("--until <seconds>"))
    }

    @Test(arguments: [
        "web serve", "web serve a b", "web frob", "playground --port 1 --port 2", "playground x",
        "playground --port 70000", "plot curve", "plot csv", "plot curve cubic easeIn --until -1",
        "render --product Card navigation --script s --out o", "render --package /nonexistent card --script s --out o",
        "help sample frob", "sample cubic linear --at=0 --at 1", "sample cubic linear ---at 0",
    ])
    func moreBadArgumentsGiveOneLineAndStatusTwo(_ line: String) {
        let result = runKinetic(arguments: args(line))
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("kinetic: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
    }

    @Test func negativeNumbersAreOptionValuesAndPositionals() {
        let split = sample(args("sample cubic 0.5 -1 0.5 2 --at -0.5,0.5"))
        let joined = sample(["sample", "cubic", "0.5", "-1", "0.5", "2", "--at=-0.5,0.5"])
        #expect(split == joined && split.count == 2)
        // y(0.5) of the cubic Bézier with y1 = -1, y2 = 2: 3/8 · (-1) + 3/8 · 2 + 1/8 = 1/2.
        #expect(split[1].value == 0.5)
        #expect(sample(args("sample cubic 0 -12 1 1 --at 0.5")) == [Row(t: 0.5, value: -4, velocity: 7)])
    }

    @Test func webServePlansTheBuildAndTheDirectory() throws {
        let result = runKinetic(arguments: ["web", "serve", "Examples/Card/", "--port", "9000", "--product", "CardApp"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "web serve: would serve Examples/Card/.build-web on http://127.0.0.1:9000/\n")
        let dir = makeTemporaryDirectory("web")
        try HostFiles.writeFile("printf '%s|' \"$@\" > '\(dir)/arguments'\n", to: dir + "/build-web")
        let plan = try #require(try? WebServeCommand.parse(["--product", "CardApp", "--no-build", "--", "-x/app"]).plan())
        #expect(plan.build == false && plan.directory == "-x/app/.build-web")
        #expect(PlaygroundCommand.build(plan, script: dir + "/build-web").status == 0)
        #expect(try HostFiles.readFile(dir + "/arguments") == "--install|--package|./-x/app|--product|CardApp|./-x/app/.build-web|")
    }

    @Test func theAppsExecutableIsFoundInSwiftPMsDescription() {
        let json = """
            warning: something\n{ "name" : "Card", "products" : [
              { "name" : "CardLib", "targets" : ["CardLib"], "type" : { "library" : ["automatic"] } },
              { "name" : "CardApp", "targets" : ["CardApp"], "type" : { "executable" : null } } ] }
            """
        #expect(PackageRunner.executableProducts(describing: Array(json.utf8)) == ["CardApp"])
        #expect(PackageRunner.executableProducts(describing: Array("not json".utf8)) == [])
    }

    @Test func renderForwardsItsArgumentsToTheAppsRunner() throws {
        let command = try RenderCommand.parse(["--package", "Examples/Card", "card", "--script", "s.txt", "--out", "o",
                                               "--fps", "30", "--record", "card.center.y"])
        #expect(command.forwardedArguments == ["render", "--script=s.txt", "--out=o", "--fps=30",
                                               "--record=card.center.y", "card"])
        // A value that looks like an option reaches the runner as given.
        let odd = try RenderCommand.parse(["--out=--o", "--script", "s.txt", "scene"])
        #expect(odd.forwardedArguments == ["render", "--script=s.txt", "--out=--o", "scene"])
        #expect(try NativeRunner.parse(odd.forwardedArguments) == .render(RenderRequest(scene: "scene", script: "s.txt", out: "--o")))
    }
}
