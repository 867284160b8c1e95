import Kinetic

/// How a node looks before it enters and after it exits: a fade, a scale and an offset
/// relative to how it looks while present (SwiftUI's `AnyTransition`, Compose's
/// `EnterTransition`/`ExitTransition`, the `initial`/`exit` of motion.dev's `AnimatePresence`).
///
/// The hidden look is computed from the node's present look: its ``Node/alpha`` times
/// ``alpha``, and its ``Node/transform`` followed by a scale of ``scale`` about its centre and
/// a translation by ``offset`` plus, with an ``edge``, the node's own size toward that edge.
/// Non-finite parts are replaced by the identity's (alpha 1, scale 1, offset zero).
public struct PresenceTransition: Sendable, Equatable {
    /// The alpha factor when hidden: 0 fades completely, 1 not at all.
    public var alpha: Double
    /// The scale when hidden, about the node's centre: 1 is none.
    public var scale: Double
    /// The translation when hidden, in the parent's coordinates.
    public var offset: Point
    /// The edge the node moves out through when hidden, by its own bounds' width (leading,
    /// trailing) or height (top, bottom), added to ``offset``: SwiftUI's `.move(edge:)`. Nil
    /// for none.
    public var edge: Edge?

    /// A side of a node (SwiftUI's `Edge`; leading is the left, as Kinetic lays out left to
    /// right).
    public enum Edge: Sendable, Equatable, CaseIterable {
        case top, leading, bottom, trailing
    }

    /// A transition to the given hidden look.
    public init(alpha: Double = 1, scale: Double = 1, offset: Point = .zero, edge: Edge? = nil) {
        self.alpha = alpha.isFinite ? alpha : 1
        self.scale = scale.isFinite ? scale : 1
        self.offset = offset.isFinite ? offset : .zero
        self.edge = edge
    }

    /// A fade (SwiftUI's `.opacity`, Compose's `fadeIn`/`fadeOut`).
    public static let opacity = PresenceTransition(alpha: 0)
    /// A fade and a shrink to 80 % (SwiftUI's `.scale.combined(with: .opacity)`).
    public static let scaleAndFade = PresenceTransition(alpha: 0, scale: 0.8)
    /// No change at all: the node appears and disappears at once (SwiftUI's `.identity`).
    public static let identity = PresenceTransition()

    /// A fade and a slide by `offset` (SwiftUI's `.move(edge:)` with `.opacity`, Compose's
    /// `slideIn`).
    public static func slide(_ offset: Point) -> PresenceTransition {
        PresenceTransition(alpha: 0, offset: offset)
    }

    /// A move out through `edge` by the node's own size, without a fade (SwiftUI's
    /// `.move(edge:)`): in a container that clips, a sheet from the bottom or a row from the side.
    public static func move(edge: Edge) -> PresenceTransition {
        PresenceTransition(edge: edge)
    }

    /// A fade and a move out through `edge` by the node's own size (SwiftUI's
    /// `.move(edge:).combined(with: .opacity)`, Compose's `slideIn` with `fadeIn`).
    public static func slide(edge: Edge) -> PresenceTransition {
        PresenceTransition(alpha: 0, edge: edge)
    }

    /// The hidden alpha for a node whose present alpha is `alpha`.
    func hiddenAlpha(from alpha: Double) -> Double { alpha * self.alpha }

    /// The hidden transform for a node whose present transform is `transform` and whose
    /// bounds are `size`.
    func hiddenTransform(from transform: AffineTransform, size: Size) -> AffineTransform {
        var shift = offset
        switch edge {
        case .top?: shift.y -= size.height
        case .bottom?: shift.y += size.height
        case .leading?: shift.x -= size.width
        case .trailing?: shift.x += size.width
        case nil: break
        }
        if !shift.isFinite { shift = offset }
        if scale == 1, shift == .zero { return transform }
        return transform.concatenating(AffineTransform(scaleX: scale, y: scale))
            .concatenating(AffineTransform(translationX: shift.x, y: shift.y))
    }
}
