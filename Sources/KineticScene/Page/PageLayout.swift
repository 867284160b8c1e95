import Kinetic

/// The elements of a real web page that a scene animates: the page lays them out, Kinetic
/// moves them, interruptibly (what the View Transitions API and FLIP do on the web).
///
/// ```swift
/// let page = PageLayout(scene: scene)
/// let photo = page.adopt("photo")                 // the element with id="photo": a Node
/// ```
///
/// The host hands in each element's measured box with ``setLayout(_:at:)`` and its comings and
/// goings with ``setPresence(_:at:)``; a changed box flies on ``layoutAnimation``, a removed
/// element exits through ``presence``. Each frame ``style(at:)`` is what the host writes: a CSS
/// transform and an opacity, nothing else. Coordinates, presence and bad input are in
/// <doc:AnimatingYourOwnPage>.
public final class PageLayout {
    /// One adopted element: its key and node, and its last measured layout box.
    public struct Element {
        /// The element's key on the page (its `id`).
        public let key: String
        /// The node that stands for it.
        public let node: Node
        /// Where the page laid it out, in page coordinates; nil until first measured.
        public internal(set) var layoutFrame: Rect?
    }

    /// How a change of an element's layout box animates.
    public enum LayoutAnimation: Equatable, Sendable {
        /// The node jumps to the new box.
        case none
        /// The node flies to the new box on a spring of this response (seconds) and bounce
        /// (`AnimationEngine.animate(springDuration:bounce:...)`), from where it is drawn.
        case spring(duration: Double, bounce: Double)
    }

    /// The scene whose root the adopted nodes are children of.
    public let scene: Scene
    /// The enters and exits of elements the page inserts and removes (a fade by default; set its
    /// `transition`, `timing` and `duration`).
    public let presence: Presence
    /// The adopted elements, in adoption order (the host's indices).
    public private(set) var elements: [Element] = []
    /// How a changed layout box animates (default: a 0.45 s spring without bounce). Under the
    /// engine's reduced or no-motion policy (`AnimationEngine.motionPolicy`) a changed box is
    /// taken at once: no element is drawn between its old and new place.
    public var layoutAnimation: LayoutAnimation = .spring(duration: 0.45, bounce: 0)

    /// Adoption for `scene`'s page.
    public init(scene: Scene) {
        self.scene = scene
        presence = Presence(engine: scene.engine)
    }

    /// The node for the page's element `key` (its `id`), made on first call (named `key`,
    /// with a zero frame until the host measures it) and the same one after.
    ///
    /// A key that a gesture script cannot hold (empty, or with whitespace or `#`; HTML ids have
    /// no whitespace) still works on the page, but its layout is left out of an exported
    /// script, so a native replay of the session does not see it: a diagnostic on the engine
    /// says so.
    @discardableResult
    public func adopt(_ key: String) -> Node {
        if let i = index(of: key) { return elements[i].node }
        if !PageLayout.isScriptableKey(key) {
            scene.engine.report(.invalidArgument, "PageLayout.adopt: the key '\(key)' is empty or has whitespace or '#': it works on the page, but a gesture script cannot hold its layout")
        }
        let node = Node(name: key, engine: scene.engine)
        scene.root.addChild(node)
        elements.append(Element(key: key, node: node, layoutFrame: nil))
        return node
    }

    /// Whether `key` can stand in a gesture script's `layout` line: not empty, no whitespace,
    /// no `#`.
    public static func isScriptableKey(_ key: String) -> Bool {
        !key.isEmpty && !key.utf8.contains { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 || $0 == 35 }
    }

    /// The index of the element adopted as `key`, or nil.
    public func index(of key: String) -> Int? {
        elements.firstIndex { $0.key == key }
    }

    /// The node adopted for `key`, or nil.
    public func node(for key: String) -> Node? {
        index(of: key).map { elements[$0].node }
    }

    /// The page laid element `index` out at `frame` (page coordinates, without Kinetic's
    /// transform). The first box places the node; a changed one moves it there with
    /// ``layoutAnimation``; an equal one changes nothing. False, and nothing changes, for an
    /// index out of range or a box that is not finite or has a negative size.
    @discardableResult
    public func setLayout(_ frame: Rect, at index: Int) -> Bool {
        guard index >= 0, index < elements.count, frame.isFinite, frame.width >= 0, frame.height >= 0 else {
            return false
        }
        let element = elements[index]
        guard element.layoutFrame != frame else { return true }
        elements[index].layoutFrame = frame
        let node = element.node
        guard element.layoutFrame != nil, case .spring(let duration, let bounce) = layoutAnimation,
              scene.engine.motionPolicy == .full else {
            scene.engine.performWithoutAnimation { node.frame = frame }
            return true
        }
        scene.engine.animate(springDuration: duration, bounce: bounce) { node.frame = frame }
        return true
    }

    /// The page inserted element `index` (`present` true) or removed it (false), at the engine's
    /// time. Removing a present element starts its exit (``presence``): it stays drawn, and cannot
    /// be hit, until the exit ends. Inserting an exiting one turns it back from where it is drawn;
    /// inserting a gone one enters it (it is placed by its next measured box). A change to the
    /// state it has changes nothing. False for an index out of range.
    @discardableResult
    public func setPresence(_ present: Bool, at index: Int) -> Bool {
        guard index >= 0, index < elements.count else { return false }
        let node = elements[index].node
        if present {
            if node.parent == nil {
                // Gone: it comes back where the page will put it, so its next box places it.
                elements[index].layoutFrame = nil
            }
            presence.insert(node, into: scene.root)
        } else if node.parent != nil, !presence.isExiting(node) {
            if elements[index].layoutFrame == nil || scene.engine.motionPolicy == .none {
                node.removeFromParent()    // never drawn on the page: gone at once
            } else {
                presence.remove(node)
            }
        }
        return true
    }

    /// Whether element `index` is on the page: neither exiting nor gone.
    public func isPresent(at index: Int) -> Bool {
        presence.isPresent(elements[index].node)
    }

    /// What the host writes on element `index` now: see ``ElementStyle``. An element not yet
    /// measured gets the identity and its node's opacity.
    public func style(at index: Int) -> ElementStyle {
        style(at: index, rootMatrix: scene.root.screenMatrix())
    }

    /// Every element's ``style(at:)`` now, in adoption order: what a host writes each frame, with
    /// the root's placement computed once for all of them.
    public func forEachStyle(_ body: (Int, ElementStyle) -> Void) {
        let rootMatrix = scene.root.screenMatrix()
        for index in elements.indices { body(index, style(at: index, rootMatrix: rootMatrix)) }
    }

    /// ``style(at:)`` given the root's screen matrix: each node's presentation is read once.
    private func style(at index: Int, rootMatrix: Matrix2D) -> ElementStyle {
        let element = elements[index]
        let node = element.node
        let v = node.presentation
        let opacity = v.alpha.isFinite ? Swift.min(Swift.max(v.alpha, 0), 1) : 0
        let state: ElementStyle.State = node.parent == nil ? .gone : presence.isExiting(node) ? .exiting : .present
        guard let box = element.layoutFrame else { return ElementStyle(transform: .identity, opacity: opacity, state: state) }
        // An adopted node is the root's child unless the app moved it: the same composition as
        // `screenMatrix()`, without walking up again.
        let screen = node.parent === scene.root ? v.matrixToParent.concatenating(rootMatrix) : node.screenMatrix()
        return ElementStyle(transform: ElementStyle.transform(bounds: v.bounds, screenMatrix: screen, laidOutAt: box),
                            opacity: opacity, state: state)
    }
}

/// What a host writes on an adopted element each frame.
public struct ElementStyle: Equatable, Sendable {
    /// Maps the element's own laid-out box, `(0, 0)` to `(width, height)`, to where its node is
    /// drawn, relative to the box's laid-out origin: CSS `transform: matrix(a, b, c, d, tx, ty)`
    /// with `transform-origin: 0 0`. The identity when the node is drawn where the page put it.
    public var transform: Matrix2D
    /// The node's presentation opacity, 0 ... 1.
    public var opacity: Double
    /// Whether the element is on the page, on its way out, or gone.
    public var state: State

    /// Where an element is in its life on the page (see `PageLayout`'s Presence).
    public enum State: Sendable, Equatable {
        /// On the page.
        case present
        /// Removed by the page and exiting: the host keeps it drawn, out of the flow.
        case exiting
        /// Its exit has ended (or it was never on the page): the host lets it go.
        case gone
    }

    /// A style.
    public init(transform: Matrix2D, opacity: Double, state: State = .present) {
        self.transform = transform
        self.opacity = opacity
        self.state = state
    }

    /// The transform that draws an element laid out at `box` where `node` is drawn: the box's
    /// points scaled onto the node's presentation bounds, through the node's screen matrix, less
    /// the box's origin. Finite always: a node drawn at a non-finite place, or a box with no
    /// area, gives the identity.
    public static func transform(of node: Node, laidOutAt box: Rect) -> Matrix2D {
        transform(bounds: node.presentation.bounds, screenMatrix: node.screenMatrix(), laidOutAt: box)
    }

    /// ``transform(of:laidOutAt:)`` from the node's presentation bounds and screen matrix.
    static func transform(bounds: Rect, screenMatrix: Matrix2D, laidOutAt box: Rect) -> Matrix2D {
        let sx = box.width > 0 ? bounds.width / box.width : 1
        let sy = box.height > 0 ? bounds.height / box.height : 1
        let local = Matrix2D(a: sx, b: 0, c: 0, d: sy, tx: bounds.minX, ty: bounds.minY)
        let m = local.concatenating(screenMatrix).concatenating(Matrix2D(translationX: -box.minX, y: -box.minY))
        let finite = m.a.isFinite && m.b.isFinite && m.c.isFinite && m.d.isFinite && m.tx.isFinite && m.ty.isFinite
        return finite ? m : .identity
    }
}
