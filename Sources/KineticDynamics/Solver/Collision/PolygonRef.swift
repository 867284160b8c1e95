import Kinetic

/// A convex polygon in its body's frame (a boundary segment is a two-vertex polygon with
/// normals n and −n).
struct PolygonRef {
    var vertices: UnsafePointer<Vec2>
    var normals: UnsafePointer<Vec2>
    var count: Int
}
