import Kinetic

struct Manifold {
    var kind = ManifoldKind.circles
    var count = 0
    var localNormal = Vec2.zero
    var localPoint = Vec2.zero
    var point0 = ManifoldPoint()
    var point1 = ManifoldPoint()
}
