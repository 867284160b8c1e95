import Kinetic

/// One drawing instruction of a ``RenderList``, in screen space.
///
/// Shapes are given in the node's own coordinates (its bounds) with the ``Matrix2D`` that maps
/// them to the screen, so rotation, scale and shear are drawn exactly; a host applies the
/// matrix (SVG `transform="matrix(…)"`, a canvas `setTransform`, a CSS `matrix()`).
public enum RenderCommand: Equatable, Sendable {
    /// Fill a rounded rectangle.
    case rect(RenderRect)
    /// Draw a line of text centred in a rectangle.
    case text(RenderText)
    /// Clip what follows, up to the matching ``popClip``, to a rounded rectangle.
    case pushClip(RenderClip)
    /// End the innermost clip.
    case popClip
    /// Fill many equal circles at once (a node's ``DotBatch``).
    case dots(RenderDots)
}

/// A filled rounded rectangle.
public struct RenderRect: Equatable, Sendable {
    /// The node's name.
    public var name: String
    /// The rectangle in the node's coordinates (its bounds).
    public var rect: Rect
    /// Node coordinates to screen.
    public var transform: Matrix2D
    /// Effective opacity: the product of the alphas down the tree, clamped to 0...1. (UIKit
    /// composites a subtree's alpha as a group; multiplying is exact wherever children do not
    /// overlap each other, as in every scene of the seeds.)
    public var opacity: Double
    /// Radii after the corner mask and clamping to half the shorter side.
    public var cornerRadii: CornerRadii
    /// The fill, clamped to displayable components.
    public var color: Color
    /// Gaussian blur radius in points (0: none).
    public var blurRadius: Double
}

/// A line of text.
public struct RenderText: Equatable, Sendable {
    public var name: String
    public var text: String
    /// Centred in this rectangle (node coordinates).
    public var rect: Rect
    public var transform: Matrix2D
    public var opacity: Double
    public var fontSize: Double
    public var color: Color
}

/// A clip region.
public struct RenderClip: Equatable, Sendable {
    public var rect: Rect
    public var transform: Matrix2D
    public var cornerRadii: CornerRadii
}

/// A scene flattened into draw commands, back to front, at the engine's current time
/// (presentation values): what any host draws.
public struct RenderList: Equatable, Sendable {
    /// The screen size.
    public var size: Size
    /// The commands, back to front; clips are balanced.
    public var commands: [RenderCommand] = []

    /// The list of a scene now.
    public init(scene: Scene) {
        size = scene.size
        commands.reserveCapacity(32)
        append(scene.root, parent: .identity, opacity: 1)
    }

    /// The list of a subtree now, placed as its ancestors place it.
    public init(node: Node, size: Size) {
        self.size = size
        let parentMatrix = node.parent?.screenMatrix() ?? .identity
        append(node, parent: parentMatrix, opacity: 1)
    }

    private mutating func append(_ node: Node, parent: Matrix2D, opacity: Double) {
        guard !node.isHidden else { return }
        let v = node.presentation
        let alpha = Swift.min(Swift.max(v.alpha.isFinite ? v.alpha : 0, 0), 1) * opacity
        guard alpha > 0 else { return }
        let m = v.matrixToParent.concatenating(parent)
        let w = v.bounds.width, h = v.bounds.height
        let limit = Swift.max(0, Swift.min(w, h) / 2)
        let r = Swift.min(Swift.max(v.cornerRadius, 0), limit)
        let mask = node.maskedCorners
        let radii = CornerRadii(topLeft: mask.contains(.topLeft) ? r : 0, topRight: mask.contains(.topRight) ? r : 0,
                                bottomLeft: mask.contains(.bottomLeft) ? r : 0, bottomRight: mask.contains(.bottomRight) ? r : 0)
        let color = v.backgroundColor.clamped()
        if color.alpha > 0, w > 0, h > 0 {
            commands.append(.rect(RenderRect(name: node.name, rect: v.bounds, transform: m, opacity: alpha,
                                             cornerRadii: radii, color: color, blurRadius: Swift.max(0, v.blurRadius))))
        }
        if let text = node.text, !text.isEmpty {
            commands.append(.text(RenderText(name: node.name, text: text, rect: v.bounds, transform: m, opacity: alpha,
                                             fontSize: node.fontSize, color: v.textColor.clamped())))
        }
        if let batch = node.dots, batch.count > 0, batch.radius > 0, w > 0, h > 0 {
            // The arrays are shared with the batch, not copied (copy-on-write).
            commands.append(.dots(RenderDots(name: node.name, rect: v.bounds, transform: m, opacity: alpha,
                                             radius: batch.radius, palette: batch.palette,
                                             positions: batch.positions, colorIndices: batch.colorIndices)))
        }
        guard !node.children.isEmpty else { return }
        if node.clipsToBounds {
            commands.append(.pushClip(RenderClip(rect: v.bounds, transform: m, cornerRadii: radii)))
        }
        for child in node.children { append(child, parent: m, opacity: alpha) }
        if node.clipsToBounds { commands.append(.popClip) }
    }
}

extension Scene {
    /// The scene flattened into draw commands now (see ``RenderList``).
    public func renderList() -> RenderList { RenderList(scene: self) }
}
