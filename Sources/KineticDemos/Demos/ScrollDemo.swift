import Kinetic
import KineticHost
import KineticScene

/// A scroll view and a pager built from Kinetic's scroll physics: a vertical list taller than
/// its viewport that follows the finger, rubber-bands past either end, coasts after a flick at
/// UIScrollView's normal deceleration (0.998 per ms) and bounces off its ends
/// (`BoundedDecayAnimation`: the hand-off to the bounce spring happens at the decay's exact
/// crossing time); and a horizontal pager of four cards whose release picks the page nearest
/// the flick's projection (at most one page from where the drag began) and springs there with
/// the release velocity.
public final class ScrollDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `scroll`.
    public static var entry: SceneEntry {
        SceneEntry(name: "scroll", title: "Scroll view and pager", description: "UIScrollView's physics rebuilt from Kinetic's parts. The list below is 30 rows tall: drag it and it follows your finger one to one; pull past the top or bottom and it resists with UIScrollView's rubber band (0.55, sized by the viewport); flick it and it coasts, losing 0.2 % of its speed every millisecond. A flick hard enough to reach an end hands over, at the exact instant it crosses the end (solved in closed form, not at the next frame), to a critically damped spring that carries it out and back, with no jump in position or speed. Grab it mid-bounce and it stays under your finger. The cards above page: let go and the page nearest to where the flick would coast is chosen, one page at most, and a smooth spring takes it there with your finger's speed.", hint: "Flick the list past its end, and swipe the cards above page by page.") { ScrollDemo(engine: $0) }
    }

    /// The list's rows: 30 rows of 56 points.
    static let rowHeight = 56.0, rowCount = 30
    /// The list's viewport on screen.
    public static let listFrame = Rect(x: 0, y: 280, width: 375, height: 387)
    /// The pager's viewport on screen.
    public static let pagerFrame = Rect(x: 0, y: 60, width: 375, height: 180)

    /// The list's axis: content 1680 points in a 387-point viewport (offsets 0…1293).
    public static let listAxis = ScrollAxis(contentLength: rowHeight * Double(rowCount), viewportLength: listFrame.height)
    /// The pager: four pages of 375 points (offsets 0…1125).
    public static let pages = PagingLayout(pageLength: pagerFrame.width, pageCount: 4)
    static let pagerAxis = ScrollAxis(contentLength: pagerFrame.width * 4, viewportLength: pagerFrame.width)
    /// The spring that takes the pager to its page: SwiftUI's smooth spring, 0.4 s.
    public static let pageSpring = SpringTimingParameters.smooth(duration: 0.4)

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The list's content offset (0 shows the first row at the top).
    public var listOffset: AnimatedProperty<Double> { listScroller.offset }
    /// The pager's content offset (page `i` at `i · 375`).
    public let pagerOffset: AnimatedProperty<Double>
    /// The page the pager is going to or resting on.
    public private(set) var page = 0
    /// The list's fling, while it runs.
    public var fling: BoundedDecayAnimation? { listScroller.fling }
    /// The list's drag and fling.
    let listScroller: ListScroller
    /// The pager's spring, while it runs.
    public private(set) var pageAnimation: SpringAnimation<Double>?

    let listContent: Node
    let pagerContent: Node
    private var dots: [Node] = []
    private var pagerAnchor = 0.0
    private var dragStartPage = 0
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let scene = DemoCatalog.screen(on: engine, background: Palette.background)
        self.scene = scene
        let size = scene.size
        listScroller = ListScroller(axis: ScrollDemo.listAxis, engine: engine)
        pagerOffset = AnimatedProperty(0, engine: engine)
        pagerOffset.motionRole = .geometry

        scene.root.addChild(Widgets.label("title", "Scroll physics", Rect(x: 0, y: 20, width: size.width, height: 32),
                                          size: 20, color: Palette.dark, engine: engine))
        // Pager: a clipping viewport over a strip of four cards.
        let pagerFrame = ScrollDemo.pagerFrame
        let pagerViewport = Node(frame: pagerFrame, name: "pager", engine: engine)
        pagerViewport.clipsToBounds = true
        scene.root.addChild(pagerViewport)
        pagerContent = Node(frame: Rect(x: 0, y: 0, width: pagerFrame.width * 4, height: pagerFrame.height), name: "pager.content", engine: engine)
        pagerContent.isUserInteractionEnabled = false
        pagerViewport.addChild(pagerContent)
        let colors = [Palette.blue, Palette.orange, Palette.green, Palette.purple]
        for i in 0..<4 {
            let card = Widgets.box("card\(i)", Rect(x: Double(i) * pagerFrame.width + 20, y: 10, width: pagerFrame.width - 40, height: pagerFrame.height - 20),
                                   colors[i], radius: 16, engine: engine)
            card.text = "Page \(i + 1)"
            card.textColor = .white
            card.fontSize = 24
            pagerContent.addChild(card)
        }
        for i in 0..<4 {
            let dot = Widgets.box("dot\(i)", Rect(x: size.width / 2 - 34 + Double(i) * 20, y: pagerFrame.maxY + 10, width: 8, height: 8),
                                  Palette.dark, radius: 4, engine: engine)
            dot.alpha = i == 0 ? 1 : 0.25
            scene.root.addChild(dot)
            dots.append(dot)
        }
        // List: a clipping viewport over a column of rows.
        let listFrame = ScrollDemo.listFrame
        let listViewport = Node(frame: listFrame, name: "list", engine: engine)
        listViewport.clipsToBounds = true
        listViewport.backgroundColor = .white
        scene.root.addChild(listViewport)
        let contentHeight = ScrollDemo.rowHeight * Double(ScrollDemo.rowCount)
        listContent = Node(frame: Rect(x: 0, y: 0, width: listFrame.width, height: contentHeight), name: "list.content", engine: engine)
        listContent.isUserInteractionEnabled = false
        listViewport.addChild(listContent)
        for i in 0..<ScrollDemo.rowCount {
            let y = Double(i) * ScrollDemo.rowHeight
            let row = Widgets.box("row\(i)", Rect(x: 0, y: y, width: listFrame.width, height: ScrollDemo.rowHeight),
                                  i % 2 == 0 ? .white : Color(rgb: 0xF7F7FA), engine: engine)
            row.text = "Row \(i + 1)"
            row.fontSize = 16
            row.textColor = Palette.dark
            listContent.addChild(row)
            listContent.addChild(Widgets.box("row\(i).rule", Rect(x: 16, y: y + ScrollDemo.rowHeight - 1, width: listFrame.width - 16, height: 1),
                                             Color(rgb: 0xC6C6C8), engine: engine))
        }

        // The recognizers live in the scene this object owns: they reach it through a zeroing
        // reference, so the scene never keeps it alive.
        let me = zeroingReference
        let listPan = PanGestureRecognizer { pan in me.object?.handleListPan(pan) }
        listPan.minimumDistance = 0
        listViewport.addGestureRecognizer(listPan)
        let pagerPan = PanGestureRecognizer { pan in me.object?.handlePagerPan(pan) }
        pagerPan.minimumDistance = 0
        pagerViewport.addGestureRecognizer(pagerPan)

        channels = [
            SceneChannel.property("list.offset", listOffset),
            SceneChannel.property("pager.offset", pagerOffset),
            SceneChannel(name: "pager.page") {
                let page = Double(me.object?.page ?? 0)
                return (page, page, 0)
            },
        ]
        layout()
    }

    /// Moves the list's and the pager's content to the offsets the engine just advanced to.
    public func didAdvance(to time: Double) { layout() }

    /// Moves the content under the viewports to the offsets shown now.
    func layout() {
        let list = listOffset.presentationValue, pager = pagerOffset.presentationValue
        listContent.center = Point(x: ScrollDemo.listFrame.width / 2, y: listContent.bounds.height / 2 - list)
        pagerContent.center = Point(x: pagerContent.bounds.width / 2 - pager, y: ScrollDemo.pagerFrame.height / 2)
        let shown = ScrollDemo.pages.nearestPage(to: pager)
        for (i, dot) in dots.enumerated() { dot.alpha = i == shown ? 1 : 0.25 }
    }

    func handleListPan(_ pan: PanGestureRecognizer) {
        listScroller.handle(pan)
        layout()
    }

    func handlePagerPan(_ pan: PanGestureRecognizer) {
        let axis = ScrollDemo.pagerAxis
        let raw = pagerAnchor - pan.translation(in: nil).x
        switch pan.state {
        case .began:
            pageAnimation?.stop()
            pageAnimation = nil
            dragStartPage = ScrollDemo.pages.nearestPage(to: pagerOffset.presentationValue)
            pagerAnchor = axis.rawOffset(showing: pagerOffset.presentationValue) + pan.translation(in: nil).x
        case .changed:
            pagerOffset.value = axis.shownOffset(forRawOffset: raw)
        case .ended, .cancelled:
            pagerOffset.value = axis.shownOffset(forRawOffset: raw)
            let velocity = axis.velocity(atRawOffset: raw, rawVelocity: -pan.velocity(in: nil).x)
            page = ScrollDemo.pages.targetPage(releasedAt: pagerOffset.presentationValue, velocity: velocity, startPage: dragStartPage)
            let spring = SpringAnimation(property: pagerOffset, spring: ScrollDemo.pageSpring,
                                         target: ScrollDemo.pages.offset(ofPage: page), velocity: velocity)
            spring.restingDistance = 0.01
            spring.restingSpeed = 0.05
            pageAnimation = spring
            spring.start()
        default:
            break
        }
        layout()
    }
}
