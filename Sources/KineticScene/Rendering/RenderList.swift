import Kinetic

/// One drawing instruction of a ``RenderList``, in screen space.
///
/// Shapes are given in the node's own coordinates (its bounds) with the ``Matrix2D`` that maps
/// them to the screen, so rotation, scale and shear are drawn exactly; a host applies the
/// matrix (SVG `transform="matrix(…)"`, a canvas `setTransform`, a CSS `matrix()`).
///
/// Every command but ``popClip`` carries the ``Node/id`` of the node that drew it; a node
/// draws at most one command of each kind, so a host keys its elements by (id, kind) and
/// reuses them from frame to frame whatever moves in the list.
public enum RenderCommand: Equatable, Sendable {
    /// A node's shadow, drawn before its fill.
    case shadow(RenderShadow)
    /// Fill a rounded rectangle.
    case rect(RenderRect)
    /// Draw an image fitted to a rectangle and clipped to its rounded corners.
    case image(RenderImage)
    /// Draw a line of text centred in a rectangle.
    case text(RenderText)
    /// Clip what follows, up to the matching ``popClip``, to a rounded rectangle.
    case pushClip(RenderClip)
    /// End the innermost clip.
    case popClip
    /// Fill many equal circles at once (a node's ``DotBatch``).
    case dots(RenderDots)
}

/// How a drawn element appears to assistive technology (see ``AccessibilityRole``).
///
/// A node with a role has one accessibility element: its image command for
/// ``AccessibilityRole/image`` and its text command for ``AccessibilityRole/text`` (if it
/// draws one), otherwise its first command after the shadow; its other commands are ``hidden``, so a button's text is not read twice. A node
/// that draws nothing itself (only children) is not exposed.
public enum RenderAccessibility: Equatable, Sendable {
    /// Exposed as drawn: no role, no name (text reads as text, an image is decoration).
    case plain
    /// The node's accessibility element: its role, and its name (the node's
    /// ``Node/accessibilityLabel``, else its text, else empty).
    case element(AccessibilityRole, label: String)
    /// Hidden from assistive technology (another command is the node's element).
    case hidden
}

/// Where a node's command is drawn: the node, its box, the matrix that maps the box to the
/// screen, and the opacity the command is drawn at. Every command but a clip is drawn at one
/// (``PlacedRenderCommand``).
public struct RenderPlacement: Equatable, Sendable {
    /// The drawing node's ``Node/id``.
    public var id: Int
    /// The node's name.
    public var name: String
    /// The node's bounds (node coordinates): what the command fills, fits, centres or clips to.
    public var rect: Rect
    /// Node coordinates to screen.
    public var transform: Matrix2D
    /// Effective opacity: the product of the alphas down the tree, clamped to 0...1 (a shadow
    /// multiplies its shadow opacity in). UIKit composites a subtree's alpha as a group;
    /// multiplying is exact wherever children do not overlap each other, as in every scene of
    /// the seeds.
    public var opacity: Double
}

/// A render command drawn at a node's ``RenderPlacement``: its `id`, `name`, `rect`,
/// `transform` and `opacity` are its placement's.
public protocol PlacedRenderCommand {
    /// Where the command is drawn.
    var placement: RenderPlacement { get set }
}

extension PlacedRenderCommand {
    /// The drawing node's ``Node/id`` (``RenderPlacement/id``).
    @inlinable public var id: Int { get { placement.id } set { placement.id = newValue } }
    /// The node's name (``RenderPlacement/name``).
    @inlinable public var name: String { get { placement.name } set { placement.name = newValue } }
    /// The node's bounds in node coordinates (``RenderPlacement/rect``).
    @inlinable public var rect: Rect { get { placement.rect } set { placement.rect = newValue } }
    /// Node coordinates to screen (``RenderPlacement/transform``).
    @inlinable public var transform: Matrix2D { get { placement.transform } set { placement.transform = newValue } }
    /// The opacity the command is drawn at, 0...1 (``RenderPlacement/opacity``).
    @inlinable public var opacity: Double { get { placement.opacity } set { placement.opacity = newValue } }
}

/// A filled rounded rectangle: the node's bounds.
public struct RenderRect: PlacedRenderCommand, Equatable, Sendable {
    /// The node, its bounds, their matrix to the screen and the effective opacity.
    public var placement: RenderPlacement
    /// Radii after the corner mask and clamping to half the shorter side.
    public var cornerRadii: CornerRadii
    /// The fill, clamped to displayable components.
    public var color: Color
    /// Gaussian blur radius in points (0: none).
    public var blurRadius: Double
    /// What the rectangle is to assistive technology.
    public var accessibility: RenderAccessibility = .plain
}

/// An image (a node's ``Node/image``), fitted to the node's bounds and clipped to them.
public struct RenderImage: PlacedRenderCommand, Equatable, Sendable {
    /// The node, its bounds (what the image is fitted and clipped to), their matrix to the
    /// screen and the effective opacity.
    public var placement: RenderPlacement
    /// The image's URL or asset path (never empty).
    public var url: String
    /// The clip's corner radii (as ``RenderRect/cornerRadii``).
    public var cornerRadii: CornerRadii
    /// How the image fits the bounds.
    public var contentMode: ContentMode
    /// What the image is to assistive technology (its alternative text, for an image role).
    public var accessibility: RenderAccessibility = .plain
}

/// A node's shadow (UIKit's `layer.shadow…`): the node's rounded bounds filled with
/// ``color``, offset by ``offset`` and blurred with a Gaussian of standard deviation
/// ``radius``, drawn before the node's fill. Drawn only for a node that draws a fill or an
/// image, whose clamped ``Node/shadowOpacity`` and shadow colour's alpha are above 0.
public struct RenderShadow: PlacedRenderCommand, Equatable, Sendable {
    /// The node, the shape casting the shadow (its bounds, before the offset), their matrix to
    /// the screen (the offset and blur are in node coordinates, as the shape), and the node's
    /// effective opacity times its shadow opacity (each clamped to 0...1).
    public var placement: RenderPlacement
    /// The shape's corner radii (as ``RenderRect/cornerRadii``).
    public var cornerRadii: CornerRadii
    /// The shadow's colour, clamped; its alpha multiplies the placement's opacity.
    public var color: Color
    /// The blur's standard deviation in points, ≥ 0 (UIKit's `shadowRadius`; CSS `box-shadow`
    /// blur is twice this).
    public var radius: Double
    /// The shadow's offset in node coordinates; finite.
    public var offset: Size
}

/// A line of text, centred in the node's bounds.
public struct RenderText: PlacedRenderCommand, Equatable, Sendable {
    /// The node, its bounds (the text is centred in them), their matrix to the screen and the
    /// effective opacity.
    public var placement: RenderPlacement
    /// The text (never empty).
    public var text: String
    /// The font size in points.
    public var fontSize: Double
    /// The text colour, clamped.
    public var color: Color
    /// What the text is to assistive technology.
    public var accessibility: RenderAccessibility = .plain
}

/// A clip region.
public struct RenderClip: Equatable, Sendable {
    /// The clipping node's ``Node/id``.
    public var id: Int
    /// The clip's rectangle: the node's bounds (node coordinates).
    public var rect: Rect
    /// Node coordinates to screen.
    public var transform: Matrix2D
    /// The clip's corner radii (as ``RenderRect/cornerRadii``).
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
        let id = node.id
        let fills = color.alpha > 0 && w > 0 && h > 0
        let url = node.image?.url ?? ""
        let hasImage = !url.isEmpty && w > 0 && h > 0
        let hasText = node.text.map { !$0.isEmpty } ?? false
        let hasDots = node.dots.map { $0.count > 0 && $0.radius > 0 } ?? false && w > 0 && h > 0
        // Accessibility: which of the node's commands is its element (see RenderAccessibility).
        let role = node.accessibilityRole
        var element = 0   // 0: none; 1 rect, 2 image, 3 text, 4 dots
        if role != .none {
            if role == .image && hasImage { element = 2 }
            else if role == .text && hasText { element = 3 }
            else if fills { element = 1 } else if hasImage { element = 2 } else if hasText { element = 3 }
            else if hasDots { element = 4 }
        }
        func accessibility(_ command: Int) -> RenderAccessibility {
            if element == 0 { return .plain }
            if command != element { return .hidden }
            return .element(role, label: node.accessibilityLabel ?? node.text ?? "")
        }
        let placement = RenderPlacement(id: id, name: node.name, rect: v.bounds, transform: m, opacity: alpha)
        if fills || hasImage {
            let shadowColor = v.shadowColor.clamped()
            let shadowOpacity = Swift.min(Swift.max(v.shadowOpacity.isFinite ? v.shadowOpacity : 0, 0), 1) * alpha
            if shadowOpacity > 0, shadowColor.alpha > 0 {
                let radius = v.shadowRadius.isFinite ? Swift.max(0, v.shadowRadius) : 0
                let o = v.shadowOffset
                let offset = Size(width: o.width.isFinite ? o.width : 0, height: o.height.isFinite ? o.height : 0)
                var shadow = placement
                shadow.opacity = shadowOpacity
                commands.append(.shadow(RenderShadow(placement: shadow, cornerRadii: radii, color: shadowColor,
                                                     radius: radius, offset: offset)))
            }
        }
        if fills {
            commands.append(.rect(RenderRect(placement: placement, cornerRadii: radii, color: color,
                                             blurRadius: Swift.max(0, v.blurRadius), accessibility: accessibility(1))))
        }
        if hasImage {
            commands.append(.image(RenderImage(placement: placement, url: url, cornerRadii: radii,
                                               contentMode: node.contentMode, accessibility: accessibility(2))))
        }
        if hasText, let text = node.text {
            commands.append(.text(RenderText(placement: placement, text: text, fontSize: node.fontSize,
                                             color: v.textColor.clamped(), accessibility: accessibility(3))))
        }
        if hasDots, let batch = node.dots {
            // The arrays are shared with the batch, not copied (copy-on-write).
            commands.append(.dots(RenderDots(placement: placement, radius: batch.radius, palette: batch.palette,
                                             positions: batch.positions, colorIndices: batch.colorIndices,
                                             accessibility: accessibility(4))))
        }
        guard !node.children.isEmpty else { return }
        if node.clipsToBounds {
            commands.append(.pushClip(RenderClip(id: id, rect: v.bounds, transform: m, cornerRadii: radii)))
        }
        for child in node.children { append(child, parent: m, opacity: alpha) }
        if node.clipsToBounds { commands.append(.popClip) }
    }
}

extension Scene {
    /// The scene flattened into draw commands now (see ``RenderList``).
    public func renderList() -> RenderList { RenderList(scene: self) }
}
