import Kinetic
import KineticScene

/// A live graph drawn with the scene's own nodes, so every host draws it with no extra code:
/// a sweep, like an oscilloscope's, of one or more series over a time window.
///
/// The graph's clock only runs while ``isActive`` says so (an animator is active or something
/// moves), so when the motion stops the trace of the last one stays on screen. Each frame moves
/// one dot per series (the slot under the sweep), which keeps a host's per-frame work small.
/// Samples outside ``range`` are clamped to the graph's edges.
///
/// Its text is 13 points (11.5 px on screen at the Studio's smallest scale, 0.89 on a phone), and
/// series that may coincide (the pane's three engines) are told apart by their marks: a line of
/// squares, round dots every third column, diamonds every third column a column later.
final class LiveGraph {
    /// How a series is drawn.
    enum Style {
        /// A 2.5-point square in every column: a line.
        case solid
        /// A 2-point dot every other column.
        case dotted
        /// A 4.5-point round dot every third column.
        case dots
        /// A 4-point diamond every third column, one column after ``dots``.
        case diamonds

        /// Which columns get a mark: every `every`-th, from `phase`.
        var every: Int { self == .solid ? 1 : self == .dotted ? 2 : 3 }
        var phase: Int { self == .diamonds ? 1 : 0 }
        var size: Double { self == .solid ? 2.5 : self == .dotted ? 2 : self == .dots ? 4.5 : 4 }
    }
    struct Series {
        var color: Color
        var style: Style
        /// The series' name in the legend (none when empty).
        var name: String = ""
        /// Points added to the series' y on the graph, so that series with equal values are
        /// drawn side by side rather than on top of each other (0: drawn where they are).
        var offset: Double = 0
    }
    /// The text size of the title and legend, in points.
    static let textSize = 13.0
    /// The height of the title line above the plot, in points.
    static let titleHeight = 18.0

    let node: Node
    let range: ClosedRange<Double>
    let window: Double
    private let slots: Int
    private var dots: [[Node]] = []
    private var styles: [Style] = []
    private var offsets: [Double] = []
    private var clock = 0.0
    private var lastTime: Double?
    private var lastSlot = -1
    private let cursor: Node
    /// Whether the graph's clock runs (default: the engine has running animations).
    var isActive: () -> Bool

    /// A graph in `frame` (in its parent's coordinates) showing `window` seconds in `slots`
    /// columns; `range` is the value at the bottom and at the top.
    init(name: String, frame: Rect, range: ClosedRange<Double>, window: Double, slots: Int = 90,
         series: [Series], title: String, engine: AnimationEngine) {
        node = Widgets.box(name, frame, Color(white: 1, alpha: 0.92), radius: 8, engine: engine)
        self.range = range
        self.window = window
        self.slots = slots
        // The title, then each named series' name in its colour, left to right from the title
        // (widths estimated at 0.6 em per character: the render list has no text metrics).
        let legend = series.filter { !$0.name.isEmpty }
        let em = LiveGraph.textSize * 0.6
        let titleWidth = legend.isEmpty ? frame.width : Double(title.count) * em + 12
        let titleNode = Widgets.label(name + ".title", title, Rect(x: legend.isEmpty ? 0 : 4, y: 1, width: titleWidth, height: LiveGraph.titleHeight),
                                      size: LiveGraph.textSize, color: Palette.gray, engine: engine)
        node.addChild(titleNode)
        var x = 4 + titleWidth
        for (k, s) in legend.enumerated() {
            let width = Double(s.name.count) * em + 14
            let label = Widgets.label("\(name).legend\(k)", s.name, Rect(x: x, y: 1, width: width, height: LiveGraph.titleHeight),
                                      size: LiveGraph.textSize, color: s.color, engine: engine)
            label.isUserInteractionEnabled = false
            node.addChild(label)
            x += width
        }
        cursor = Widgets.box(name + ".cursor", Rect(x: 0, y: LiveGraph.titleHeight + 2, width: 1, height: frame.height - LiveGraph.titleHeight - 6),
                             Color(white: 0.6, alpha: 0.6), engine: engine)
        node.addChild(cursor)
        isActive = { engine.hasRunningAnimations || !engine.animators.isEmpty }
        for (k, s) in series.enumerated() {
            var row: [Node] = []
            let style = s.style
            for i in 0..<slots where i % style.every == style.phase {
                let size = style.size
                let dot = Widgets.box("\(name).s\(k).\(i)", Rect(x: 0, y: 0, width: size, height: size), s.color,
                                      radius: style == .solid || style == .diamonds ? 0 : size / 2, engine: engine)
                if style == .diamonds { dot.transform = AffineTransform(rotationAngle: Double.pi / 4) }
                dot.isHidden = true
                dot.isUserInteractionEnabled = false
                node.addChild(dot)
                row.append(dot)
            }
            dots.append(row)
            styles.append(style)
            offsets.append(s.offset)
        }
        node.isUserInteractionEnabled = false
    }

    /// Records `values` (one per series) at the engine time `time` (a demo's `didAdvance(to:)`
    /// time, which never goes back).
    func record(time: Double, values: [Double]) {
        if let last = lastTime, isActive() { clock += time - last }
        lastTime = time
        let slot = Int((clock.truncatingRemainder(dividingBy: window) / window) * Double(slots)) % slots
        let w = node.bounds.width, h = node.bounds.height
        let x = (Double(slot) + 0.5) * w / Double(slots)
        cursor.center = Point(x: x, y: cursor.center.y)
        guard slot != lastSlot else { return }
        lastSlot = slot
        let top = LiveGraph.titleHeight + 3
        for (k, row) in dots.enumerated() where k < values.count {
            let style = styles[k]
            guard slot % style.every == style.phase, slot / style.every < row.count else { continue }
            let dot = row[slot / style.every]
            let v = values[k].isFinite ? values[k] : range.lowerBound
            let u = (Swift.min(Swift.max(v, range.lowerBound), range.upperBound) - range.lowerBound)
                / (range.upperBound - range.lowerBound)
            dot.center = Point(x: x, y: top + (1 - u) * (h - top - 6) + offsets[k])
            dot.isHidden = false
        }
    }
}
