// Helpers for the solver tests: scenes built on the world directly.

import Kinetic
@testable import KineticDynamics

extension PhysicsWorld {
    /// A dynamic body colliding with everything (item mask 1, boundary mask 1).
    func addBody(_ shape: ShapeGeometry, at p: Point, angle: Double = 0, material: BodyMaterial = BodyMaterial()) -> BodyID {
        let body = createBody(shape: shape, position: p, angle: angle, material: material)
        setCollisionMasks(items: 1, boundaries: 1, of: body)
        return body
    }

    static func box(width: Double, height: Double) -> ShapeGeometry {
        let w = width / 2, h = height / 2
        return .polygon([Vector(dx: -w, dy: -h), Vector(dx: w, dy: -h), Vector(dx: w, dy: h), Vector(dx: -w, dy: h)])
    }

    func step(_ n: Int) { for _ in 0..<n { step() } }
}
