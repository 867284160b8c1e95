// Insets from the four edges of a rectangle (UIKit's `UIEdgeInsets`), for collision boundaries.
import Kinetic

/// Distances in points inset from each edge of a rectangle (UIKit's `UIEdgeInsets`).
///
/// Positive values move the edge inwards, negative values outwards. Used by
/// ``CollisionBehavior/setTranslatesReferenceBoundsIntoBoundary(with:)``.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge, in points.
    public var top: Double
    /// The inset from the left edge, in points.
    public var left: Double
    /// The inset from the bottom edge, in points.
    public var bottom: Double
    /// The inset from the right edge, in points.
    public var right: Double

    /// Insets of `top`, `left`, `bottom` and `right` points (each 0 by default).
    @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets()

    /// Whether every inset is finite.
    @inlinable public var isFinite: Bool {
        top.isFinite && left.isFinite && bottom.isFinite && right.isFinite
    }

    /// `rect` with each edge moved inwards by its inset (the size may become negative, which the
    /// caller rejects).
    @inlinable public func inset(_ rect: Rect) -> Rect {
        Rect(x: rect.minX + left, y: rect.minY + top,
             width: rect.width - left - right, height: rect.height - top - bottom)
    }
}
