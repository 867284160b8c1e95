import Kinetic

/// `PhysicsWorld.pose(of:)` by pointer, for `PhysicsWorld.withPoses(_:)`.
struct PoseReader {
    let motions: UnsafeBufferPointer<Motion>
    let records: UnsafeBufferPointer<BodyRecord>

    /// A live body's centre and rotation (unknown or destroyed handles: the origin, unturned).
    @inline(__always) func callAsFunction(_ body: BodyID) -> (position: Point, rotation: Rotation) {
        let i = Int(body.raw)
        guard i > 0 && i < records.count && records[i].isAlive else { return (.zero, .identity) }
        return (motions[i].position.point, motions[i].rotation)
    }
}
