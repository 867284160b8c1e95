// Which part of a composed timing (a cubic curve and a spring together) drives each value type.

extension AnimatableValue {
    /// `false`: scalars (alpha, blur, corner radius…), colours, transforms and corner radii
    /// follow the cubic part of a composed timing.
    public static var followsSpringInComposedTiming: Bool { false }
}

extension Point {
    /// `true`: a position follows the spring part of a composed timing.
    public static var followsSpringInComposedTiming: Bool { true }
}

extension Size {
    /// `true`: a size follows the spring part of a composed timing.
    public static var followsSpringInComposedTiming: Bool { true }
}

extension Rect {
    /// `true`: a frame follows the spring part of a composed timing.
    public static var followsSpringInComposedTiming: Bool { true }
}

extension Vector {
    /// `true`: a displacement follows the spring part of a composed timing.
    public static var followsSpringInComposedTiming: Bool { true }
}

extension AnimationSegment {
    /// The segment a change to a `Value` goes onto: the spring twin of this segment when its
    /// animator runs a composed timing and `Value` follows the spring, else this segment.
    func resolved<Value: AnimatableValue>(for type: Value.Type) -> AnimationSegment {
        guard Value.followsSpringInComposedTiming, let animator else { return self }
        return animator.tracks.springTwin(of: self) ?? self
    }
}
