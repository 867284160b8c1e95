// The render command of a dot batch: many equal circles in one instruction.
import Kinetic

/// Equal filled circles, drawn in one go: what a node's ``DotBatch`` becomes in a
/// ``RenderList``.
///
/// Dot `i` is a circle of ``radius`` points centred at `positions[i]` in the node's
/// coordinates, filled with `palette[colorIndices[i]]` at ``opacity``, mapped to the screen by
/// ``transform`` (as a ``RenderRect``'s box), and clipped to ``rect``, the node's bounds. The
/// arrays are the batch's own (shared copy-on-write, so building the list copies nothing).
/// Hosts draw the dots colour by colour in palette order, so where dots of two colours overlap
/// the one with the higher palette index is on top.
public struct RenderDots: Equatable, Sendable {
    /// The drawing node's ``Node/id``.
    public var id: Int
    /// The node's name.
    public var name: String
    /// The node's bounds: the dots are clipped to this rectangle (node coordinates).
    public var rect: Rect
    /// Node coordinates to screen.
    public var transform: Matrix2D
    /// Effective opacity, 0...1 (as ``RenderRect/opacity``).
    public var opacity: Double
    /// Every dot's radius, in node points (> 0).
    public var radius: Double
    /// The colours, clamped; 1 to 256 of them.
    public var palette: [Color]
    /// The centres, in node coordinates; all finite.
    public var positions: [Point]
    /// One palette index per dot (`positions.count` of them, each `< palette.count`).
    public var colorIndices: [UInt8]
    /// What the dots are to assistive technology.
    public var accessibility: RenderAccessibility

    /// Dots as described by the fields of the same names (`id` 0: no node).
    public init(name: String, rect: Rect, transform: Matrix2D, opacity: Double, radius: Double,
                palette: [Color], positions: [Point], colorIndices: [UInt8],
                id: Int = 0, accessibility: RenderAccessibility = .plain) {
        self.id = id
        self.accessibility = accessibility
        self.name = name
        self.rect = rect
        self.transform = transform
        self.opacity = opacity
        self.radius = radius
        self.palette = palette
        self.positions = positions
        self.colorIndices = colorIndices
    }
}
