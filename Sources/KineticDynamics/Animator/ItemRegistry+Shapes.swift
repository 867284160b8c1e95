// How an item's bounds and collision-bounds type become a body's shape.
import Kinetic

extension ItemRegistry {
    /// The unit circle at every 22.5°, as literals: an ellipse's polygon is then built from
    /// multiplications only and has the same bits on every platform.
    static let unitCircle16: [(Double, Double)] = [
        (1, 0), (0.9238795325112867, 0.3826834323650898), (0.7071067811865476, 0.7071067811865476),
        (0.3826834323650898, 0.9238795325112867), (0, 1), (-0.3826834323650898, 0.9238795325112867),
        (-0.7071067811865476, 0.7071067811865476), (-0.9238795325112867, 0.3826834323650898), (-1, 0),
        (-0.9238795325112867, -0.3826834323650898), (-0.7071067811865476, -0.7071067811865476),
        (-0.3826834323650898, -0.9238795325112867), (0, -1), (0.3826834323650898, -0.9238795325112867),
        (0.7071067811865476, -0.7071067811865476), (0.9238795325112867, -0.3826834323650898),
    ]

    /// The body shape for `item`: its bounds' rectangle; the inscribed circle (square bounds) or
    /// a 16-gon through the inscribed ellipse; or its convex path. A path that is not convex, has
    /// fewer than three distinct vertices or a non-finite one falls back to the rectangle with a
    /// diagnostic. Sides below 0.001 points (a zero-size item) are raised to it, with a
    /// diagnostic unless a path gives the shape. Non-finite bounds: nil, diagnostic.
    func shapeOf(_ item: any DynamicItem) -> (geometry: ShapeGeometry, halfSize: Vector)? {
        let size = item.bounds.size
        guard size.width.isFinite, size.height.isFinite,
              size.width.magnitude < DynamicsLimits.maximumCoordinate,
              size.height.magnitude < DynamicsLimits.maximumCoordinate else {
            engine.report(.invalidArgument, "DynamicAnimator: an item's bounds are not finite; it is not simulated")
            return nil
        }
        let shape = ItemRegistry.geometry(of: item)
        if shape.isTiny, case .path = item.collisionBoundsType {} else if shape.isTiny {
            engine.report(.invalidArgument, "DynamicAnimator: an item's bounds have a side below 0.001 points; it is simulated with sides of at least 0.001 points")
        }
        if shape.isBadPath {
            engine.report(.invalidArgument, "DynamicAnimator: an item's collision path is not a finite convex polygon of at least three vertices; its bounds' rectangle is used")
        }
        return (shape.geometry, shape.halfSize)
    }

    /// `shapeOf` without its checks and reports, for finite bounds: the shape, the half size, and
    /// whether a side was raised to 0.001 points or a path fell back to the rectangle.
    static func geometry(of item: any DynamicItem) -> (geometry: ShapeGeometry, halfSize: Vector, isTiny: Bool, isBadPath: Bool) {
        let size = item.bounds.size
        let tiny = size.width.magnitude < DynamicsLimits.minimumItemSide || size.height.magnitude < DynamicsLimits.minimumItemSide
        let hw = Swift.max(size.width.magnitude, DynamicsLimits.minimumItemSide) / 2
        let hh = Swift.max(size.height.magnitude, DynamicsLimits.minimumItemSide) / 2
        let halfSize = Vector(dx: hw, dy: hh)
        let rectangle = ShapeGeometry.polygon([
            Vector(dx: -hw, dy: -hh), Vector(dx: hw, dy: -hh), Vector(dx: hw, dy: hh), Vector(dx: -hw, dy: hh),
        ])
        switch item.collisionBoundsType {
        case .rectangle:
            return (rectangle, halfSize, tiny, false)
        case .ellipse:
            if hw == hh { return (.circle(radius: hw), halfSize, tiny, false) }
            return (.polygon(ItemRegistry.unitCircle16.map { Vector(dx: $0.0 * hw, dy: $0.1 * hh) }), halfSize, tiny, false)
        case .path(let points):
            guard let polygon = ItemRegistry.convexPolygon(points) else { return (rectangle, halfSize, tiny, true) }
            var extent = Vector.zero
            for v in polygon { extent = Vector(dx: Swift.max(extent.x, v.x.magnitude), dy: Swift.max(extent.y, v.y.magnitude)) }
            return (.polygon(polygon), extent, tiny, false)
        }
    }

    /// `points` as a convex polygon (duplicates removed), or nil.
    static func convexPolygon(_ points: [Point]) -> [Vector]? {
        var vertices: [Vector] = []
        for p in points {
            guard p.isUsableCoordinate else { return nil }
            let v = p.asVector
            if let last = vertices.last, last == v { continue }
            vertices.append(v)
        }
        if vertices.count > 1, vertices.first == vertices.last { vertices.removeLast() }
        guard vertices.count >= 3 else { return nil }
        // Convex: every turn has the same sign (zero turns, collinear vertices, are allowed).
        var sign = 0.0
        let n = vertices.count
        for i in 0..<n {
            let a = vertices[i], b = vertices[(i + 1) % n], c = vertices[(i + 2) % n]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return nil }
        }
        return sign == 0 ? nil : vertices
    }
}
