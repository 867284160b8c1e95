// Which part of a composed timing (a cubic curve and a spring together) drives each value type,
// and whether its changes are geometry that reduced motion lands instead of moving.

extension AnimatableValue {
    /// `false`: scalars (alpha, blur, corner radius…), colours, transforms and corner radii
    /// follow the cubic part of a composed timing.
    public static var followsSpringInComposedTiming: Bool { false }
    /// ``MotionRole/geometry`` for a type that follows the spring part of a composed timing
    /// (positions, sizes, frames, displacements: they land under reduced motion),
    /// ``MotionRole/appearance`` for the rest (scalars, colours and corner radii animate).
    public static var defaultMotionRole: MotionRole { followsSpringInComposedTiming ? .geometry : .appearance }
}

extension Point {
    /// `true`: a position follows the spring part of a composed timing, and lands under reduced motion.
    public static var followsSpringInComposedTiming: Bool { true }
}

extension Size {
    /// `true`: a size follows the spring part of a composed timing, and lands under reduced motion.
    public static var followsSpringInComposedTiming: Bool { true }
}

extension Rect {
    /// `true`: a frame follows the spring part of a composed timing, and lands under reduced motion.
    public static var followsSpringInComposedTiming: Bool { true }
}

extension Vector {
    /// `true`: a displacement follows the spring part of a composed timing, and lands under
    /// reduced motion.
    public static var followsSpringInComposedTiming: Bool { true }
}

extension AffineTransform {
    /// ``MotionRole/geometry``: a transform lands under reduced motion, though it follows the
    /// cubic part of a composed timing.
    public static var defaultMotionRole: MotionRole { .geometry }
}

extension AnimationSegment {
    /// The segment a change to a property of `Value` with `role` goes onto: its landing twin when
    /// its animator's run lands geometry (``MotionPolicy/reduced``) and the role is
    /// ``MotionRole/geometry``; the spring twin of this segment when its animator runs a composed
    /// timing and `Value` follows the spring; else this segment.
    func resolved<Value: AnimatableValue>(for type: Value.Type, role: MotionRole) -> AnimationSegment {
        guard let animator else { return self }
        if role == .geometry, animator.timing.run.landsGeometry { return animator.tracks.landingTwin(of: self) }
        guard Value.followsSpringInComposedTiming else { return self }
        return animator.tracks.springTwin(of: self) ?? self
    }
}
