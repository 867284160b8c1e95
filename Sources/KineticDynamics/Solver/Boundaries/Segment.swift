import Kinetic

/// One segment of a static boundary, stored as a two-vertex polygon in world coordinates.
struct Segment {
    var isAlive = true
    var boundary: Int32
    var mask: UInt64
    /// The chain's vertex before the segment's start and after its end (Box2D's ghost vertices),
    /// if the chain continues there: collisions with a vertex where the chain continues flat or
    /// bends towards the body are left to the neighbour's face, so bodies slide over seams.
    var previous: Vec2? = nil
    var next: Vec2? = nil
}
