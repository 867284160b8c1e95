import Kinetic

/// A tree of nodes on a screen, with the engine that animates it and the pointers on it: what
/// a host drives (UIKit's `UIWindow` and its event dispatch).
///
/// The host calls ``send(_:)`` with each pointer event and `engine.advance(to:)` with each
/// frame's time, then draws ``renderList()``.
///
/// ## Time
/// Events are timestamped on the engine's clock, and the engine advances to an event before
/// handling it (`engine.advance(to: event.time)`), so handlers see the presentation at the
/// instant of the event: a pointer catches a moving node where it is at that instant. Time
/// never goes back (`AnimationEngine.clockTime(for:)`): an event stamped earlier than the
/// engine's time (a frame, or an earlier event, got there first) is handled at the engine's
/// time, and the recognizers see it at that time.
///
/// ## Bad input
/// Every rejected event is reported on the engine (a `Diagnostic` of the kind named below on
/// `engine.diagnostics`) and leaves every pointer, recognizer and node as it was; ``send(_:)``
/// returns false:
/// - an event with a non-finite time or location (`.eventOutOfOrder`);
/// - a move, up or cancel for a pointer that is not down (`.unknownPointer`);
/// - a down for a pointer that is already down (`.duplicatePointer`).
public final class Scene {
    /// The engine animating the scene's nodes.
    public let engine: AnimationEngine
    /// The root node; it fills the screen (its frame is `(0, 0, size)`).
    public let root: Node
    /// The time of the latest accepted event (−∞ before the first).
    public private(set) var lastEventTime = -Double.infinity

    private struct ActivePointer {
        var id: Int
        var location: Point
        var hitNode: Node?
        var recognizers: [GestureRecognizer]
    }
    private var active: [ActivePointer] = []

    /// A scene of the given size, with a fresh root node.
    public init(size: Size, engine: AnimationEngine) {
        self.engine = engine
        root = Node(frame: Rect(origin: .zero, size: size), name: "root", engine: engine)
    }

    deinit {
        for p in active { for r in p.recognizers { r.sceneReference = nil } }
    }

    /// The screen size (the root's bounds size).
    public var size: Size { root.bounds.size }

    /// Reports rejected input on the engine, where the core's diagnostics go too, so a host
    /// has one place to look.
    func report(_ kind: Diagnostic.Kind, _ message: String) {
        engine.report(kind, message)
    }

    /// The frontmost node under a screen point (see ``Node/hitTest(_:)``).
    public func hitTest(_ point: Point) -> Node? {
        root.hitTest(point, parentMatrix: .identity)
    }

    /// The identifiers of the pointers that are down.
    public var activePointers: [Int] { active.map { $0.id } }

    /// The node a pointer that is down went down on, if any.
    public func hitNode(forPointer id: Int) -> Node? {
        active.first { $0.id == id }?.hitNode
    }

    /// Dispatches a pointer event to the gesture recognizers (see the type's discussion);
    /// returns false, with a diagnostic, for rejected input.
    @discardableResult
    public func send(_ event: PointerEvent) -> Bool {
        guard event.time.isFinite, event.location.isFinite else {
            report(.eventOutOfOrder, "pointer \(event.pointer): an event with a non-finite time or location is ignored")
            return false
        }
        let index = active.firstIndex { $0.id == event.pointer }
        switch event.phase {
        case .down:
            guard index == nil else {
                report(.duplicatePointer, "pointer \(event.pointer) went down while already down; ignored")
                return false
            }
        case .moved, .up, .cancelled:
            guard index != nil else {
                report(.unknownPointer, "pointer \(event.pointer) \(event.phase) without a down; ignored")
                return false
            }
        }
        var event = event
        guard let at = engine.advance(to: event.time) else { return false }
        event.time = at
        lastEventTime = event.time

        var touched: [GestureRecognizer] = []
        switch event.phase {
        case .down:
            let hit = hitTest(event.location)
            var recognizers: [GestureRecognizer] = []
            var n = hit
            while let node = n {
                for r in node.gestureRecognizers where r.isEnabled {
                    // A recognizer whose pointers have all lifted starts a new gesture.
                    if r.pointers.isEmpty { r.reset() }
                    if r.state.isTerminal { continue }
                    recognizers.append(r)
                }
                n = node.parentReference
            }
            active.append(ActivePointer(id: event.pointer, location: event.location, hitNode: hit, recognizers: recognizers))
            for r in recognizers where r.node != nil { r.deliver(event, scene: self) }
            touched = recognizers
        case .moved:
            active[index!].location = event.location
            touched = active[index!].recognizers
            for r in touched where r.node != nil && r.tracks(event.pointer) { r.deliver(event, scene: self) }
        case .up, .cancelled:
            touched = active[index!].recognizers
            active.remove(at: index!)
            for r in touched where r.node != nil && r.tracks(event.pointer) { r.deliver(event, scene: self) }
        }
        resolve(touched)
        return true
    }

    /// Settles held-back recognizers until nothing changes.
    private func resolve(_ recognizers: [GestureRecognizer]) {
        var all = recognizers
        for p in active { for r in p.recognizers where !all.contains(where: { $0 === r }) { all.append(r) } }
        var changed = true
        var rounds = 0
        while changed && rounds < 100 {
            changed = false
            rounds += 1
            for r in all where r.resolvePending() { changed = true }
        }
    }

    /// Exclusivity: when `recognizer` recognizes, the others watching its pointers fail.
    func recognizerDidRecognize(_ recognizer: GestureRecognizer) {
        guard !recognizer.recognizesSimultaneously else { return }
        for p in active where recognizer.tracks(p.id) {
            for other in p.recognizers where other !== recognizer && !other.recognizesSimultaneously {
                if other.state == .possible { other.fail() }
            }
        }
    }
}
