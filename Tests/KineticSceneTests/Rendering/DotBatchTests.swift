// A node's dot batch: its validation, its render command, and its SVG.
import Testing
import Kinetic
@testable import KineticScene

@Suite("Dot batches")
struct DotBatchTests {
    /// A 100 × 80 scene with a 60 × 40 node at (20, 10) drawing three dots in two colours.
    func scene() -> (Scene, Node, DotBatch) {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 100, height: 80), engine: engine)
        let node = Node(frame: Rect(x: 20, y: 10, width: 60, height: 40), name: "field", engine: engine)
        node.alpha = 0.5
        let batch = DotBatch(count: 3, at: Point(x: 5, y: 5), radius: 1.5,
                             palette: [Color(rgb: 0x112233), Color(rgb: 0xFF8000, alpha: 0.5)], engine: engine)
        batch.setPosition(Point(x: 10, y: 20), at: 1)
        batch.setPosition(Point(x: 30.25, y: 39.5), at: 2)
        batch.setColorIndex(1, at: 2)
        node.dots = batch
        scene.root.addChild(node)
        return (scene, node, batch)
    }

    @Test func aNodesDotsBecomeOneCommandAfterItsFillInItsCoordinates() {
        let (scene, node, batch) = scene()
        node.backgroundColor = .white
        let list = scene.renderList()
        #expect(list.commands.count == 2)
        guard case .rect = list.commands[0], case .dots(let dots) = list.commands[1] else {
            Issue.record("expected a rect then the dots, got \(list.commands)"); return
        }
        #expect(dots.name == "field")
        #expect(dots.rect == Rect(x: 0, y: 0, width: 60, height: 40))
        #expect(dots.transform == Matrix2D(translationX: 20, y: 10))
        #expect(dots.opacity == 0.5 && dots.radius == 1.5)
        #expect(dots.positions == [Point(x: 5, y: 5), Point(x: 10, y: 20), Point(x: 30.25, y: 39.5)])
        #expect(dots.colorIndices == [0, 0, 1])
        #expect(dots.palette == batch.palette)
        // A batch with no dots or no radius draws nothing.
        batch.setRadius(0)
        #expect(scene.renderList().commands.count == 1)
    }

    @Test func badInputIsRejectedWithADiagnosticAndNoChange() {
        let (scene, _, batch) = scene()
        let engine = scene.engine
        let before = engine.diagnostics.count
        #expect(!batch.setPosition(Point(x: .nan, y: 0), at: 0))
        #expect(!batch.setPosition(Point(x: 0, y: .infinity), at: 0))
        #expect(!batch.setPosition(Point(x: 1, y: 1), at: 3))
        #expect(!batch.setPosition(Point(x: 1, y: 1), at: -1))
        #expect(!batch.setColorIndex(2, at: 0))
        #expect(!batch.setColorIndex(0, at: 3))
        #expect(!batch.setRadius(-1) && !batch.setRadius(.nan))
        #expect(engine.diagnostics.count == before + 8)
        #expect(engine.diagnostics.allSatisfy { $0.kind == .invalidArgument })
        #expect(batch.positions[0] == Point(x: 5, y: 5) && batch.colorIndices == [0, 0, 1] && batch.radius == 1.5)

        let bad = DotBatch(count: -4, radius: -2, palette: [], engine: engine)
        #expect(bad.count == 0 && bad.radius == 0 && bad.palette == [.black])
        let huge = DotBatch(count: 1, radius: 1, palette: Array(repeating: .white, count: 300), engine: engine)
        #expect(huge.palette.count == 256)
        #expect(engine.diagnostics.count == before + 8 + 4)
    }

    @Test func updateDotsWritesAsTheSettersDoAndReportsItsRejectionsOnce() {
        let (scene, _, batch) = scene()
        let engine = scene.engine
        let before = engine.diagnostics.count
        var results: [Bool] = []
        batch.updateDots { dots in
            #expect(dots.count == 3)
            results.append(dots.set(0, position: Point(x: 7, y: 8), colorIndex: 1))
            results.append(dots.set(2, position: Point(x: -1, y: 0.5), colorIndex: 0))
            // Rejected, each changing nothing: the setters' cases.
            results.append(dots.set(1, position: Point(x: .nan, y: 0), colorIndex: 1))
            results.append(dots.set(1, position: Point(x: 0, y: -.infinity), colorIndex: 1))
            results.append(dots.set(1, position: Point(x: 1, y: 1), colorIndex: 2))
            results.append(dots.set(1, position: Point(x: 1, y: 1), colorIndex: -1))
            results.append(dots.set(3, position: Point(x: 1, y: 1), colorIndex: 0))
            results.append(dots.set(-1, position: Point(x: 1, y: 1), colorIndex: 0))
            #expect(dots.rejectedCount == 6 && dots.firstRejectedIndex == 1)
        }
        #expect(results == [true, true, false, false, false, false, false, false])
        #expect(batch.positions == [Point(x: 7, y: 8), Point(x: 10, y: 20), Point(x: -1, y: 0.5)])
        #expect(batch.colorIndices == [1, 0, 0])
        // One diagnostic for the six, naming the count and the first dot.
        #expect(engine.diagnostics.count == before + 1)
        let message = engine.diagnostics.last?.message ?? ""
        #expect(engine.diagnostics.last?.kind == .invalidArgument)
        #expect(message.contains("6 write(s) rejected") && message.contains("dot 1"))
        // A clean update reports nothing; a render list made before it keeps its copy.
        let drawn = batch.positions
        batch.updateDots { dots in dots.set(1, position: .zero, colorIndex: 1) }
        #expect(engine.diagnostics.count == before + 1)
        #expect(drawn[1] == Point(x: 10, y: 20) && batch.positions[1] == .zero && batch.colorIndices[1] == 1)
    }

    @Test func svgDrawsEachColourAsRoundCappedZeroLengthStrokesClippedToTheNode() {
        let (scene, _, _) = scene()
        let svg = SVGRenderer.render(scene.renderList())
        #expect(svg.contains("<clipPath id=\"c1\"><path d=\"M0 0H60V40H0Z\" transform=\"matrix(1 0 0 1 20 10)\"/></clipPath>"))
        #expect(svg.contains("<g data-name=\"field\" data-node=\"2\" clip-path=\"url(#c1)\" opacity=\"0.5\"><g transform=\"matrix(1 0 0 1 20 10)\">"))
        // Palette order: colour 0 (two dots), then colour 1; a stroke 2·radius wide.
        #expect(svg.contains("<path d=\"M5 5h0M10 20h0\" fill=\"none\" stroke=\"#112233\" stroke-width=\"3\" stroke-linecap=\"round\"/>"))
        #expect(svg.contains("<path d=\"M30.25 39.5h0\" fill=\"none\" stroke=\"#ff8000\" stroke-width=\"3\" stroke-linecap=\"round\" stroke-opacity=\"0.5\"/>"))
        #expect(svg.contains("</g></g>\n</svg>"))
    }
}
