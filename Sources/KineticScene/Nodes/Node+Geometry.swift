import Kinetic

// Coordinate conversion between nodes and the screen.
extension Node {
    /// The matrix from the node's coordinates to the screen, composing every ancestor's
    /// placement (see ``Node``'s discussion) with `geometry`'s values.
    public func screenMatrix(geometry: Geometry = .presentation) -> Matrix2D {
        var m = values(geometry).matrixToParent
        var ancestor = parentReference
        while let a = ancestor {
            m = m.concatenating(a.values(geometry).matrixToParent)
            ancestor = a.parentReference
        }
        return m
    }

    /// `point`, given in this node's coordinates, in `node`'s coordinates (the screen when
    /// `node` is nil), through `geometry`'s values: presentation by default, so a point on a
    /// moving node converts to where it is seen (UIKit's `convert(_:to:)` uses model values;
    /// pass `.model` for that). If `node` is scaled to zero the point has no image there and the
    /// result is nil.
    public func convert(_ point: Point, to node: Node?, geometry: Geometry = .presentation) -> Point? {
        let screen = screenMatrix(geometry: geometry).apply(to: point)
        guard let node else { return screen }
        guard let inverse = node.screenMatrix(geometry: geometry).inverted() else { return nil }
        return inverse.apply(to: screen)
    }

    /// `point`, given in `node`'s coordinates (the screen when nil), in this node's
    /// coordinates (UIKit's `convert(_:from:)`); nil if this node is scaled to zero.
    public func convert(_ point: Point, from node: Node?, geometry: Geometry = .presentation) -> Point? {
        let screen = node.map { $0.screenMatrix(geometry: geometry).apply(to: point) } ?? point
        guard let inverse = screenMatrix(geometry: geometry).inverted() else { return nil }
        return inverse.apply(to: screen)
    }
}
