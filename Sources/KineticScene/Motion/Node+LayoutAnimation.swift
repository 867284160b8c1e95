import Kinetic

// Layout animation: a node handed to another parent keeps its place on screen, so an animation
// block can fly it to its new frame (FLIP with additive tracks: see the LayoutAnimation article).
extension Node {
    /// Moves the node under `newParent` (at `index` among its children, on top when nil)
    /// without changing what is drawn: its ``center`` and ``bounds`` size, and their running
    /// animations, are re-expressed in the new parent's coordinates, so the node is drawn at the
    /// same place and size, moving with the same velocity, at this instant and after (as long
    /// as neither parent moves). A move between parents that differ by a translation shifts the
    /// centre; one into a parent with another scale also scales the size, and the animations'
    /// offsets and velocities with them.
    ///
    /// Then set its frame in the new parent inside an animation block and it flies there from
    /// where it was drawn (motion.dev's `layout` across parents; SwiftUI and Compose need a
    /// matched geometry for it). Works inside or outside an animation block: the move itself is
    /// never animated.
    ///
    /// Exact for any translation and scale between the two parents when the node's own
    /// ``transform`` is the identity or the scale is the same along both axes. With a rotation
    /// between the parents the centre and its velocity are still exact, the size is kept
    /// (a rotated box has no size in the new parent's axes). Content inside the node (its text,
    /// corner radius, children) is in the node's own coordinates and is drawn at the new
    /// parent's scale. A node without a parent is placed as if its old parent were the screen.
    /// Returns false, and changes nothing, for a cycle (`newParent` is the node or one of its
    /// descendants); if `newParent` is scaled to zero (no point of the screen maps into it) the
    /// node is moved without conversion and a diagnostic is reported.
    @discardableResult
    public func move(to newParent: Node, at index: Int? = nil) -> Bool {
        if newParent.isDescendant(of: self) { return false }
        let old = parentReference?.screenMatrix() ?? .identity
        if let index { newParent.insertChild(self, at: index) } else { newParent.addChild(self) }
        guard let inverse = newParent.screenMatrix().inverted() else {
            engine.report(.invalidArgument, "move(to:) into a parent scaled to zero: moved without keeping the node's place on screen")
            return true
        }
        // Old parent's coordinates to the new parent's.
        let m = old.concatenating(inverse)
        if m == .identity { return true }
        $center.reexpress({ m.apply(to: $0) }, linear: { m.applyToVector($0) })
        // Sizes convert along the axes only: with no rotation or shear between the parents.
        if m.b == 0, m.c == 0, abs(m.a) != 1 || abs(m.d) != 1 {
            let sx = abs(m.a), sy = abs(m.d)
            func scaled(_ r: Rect) -> Rect { Rect(x: r.origin.x, y: r.origin.y, width: r.width * sx, height: r.height * sy) }
            // An animation's offset of the origin (a scroll) is not a length in the parent: kept.
            $bounds.reexpress(scaled, linear: scaled)
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
