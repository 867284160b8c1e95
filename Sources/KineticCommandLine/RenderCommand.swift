// `kinetic render`: a scene under a gesture script, natively, or through another package's app.
import ArgumentParser
import Kinetic
import KineticDemos
import KineticHost
import KineticScene

/// `kinetic render`: runs a scene headlessly under a gesture script, one SVG per frame and a CSV;
/// with `--package PATH`, a scene of another package's app, through that app's own runner.
struct RenderCommand: ParsableCommand, RunnableCommand {
    // Computed once: the discussion builds every scene to list its properties, and
    // swift-argument-parser reads the configuration many times per parse.
    static let configuration: CommandConfiguration = {
        CommandConfiguration(
            commandName: "render",
            abstract: "Run a scene under a scripted gesture: an SVG per frame and a CSV of its properties",
            usage: """
                kinetic render SCENE --script FILE --out DIR [--fps N] [--duration SECONDS] [--record NAMES]
                kinetic render --package PATH [--product NAME] SCENE --script FILE --out DIR ...
                """,
            discussion: discussion)
    }()

    @Argument(help: ArgumentHelp("The scene (see SCENES).", valueName: "scene"),
              completion: .list(RenderScenes.all.map(\.name)))
    var scenes: [String] = []
    @Option(help: ArgumentHelp("The gesture script.", valueName: "file"), completion: .file(extensions: ["txt"]))
    var script: String?
    @Option(help: ArgumentHelp("The directory the frames and properties.csv are written to.", valueName: "dir"),
            completion: .directory)
    var out: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second (default 60).", valueName: "n"))
    var fps: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("The recording's length in seconds.", valueName: "seconds"))
    var duration: String?
    @Option(help: ArgumentHelp("Comma-separated property names to record (default: all).", valueName: "names"))
    var record: String?
    @Option(help: ArgumentHelp("Render a scene of the SwiftPM package at PATH (an app with a KineticApp).",
                               valueName: "path"),
            completion: .directory)
    var package: String?
    @Option(help: ArgumentHelp("With --package: the executable product (default: the package's only one).",
                               valueName: "name"))
    var product: String?

    /// The help text (`kinetic render --help`).
    static var usage: String { RootCommand.helpMessage(for: RenderCommand.self, columns: KineticCommandLine.helpColumns) + "\n" }

    static var discussion: String {
        var text = """
            Runs SCENE on a manual clock: frame i is at t = i/N seconds (N = --fps, default 60),
            for --duration seconds (default: the script's 'end' line, or its last event), so a
            2 s script at 60 fps gives 120 frames. Before each frame the script's events up to
            that time are sent, each at its own timestamp (the engine advances to it first).
            Writes DIR/frame-00000.svg, ... and DIR/properties.csv: the columns 'frame,t' then,
            for each recorded property P, 'P.model,P.presentation,P.velocity'. --record takes a
            comma-separated list of property names (default: all of the scene's). Prints one
            summary line. DIR must be new, empty or an earlier render (a FIFO, device or file is
            refused). The frames are written to a directory beside DIR and swapped in only once
            all are written, so an earlier render is replaced whole or, if the render fails (a
            full disk), kept as it was; the files of a failed render are removed. One render
            writes at most 1024 MB (a larger one is refused after its first frame).

            GESTURE SCRIPT (one event per line; '#' starts a comment):
              TIME down    POINTER X Y
              TIME move    POINTER X Y
              TIME up      POINTER X Y
              TIME cancel  POINTER X Y
              TIME drag    POINTER X0 Y0 TIME1 X1 Y1   down at TIME, a move every 1/60 s, up at TIME1
              TIME end                                 the recording's length
            Times in seconds, in non-decreasing order; positions in screen points. A malformed
            line, an event out of time order, a move/up/cancel for a pointer that is not down or
            a down for one that is, are errors naming the line; nothing is written.

            SCENES:

            """
        for scene in RenderScenes.all {
            text += "  \(scene.name)  \(scene.title)\n"
            // The help makes the engine, so it ends it: a scene awake from its first instant (a
            // dynamics world) would otherwise keep its engine alive.
            let engine = AnimationEngine()
            var probe = scene.make(engine).channels.map(\.name)
            engine.invalidate()
            if probe.count > 8 { probe = Array(probe.prefix(8)) + ["..."] }
            // Wrapped here, indented, within the help's width (swift-argument-parser would wrap
            // a longer line at the margin).
            var line = "    properties:"
            for (i, name) in probe.enumerated() {
                let word = " " + name + (i + 1 < probe.count ? "," : "")
                if line.count + word.count > KineticCommandLine.helpColumns - 4 {
                    text += line + "\n"
                    line = "               "
                }
                line += word
            }
            text += line + "\n"
        }
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    func execute<Output: TextOutputStream>(output: inout Output) throws(CommandLineError) {
        if let package {
            let status = try PackageRunner.run(package: package, product: product, arguments: forwardedArguments)
            if status != KineticCommandLine.successStatus { throw CommandLineError.alreadyReported(status: status) }
            return
        }
        if let product { throw CommandLineError("render: --product \(quoted(product)) needs --package PATH") }
        // The arguments' checks, the render itself (checks, frames, CSV) and the files are
        // KineticHost's, shared with every app's native runner (`EXE render ...`).
        guard case .render(let request) = try NativeRunner.parse(forwardedArguments) else {
            throw CommandLineError("render: missing SCENE")
        }
        output.write(try SceneRender.run(request, entries: RenderScenes.all, files: NativeRunner.posixFiles))
    }

    /// The arguments for the app's own `render` (contract: `EXE render ...`), as given: the
    /// options first, each as `--name=value` (so a value may start with `-`), then the scene.
    var forwardedArguments: [String] {
        var arguments = ["render"]
        for (name, value) in [("script", script), ("out", out), ("fps", fps), ("duration", duration), ("record", record)] {
            if let value { arguments += ["--" + name + "=" + value] }
        }
        return arguments + scenes
    }

    static func frameName(_ i: Int) -> String { SceneRender.frameName(i) }
}
