// The card scene: a card you drag, throw into a corner, and tap or grab again mid-flight.
import Kinetic
import KineticHost
import KineticScene

/// A card resting in one of the screen's four corners, like a picture-in-picture window.
///
/// - **Drag** it: the card follows the finger one to one.
/// - **Release** it: the release velocity is projected as a flick would coast
///   (`project(_:velocity:decelerationRate:)` at `.normal`, where a scroll view would stop), the
///   corner nearest that point is chosen, and a spring carries the card there starting with
///   exactly the release velocity.
/// - **Grab it mid-flight**: the card stops exactly where it is at that instant and follows the
///   finger from there; release throws it again.
/// - **Tap it** (also mid-flight): it heads for the diagonally opposite corner, from where it is
///   and with the velocity it has: the spring is retargeted, nothing jumps.
///
/// ## Ownership
/// The scene owns the node tree; the tree owns the gesture recognizers and their handlers. The
/// handlers therefore capture nothing that owns the tree (that would be a cycle, and Embedded
/// Swift has no `weak`): they are static functions that reach the card through the recognizer's
/// node, and keep the motion in the card's own animated property. A running spring is kept alive
/// by the engine and holds only that property. Dropping the scene frees everything.
final class CardScene: HostedScene {
    /// The screen size the scene is laid out for (points).
    static let size = Size(width: 375, height: 667)
    /// The card's size (points).
    static let cardSize = Size(width: 150, height: 100)
    /// The gap between the card and the screen's edges when it rests in a corner (points).
    static let margin = 24.0
    /// The spring that carries the card to a corner: damping ratio 0.75, response 0.5 s.
    static let spring = SpringTimingParameters(dampingRatio: 0.75, response: 0.5)
    /// How far a release velocity is projected: a flick coasting at `.normal` (0.998 per ms).
    static let decelerationRate = DecelerationRate.normal

    /// The card's resting centres: top left, top right, bottom left, bottom right.
    static var corners: [Point] {
        let x0 = margin + cardSize.width / 2, x1 = size.width - margin - cardSize.width / 2
        let y0 = margin + cardSize.height / 2, y1 = size.height - margin - cardSize.height / 2
        return [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x0, y: y1), Point(x: x1, y: y1)]
    }

    let scene: Scene
    /// The card (`"card"`).
    let card: Node

    /// The scene on `engine`, the card resting in the bottom-right corner.
    init(engine: AnimationEngine) {
        scene = Scene(size: CardScene.size, engine: engine)
        scene.root.backgroundColor = Color(rgb: 0xF2F2F7)
        for (i, corner) in CardScene.corners.enumerated() {
            let slot = Node(frame: CardScene.frame(centeredAt: corner), name: "slot\(i)", engine: engine)
            slot.backgroundColor = Color(rgb: 0xD1D1D6)
            slot.cornerRadius = 20
            slot.isUserInteractionEnabled = false
            scene.root.addChild(slot)
        }
        card = Node(frame: CardScene.frame(centeredAt: CardScene.corners[3]), name: "card", engine: engine)
        card.backgroundColor = Color(rgb: 0x007AFF)
        card.cornerRadius = 20
        card.text = "Throw me"
        card.textColor = .white
        card.fontSize = 20
        scene.root.addChild(card)

        card.addGestureRecognizer(PanGestureRecognizer(action: CardScene.didPan))
        card.addGestureRecognizer(TapGestureRecognizer(action: CardScene.didTap))
    }

    /// The card's centre (model, presentation, velocity per axis), recorded by `kinetic render`
    /// and the page's recorder.
    var channels: [SceneChannel] {
        let c = card.$center
        return [
            SceneChannel(name: "card.center.x") { (c.value.x, c.presentationValue.x, c.velocity.x) },
            SceneChannel(name: "card.center.y") { (c.value.y, c.presentationValue.y, c.velocity.y) },
        ]
    }

    /// The corner a card at `position` released with `velocity` (points per second) goes to:
    /// the one nearest to where the flick would coast to rest.
    static func corner(from position: Point, velocity: Point) -> Point {
        let projected = project(position, velocity: velocity, decelerationRate: decelerationRate)
        var best = corners[0]
        for c in corners where c.distance(to: projected) < best.distance(to: projected) { best = c }
        return best
    }

    /// The corner diagonally opposite the corner nearest to `point`.
    static func opposite(of point: Point) -> Point {
        let c = corner(from: point, velocity: .zero)
        return Point(x: size.width - c.x, y: size.height - c.y)
    }

    /// The card's frame when its centre is `center`.
    static func frame(centeredAt center: Point) -> Rect {
        Rect(x: center.x - cardSize.width / 2, y: center.y - cardSize.height / 2,
             width: cardSize.width, height: cardSize.height)
    }

    static func didPan(_ pan: PanGestureRecognizer) {
        guard let card = pan.node else { return }
        let center = card.$center
        switch pan.state {
        case .began:
            // Catch: the presentation now becomes the model, and the spring's track goes (the
            // spring notices at the next tick and ends, interrupted). Nothing moves at this instant.
            let here = center.presentationValue
            center.removeAllAnimations()
            center.setWithoutAnimation(here)
            // Follow the finger from the catch on, not from where it went down.
            pan.setTranslation(.zero, in: nil)
        case .changed:
            center.setWithoutAnimation(center.value + pan.translation(in: nil))
            pan.setTranslation(.zero, in: nil)
        case .ended, .cancelled:
            let velocity = pan.velocity(in: nil)
            let here = center.presentationValue
            SpringAnimation(property: center, spring: spring,
                            target: corner(from: here, velocity: velocity), velocity: velocity).start()
        default:
            break
        }
    }

    static func didTap(_ tap: TapGestureRecognizer) {
        guard let card = tap.node else { return }
        let center = card.$center
        // A new spring takes the property over from the running one with its position and
        // velocity folded in, so the card turns round smoothly.
        SpringAnimation(property: center, spring: spring, target: opposite(of: center.value)).start()
    }
}
