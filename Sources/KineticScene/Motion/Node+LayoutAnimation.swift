import Kinetic

// Layout animation: a node handed to another parent keeps its place on screen, so an animation
// block can fly it to its new frame (FLIP with additive tracks: see the LayoutAnimation article).
extension Node {
    /// Moves the node under `newParent` (at `index` among its children, on top when nil)
    /// without moving it on screen: its ``center`` is shifted, without animation, by the
    /// difference between where its presentation centre is drawn now and where the same model
    /// would be drawn in the new parent, so its presentation lands exactly where it was seen.
    /// Its running tracks are kept, so its velocity (in parent coordinates) carries on.
    ///
    /// Then set its frame in the new parent inside an animation block and it flies there from
    /// where it was drawn (motion.dev's `layout` across parents; SwiftUI and Compose need a
    /// matched geometry for it). Works inside or outside an animation block: the shift itself is
    /// never animated.
    ///
    /// Exact when the old and new parents' screen placements differ by a translation (the
    /// usual case: lists, grids, scroll views); with a rotation or scale between them the
    /// centre still lands where it was seen but the size and velocity are not converted. A
    /// node without a parent is placed as if its old parent were the screen. Returns false,
    /// and changes nothing, for a cycle (`newParent` is the node or one of its descendants);
    /// if `newParent` is scaled to zero (no point of the screen maps into it) the node is moved
    /// without the shift and a diagnostic is reported.
    @discardableResult
    public func move(to newParent: Node, at index: Int? = nil) -> Bool {
        if newParent.isDescendant(of: self) { return false }
        let seen = presentation.center
        let screen = parentReference?.screenMatrix().apply(to: seen) ?? seen
        if let index { newParent.insertChild(self, at: index) } else { newParent.addChild(self) }
        guard let inverse = newParent.screenMatrix().inverted() else {
            engine.report(.invalidArgument, "move(to:) into a parent scaled to zero: moved without keeping the node's place on screen")
            return true
        }
        let shift = inverse.apply(to: screen) - seen
        if shift != .zero {
            let target = center + shift
            engine.performWithoutAnimation { center = target }
        }
        return true
    }

    /// The velocity of the node's centre on screen, in points per second, from the velocities
    /// of its own and its ancestors' centres and bounds: exact while no transform in the chain
    /// is animating or scales or rotates (each level then only translates); otherwise an
    /// approximation that ignores the transforms.
    public var screenCenterVelocity: Point {
        var v = $center.velocity
        var ancestor = parentReference
        while let a = ancestor {
            // A point q of `a` is drawn at q − bounds.mid + center in a's parent.
            let b = a.$bounds.velocity
            v = v + a.$center.velocity - b.origin - Point(x: b.size.width / 2, y: b.size.height / 2)
            ancestor = a.parentReference
        }
        return v
    }

    /// The node's bounds drawn on screen: the bounding box of its four corners through
    /// ``screenMatrix(geometry:)``.
    public func screenFrame(geometry: Geometry = .presentation) -> Rect {
        let m = screenMatrix(geometry: geometry)
        let b = values(geometry).bounds
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for corner in [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY),
                       Point(x: b.minX, y: b.maxY), Point(x: b.maxX, y: b.maxY)] {
            let p = m.apply(to: corner)
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// A stack of children, top to bottom (or left to right), with a spacing: the smallest layout
/// that shows siblings reflowing (Compose's `Column` with `Modifier.animateItem`).
///
/// ``apply(to:including:)`` sets each included child's ``Node/frame``; inside an animation
/// block every change animates from where the child is drawn (the additive tracks are FLIP), so
/// inserting or removing one child reflows its siblings smoothly, and doing it again mid-flight
/// retargets them without a jump.
public struct StackLayout: Sendable, Equatable {
    /// Whether children are stacked downwards (true) or rightwards.
    public var isVertical: Bool
    /// The gap between two children, in points.
    public var spacing: Double
    /// The first child's origin in the container's coordinates.
    public var origin: Point
    /// Each child's extent across the stack (its width when vertical); nil keeps its own.
    public var crossExtent: Double?

    /// A stack starting at `origin`.
    public init(isVertical: Bool = true, spacing: Double = 8, origin: Point = .zero, crossExtent: Double? = nil) {
        self.isVertical = isVertical
        self.spacing = spacing.isFinite ? spacing : 0
        self.origin = origin.isFinite ? origin : .zero
        self.crossExtent = crossExtent.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    /// The frames the layout gives children of the given sizes, in order.
    public func frames(for sizes: [Size]) -> [Rect] {
        var frames: [Rect] = []
        var cursor = isVertical ? origin.y : origin.x
        for size in sizes {
            let s = Size(width: isVertical ? crossExtent ?? size.width : size.width,
                         height: isVertical ? size.height : crossExtent ?? size.height)
            let frame = isVertical ? Rect(x: origin.x, y: cursor, width: s.width, height: s.height)
                                   : Rect(x: cursor, y: origin.y, width: s.width, height: s.height)
            frames.append(frame)
            cursor += (isVertical ? s.height : s.width) + spacing
        }
        return frames
    }

    /// Lays out `container`'s children for which `including` is true (all by default; pass
    /// `presence.isPresent` to leave exiting children where they are), in their order, each
    /// keeping its model size. Returns the extent used along the stack.
    @discardableResult
    public func apply(to container: Node, including: (Node) -> Bool = { _ in true }) -> Double {
        let laid = container.children.filter(including)
        let frames = frames(for: laid.map { $0.bounds.size })
        for (node, frame) in zip(laid, frames) where node.frame != frame { node.frame = frame }
        guard let last = frames.last else { return 0 }
        return isVertical ? last.maxY - origin.y : last.maxX - origin.x
    }
}
