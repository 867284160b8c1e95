// Images, shadows, node ids and accessibility in the encoded render list, read through the layout.
import Testing
import Kinetic
import KineticScene
import KineticHost

@Suite("Render-list encoding of node content")
struct RenderContentEncodingTests {
    func value(_ name: String) -> Int { RenderListEncoder.layout.first { $0.name == name }!.value }

    /// The slots of an encoding, with its strings.
    struct Slots {
        let n: [Double], b: [UInt8]
        func slot(_ c: Int) -> Int { RenderListEncoder.headerCount + c * RenderListEncoder.stride }
        func string(_ i: Int) -> String { String(decoding: b[Int(n[i])..<Int(n[i] + n[i + 1])], as: UTF8.self) }
    }

    func encode(_ scene: Scene) -> Slots {
        var encoder = RenderListEncoder()
        encoder.encode(scene.renderList())
        return Slots(n: encoder.numbers, b: encoder.bytes)
    }

    @Test func anImageAndItsShadowFillTheirSlots() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 200, height: 100), engine: engine)
        let photo = Node(frame: Rect(x: 30, y: 20, width: 80, height: 40), name: "photo", engine: engine)
        photo.cornerRadius = 6
        photo.alpha = 0.5
        photo.image = "images/photo-2.svg"
        photo.contentMode = .scaleAspectFit
        photo.accessibilityRole = .image
        photo.accessibilityLabel = "Dunes"
        photo.shadowOpacity = 0.5
        photo.shadowRadius = 4
        photo.shadowOffset = Size(width: 2, height: 6)
        photo.shadowColor = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        scene.root.addChild(photo)
        let s = encode(scene)
        #expect(s.n[1] == 2)   // shadow, image (no fill)
        let shadow = s.slot(0), image = s.slot(1)
        #expect(s.n[shadow + value("field.kind")] == Double(value("kind.shadow")) && value("kind.shadow") == 7)
        #expect(s.n[image + value("field.kind")] == Double(value("kind.image")) && value("kind.image") == 6)
        for base in [shadow, image] {
            #expect(s.n[base + value("field.node")] == Double(photo.id))
            #expect(s.string(base + value("field.name")) == "photo")
            #expect(s.n[base + 3] == 80 && s.n[base + 4] == 40)
            let m = base + value("field.matrix")
            #expect(Array(s.n[m..<m + 6]) == [1, 0, 0, 1, 30, 20])
            let r = base + value("field.radii")
            #expect(Array(s.n[r..<r + 4]) == [6, 6, 6, 6])
        }
        #expect(s.n[shadow + value("field.opacity")] == 0.25)
        let c = shadow + value("field.color")
        #expect(Array(s.n[c..<c + 4]) == [0.2, 0.4, 0.6, 1])
        #expect(s.n[shadow + value("field.shadowRadius")] == 4)
        let o = shadow + value("field.shadowOffset")
        #expect(Array(s.n[o..<o + 2]) == [2, 6])
        #expect(s.n[image + value("field.opacity")] == 0.5)
        #expect(s.string(image + value("field.url")) == "images/photo-2.svg")
        #expect(s.n[image + value("field.contentMode")] == Double(value("contentMode.scaleAspectFit")))
        #expect(s.n[image + value("field.accessibility")] == Double(value("accessibility.image")))
        #expect(s.string(image + value("field.label")) == "Dunes")
    }

    @Test func idsStayWithTheirNodesWhenASiblingIsInserted() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 100, height: 100), engine: engine)
        let rows = (0..<3).map { i -> Node in
            let row = Node(frame: Rect(x: 0, y: Double(i) * 20, width: 100, height: 20), name: "row", engine: engine)
            row.backgroundColor = .black
            scene.root.addChild(row)
            return row
        }
        func ids(_ s: Slots) -> [Double] { (0..<Int(s.n[1])).map { s.n[s.slot($0) + value("field.node")] } }
        #expect(ids(encode(scene)) == rows.map { Double($0.id) })
        let inserted = Node(frame: Rect(x: 0, y: 10, width: 100, height: 20), name: "row", engine: engine)
        inserted.backgroundColor = .white
        scene.root.insertChild(inserted, at: 1)
        #expect(ids(encode(scene)) == [Double(rows[0].id), Double(inserted.id), Double(rows[1].id), Double(rows[2].id)])
        #expect(Set(rows.map(\.id) + [inserted.id]).count == 4)
    }

    @Test func aButtonsTextIsHiddenBehindItsElement() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 100, height: 100), engine: engine)
        let button = Node(frame: Rect(x: 0, y: 0, width: 60, height: 30), name: "b", engine: engine)
        button.backgroundColor = .black
        button.text = "Go"
        button.accessibilityRole = .button
        button.clipsToBounds = true
        button.addChild(Node(engine: engine))
        scene.root.addChild(button)
        let s = encode(scene)
        let rect = s.slot(0), text = s.slot(1), clip = s.slot(2)
        #expect(s.n[rect + value("field.accessibility")] == Double(value("accessibility.button")))
        #expect(s.string(rect + value("field.label")) == "Go")
        #expect(s.n[text + value("field.accessibility")] == Double(value("accessibility.hidden")))
        #expect(s.n[clip + value("field.kind")] == Double(value("kind.pushClip")) && s.n[clip + value("field.node")] == Double(button.id))
    }
}

@Suite("Image paths in native renders")
struct RenderImagePathTests {
    @Test func framesReachTheAssetsFromTheOutputDirectory() {
        #expect(SceneRender.imageBase(out: "renders/grid", assets: "Playground/web") == "../../Playground/web/")
        #expect(SceneRender.imageBase(out: "./out/", assets: "./Playground/web/") == "../Playground/web/")
        #expect(SceneRender.imageBase(out: ".", assets: "Playground/web") == "Playground/web/")
        #expect(SceneRender.imageBase(out: "/tmp/frames", assets: "/srv/assets") == "/srv/assets/")
        #expect(SceneRender.imageBase(out: "../frames", assets: "web") == "web/")   // no working directory to relate them by
    }

    @Test func onlyRelativeURLsGetTheBase() {
        let base = "../../Playground/web/"
        #expect(SVGRenderer.resolve("images/photo-0.png", base: base) == "../../Playground/web/images/photo-0.png")
        #expect(SVGRenderer.resolve("https://example.com/a.png", base: base) == "https://example.com/a.png")
        #expect(SVGRenderer.resolve("data:image/png;base64,AAAA", base: base) == "data:image/png;base64,AAAA")
        #expect(SVGRenderer.resolve("/abs/a.png", base: base) == "/abs/a.png")
        #expect(SVGRenderer.resolve("a.png?v=1:2", base: base) == "../../Playground/web/a.png?v=1:2")
        #expect(SVGRenderer.resolve("images/a.png", base: "") == "images/a.png")
    }
}
