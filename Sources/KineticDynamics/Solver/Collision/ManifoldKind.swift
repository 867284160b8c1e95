import Kinetic

/// How a manifold's points are measured (Box2D's b2Manifold::Type).
enum ManifoldKind: UInt8 {
    /// Centre to centre: `localPoint` is A's centre, a point's `localPoint` B's.
    case circles
    /// Against A's face: `localNormal`/`localPoint` in A's frame, points in B's frame.
    case faceA
    /// Against B's face: `localNormal`/`localPoint` in B's frame, points in A's frame.
    case faceB
}
