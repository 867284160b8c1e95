import Kinetic

/// An axis-aligned box.
struct AABB {
    var minX: Double, minY: Double, maxX: Double, maxY: Double
    static let empty = AABB(minX: 0, minY: 0, maxX: 0, maxY: 0)
}

extension AABB {
    @inline(__always) func contains(_ other: AABB) -> Bool {
        minX <= other.minX && minY <= other.minY && maxX >= other.maxX && maxY >= other.maxY
    }
}
