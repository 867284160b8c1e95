import Kinetic

struct ManifoldPoint {
    /// The incident point in the incident body's frame (B's for faceA and circles, A's for faceB).
    var localPoint = Vec2.zero
    /// Signed distance at the time of collision (positive = gap: a speculative point).
    var separation = 0.0
    var id: UInt32 = 0
}
