import Kinetic

// Hit testing: which node a pointer at a screen point lands on.
//
// The choice documented here, per node and for that node's own placement (its center, bounds
// and transform): presentation values, unless one of those three properties is being animated
// by a PropertyAnimator whose `isManualHitTestingEnabled` is true, in which case that node is
// placed by its model values (UIKit: with manual hit testing "it would hit test where it's
// going"). Ancestors decide for themselves, so a still child of a moving parent is hit where
// it is seen. A node animated by an animator whose `isUserInteractionEnabled` is false cannot
// be hit (nor can its subtree), as in UIKit.
extension Node {
    /// The geometry hit testing uses for this node's own placement (see the file's notes).
    public var hitTestingGeometry: Geometry {
        let manual: (PropertyAnimator) -> Bool = { $0.isManualHitTestingEnabled }
        if $center.hasAnimator(where: manual) || $bounds.hasAnimator(where: manual)
            || $transform.hasAnimator(where: manual) {
            return .model
        }
        return .presentation
    }

    /// Whether an animator that disables user interaction is animating the node.
    var isBlockedByAnimator: Bool {
        let blocking: (PropertyAnimator) -> Bool = { !$0.isUserInteractionEnabled }
        return $center.hasAnimator(where: blocking) || $bounds.hasAnimator(where: blocking)
            || $transform.hasAnimator(where: blocking) || $alpha.hasAnimator(where: blocking)
    }

    /// The frontmost node of this subtree under `point` (screen coordinates), or nil
    /// (UIKit's `hitTest(_:with:)`).
    ///
    /// A node is skipped with its subtree when it is hidden, has user interaction disabled,
    /// an alpha below 0.01, is animated by an animator with user interaction disabled, or is
    /// scaled to zero. As in UIKit, a point outside a node's bounds misses the node *and* its
    /// descendants, whether or not it clips, so what is clipped away is never hit. Children
    /// are tried front to back, then the node itself. Nested transforms are followed exactly
    /// (the point is mapped into each node's coordinates through the inverse of its matrix).
    public func hitTest(_ point: Point) -> Node? {
        var parentMatrix = Matrix2D.identity
        if let p = parentReference {
            // Ancestors above the subtree are placed as hit testing would place them.
            var chain: [Node] = []
            var a: Node? = p
            while let n = a { chain.append(n); a = n.parentReference }
            for n in chain.reversed() {
                parentMatrix = n.values(n.hitTestingGeometry).matrixToParent.concatenating(parentMatrix)
            }
        }
        return hitTest(point, parentMatrix: parentMatrix)
    }

    func hitTest(_ point: Point, parentMatrix: Matrix2D) -> Node? {
        guard !isHidden, isUserInteractionEnabled else { return nil }
        let v = values(hitTestingGeometry)
        guard v.alpha >= 0.01, !isBlockedByAnimator else { return nil }
        let m = v.matrixToParent.concatenating(parentMatrix)
        guard let inverse = m.inverted() else { return nil }
        let local = inverse.apply(to: point)
        guard v.bounds.contains(local) else { return nil }
        for child in children.reversed() {
            if let hit = child.hitTest(point, parentMatrix: m) { return hit }
        }
        return self
    }
}
