// The gallery: the page's own <img> elements, laid out by CSS, flown and thrown by Swift.
import Kinetic
import KineticHost
import KineticScene

/// A photo grid and a detail view, both the page's elements (`web/index.html`), adopted by key.
///
/// - **Tap a photo**: the detail view, which CSS lays out above the grid, is drawn over the photo
///   and flies to its own place on a spring (a matched geometry flight: the photo hides while
///   the detail stands for it).
/// - **Pull the detail down** and let go: released downwards, it flies back onto its photo with
///   your finger's velocity; otherwise it springs back up. **Grab it mid-flight** either way: it
///   stops where it is drawn and follows the finger.
/// - **Resize the window** mid-flight: the page lays the photos and the detail out anew, and the
///   flight lands on the new layout (each layout change is added to the motion in flight).
/// - **Reduced motion** (the system's setting, or the page's): nothing flies; the detail fades
///   in and out at its own place.
/// - **The to-do list**: rows the page adds fade in, rows it removes fade out while the rows
///   below close the gap, and Undo mid-exit turns a row back from where it is drawn.
///
/// ## Ownership
/// The handlers are static and reach the scene's nodes through the recognizer's node and the
/// root's children (by name), so nothing owns the scene back; the photo the detail stands for
/// is its `matchID`.
final class GalleryScene: HostedScene {
    /// How many photos the page's grid has (`photo-0` … `photo-5`).
    static let photoCount = 6
    /// How many to-do rows the page can show (`todo-0` … `todo-7`; four at the start).
    static let todoCount = 8
    /// The spring of every flight: damping ratio 0.82, response 0.42 s.
    static let spring = SpringTimingParameters(dampingRatio: 0.82, response: 0.42)

    let scene: Scene
    let layout: PageLayout
    var page: PageLayout? { layout }

    init(engine: AnimationEngine) {
        // The page gives the scene its size (the document's) with its first measure.
        scene = Scene(size: Size(width: 1, height: 1), engine: engine)
        layout = PageLayout(scene: scene)
        for i in 0..<GalleryScene.photoCount {
            layout.adopt("photo-\(i)").addGestureRecognizer(TapGestureRecognizer(action: GalleryScene.didTapPhoto))
        }
        // The to-do rows come and go in the page's DOM: each fades and shrinks a little as it
        // enters or leaves, and the rows around it close the gap (layout animation).
        for i in 0..<GalleryScene.todoCount { layout.adopt("todo-\(i)") }
        // What follows the list moves with it, rather than jumping while the rows fly.
        layout.adopt("todo-actions")
        layout.adopt("note")
        layout.presence.transition = PresenceTransition(alpha: 0, scale: 0.92)
        let detail = layout.adopt("detail")
        detail.alpha = 0
        detail.isUserInteractionEnabled = false
        // The layout owns the nodes, which own their recognizers: the handler must not own the
        // layout back (a cycle, and Embedded Swift has no `weak`). The scene outlives its
        // recognizers' calls, so an unowned reference is safe.
        let pan = PanGestureRecognizer { [unowned(unsafe) layout] pan in GalleryScene.didPanDetail(pan, layout: layout) }
        detail.addGestureRecognizer(pan)
    }

    /// The detail's centre and size, recorded by `kinetic render` and the page's recorder.
    var channels: [SceneChannel] {
        guard let detail = layout.node(for: "detail") else { return [] }
        let c = detail.$center, b = detail.$bounds
        return [
            SceneChannel(name: "detail.center.y") { (c.value.y, c.presentationValue.y, c.velocity.y) },
            SceneChannel(name: "detail.width") { (b.value.width, b.presentationValue.width, b.velocity.size.width) },
        ]
    }

    /// The root's child named `name`.
    static func node(_ name: String, near node: Node) -> Node? {
        var root = node
        while let parent = root.parent { root = parent }
        return root.children.first { $0.name == name }
    }

    /// Flies `node`'s centre and size to `frame` on the spring, from where it is drawn, its
    /// centre starting at `velocity`; `completion` runs once the centre settles.
    static func fly(_ node: Node, to frame: Rect, velocity: Point? = nil, completion: (() -> Void)? = nil) {
        let flight = SpringAnimation(property: node.$center, spring: spring, target: frame.center, velocity: velocity)
        if let completion { flight.addCompletion { reason in if reason == .settled { completion() } } }
        flight.start()
        SpringAnimation(property: node.$bounds, spring: spring,
                        target: Rect(x: 0, y: 0, width: frame.width, height: frame.height)).start()
    }

    static func didTapPhoto(_ tap: TapGestureRecognizer) {
        guard let photo = tap.node, let detail = node("detail", near: photo), detail.matchID == nil else { return }
        // The detail's own place is where CSS laid it out: its model frame.
        let home = detail.frame
        let seen = photo.screenFrame()
        detail.$center.setWithoutAnimation(seen.center)
        detail.$bounds.setWithoutAnimation(Rect(x: 0, y: 0, width: seen.width, height: seen.height))
        detail.$alpha.setWithoutAnimation(1)
        detail.isUserInteractionEnabled = true
        detail.matchID = photo.name
        guard detail.engine.motionPolicy == .full else {
            // Reduced motion: nothing flies; the detail fades in at its own place over the grid.
            detail.$center.setWithoutAnimation(home.center)
            detail.$bounds.setWithoutAnimation(Rect(x: 0, y: 0, width: home.width, height: home.height))
            detail.$alpha.setWithoutAnimation(0)
            detail.engine.animate(withDuration: 0.2, animations: { detail.alpha = 1 })
            return
        }
        photo.$alpha.setWithoutAnimation(0)
        fly(detail, to: home)
    }

    static func didPanDetail(_ pan: PanGestureRecognizer, layout: PageLayout) {
        guard let detail = pan.node, let key = detail.matchID, let photo = layout.node(for: key),
              let index = layout.index(of: "detail"), let box = layout.elements[index].layoutFrame else { return }
        let center = detail.$center
        switch pan.state {
        case .began:
            // Catch: stop where it is drawn (centre and size), and follow the finger from here.
            let here = center.presentationValue, size = detail.$bounds.presentationValue
            center.removeAllAnimations()
            center.setWithoutAnimation(here)
            detail.$bounds.removeAllAnimations()
            detail.$bounds.setWithoutAnimation(size)
            pan.setTranslation(.zero, in: nil)
        case .changed:
            center.setWithoutAnimation(center.value + pan.translation(in: nil))
            pan.setTranslation(.zero, in: nil)
        case .ended, .cancelled:
            let velocity = pan.velocity(in: nil)
            let dismisses = velocity.y > 0 || center.value.y > box.midY + box.height / 4
            guard detail.engine.motionPolicy == .full else {
                // Reduced motion: no flight home or back; it fades where the finger left it (or
                // returns to its place at once), then waits at its place, unseen.
                guard dismisses else {
                    center.setWithoutAnimation(box.center)
                    return
                }
                detail.isUserInteractionEnabled = false
                detail.engine.animate(withDuration: 0.2, animations: { detail.alpha = 0 }) { _ in
                    center.setWithoutAnimation(box.center)
                    detail.matchID = nil
                    photo.$alpha.setWithoutAnimation(1)
                }
                return
            }
            if dismisses {
                // Home to the photo with the finger's velocity; the photo shows again on landing.
                fly(detail, to: photo.frame, velocity: velocity) {
                    detail.$alpha.setWithoutAnimation(0)
                    detail.isUserInteractionEnabled = false
                    detail.matchID = nil
                    photo.$alpha.setWithoutAnimation(1)
                }
            } else {
                fly(detail, to: box, velocity: velocity)
            }
        default:
            break
        }
    }
}
