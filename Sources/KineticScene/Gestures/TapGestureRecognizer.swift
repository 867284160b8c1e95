import Kinetic

/// Recognizes a single tap: one pointer down and up without moving more than
/// ``allowableMovement`` (UIKit's `UITapGestureRecognizer` with one tap, one touch).
///
/// It goes straight from `possible` to `ended` (`.recognized`) when the pointer lifts, and
/// fails if the pointer moves too far, a second pointer goes down, or the pointer is cancelled.
public final class TapGestureRecognizer: GestureRecognizer {
    /// How far, in points, the pointer may move from where it went down (default 10).
    public var allowableMovement = 10.0
    private var start = Point.zero

    /// A tap recognizer; `action` runs when it recognizes.
    public init(action: ((TapGestureRecognizer) -> Void)? = nil) {
        super.init()
        if let action { addAction { [unowned(unsafe) self] in action(self) } }
    }

    override func pointerDown(_ id: Int, at location: Point) {
        guard state == .possible else { return }
        if pointers.count > 1 { transition(to: .failed); return }
        start = location
    }

    override func pointerMoved(_ id: Int, to location: Point) {
        guard state == .possible, pendingState == nil else { return }
        if location.distance(to: start) > allowableMovement { transition(to: .failed) }
    }

    override func pointerUp(_ id: Int, at location: Point) {
        guard state == .possible, pendingState == nil else { return }
        if location.distance(to: start) > allowableMovement { transition(to: .failed); return }
        transition(to: .ended)
    }

    override func pointerCancelled(_ id: Int, at location: Point) {
        transition(to: .failed)
    }
}
