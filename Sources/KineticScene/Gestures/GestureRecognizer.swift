import Kinetic

/// The states of a gesture recognizer (UIKit's `UIGestureRecognizer.State`).
public enum GestureRecognizerState: Sendable, Equatable {
    /// Waiting for, or watching, pointers; not recognized yet.
    case possible
    /// A continuous gesture (a pan) was recognized and started.
    case began
    /// A continuous gesture moved.
    case changed
    /// The gesture ended: a pan lifted, a tap recognized (UIKit's `.recognized`).
    case ended
    /// A continuous gesture was cancelled (its pointer was cancelled, or it was detached).
    case cancelled
    /// The pointers did not make this gesture, or a recognizer it requires to fail succeeded.
    case failed

    /// UIKit's `.recognized`, the same state as ``ended``.
    public static let recognized = GestureRecognizerState.ended

    var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
    var isRecognized: Bool { self == .began || self == .changed || self == .ended }
}

/// Turns pointer events into a gesture (UIKit's `UIGestureRecognizer`): the base of
/// ``TapGestureRecognizer`` and ``PanGestureRecognizer``.
///
/// A pointer that goes down is delivered to the recognizers of the node it hit and of that
/// node's ancestors, nearest first. As in UIKit, two recognizers watching the same pointer do
/// not both recognize unless one has ``recognizesSimultaneously`` set, and ``require(toFail:)``
/// makes one wait for another. Delivery, when the state changes and the exclusivity rules in
/// full are in <doc:GesturesInDepth>.
public class GestureRecognizer {
    /// The state (when it changes: <doc:GesturesInDepth#Delivery>).
    public internal(set) var state: GestureRecognizerState = .possible
    /// Whether the recognizer receives pointers. Disabling one that is tracking cancels it
    /// (`began`/`changed` → `cancelled`, otherwise `failed`).
    public var isEnabled = true {
        didSet { if !isEnabled && oldValue { abandonPointers() } }
    }
    /// Whether this recognizer recognizes alongside others watching the same pointers instead
    /// of excluding them (UIKit's `shouldRecognizeSimultaneouslyWith` answering true).
    public var recognizesSimultaneously = false
    /// The node the recognizer is attached to.
    public var node: Node? { nodeReference }
    unowned(unsafe) var nodeReference: Node?
    unowned(unsafe) var sceneReference: Scene?

    /// The recognizers that must fail before this one may recognize.
    public private(set) var failureRequirements: [GestureRecognizer] = []
    /// The state this recognizer wants to enter, held back by a failure requirement.
    var pendingState: GestureRecognizerState?
    private var actions: [() -> Void] = []

    /// The pointers being tracked: identifier and current location (screen).
    var pointers: [(id: Int, location: Point)] = []
    /// The time of the latest event delivered.
    public internal(set) var lastEventTime: Double = 0

    init() {}

    /// Makes this recognizer wait for `other` to fail before recognizing, and fail if `other`
    /// recognizes (UIKit's `require(toFail:)`). The requirement is kept strongly; a
    /// requirement on itself is ignored.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0 === other }) else { return }
        failureRequirements.append(other)
    }

    /// Adds an action run with every state change except to `failed`.
    public func addAction(_ action: @escaping () -> Void) {
        actions.append(action)
    }

    /// The centroid of the tracked pointers in `node`'s coordinates (presentation geometry;
    /// the screen when nil), UIKit's `location(in:)`. The last known location when none is down.
    public func location(in node: Node?) -> Point {
        let p = centroid
        guard let node else { return p }
        return node.convert(p, from: nil) ?? p
    }

    /// The number of pointers being tracked.
    public var numberOfPointers: Int { pointers.count }

    var lastCentroid = Point.zero
    var centroid: Point {
        guard !pointers.isEmpty else { return lastCentroid }
        var sum = Point.zero
        for p in pointers { sum += p.location }
        return sum * (1 / Double(pointers.count))
    }

    // MARK: Subclass hooks

    func pointerDown(_ id: Int, at location: Point) {}
    func pointerMoved(_ id: Int, to location: Point) {}
    func pointerUp(_ id: Int, at location: Point) {}
    func pointerCancelled(_ id: Int, at location: Point) {}
    /// Clears the subclass's per-gesture state.
    func resetGesture() {}

    // MARK: Machinery

    /// Whether the recognizer is watching no pointer and can start a new gesture.
    var isIdle: Bool { pointers.isEmpty && pendingState == nil }

    func reset() {
        state = .possible
        pendingState = nil
        pointers.removeAll()
        resetGesture()
    }

    func tracks(_ id: Int) -> Bool { pointers.contains { $0.id == id } }

    func deliver(_ event: PointerEvent, scene: Scene) {
        sceneReference = scene
        lastEventTime = event.time
        switch event.phase {
        case .down:
            pointers.append((event.pointer, event.location))
            lastCentroid = centroid
            pointerDown(event.pointer, at: event.location)
        case .moved, .up, .cancelled:
            guard let i = pointers.firstIndex(where: { $0.id == event.pointer }) else { return }
            pointers[i].location = event.location
            lastCentroid = centroid
            switch event.phase {
            case .moved:
                pointerMoved(event.pointer, to: event.location)
                return
            case .up:
                pointerUp(event.pointer, at: event.location)
            default:
                pointerCancelled(event.pointer, at: event.location)
            }
            removePointer(event.pointer)
        }
    }

    func removePointer(_ id: Int) {
        pointers.removeAll { $0.id == id }
        if pointers.isEmpty, state == .possible, pendingState == .began {
            // A continuous gesture cannot begin once its pointers are gone.
            pendingState = nil
            state = .failed
        }
    }

    /// Moves to `newState`, honouring failure requirements when leaving `possible`.
    func transition(to newState: GestureRecognizerState) {
        if state == .possible && (newState == .began || newState == .ended) {
            if failureRequirements.contains(where: { $0.state.isRecognized }) {
                fail()
                return
            }
            if failureRequirements.contains(where: { $0.isBlocking }) {
                pendingState = newState
                return
            }
            pendingState = nil
            state = newState
            sceneReference?.recognizerDidRecognize(self)
            fire()
            return
        }
        if newState == .failed { fail(); return }
        state = newState
        fire()
    }

    /// Whether a recognizer that requires this one to fail must keep waiting.
    var isBlocking: Bool {
        state == .possible && (!pointers.isEmpty || pendingState != nil)
    }

    func fail() {
        pendingState = nil
        if state == .began || state == .changed {
            state = .cancelled
            fire()
        } else if state == .possible {
            state = .failed
        }
    }

    /// Re-examines a held-back state; returns true if something changed.
    func resolvePending() -> Bool {
        guard let wanted = pendingState, state == .possible else { return false }
        if failureRequirements.contains(where: { $0.state.isRecognized }) {
            fail()
            return true
        }
        if failureRequirements.contains(where: { $0.isBlocking }) { return false }
        pendingState = nil
        transition(to: wanted)
        return true
    }

    func fire() {
        for action in actions { action() }
    }

    /// Called when the node is removed or the recognizer disabled: ends the gesture.
    func abandonPointers() {
        if state == .began || state == .changed {
            state = .cancelled
            fire()
        } else if state == .possible {
            state = .failed
        }
        pendingState = nil
        pointers.removeAll()
    }

    func detachedFromNode() {
        abandonPointers()
    }
}
