// A body's collision shape, checked and prepared once: convex hull in counter-clockwise order
// (positive signed area), outward unit normals, area and second moment about the body's origin.
import Kinetic

/// The prepared form of a `ShapeGeometry`.
///
/// - A polygon is replaced by the convex hull of its vertices (so a concave or self-crossing
///   outline still collides, as its hull), vertices closer than 0.25 pt are welded, collinear
///   ones dropped, and at most `maxVertices` are kept (the ones whose removal loses the least area
///   go first). Either winding is accepted.
/// - A polygon with fewer than 3 usable vertices, or a non-finite or non-positive radius,
///   cannot be used: `ConvexShape.make` returns nil and the world falls back to a circle (see
///   `PhysicsWorld.createBody`).
/// - Mass properties are taken about the body's ORIGIN (the item's centre), which is the body's
///   centre of mass even for a polygon not centred on it: items rotate about their centre, as in
///   UIKit. For a centred shape this is the usual centroidal inertia.
struct ConvexShape {
    static let maxVertices = 16

    var isCircle: Bool
    /// The circle's radius (0 for a polygon).
    var radius: Double
    var vertices: [Vec2]
    var normals: [Vec2]
    /// Area in square points.
    var area: Double
    /// ∫ |r|² dA about the origin, in points⁴: the inertia is density/10,000 × this.
    var secondMoment: Double
    /// The largest distance from the origin to the shape.
    var boundingRadius: Double

    static func make(_ geometry: ShapeGeometry) -> ConvexShape? {
        switch geometry {
        case .circle(let r):
            guard r.isFinite, r > 0 else { return nil }
            let area = Double.pi * r * r
            return ConvexShape(isCircle: true, radius: r, vertices: [], normals: [], area: area,
                               secondMoment: area * r * r / 2, boundingRadius: r)
        case .polygon(let points):
            var input: [Vec2] = []
            input.reserveCapacity(points.count)
            for p in points {
                guard p.x.isFinite, p.y.isFinite else { return nil }
                input.append(Vec2(p.x, p.y))
            }
            guard var hull = convexHull(input), hull.count >= 3 else { return nil }
            while hull.count > maxVertices { removeLeastSignificantVertex(&hull) }
            return polygon(hull)
        }
    }

    /// A polygon from a convex, counter-clockwise hull of ≥ 3 vertices.
    private static func polygon(_ v: [Vec2]) -> ConvexShape? {
        let n = v.count
        var normals: [Vec2] = []
        normals.reserveCapacity(n)
        var area = 0.0, moment = 0.0, bound = 0.0
        for i in 0..<n {
            let e1 = v[i], e2 = v[(i + 1) % n]
            let edge = e2 - e1
            let normal = cross(edge, 1).normalized
            guard normal != .zero else { return nil }
            normals.append(normal)
            // Triangle (origin, e1, e2): area D/2, ∫|r|² dA = D/12 (|e1|² + e1·e2 + |e2|²).
            let d = cross(e1, e2)
            area += d / 2
            moment += d / 12 * (dot(e1, e1) + dot(e1, e2) + dot(e2, e2))
            bound = max(bound, e1.length)
        }
        guard area > 1e-9 else { return nil }
        return ConvexShape(isCircle: false, radius: 0, vertices: v, normals: normals, area: area,
                           secondMoment: moment, boundingRadius: bound)
    }

    /// Andrew's monotone chain, counter-clockwise (positive area), without duplicate (≤ 0.25 pt
    /// apart) or collinear vertices. Deterministic: the sort key is (x, y) and ties are exact.
    static func convexHull(_ points: [Vec2]) -> [Vec2]? {
        var welded: [Vec2] = []
        for p in points where !welded.contains(where: { ($0 - p).lengthSquared < 0.0625 }) {
            welded.append(p)
        }
        guard welded.count >= 3 else { return nil }
        let sorted = welded.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        var lower: [Vec2] = [], upper: [Vec2] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 1] - lower[lower.count - 2], p - lower[lower.count - 2]) <= 1e-9 {
                lower.removeLast()
            }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 1] - upper[upper.count - 2], p - upper[upper.count - 2]) <= 1e-9 {
                upper.removeLast()
            }
            upper.append(p)
        }
        lower.removeLast(); upper.removeLast()
        let hull = lower + upper
        return hull.count >= 3 ? hull : nil
    }

    private static func removeLeastSignificantVertex(_ hull: inout [Vec2]) {
        let n = hull.count
        var best = 0, bestArea = Double.infinity
        for i in 0..<n {
            let a = hull[(i + n - 1) % n], b = hull[i], c = hull[(i + 1) % n]
            let lost = cross(b - a, c - a)
            if lost < bestArea { bestArea = lost; best = i }
        }
        hull.remove(at: best)
    }
}
