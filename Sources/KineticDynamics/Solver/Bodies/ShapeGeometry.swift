import Kinetic

/// A body's collision shape, in the body's own frame (centre of the item at the origin).
enum ShapeGeometry: Equatable {
    /// A disc.
    case circle(radius: Double)
    /// A convex polygon, its vertices in order (either winding; the world normalises it).
    case polygon([Vector])
}
