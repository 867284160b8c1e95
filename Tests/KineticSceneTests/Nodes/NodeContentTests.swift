// Images, shadows, stable node identity and accessibility in the render list and the SVG.
import Testing
import Kinetic
import KineticScene

@Suite("Node content: images, shadows, identity, accessibility")
struct NodeContentTests {
    /// A scene with one rounded photo card (frame 30, 20, 80 × 40) on a grey fill.
    func photoScene() -> (Scene, Node, AnimationEngine) {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 200, height: 100), engine: engine)
        let photo = Node(frame: Rect(x: 30, y: 20, width: 80, height: 40), name: "photo", engine: engine)
        photo.backgroundColor = Color(rgb: 0x808080)
        photo.cornerRadius = 6
        photo.image = "images/photo-1.svg"
        photo.contentMode = .scaleAspectFill
        scene.root.addChild(photo)
        return (scene, photo, engine)
    }

    @Test func anImageNodeDrawsItsFillThenTheImageInItsRoundedBounds() {
        let (scene, photo, _) = photoScene()
        photo.alpha = 0.5
        let list = scene.renderList()
        #expect(list.commands.count == 2)
        guard case .rect = list.commands[0], case .image(let image) = list.commands[1] else {
            Issue.record("unexpected commands \(list.commands)"); return
        }
        #expect(image.id == photo.id && image.name == "photo" && image.url == "images/photo-1.svg")
        #expect(image.rect == Rect(x: 0, y: 0, width: 80, height: 40))
        #expect(image.transform == Matrix2D(a: 1, b: 0, c: 0, d: 1, tx: 30, ty: 20))
        #expect(image.opacity == 0.5)
        #expect(image.cornerRadii == CornerRadii(topLeft: 6, topRight: 6, bottomLeft: 6, bottomRight: 6))
        #expect(image.contentMode == .scaleAspectFill && image.accessibility == .plain)
    }

    @Test func anEmptyURLDrawsNoImage() {
        let (scene, photo, _) = photoScene()
        photo.image = ImageSource(url: "")
        #expect(scene.renderList().commands.count == 1)   // the fill only
        photo.image = nil
        #expect(scene.renderList().commands.count == 1)
    }

    @Test func svgDrawsTheImageClippedWithItsFit() {
        let (scene, photo, _) = photoScene()
        photo.accessibilityRole = .image
        photo.accessibilityLabel = "A red \"sunset\""
        let svg = SVGRenderer.render(scene.renderList())
        #expect(svg.contains("<clipPath id=\"c1\"><path d=\"M6 0H74A6 6 0 0 1 80 6V34A6 6 0 0 1 74 40H6A6 6 0 0 1 0 34V6A6 6 0 0 1 6 0Z\" transform=\"matrix(1 0 0 1 30 20)\"/></clipPath>"))
        #expect(svg.contains("<g clip-path=\"url(#c1)\"><image data-name=\"photo\" data-node=\"\(photo.id)\" role=\"img\" aria-label=\"A red &quot;sunset&quot;\" href=\"images/photo-1.svg\" x=\"0\" y=\"0\" width=\"80\" height=\"40\" preserveAspectRatio=\"xMidYMid slice\" transform=\"matrix(1 0 0 1 30 20)\"/></g>"))
        // The fill is the image's backdrop, hidden from assistive technology.
        #expect(svg.contains("<path data-name=\"photo\" data-node=\"\(photo.id)\" aria-hidden=\"true\" d="))
        photo.contentMode = .scaleAspectFit
        #expect(SVGRenderer.render(scene.renderList()).contains("preserveAspectRatio=\"xMidYMid meet\""))
        photo.contentMode = .scaleToFill
        #expect(SVGRenderer.render(scene.renderList()).contains("preserveAspectRatio=\"none\""))
    }

    @Test func theShadowAnimatesLikeAnyPropertyAndIsExactAtEachInstant() {
        let (scene, photo, engine) = photoScene()
        #expect(photo.shadowColor == .black && photo.shadowOpacity == 0 && photo.shadowRadius == 3)
        #expect(photo.shadowOffset == Size(width: 0, height: -3))
        #expect(!scene.renderList().commands.contains { if case .shadow = $0 { return true } else { return false } })
        photo.shadowColor = Color(rgb: 0x000000, alpha: 0.5)
        let animator = PropertyAnimator(duration: 1, timingParameters: .cubic(.linear), engine: engine) {
            photo.shadowOpacity = 0.8
            photo.shadowRadius = 11
            photo.shadowOffset = Size(width: 4, height: 8)
        }
        animator.startAnimation()
        engine.tick(at: 0.25)
        guard case .shadow(let s) = scene.renderList().commands[0] else { Issue.record("no shadow first"); return }
        #expect(s.id == photo.id && s.rect == Rect(x: 0, y: 0, width: 80, height: 40))
        #expect(s.transform == Matrix2D(translationX: 30, y: 20))
        #expect(s.opacity == 0.8 + (0 - 0.8) * 0.75)   // additive: the model 0.8 plus its decaying offset, 0.2 to the last bit
        #expect(s.radius == 5)             // 3 + 8 · 0.25
        #expect(s.offset == Size(width: 1, height: -3 + 11 * 0.25))
        #expect(s.color == Color(rgb: 0x000000, alpha: 0.5))
        #expect(s.cornerRadii == CornerRadii(topLeft: 6, topRight: 6, bottomLeft: 6, bottomRight: 6))
        engine.tick(at: 1)
        guard case .shadow(let end) = scene.renderList().commands[0] else { Issue.record("no shadow"); return }
        #expect(end.opacity == 0.8 && end.radius == 11 && end.offset == Size(width: 4, height: 8))
        let svg = SVGRenderer.render(scene.renderList())
        // Offset shape (4, 8, 80 × 40), σ 11, a filter region 3σ around it; opacity 0.8 · 0.5.
        #expect(svg.contains("<filter id=\"s1\" filterUnits=\"userSpaceOnUse\" x=\"-29\" y=\"-25\" width=\"146\" height=\"106\"><feGaussianBlur stdDeviation=\"11\"/></filter>"))
        #expect(svg.contains("data-shadow=\"1\" aria-hidden=\"true\" d=\"M10 8H78A6 6 0 0 1 84 14V42A6 6 0 0 1 78 48H10A6 6 0 0 1 4 42V14A6 6 0 0 1 10 8Z\" transform=\"matrix(1 0 0 1 30 20)\" fill=\"#000000\" fill-opacity=\"0.4\" filter=\"url(#s1)\"/>"))
    }

    @Test func badShadowInputIsRejectedOrClampedNeverNaN() {
        let (scene, photo, engine) = photoScene()
        photo.shadowOpacity = 0.5
        let before = engine.diagnostics.count
        photo.shadowRadius = .nan                       // rejected by the core: keeps 3
        photo.shadowOffset = Size(width: .infinity, height: 1)
        #expect(engine.diagnostics.count == before + 2)
        #expect(photo.shadowRadius == 3 && photo.shadowOffset == Size(width: 0, height: -3))
        photo.shadowRadius = -4                         // drawn as 0: a sharp shadow
        photo.shadowOpacity = 7                         // drawn as 1
        guard case .shadow(let s) = scene.renderList().commands[0] else { Issue.record("no shadow"); return }
        #expect(s.radius == 0 && s.opacity == 1)
        #expect(!SVGRenderer.render(scene.renderList()).contains("<filter"))
        photo.shadowOpacity = -1                        // no shadow at all
        #expect(scene.renderList().commands.count == 2)
        // A node that draws neither a fill nor an image casts no shadow (only text here).
        photo.shadowOpacity = 1
        photo.backgroundColor = .clear
        photo.image = nil
        photo.text = "caption"
        #expect(scene.renderList().commands.count == 1)
    }

    @Test func everyCommandCarriesItsNodesIdentityWhereverTheNodeMoves() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 100, height: 100), engine: engine)
        #expect(scene.root.id == 1)
        let a = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "a", engine: engine)
        let b = Node(frame: Rect(x: 0, y: 20, width: 10, height: 10), name: "b", engine: engine)
        #expect(a.id == 2 && b.id == 3)
        for n in [a, b] { n.backgroundColor = .black; n.text = n.name; scene.root.addChild(n) }
        func ids(_ list: RenderList) -> [Int] {
            list.commands.map { c -> Int in
                switch c {
                case .rect(let r): return r.id
                case .text(let t): return t.id
                case .image(let i): return i.id
                case .shadow(let s): return s.id
                case .dots(let d): return d.id
                case .pushClip(let p): return p.id
                case .popClip: return 0
                }
            }
        }
        #expect(ids(scene.renderList()) == [2, 2, 3, 3])
        // A sibling inserted first: a and b keep their ids; the newcomer has a fresh one.
        let c = Node(frame: Rect(x: 0, y: 40, width: 10, height: 10), name: "a", engine: engine)   // same name as a
        c.backgroundColor = .white
        scene.root.insertChild(c, at: 0)
        #expect(ids(scene.renderList()) == [4, 2, 2, 3, 3])
        // Names and places do not matter; a new engine numbers the same program the same way.
        a.name = "renamed"
        scene.root.addChild(a)
        #expect(ids(scene.renderList()) == [4, 3, 3, 2, 2])
        let other = AnimationEngine()
        #expect(Node(engine: other).id == 1 && Node(engine: other).id == 2)
    }

    @Test func aButtonIsOneElementNamedByItsLabelOrText() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 100, height: 100), engine: engine)
        let button = Node(frame: Rect(x: 10, y: 10, width: 60, height: 30), name: "toggle", engine: engine)
        button.backgroundColor = .black
        button.text = "Open"
        button.accessibilityRole = .button
        scene.root.addChild(button)
        var list = scene.renderList()
        guard case .rect(let r) = list.commands[0], case .text(let t) = list.commands[1] else {
            Issue.record("unexpected \(list.commands)"); return
        }
        #expect(r.accessibility == .element(.button, label: "Open") && t.accessibility == .hidden)
        button.accessibilityLabel = "Open the drawer"
        list = scene.renderList()
        guard case .rect(let labelled) = list.commands[0] else { Issue.record("no rect"); return }
        #expect(labelled.accessibility == .element(.button, label: "Open the drawer"))
        let svg = SVGRenderer.render(list)
        #expect(svg.contains("data-node=\"\(button.id)\" role=\"button\" aria-label=\"Open the drawer\" d="))
        #expect(svg.contains("<text data-name=\"toggle\" data-node=\"\(button.id)\" aria-hidden=\"true\""))
        // Static text is the text command itself; no role leaves everything as drawn.
        button.accessibilityRole = .text
        list = scene.renderList()
        guard case .rect(let backdrop) = list.commands[0], case .text(let text) = list.commands[1] else { return }
        #expect(backdrop.accessibility == .hidden && text.accessibility == .element(.text, label: "Open the drawer"))
        button.accessibilityRole = .none
        list = scene.renderList()
        guard case .rect(let plain) = list.commands[0], case .text(let plainText) = list.commands[1] else { return }
        #expect(plain.accessibility == .plain && plainText.accessibility == .plain)
    }
}

@Suite("Matched geometry flies the picture")
struct MatchedGeometryImageTests {
    @Test func theFlightProxyShowsTheSourcesImage() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 400, height: 400), engine: engine)
        let cell = Node(frame: Rect(x: 10, y: 10, width: 100, height: 100), name: "cell", engine: engine)
        cell.image = "images/photo-4.png"
        cell.contentMode = .scaleAspectFill
        cell.accessibilityRole = .image
        cell.accessibilityLabel = "Photo 5"
        cell.matchID = "photo"
        let detail = Node(frame: Rect(x: 0, y: 100, width: 400, height: 300), name: "detail", engine: engine)
        detail.matchID = "photo"
        scene.root.addChild(cell)
        scene.root.addChild(detail)
        let flight = MatchedGeometryTransition(source: cell, destination: detail, overlay: scene.root)
        flight.startAnimation()
        engine.tick(at: 0.1)
        let images = scene.renderList().commands.compactMap { c -> RenderImage? in
            if case .image(let i) = c { return i } else { return nil }
        }
        #expect(images.count == 1)
        #expect(images.first?.name == "cell.flight" && images.first?.url == "images/photo-4.png")
        #expect(images.first?.contentMode == .scaleAspectFill && images.first?.accessibility == .element(.image, label: "Photo 5"))
    }
}
