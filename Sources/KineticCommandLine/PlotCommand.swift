import Kinetic
import KineticScene

/// `kinetic plot`: timing curves and recorded properties as SVG charts.
enum PlotCommand: Subcommand {
    static let name = "plot"
    static let summary = "Draw a timing curve or a recorded property as an SVG chart"

    static let usage = """
        USAGE:
          kinetic plot curve MODEL... [--until SECONDS] [--out FILE]
          kinetic plot csv FILE --property NAME [--out FILE]

        curve: the value of a timing model against time, drawn solid. MODEL is what
          'kinetic sample' takes before --at (cubic X1 Y1 X2 Y2, cubic easeIn, spring --damping-ratio
          1 --duration 0.5, decay --velocity 1000, ...); cubic curves are drawn over 0...1, springs
          and decays over 0...SECONDS (--until, default 1.5), at 400 instants.
        csv: a property recorded by 'kinetic render' (its properties.csv), against t: the model
          value solid and the presentation value dotted, as the 2016 session draws them.

        The SVG goes to FILE, or to standard output without --out.

        """

    static func run<Output: TextOutputStream>(_ arguments: ArraySlice<String>, output: inout Output)
        throws(CommandLineError)
    {
        guard let kind = arguments.first else { throw CommandLineError("plot: missing 'curve' or 'csv'") }
        var rest = Array(arguments.dropFirst())
        var out: String?
        if let i = rest.firstIndex(of: "--out") {
            guard i + 1 < rest.count else { throw CommandLineError("option '--out' needs a value") }
            out = rest[i + 1]
            rest.removeSubrange(i...(i + 1))
        }
        let svg: String
        switch kind {
        case "curve":
            var until = 1.5
            if let i = rest.firstIndex(of: "--until") {
                guard i + 1 < rest.count else { throw CommandLineError("option '--until' needs a value") }
                until = try parseNumber(rest[i + 1], what: "--until")
                guard until > 0 else { throw CommandLineError("--until must be positive") }
                rest.removeSubrange(i...(i + 1))
            }
            let span = rest.first == "cubic" ? 1.0 : until
            let times = "0:\(span):\(span / 400)"
            let (model, instants) = try SampleCommand.parse((rest + ["--at", times])[...])
            let points = instants.map { ($0, model.sample(at: $0).value) }
            svg = chart(title: rest.joined(separator: " "), xLabel: rest.first == "cubic" ? "time fraction" : "t (s)",
                        series: [(points, false)])
        case "csv":
            let parsed = try ParsedArguments(rest[...], options: ["property"], context: "plot csv")
            guard parsed.positionals.count == 1 else { throw CommandLineError("plot csv: expected one FILE") }
            guard let property = parsed.string("property") else { throw CommandLineError("plot csv: missing --property NAME") }
            let table = try FileSystem.read(parsed.positionals[0])
            // "\r\n" is one Character in Swift: split on it too, so a CRLF file reads as LF.
            var lines = table.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            guard !lines.isEmpty else { throw CommandLineError("plot csv: \(quoted(parsed.positionals[0])) is empty") }
            let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard let tColumn = header.firstIndex(of: "t"),
                  let modelColumn = header.firstIndex(of: property + ".model"),
                  let presentationColumn = header.firstIndex(of: property + ".presentation") else {
                throw CommandLineError("plot csv: no columns t, \(property).model and \(property).presentation")
            }
            var model: [(Double, Double)] = [], presentation: [(Double, Double)] = []
            for (n, line) in lines.enumerated() {
                let f = line.split(separator: ",", omittingEmptySubsequences: false)
                guard f.count == header.count, let t = Double(f[tColumn]), let m = Double(f[modelColumn]),
                      let p = Double(f[presentationColumn]) else {
                    throw CommandLineError("plot csv: line \(n + 2) is malformed")
                }
                model.append((t, m)); presentation.append((t, p))
            }
            svg = chart(title: property, xLabel: "t (s)", series: [(model, false), (presentation, true)])
        default:
            throw CommandLineError("plot: unknown kind \(quoted(kind)) (expected curve or csv)")
        }
        if let out {
            try FileSystem.write(svg, to: out)
            output.write("wrote \(out)\n")
        } else {
            output.write(svg)
        }
    }

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
