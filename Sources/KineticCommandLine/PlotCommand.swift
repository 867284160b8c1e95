// `kinetic plot curve` and `kinetic plot csv`: SVG charts of a timing model or a recorded property.
import ArgumentParser
import Kinetic
import KineticScene
import KineticHost

/// `kinetic plot`: timing curves and recorded properties as SVG charts.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a timing curve or a recorded property as an SVG chart",
        usage: """
            kinetic plot curve MODEL... [--until SECONDS] [--out FILE]
            kinetic plot csv FILE --property NAME [--out FILE]
            """,
        discussion: """
            curve: the value of a timing model against time, drawn solid. MODEL is what
              'kinetic sample' takes before --at (cubic X1 Y1 X2 Y2, cubic easeIn, spring --damping-ratio
              1 --duration 0.5, decay --velocity 1000, ...); cubic curves are drawn over 0...1, springs
              and decays over 0...SECONDS (--until, default 1.5), at 400 instants.
            csv: a property recorded by 'kinetic render' (its properties.csv), against t: the model
              value solid and the presentation value dotted, as the 2016 session draws them.

            The SVG goes to FILE, or to standard output without --out. FILE is replaced only once the
            whole chart is written (to a temporary file beside it, then renamed over it): a write
            that fails (a full disk) leaves an earlier FILE as it was, with exit status 1. A FIFO,
            device or directory as FILE is refused (status 2) without opening it.
            """,
        subcommands: [PlotCurveCommand.self, PlotCSVCommand.self])

    /// Writes `svg` to `out` atomically (``HostFiles/replaceFile(_:at:writer:)``: an earlier
    /// file survives a failed write whole; FIFOs and devices refused), or to `output` without one.
    static func write<Output: TextOutputStream>(_ svg: String, to out: String?, output: inout Output)
        throws(CommandLineError)
    {
        if let out {
            try HostFiles.replaceFile(svg, at: out)
            output.write("wrote \(out)\n")
        } else {
            output.write(svg)
        }
    }

    /// The largest magnitude `plot csv` draws (so that every span between two values is finite).
    static let largestPlotted = 1e15

    /// A 640 × 360 chart: each series a polyline, dotted when asked.
    static func chart(title: String, xLabel: String, series: [([(Double, Double)], Bool)]) -> String {
        let w = 640.0, h = 360.0, left = 60.0, right = 20.0, top = 40.0, bottom = 40.0
        var xs: [Double] = [], ys: [Double] = []
        for (points, _) in series { for (x, y) in points where x.isFinite && y.isFinite { xs.append(x); ys.append(y) } }
        var x0 = xs.min() ?? 0, x1 = xs.max() ?? 1, y0 = ys.min() ?? 0, y1 = ys.max() ?? 1
        if x1 <= x0 { x1 = x0 + 1 }
        if y1 <= y0 { y0 -= 0.5; y1 += 0.5 }
        let pad = (y1 - y0) * 0.05
        y0 -= pad; y1 += pad
        func px(_ x: Double) -> String { SVGRenderer.num(left + (x - x0) / (x1 - x0) * (w - left - right)) }
        func py(_ y: Double) -> String { SVGRenderer.num(h - bottom - (y - y0) / (y1 - y0) * (h - top - bottom)) }
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"360\" viewBox=\"0 0 640 360\" font-family=\"sans-serif\" font-size=\"12\">\n"
        s += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        s += "<text x=\"320\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">\(SVGRenderer.escape(title))</text>\n"
        s += "<path d=\"M\(SVGRenderer.num(left)) \(SVGRenderer.num(top))V\(SVGRenderer.num(h - bottom))H\(SVGRenderer.num(w - right))\" stroke=\"#888\" fill=\"none\"/>\n"
        s += "<text x=\"\(SVGRenderer.num(left - 6))\" y=\"\(py(y1 - pad))\" text-anchor=\"end\">\(SVGRenderer.num(y1 - pad))</text>\n"
        s += "<text x=\"\(SVGRenderer.num(left - 6))\" y=\"\(py(y0 + pad))\" text-anchor=\"end\">\(SVGRenderer.num(y0 + pad))</text>\n"
        s += "<text x=\"\(px(x0))\" y=\"\(SVGRenderer.num(h - bottom + 16))\" text-anchor=\"middle\">\(SVGRenderer.num(x0))</text>\n"
        s += "<text x=\"\(px(x1))\" y=\"\(SVGRenderer.num(h - bottom + 16))\" text-anchor=\"middle\">\(SVGRenderer.num(x1))</text>\n"
        s += "<text x=\"320\" y=\"\(SVGRenderer.num(h - 8))\" text-anchor=\"middle\">\(SVGRenderer.escape(xLabel))</text>\n"
        for (points, dotted) in series {
            var d = ""
            for (x, y) in points where x.isFinite && y.isFinite {
                d += (d.isEmpty ? "M" : "L") + px(x) + " " + py(y)
            }
            s += "<path d=\"\(d)\" fill=\"none\" stroke=\"\(dotted ? "#d9480f" : "#1c7ed6")\" stroke-width=\"2\""
            if dotted { s += " stroke-dasharray=\"2 4\" stroke-linecap=\"round\"" }
            s += "/>\n"
        }
        return s + "</svg>\n"
    }
}

/// `kinetic plot curve`: a timing model's value against time.
struct PlotCurveCommand: ParsableCommand, RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Draw a timing model's value against time (MODEL as 'kinetic sample' takes it before --at)",
        usage: "kinetic plot curve MODEL... [--until SECONDS] [--out FILE]")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The model, as 'kinetic sample' takes it.", valueName: "model"))
    var model: [String] = []
    @Option(parsing: .unconditional, help: ArgumentHelp("Springs and decays: the time span in seconds (default 1.5).",
                                                        valueName: "seconds"))
    var until: String?
    @Option(help: ArgumentHelp("The SVG file (default: standard output).", valueName: "file"), completion: .file(extensions: ["svg"]))
    var out: String?

    func execute<Output: TextOutputStream>(output: inout Output) throws(CommandLineError) {
        var span = 1.5
        if let until {
            span = try parseFiniteNumber(until, what: "--until")
            guard span > 0 else { throw CommandLineError("--until must be positive") }
        }
        if model.first == "cubic" { span = 1 }
        let times = "0:\(span):\(span / 400)"
        let (timing, instants) = try SampleCommand.model(from: model + ["--at", times])
        let points = instants.map { ($0, timing.sample(at: $0).value) }
        let svg = PlotCommand.chart(title: model.joined(separator: " "),
                                    xLabel: model.first == "cubic" ? "time fraction" : "t (s)",
                                    series: [(points, false)])
        try PlotCommand.write(svg, to: out, output: &output)
    }
}

/// `kinetic plot csv`: a property `kinetic render` recorded, model solid and presentation dotted.
struct PlotCSVCommand: ParsableCommand, RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Draw a property recorded by 'kinetic render' (its properties.csv) against t",
        usage: "kinetic plot csv FILE --property NAME [--out FILE]")

    @Argument(help: ArgumentHelp("The properties.csv file.", valueName: "file"), completion: .file(extensions: ["csv"]))
    var files: [String] = []
    @Option(help: ArgumentHelp("The property, for example detail.center.x.", valueName: "name"))
    var property: String?
    @Option(help: ArgumentHelp("The SVG file (default: standard output).", valueName: "file"), completion: .file(extensions: ["svg"]))
    var out: String?

    func execute<Output: TextOutputStream>(output: inout Output) throws(CommandLineError) {
        guard files.count == 1 else { throw CommandLineError("plot csv: expected one FILE") }
        guard let property else { throw CommandLineError("plot csv: missing --property NAME") }
        let table = try HostFiles.readFile(files[0])
        // "\r\n" is one Character in Swift: split on it too, so a CRLF file reads as LF.
        var lines = table.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        guard !lines.isEmpty else { throw CommandLineError("plot csv: \(quoted(files[0])) is empty") }
        let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard let tColumn = header.firstIndex(of: "t"),
              let modelColumn = header.firstIndex(of: property + ".model"),
              let presentationColumn = header.firstIndex(of: property + ".presentation") else {
            let names = header.filter { $0.hasSuffix(".model") }.map { String($0.dropLast(6)) }
            throw CommandLineError("plot csv: no columns t, \(property).model and \(property).presentation"
                                   + (names.isEmpty ? "" : "; the properties are: " + names.joined(separator: ", ")))
        }
        var model: [(Double, Double)] = [], presentation: [(Double, Double)] = []
        for (n, line) in lines.enumerated() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            guard f.count == header.count, let t = Double(f[tColumn]), let m = Double(f[modelColumn]),
                  let p = Double(f[presentationColumn]) else {
                throw CommandLineError("plot csv: line \(n + 2) is malformed")
            }
            // A chart's span must be a finite number: NaN, infinities and values whose
            // difference overflows would draw nothing meaningful.
            guard [t, m, p].allSatisfy({ $0.isFinite && $0.magnitude <= PlotCommand.largestPlotted }) else {
                throw CommandLineError("plot csv: line \(n + 2): t, model and presentation must be finite numbers within ±1e15")
            }
            model.append((t, m)); presentation.append((t, p))
        }
        let svg = PlotCommand.chart(title: property, xLabel: "t (s)", series: [(model, false), (presentation, true)])
        try PlotCommand.write(svg, to: out, output: &output)
    }
}
