import Kinetic
import KineticDemos
import KineticHost
import KineticScene

/// `kinetic render`: runs a scene headlessly under a gesture script, one SVG per frame and a CSV.
enum RenderCommand: Subcommand {
    static let name = "render"
    static let summary = "Run a scene under a scripted gesture: an SVG per frame and a CSV of its properties"

    static var usage: String {
        var text = """
            USAGE:
              kinetic render SCENE --script FILE --out DIR [--fps N] [--duration SECONDS]
                             [--record NAMES]

            Runs SCENE on a manual clock: frame i is at t = i/N seconds (N = --fps, default 60),
            for --duration seconds (default: the script's 'end' line, or its last event), so a
            2 s script at 60 fps gives 120 frames. Before each frame the script's events up to
            that time are sent, each at its own timestamp (the engine advances to it first).
            Writes DIR/frame-00000.svg, ... and DIR/properties.csv: the columns 'frame,t' then,
            for each recorded property P, 'P.model,P.presentation,P.velocity'. --record takes a
            comma-separated list of property names (default: all of the scene's). Prints one
            summary line.

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
            var probe = scene.make(AnimationEngine()).channels.map(\.name)
            if probe.count > 8 { probe = Array(probe.prefix(8)) + ["..."] }
            text += "    properties: " + probe.joined(separator: ", ") + "\n"
        }
        return text
    }

    static func run<Output: TextOutputStream>(_ arguments: ArraySlice<String>, output: inout Output)
        throws(CommandLineError)
    {
        let parsed = try ParsedArguments(arguments, options: ["script", "out", "fps", "duration", "record"], context: "render")
        guard parsed.positionals.count == 1 else {
            throw CommandLineError(parsed.positionals.isEmpty ? "render: missing SCENE" : "render: expected one SCENE, got \(parsed.positionals.count)")
        }
        let request = RenderRequest(scene: parsed.positionals[0], script: parsed.string("script"), out: parsed.string("out"),
                                    fps: try parsed.number("fps"), duration: try parsed.number("duration"),
                                    record: parsed.string("record"))
        // The render itself (checks, frames, CSV) is KineticHost's, shared with every app's
        // native runner; only the file system is kinetic's own.
        let files = RenderFiles(
            read: { path throws(RenderFailure) in try renderFailure { () throws(CommandLineError) in try FileSystem.read(path) } },
            makeDirectory: { path throws(RenderFailure) in try renderFailure { () throws(CommandLineError) in try FileSystem.makeDirectory(path) } },
            write: { text, path throws(RenderFailure) in try renderFailure { () throws(CommandLineError) in try FileSystem.write(text, to: path) } })
        do throws(RenderFailure) {
            output.write(try SceneRender.run(request, entries: RenderScenes.all, files: files))
        } catch {
            throw CommandLineError(error.message, status: error.status)
        }
    }

    private static func renderFailure<T>(_ body: () throws(CommandLineError) -> T) throws(RenderFailure) -> T {
        do throws(CommandLineError) {
            return try body()
        } catch {
            throw RenderFailure(error.message, status: error.status)
        }
    }

    static func frameName(_ i: Int) -> String { SceneRender.frameName(i) }
}
