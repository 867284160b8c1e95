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

    @Test func aNodesCommandsShareOnePlacementAndItsShadowDimsIt() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 200, height: 100), engine: engine)
        let photo = Node(frame: Rect(x: 30, y: 20, width: 80, height: 40), name: "photo", engine: engine)
        photo.backgroundColor = .black
        photo.image = "images/photo-1.svg"
        photo.text = "Sunset"
        photo.alpha = 0.5
        photo.shadowOpacity = 0.5
        scene.root.addChild(photo)
        let list = scene.renderList()
        guard list.commands.count == 4, case .shadow(let shadow) = list.commands[0], case .rect(let fill) = list.commands[1],
              case .image(let image) = list.commands[2], case .text(let text) = list.commands[3]
        else { Issue.record("unexpected commands \(list.commands)"); return }
        let placement = fill.placement
        #expect(placement.id == photo.id && placement.name == "photo")
        #expect(placement.rect == Rect(x: 0, y: 0, width: 80, height: 40))
        #expect(placement.transform == Matrix2D(translationX: 30, y: 20))
        #expect(placement.opacity == 0.5)
        #expect(image.placement == placement && text.placement == placement)
        var dimmed = placement
        dimmed.opacity = 0.25                                   // alpha 0.5 × shadow opacity 0.5
        #expect(shadow.placement == dimmed)
        // The flat fields are the placement's, both ways.
        #expect(text.id == photo.id && text.rect == placement.rect && shadow.opacity == 0.25)
        var moved = fill
        moved.transform = Matrix2D(translationX: 5, y: 6)
        #expect(moved.placement.transform == Matrix2D(translationX: 5, y: 6) && moved.id == photo.id)
    }
}
