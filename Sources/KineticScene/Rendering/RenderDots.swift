// The render command of a dot batch: many equal circles in one instruction.
import Kinetic

/// Equal filled circles, drawn in one go: what a node's ``DotBatch`` becomes in a
/// ``RenderList``.
///
/// Dot `i` is a circle of ``radius`` points centred at `positions[i]` in the node's
/// coordinates, filled with `palette[colorIndices[i]]` at the placement's opacity, mapped to
/// the screen by its transform and clipped to its rect, the node's bounds. The arrays are the
/// batch's own (shared copy-on-write, so building the list copies nothing). Hosts draw the dots
/// colour by colour in palette order, so where dots of two colours overlap the one with the
/// higher palette index is on top.
public struct RenderDots: PlacedRenderCommand, Equatable, Sendable {
    /// The node, its bounds (the dots are clipped to them), their matrix to the screen and the
    /// effective opacity.
    public var placement: RenderPlacement
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
}

extension RenderDots {
    /// Dots as described by the fields of the same names and the placement's (`id` 0: no node).
    public init(name: String, rect: Rect, transform: Matrix2D, opacity: Double, radius: Double,
                palette: [Color], positions: [Point], colorIndices: [UInt8],
                id: Int = 0, accessibility: RenderAccessibility = .plain) {
        self.init(placement: RenderPlacement(id: id, name: name, rect: rect, transform: transform, opacity: opacity),
                  radius: radius, palette: palette, positions: positions, colorIndices: colorIndices,
                  accessibility: accessibility)
    }
}
