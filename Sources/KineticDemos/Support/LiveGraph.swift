import Kinetic
import KineticScene

/// A live graph drawn with the scene's own nodes, so every host draws it with no extra code:
/// a sweep, like an oscilloscope's, of one or more series over a time window.
///
/// The graph's clock only runs while ``isActive`` says so (an animator is active or something
/// moves), so when the motion stops the trace of the last one stays on screen. Each frame moves
/// one dot per series (the slot under the sweep), which keeps a host's per-frame work small.
/// Samples outside ``range`` are clamped to the graph's edges.
final class LiveGraph {
    /// How a series is drawn.
    enum Style { case solid, dotted }
    struct Series {
        var color: Color
        var style: Style
    }

    let node: Node
    let range: ClosedRange<Double>
    let window: Double
    private let slots: Int
    private var dots: [[Node]] = []
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
        let titleNode = Widgets.label(name + ".title", title, Rect(x: 0, y: 2, width: frame.width, height: 14),
                                      size: 10, color: Palette.gray, engine: engine)
        node.addChild(titleNode)
        cursor = Widgets.box(name + ".cursor", Rect(x: 0, y: 16, width: 1, height: frame.height - 20),
                             Color(white: 0.6, alpha: 0.6), engine: engine)
        node.addChild(cursor)
        isActive = { engine.hasRunningAnimations || !engine.animators.isEmpty }
        for (k, s) in series.enumerated() {
            var row: [Node] = []
            for i in 0..<slots where s.style == .solid || i % 2 == 0 {
                let size = s.style == .solid ? 2.5 : 2.0
                let dot = Widgets.box("\(name).s\(k).\(i)", Rect(x: 0, y: 0, width: size, height: size), s.color,
                                      radius: s.style == .solid ? 0 : 1, engine: engine)
                dot.isHidden = true
                dot.isUserInteractionEnabled = false
                node.addChild(dot)
                row.append(dot)
            }
            dots.append(row)
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
        for (k, row) in dots.enumerated() where k < values.count {
            let stride = slots / row.count
            guard slot % stride == 0 else { continue }
            let dot = row[slot / stride]
            let v = values[k].isFinite ? values[k] : range.lowerBound
            let u = (Swift.min(Swift.max(v, range.lowerBound), range.upperBound) - range.lowerBound)
                / (range.upperBound - range.lowerBound)
            dot.center = Point(x: x, y: 18 + (1 - u) * (h - 24))
            dot.isHidden = false
        }
    }
}
