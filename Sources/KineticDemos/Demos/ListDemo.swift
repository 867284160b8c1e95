import Kinetic
import KineticHost
import KineticScene

/// Two lists with enter, exit and layout transitions: **Add** inserts a row at the top
/// of "To do" (it slides and fades in, the rows below reflow), **Remove** removes the top row
/// (it fades and shrinks while the rows below close the gap; it is drawn until its exit ends,
/// then really removed), **Undo** puts the last removed row back — mid-exit it turns back from
/// where it is, with its velocity — and **Shuffle** moves the last row to the top. Tapping a
/// row moves it to the other list: it keeps its place on screen and flies to its new slot.
/// Every change is one spring animator added to whatever is in flight, so taps as fast as you
/// like never make anything jump.
public final class ListDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `list`.
    public static var entry: SceneEntry {
        SceneEntry(name: "list", title: "Presence and layout: a list", description: "Enter, exit and layout transitions that survive interruption. Add inserts a row that slides and fades in while the rows below make room; Remove fades and shrinks the top row while the others close the gap, and the row is only really removed when its exit ends; Undo brings the last removed row back, and if it is still leaving it turns back from where it is, with its speed. Shuffle moves the last row to the top and every row flies to its new place from where it is drawn. Tap a row to move it to the other list: it keeps its place on screen and flies into the other list. Tap as fast as you like: each change is a spring added to the ones in flight. SwiftUI calls these .transition and implicit layout animation, Compose AnimatedVisibility and animateItem, motion.dev AnimatePresence and layout.", hint: "Tap Remove then Undo quickly, and tap rows to move them between the lists.") { ListDemo(engine: $0) }
    }

    /// The rows' height and the lists' layout.
    public static let rowHeight = 44.0
    public static let layout = StackLayout(spacing: 6, origin: Point(x: 12, y: 36), crossExtent: 351)
    /// The lists' frames on screen: "To do" above, "Done" below.
    public static let listFrames = [Rect(x: 0, y: 110, width: 375, height: 330), Rect(x: 0, y: 446, width: 375, height: 221)]
    /// The spring of every change: critically damped, so a fading row never overshoots below
    /// alpha 0 (the render list culls a node at alpha 0, and a row on its way out stays visible
    /// until its exit ends).
    public static let spring = SpringTimingParameters(dampingRatio: 1, response: 0.4)

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The two lists.
    public let lists: [Node]
    /// The presence that inserts and removes rows.
    public let presence: Presence
    /// The rows removed, most recent last (what Undo brings back).
    public private(set) var removed: [Node] = []
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []
    private var made = 0

    static let colors: [UInt32] = [0x007AFF, 0x34C759, 0xFF9500, 0xAF52DE, 0xFF2D55, 0x30B0C7, 0x5856D6, 0xA2845E]

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let scene = DemoCatalog.screen(on: engine, background: Palette.background)
        self.scene = scene
        let size = scene.size
        presence = Presence(engine: engine, transition: .scaleAndFade, timing: .spring(ListDemo.spring), duration: 0.5)
        scene.root.addChild(Widgets.label("title", "Presence and layout", Rect(x: 0, y: 16, width: size.width, height: 32),
                                          size: 20, color: Palette.dark, engine: engine))
        var lists: [Node] = []
        for (i, title) in ["To do", "Done"].enumerated() {
            let list = Node(frame: ListDemo.listFrames[i], name: i == 0 ? "todo" : "done", engine: engine)
            list.clipsToBounds = true
            list.backgroundColor = .white
            list.addChild(Widgets.label("\(list.name).title", title, Rect(x: 12, y: 4, width: 56, height: 28), size: 15,
                                        color: Palette.gray, engine: engine))
            scene.root.addChild(list)
            lists.append(list)
        }
        self.lists = lists
        let me = zeroingReference
        let buttons: [(String, (ListDemo) -> Void)] = [("Add", { $0.add() }), ("Remove", { $0.removeTop() }),
                                                        ("Undo", { $0.undo() }), ("Shuffle", { $0.shuffle() })]
        for (i, (title, action)) in buttons.enumerated() {
            Widgets.button("button.\(title.lowercased())", title, Rect(x: 12 + Double(i) * 89, y: 58, width: 83, height: 40),
                           in: scene.root, color: i == 1 ? Palette.red : Palette.blue) {
                if let demo = me.object { action(demo) }
            }
        }
        for _ in 0..<4 { lists[0].addChild(makeRow()) }
        for _ in 0..<1 { lists[1].addChild(makeRow()) }
        for list in lists { ListDemo.layout.apply(to: list, including: ListDemo.isRow) }

        let todo = lists[0], done = lists[1], presence = presence
        channels = [
            SceneChannel(name: "todo.count") {
                let n = Double(todo.children.filter { presence.isPresent($0) }.count - 1)
                return (n, n, 0)
            },
            SceneChannel(name: "done.count") {
                let n = Double(done.children.filter { presence.isPresent($0) }.count - 1)
                return (n, n, 0)
            },
            SceneChannel(name: "exiting") {
                let n = Double(presence.exitingNodes.count)
                return (n, n, 0)
            },
        ]
    }

    /// Whether `node` is one of the rows (not a list's title).
    static func isRow(_ node: Node) -> Bool { node.name.hasPrefix("item") }

    /// A new row, tappable to move it to the other list.
    private func makeRow() -> Node {
        made += 1
        let row = Widgets.box("item\(made)", Rect(x: 0, y: 0, width: 351, height: ListDemo.rowHeight),
                              Color(rgb: ListDemo.colors[(made - 1) % ListDemo.colors.count]), radius: 10, engine: scene.engine)
        row.text = "Item \(made)"
        row.textColor = .white
        row.fontSize = 16
        let me = zeroingReference
        row.addGestureRecognizer(TapGestureRecognizer { tap in if let row = tap.node { me.object?.toggle(row) } })
        return row
    }

    /// The present rows of `list`, in order.
    func rows(of list: Node) -> [Node] { list.children.filter { ListDemo.isRow($0) && presence.isPresent($0) } }

    /// One spring animator whose changes are `changes` followed by both lists' layout.
    private func animate(_ changes: (PropertyAnimator) -> Void) {
        let animator = PropertyAnimator(duration: 0.5, timingParameters: .spring(ListDemo.spring), engine: scene.engine)
        changes(animator)
        let lists = lists, presence = presence
        animator.addAnimations {
            for list in lists { ListDemo.layout.apply(to: list, including: { ListDemo.isRow($0) && presence.isPresent($0) }) }
        }
        animator.startAnimation()
    }

    /// Places `row` at the slot it will have at `index` among `list`'s present rows, without
    /// animation (a row entering appears where it belongs).
    private func place(_ row: Node, in list: Node, at index: Int) {
        let count = rows(of: list).count + 1
        let frames = ListDemo.layout.frames(for: Array(repeating: Size(width: 351, height: ListDemo.rowHeight), count: count))
        scene.engine.performWithoutAnimation { row.frame = frames[Swift.min(index, count - 1)] }
    }

    /// Inserts a new row at the top of "To do".
    func add() {
        let row = makeRow()
        place(row, in: lists[0], at: 0)
        animate { presence.insert(row, into: lists[0], at: 1, transition: .slide(Point(x: 0, y: -20)), animator: $0) }
    }

    /// Removes the top row of "To do".
    func removeTop() {
        guard let row = rows(of: lists[0]).first else { return }
        removed.append(row)
        if removed.count > 20 { removed.removeFirst() }       // Undo goes 20 deep; older rows are freed
        animate { presence.remove(row, animator: $0) }
    }

    /// Brings back the last removed row, at the top of "To do" (turning back if still exiting).
    func undo() {
        guard let row = removed.popLast() else { return }
        let list = lists[0]
        if row.parent == nil { place(row, in: list, at: 0) }
        animate { presence.insert(row, into: list, at: 1, animator: $0) }
    }

    /// Moves the last row of "To do" to its top.
    func shuffle() {
        let present = rows(of: lists[0])
        guard present.count > 1, let last = present.last else { return }
        lists[0].insertChild(last, at: 1)
        animate { _ in }
    }

    /// Moves `row` to the top of the other list: it keeps its place on screen and flies there.
    func toggle(_ row: Node) {
        guard presence.isPresent(row), let from = lists.firstIndex(where: { $0 === row.parent }) else { return }
        let to = lists[1 - from]
        animate { _ in row.move(to: to, at: 1) }
    }
}
