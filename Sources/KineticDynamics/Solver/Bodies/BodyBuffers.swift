import Kinetic

/// The body arrays as `BodyStore.withBuffers` lends them: body `i` is `motions[i]` and
/// `bodies[i]`, its prepared shape `vertices` and `normals` from `bodies[i].vertexStart`.
struct BodyBuffers {
    let motions: UnsafeMutablePointer<Motion>
    let bodies: UnsafeMutablePointer<BodyRecord>
    let vertices: UnsafePointer<Vec2>
    let normals: UnsafePointer<Vec2>
}

extension BodyBuffers {
    /// The tight box of body `i`'s shape at its pose.
    @inline(__always) func tightBox(_ i: Int) -> AABB {
        let m = motions[i]
        if bodies[i].isCircle {
            let r = bodies[i].radius
            return AABB(minX: m.position.x - r, minY: m.position.y - r, maxX: m.position.x + r, maxY: m.position.y + r)
        }
        let base = Int(bodies[i].vertexStart)
        var box = AABB(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for k in 0..<bodies[i].vertexCount {
            let v = m.rotation.apply(vertices[base + k]) + m.position
            box.minX = min(box.minX, v.x); box.maxX = max(box.maxX, v.x)
            box.minY = min(box.minY, v.y); box.maxY = max(box.maxY, v.y)
        }
        return box
    }
}
