import Kinetic

/// Recognizes a drag and measures it (UIKit's `UIPanGestureRecognizer`).
///
/// It begins once the pointers have moved ``minimumDistance`` points and ``shouldBegin``
/// agrees, then follows the centroid of its pointers: ``translation(in:)`` is its displacement
/// since the start, without a jump when a pointer joins or leaves, and ``velocity(in:)`` its
/// fitted velocity in points per second.
///
/// ```swift
/// let pan = PanGestureRecognizer { pan in
///     if pan.state == .ended { fling(with: pan.velocity(in: nil)) }
/// }
/// ```
///
/// When it begins and ends, how translation and velocity are measured (and at release), and
/// their coordinates are in <doc:GesturesInDepth#Translation-and-velocity-of-a-pan>.
public final class PanGestureRecognizer: GestureRecognizer {
    /// Distance in points the pointers must move before the pan begins (default 10; 0 begins
    /// on the first down).
    public var minimumDistance = 10.0
    /// The fewest pointers that make a pan (default 1).
    public var minimumNumberOfPointers = 1
    /// Asked when the pan would begin (UIKit's `gestureRecognizerShouldBegin(_:)`); returning
    /// false fails it. The translation so far is available for a direction check.
    public var shouldBegin: ((PanGestureRecognizer) -> Bool)?

    private var origin = Point.zero
    /// Offset added to the centroid so the tracked path does not jump when pointers join/leave.
    private var pathOffset = Point.zero
    private var tracker = VelocityTracker<Point>()

    /// A pan recognizer; `action` runs on every state change but `failed`.
    public init(action: ((PanGestureRecognizer) -> Void)? = nil) {
        super.init()
        if let action { addAction { [unowned(unsafe) self] in action(self) } }
    }

    /// The translation in screen coordinates.
    var screenTranslation: Point { centroid - origin }

    /// The translation since the gesture started, in `node`'s coordinates (the screen when nil).
    public func translation(in node: Node?) -> Point {
        let t = screenTranslation
        guard let node, let inverse = node.screenMatrix().inverted() else { return t }
        return inverse.applyToVector(t)
    }

    /// Makes the current translation read `translation` in `node`'s coordinates (UIKit's
    /// `setTranslation(_:in:)`, usually `.zero` to measure increments). The velocity is not
    /// affected. A non-finite translation is ignored.
    public func setTranslation(_ translation: Point, in node: Node?) {
        guard translation.isFinite else { return }
        let screen = node.map { $0.screenMatrix().applyToVector(translation) } ?? translation
        origin = centroid - screen
    }

    /// The velocity of the pointers' centroid at the latest event, in `node`'s coordinates per
    /// second (the screen when nil). Zero when the pointers stopped more than 40 ms before it.
    public func velocity(in node: Node?) -> Point {
        let v = tracker.velocity(at: lastEventTime)
        guard let node, let inverse = node.screenMatrix().inverted() else { return v }
        return inverse.applyToVector(v)
    }

    override func resetGesture() {
        origin = .zero
        pathOffset = .zero
        lastSampled = nil
        tracker.reset()
    }

    /// The path position of the latest sample.
    private var lastSampled: Point?
    private func sample() {
        let position = centroid + pathOffset
        lastSampled = position
        tracker.addSample(position, at: lastEventTime)
    }

    override func pointerDown(_ id: Int, at location: Point) {
        // The centroid now includes the new pointer; keep translation and path continuous.
        if pointers.count == 1 {
            origin = location
            pathOffset = .zero
            tracker.reset()
        } else {
            let before = pointersCentroid(excluding: id)
            let after = centroid
            origin += after - before
            pathOffset += before - after
        }
        sample()
        if state == .possible, pendingState == nil, minimumDistance <= 0,
           pointers.count >= minimumNumberOfPointers {
            begin()
        }
    }

    override func pointerMoved(_ id: Int, to location: Point) {
        sample()
        switch state {
        case .possible:
            guard pendingState == nil, pointers.count >= minimumNumberOfPointers else { return }
            if screenTranslation.magnitude >= minimumDistance { begin() }
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    override func pointerUp(_ id: Int, at location: Point) {
        // A lift where the last move left the pointers adds no position: sampled again at its
        // later time, it would read as a stop and cut the release velocity of every real flick
        // (browsers send the up a frame after the last move). A pointer held still before
        // lifting still releases with no velocity, by the tracker's pause rule.
        if centroid + pathOffset != lastSampled { sample() }
        if pointers.count == 1 {
            if state == .began || state == .changed { transition(to: .ended) }
            else if state == .possible { transition(to: .failed) }
        }
    }

    override func removePointer(_ id: Int) {
        let before = centroid
        super.removePointer(id)
        if !pointers.isEmpty {
            let after = centroid
            origin += after - before
            pathOffset += before - after
        }
    }

    override func pointerCancelled(_ id: Int, at location: Point) {
        if state == .began || state == .changed { transition(to: .cancelled) }
        else { transition(to: .failed) }
    }

    private func begin() {
        if let shouldBegin, !shouldBegin(self) {
            transition(to: .failed)
            return
        }
        transition(to: .began)
    }

    private func pointersCentroid(excluding id: Int) -> Point {
        var sum = Point.zero
        var n = 0
        for p in pointers where p.id != id { sum += p.location; n += 1 }
        return n > 0 ? sum * (1 / Double(n)) : centroid
    }
}
