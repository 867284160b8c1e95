// The sheet scene: a bottom sheet with three detents you drag, flick and grab mid-flight.
import Kinetic
import KineticHost
import KineticScene

/// A bottom sheet resting at one of three detents, as UIKit's `UISheetPresentationController`.
///
/// - **Drag** it: the sheet follows the finger vertically; past the large or the collapsed
///   detent it resists (`rubberBand`, 0.55 of the finger's motion at first, then ever less).
/// - **Release** it: the release velocity is projected as a flick would coast
///   (`project(_:velocity:decelerationRate:)` at `.normal`), the detent nearest that point is
///   chosen, and a spring carries the sheet there starting with exactly the release velocity.
/// - **Grab it mid-flight**: it stops exactly where it is and follows the finger from there
///   (even when caught past a detent, where the rubber band is undone so nothing jumps).
///
/// ## Ownership
/// The scene owns the node tree, the tree owns the pan recognizer and its handler. The handler
/// reaches the sheet through the recognizer's node; the one number a drag needs to remember (the
/// finger-space position where it was caught) lives in a ``SheetDrag``, a small object that
/// refers to nothing. So nothing the tree owns refers back to it: dropping the scene frees it.
final class SheetScene: HostedScene {
    /// The detents, by the sheet's top edge in screen points.
    enum Detent: CaseIterable {
        case large, medium, collapsed

        /// The sheet's top edge at this detent (points from the top of the screen).
        var top: Double {
            switch self {
            case .large: return 64
            case .medium: return SheetScene.size.height / 2
            case .collapsed: return SheetScene.size.height - 110
            }
        }
    }

    /// The screen size the scene is laid out for (points).
    static let size = Size(width: 375, height: 667)
    /// The sheet's height: the screen plus room below, so a sheet pulled above the large detent
    /// never shows its bottom edge.
    static let height = size.height + 240
    /// The spring that carries the sheet to a detent: damping ratio 0.85, response 0.45 s.
    static let spring = SpringTimingParameters(dampingRatio: 0.85, response: 0.45)
    /// How far a release velocity is projected: a flick coasting at `.normal` (0.998 per ms).
    static let decelerationRate = DecelerationRate.normal
    /// The rubber band's dimension: past a detent, the sheet moves at most this far.
    static let rubberBandDimension = size.height

    let scene: Scene
    /// The sheet (`"sheet"`).
    let sheet: Node

    /// The scene on `engine`, the sheet at its medium detent.
    init(engine: AnimationEngine) {
        scene = Scene(size: SheetScene.size, engine: engine)
        scene.root.backgroundColor = Color(rgb: 0xDDE7F0)
        for i in 0..<3 {
            let card = Node(frame: Rect(x: 20, y: 80 + Double(i) * 120, width: SheetScene.size.width - 40, height: 100),
                            name: "content\(i)", engine: engine)
            card.backgroundColor = Color(white: 1, alpha: 0.6)
            card.cornerRadius = 14
            card.text = ["Behind the sheet", "Drag the sheet", "Flick it between detents"][i]
            card.textColor = Color(rgb: 0x3A3A3C)
            scene.root.addChild(card)
        }

        sheet = Node(frame: Rect(x: 0, y: Detent.medium.top, width: SheetScene.size.width, height: SheetScene.height),
                     name: "sheet", engine: engine)
        sheet.backgroundColor = .white
        sheet.cornerRadius = 16
        sheet.maskedCorners = .top
        scene.root.addChild(sheet)
        let grabber = Node(frame: Rect(x: (SheetScene.size.width - 36) / 2, y: 6, width: 36, height: 5),
                           name: "sheet.grabber", engine: engine)
        grabber.backgroundColor = Color(rgb: 0xC7C7CC)
        grabber.cornerRadius = 2.5
        sheet.addChild(grabber)
        let title = Node(frame: Rect(x: 0, y: 20, width: SheetScene.size.width, height: 30), name: "sheet.title", engine: engine)
        title.text = "Detents"
        title.fontSize = 20
        sheet.addChild(title)
        for i in 0..<6 {
            let row = Node(frame: Rect(x: 16, y: 64 + Double(i) * 56, width: SheetScene.size.width - 32, height: 44),
                           name: "sheet.row\(i)", engine: engine)
            row.backgroundColor = Color(rgb: 0xF2F2F7)
            row.cornerRadius = 10
            sheet.addChild(row)
        }

        let drag = SheetDrag()
        sheet.addGestureRecognizer(PanGestureRecognizer { pan in SheetScene.didPan(pan, drag) })
    }

    /// The sheet's top edge (model, presentation, velocity), recorded by `kinetic render` and the
    /// page's recorder.
    var channels: [SceneChannel] {
        let c = sheet.$center, half = SheetScene.height / 2
        return [SceneChannel(name: "sheet.top") { (c.value.y - half, c.presentationValue.y - half, c.velocity.y) }]
    }

    /// The sheet's top edge now (presentation).
    var top: Double { sheet.$center.presentationValue.y - SheetScene.height / 2 }

    /// The detent a sheet whose top is at `top`, released at `velocity` (points per second,
    /// positive down), goes to: the one nearest to where the flick would coast to rest.
    static func detent(from top: Double, velocity: Double) -> Detent {
        let projected = project(top, velocity: velocity, decelerationRate: decelerationRate)
        var best = Detent.large
        for d in Detent.allCases where abs(d.top - projected) < abs(best.top - projected) { best = d }
        return best
    }

    /// Where the sheet is drawn for a finger-space position `raw`: `raw` between the large and the
    /// collapsed detents, rubber-banded past them.
    static func shown(_ raw: Double) -> Double {
        rubberBand(raw, bounds: Detent.large.top...Detent.collapsed.top, dimension: rubberBandDimension)
    }

    /// The finger-space position that ``shown(_:)`` draws at `top`: its inverse, so that a sheet
    /// caught past a detent does not jump. Past a bound by `y` (less than the dimension `d`),
    /// the finger is past it by `(d / 0.55) · (1 / (1 − y/d) − 1)`.
    static func unbanded(_ top: Double) -> Double {
        let lower = Detent.large.top, upper = Detent.collapsed.top, d = rubberBandDimension
        func inverse(_ y: Double) -> Double { (1 / (1 - Swift.min(y, d * 0.999) / d) - 1) * d / 0.55 }
        if top < lower { return lower - inverse(lower - top) }
        if top > upper { return upper + inverse(top - upper) }
        return top
    }

    static func didPan(_ pan: PanGestureRecognizer, _ drag: SheetDrag) {
        guard let sheet = pan.node else { return }
        let center = sheet.$center
        let half = SheetScene.height / 2
        switch pan.state {
        case .began:
            // Catch: the presentation becomes the model and the spring's track goes; nothing
            // moves at this instant. The drag then measures from here.
            let here = center.presentationValue
            center.removeAllAnimations()
            center.setWithoutAnimation(here)
            drag.caughtAt = unbanded(here.y - half)
            pan.setTranslation(.zero, in: nil)
        case .changed:
            let top = shown(drag.caughtAt + pan.translation(in: nil).y)
            center.setWithoutAnimation(Point(x: center.value.x, y: top + half))
        case .ended, .cancelled:
            let velocity = pan.velocity(in: nil).y
            let here = center.presentationValue
            let detent = detent(from: here.y - half, velocity: velocity)
            SpringAnimation(property: center, spring: spring, target: Point(x: here.x, y: detent.top + half),
                            velocity: Point(x: 0, y: velocity)).start()
        default:
            break
        }
    }
}

/// What a drag of the sheet remembers between events: where, in finger space, it caught the
/// sheet. It refers to nothing, so the pan handler can own it without a cycle.
final class SheetDrag {
    /// The finger-space top edge at the catch (see ``SheetScene/unbanded(_:)``).
    var caughtAt = 0.0
}
