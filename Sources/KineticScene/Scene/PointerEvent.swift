import Kinetic

/// A pointer (a finger, the mouse, a pen) going down, moving, going up or being cancelled, in
/// screen coordinates at a time in seconds on the engine's clock (UIKit's `UITouch` phases).
public struct PointerEvent: Sendable, Equatable {
    /// The phase of a pointer event.
    public enum Phase: Sendable, Equatable {
        case down, moved, up, cancelled
    }
    /// Identifies the pointer across its events; several may be down at once.
    public var pointer: Int
    public var phase: Phase
    /// The location on screen.
    public var location: Point
    /// When it happened, in seconds.
    public var time: Double

    public init(_ phase: Phase, pointer: Int = 0, at location: Point, time: Double) {
        self.pointer = pointer
        self.phase = phase
        self.location = location
        self.time = time
    }

    /// A down event.
    public static func down(_ pointer: Int = 0, _ location: Point, at time: Double) -> PointerEvent {
        PointerEvent(.down, pointer: pointer, at: location, time: time)
    }
    /// A move event.
    public static func move(_ pointer: Int = 0, _ location: Point, at time: Double) -> PointerEvent {
        PointerEvent(.moved, pointer: pointer, at: location, time: time)
    }
    /// An up event.
    public static func up(_ pointer: Int = 0, _ location: Point, at time: Double) -> PointerEvent {
        PointerEvent(.up, pointer: pointer, at: location, time: time)
    }
    /// A cancel event (the system took the pointer away).
    public static func cancel(_ pointer: Int = 0, _ location: Point, at time: Double) -> PointerEvent {
        PointerEvent(.cancelled, pointer: pointer, at: location, time: time)
    }
}
