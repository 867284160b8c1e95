import Kinetic

/// The body arrays as `BodyStore.withBuffers` lends them: body `i` is `motions[i]` and
/// `bodies[i]`, its prepared shape `vertices` and `normals` from `bodies[i].vertexStart`.
struct BodyBuffers {
    let motions: UnsafeMutablePointer<Motion>
    let bodies: UnsafeMutablePointer<BodyRecord>
    let vertices: UnsafePointer<Vec2>
    let normals: UnsafePointer<Vec2>
}
