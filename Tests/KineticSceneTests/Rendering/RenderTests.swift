import Testing
import Kinetic
@testable import KineticScene

@Suite("Rendering")
struct RenderTests {
    @Test func theTreeFlattensToScreenSpaceCommands() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 100, height: 100), engine: engine)
        let card = Node(frame: Rect(x: 10, y: 20, width: 60, height: 40), name: "card", engine: engine)
        card.backgroundColor = Color(rgb: 0xFF8000)
        card.cornerRadius = 50                                  // clamped to 20
        card.maskedCorners = .top
        card.clipsToBounds = true
        card.alpha = 0.5
        let label = Node(frame: Rect(x: 0, y: 0, width: 60, height: 20), name: "label", engine: engine)
        label.text = "Hi <3"
        label.alpha = 0.5
        card.addChild(label)
        let hidden = Node(frame: Rect(x: 0, y: 0, width: 5, height: 5), engine: engine)
        hidden.backgroundColor = .black
        hidden.isHidden = true
        card.addChild(hidden)
        scene.root.addChild(card)
        let list = scene.renderList()
        #expect(list.commands.count == 4)
        guard case .rect(let r) = list.commands[0] else { Issue.record("not a rect"); return }
        #expect(r.transform == Matrix2D(translationX: 10, y: 20))
        #expect(r.opacity == 0.5)
        #expect(r.cornerRadii == CornerRadii(topLeft: 20, topRight: 20, bottomLeft: 0, bottomRight: 0))
        guard case .pushClip = list.commands[1], case .text(let t) = list.commands[2], case .popClip = list.commands[3]
        else { Issue.record("unexpected commands \(list.commands)"); return }
        #expect(t.opacity == 0.25 && t.transform == Matrix2D(translationX: 10, y: 20))
        let svg = SVGRenderer.render(list)
        #expect(svg.contains("d=\"M20 0H40A20 20 0 0 1 60 20V40H0V20A20 20 0 0 1 20 0Z\" transform=\"matrix(1 0 0 1 10 20)\" fill=\"#ff8000\" fill-opacity=\"0.5\""))
        #expect(svg.contains(">Hi &lt;3</text>"))
        #expect(svg.contains("<g clip-path=\"url(#c1)\">"))
        #expect(SVGRenderer.num(1.23456) == "1.235" && SVGRenderer.num(-0.0001) == "0" && SVGRenderer.num(42) == "42")
    }
}
