import Kinetic

/// A broad-phase entry: a body (ref < `BroadPhase.segmentFlag`) or a segment
/// (`BroadPhase.segmentFlag` | index), with its fat box.
struct Proxy {
    var box: AABB
    var ref: UInt32
}
