import Kinetic
import KineticHost
import KineticScene

/// A photo grid inside a scrolling list whose cells fly to a detail view by matched geometry
/// (issue 23): tap a cell and a `MatchedGeometryTransition` flies it from where it is drawn in
/// the scrolled list to the detail photo; pull the detail photo down and the flight back follows
/// the finger (the pan scrubs its progress), and letting go hands the finger's velocity to the
/// return spring; touch it again mid-flight to catch it, and throw it either way. The detail's
/// dark backdrop follows the flight's progress, so it fades with every move, reversal and
/// catch.
public final class GridDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `grid`.
    public static var entry: SceneEntry {
        SceneEntry(name: "grid", title: "Matched geometry: grid to detail", description: "A photo grid inside a scrolling list, and a detail view. Scroll the list, then tap a photo: it flies from wherever the list has put it to the detail view, its frame, corner radius and colour interpolated on a spring, with both ends re-read in screen space every frame. Pull the photo down to go back: the flight follows your finger, and when you let go your finger's speed carries the photo home on the spring. Touch it while it flies to catch it where it is, then throw it back up or down; nothing jumps, not even its speed. SwiftUI calls this matchedGeometryEffect, Compose sharedElement, motion.dev layoutId, Flutter Hero.", hint: "Tap a photo, pull it down, and catch it mid-flight.") { GridDemo(engine: $0) }
    }

    /// The grid: 3 columns, 9 rows of photos under a header, in a list taller than its viewport.
    public static let columns = 3, photoCount = 27
    /// The list's viewport on screen.
    public static let listFrame = Rect(x: 0, y: 64, width: 375, height: 603)
    /// A cell's frame in the list's content.
    public static func cellFrame(_ i: Int) -> Rect {
        Rect(x: 8 + Double(i % columns) * 121, y: 56 + Double(i / columns) * 121, width: 117, height: 117)
    }
    /// The list's scrolling: content 1,150 points tall in the 603-point viewport.
    public static let listAxis = ScrollAxis(contentLength: 56 + 121 * 9 + 8 + 1, viewportLength: listFrame.height)
    /// The detail photo's frame on screen.
    public static let detailFrame = Rect(x: 0, y: 146, width: 375, height: 375)
    /// The pull, in points, that takes the flight from the detail back to the grid.
    public static let dismissDistance = 300.0
    /// Progress per second beyond which a release is a flick that decides the direction.
    public static let flickProgressVelocity = 0.8

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The list's content offset (0 shows the header at the top).
    public var listOffset: AnimatedProperty<Double> { listScroller.offset }
    /// The list's fling, while it runs.
    public var fling: BoundedDecayAnimation? { listScroller.fling }
    /// The list's drag and fling.
    let listScroller: ListScroller
    /// The list viewport (its bounds origin is the scroll offset) and the cells in it.
    public let list: Node
    public private(set) var cells: [Node] = []
    /// The detail view (hidden while the grid shows), its backdrop and its photo.
    public let detail: Node, backdrop: Node, detailPhoto: Node
    /// The flight in progress, if any.
    public private(set) var flight: MatchedGeometryTransition?
    /// The cell that is or was last shown in the detail.
    public private(set) var selected = 0
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []

    private var dragAnchor = 0.0

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let scene = DemoCatalog.screen(on: engine, background: Palette.background)
        self.scene = scene
        let size = scene.size
        listScroller = ListScroller(axis: GridDemo.listAxis, engine: engine)
        scene.root.addChild(Widgets.label("title", "Photos", Rect(x: 0, y: 20, width: size.width, height: 36),
                                          size: 22, color: Palette.dark, engine: engine))
        list = Node(frame: GridDemo.listFrame, name: "list", engine: engine)
        list.clipsToBounds = true
        list.backgroundColor = .white
        scene.root.addChild(list)
        list.addChild(Widgets.label("list.header", "Recents · 27 photos", Rect(x: 8, y: 8, width: 359, height: 40),
                                    size: 15, color: Palette.gray, engine: engine))
        detail = Node(frame: Rect(origin: .zero, size: size), name: "detail", engine: engine)
        detail.isHidden = true
        backdrop = Widgets.box("detail.backdrop", Rect(origin: .zero, size: size), Color(white: 0.05), engine: engine)
        backdrop.alpha = 0
        detail.addChild(backdrop)
        detailPhoto = Widgets.box("detail.photo", GridDemo.detailFrame, Palette.blue, engine: engine)
        detailPhoto.matchID = "photo"
        detail.addChild(detailPhoto)
        detail.addChild(Widgets.label("detail.hint", "Pull the photo down to go back", Rect(x: 0, y: 560, width: size.width, height: 24),
                                      size: 14, color: Color(white: 0.7), engine: engine))
        scene.root.addChild(detail)
        let me = zeroingReference
        for i in 0..<GridDemo.photoCount {
            let cell = Widgets.box("cell\(i)", GridDemo.cellFrame(i), Color(rgb: Palette.photos[i % Palette.photos.count]),
                                   radius: 10, engine: engine)
            Widgets.showPhoto(i, on: cell)
            cell.addGestureRecognizer(TapGestureRecognizer { _ in me.object?.open(i) })
            list.addChild(cell)
            cells.append(cell)
        }

        let listPan = PanGestureRecognizer { pan in me.object?.handleListPan(pan) }
        listPan.shouldBegin = { _ in me.object?.detail.isHidden ?? false }
        list.addGestureRecognizer(listPan)
        let dismiss = PanGestureRecognizer { pan in me.object?.handleDetailPan(pan) }
        detail.addGestureRecognizer(dismiss)

        let offset = listOffset
        channels = [
            SceneChannel.property("list.offset", offset),
            SceneChannel(name: "flight.progress") {
                let p = me.object?.flight?.$progress.presentation ?? (value: 0, velocity: 0)
                return (me.object?.flight?.progress ?? 0, p.value, p.velocity)
            },
            SceneChannel.property("detail.backdrop.alpha", backdrop.$alpha),
        ]
        layout()
    }

    /// Follows the list's offset and the flight's progress after each tick.
    public func didAdvance(to time: Double) { layout() }

    /// The list's bounds origin is its content offset (a scroll view's); the backdrop's alpha
    /// is the flight's progress, clamped.
    func layout() {
        let offset = listOffset.presentationValue
        if list.bounds.origin.y != offset { list.bounds.origin.y = offset }
        if let flight, !flight.isFinished {
            let p = Swift.min(Swift.max(flight.$progress.presentationValue, 0), 1)
            if backdrop.alpha != p { backdrop.alpha = p }
        }
    }

    /// Flies cell `i` to the detail view.
    func open(_ i: Int) {
        guard detail.isHidden else { return }
        listScroller.stop()
        selected = i
        for (j, cell) in cells.enumerated() { cell.matchID = j == i ? "photo" : nil }
        detailPhoto.backgroundColor = cells[i].backgroundColor
        Widgets.showPhoto(i, on: detailPhoto)
        detail.isHidden = false
        let flight = makeFlight()
        flight.startAnimation()
    }

    /// A flight between the selected cell and the detail photo, ending the detail when it lands
    /// back on the grid.
    private func makeFlight() -> MatchedGeometryTransition {
        let flight = MatchedGeometryTransition(from: list, to: detail, overlay: scene.root)
        let me = zeroingReference
        flight.addCompletion { position in me.object?.flightEnded(at: position) }
        self.flight = flight
        return flight
    }

    private func flightEnded(at position: AnimatingPosition) {
        backdrop.alpha = position == .end ? 1 : 0
        if position == .start { detail.isHidden = true }
        flight = nil
    }

    func handleDetailPan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            // Catch a flight where it is, or start the way back from the detail at rest.
            let flight = self.flight ?? {
                let f = makeFlight()
                f.fractionComplete = 1
                return f
            }()
            flight.pause()
            dragAnchor = flight.fractionComplete
        case .changed:
            guard let flight else { return }
            flight.fractionComplete = progress(forTranslation: pan.translation(in: nil).y)
            layout()
        case .ended, .cancelled:
            guard let flight else { return }
            flight.fractionComplete = progress(forTranslation: pan.translation(in: nil).y)
            let velocity = -pan.velocity(in: nil).y / GridDemo.dismissDistance
            let toEnd = abs(velocity) > GridDemo.flickProgressVelocity ? velocity > 0 : flight.fractionComplete > 0.5
            flight.continueAnimation(toEnd: toEnd, progressVelocity: velocity)
        default:
            break
        }
    }

    /// The progress a vertical drag of `dy` points gives from where the drag began: a pull of
    /// ``dismissDistance`` down takes the flight from the detail all the way to the grid.
    private func progress(forTranslation dy: Double) -> Double {
        Swift.min(Swift.max(dragAnchor - dy / GridDemo.dismissDistance, 0), 1)
    }

    func handleListPan(_ pan: PanGestureRecognizer) {
        listScroller.handle(pan)
        layout()
    }
}
