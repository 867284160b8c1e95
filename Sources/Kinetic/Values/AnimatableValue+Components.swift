// Each value's components in a fixed order, for inspectors and recorders.

extension AnimatableValue {
    /// No components (see ``AnimatableValue/forEachComponent(_:)``).
    public func forEachComponent(_ body: (Double) -> Void) {}

    /// The number of components ``forEachComponent(_:)`` visits.
    public var componentCount: Int {
        var n = 0
        forEachComponent { _ in n += 1 }
        return n
    }

    /// The components as an array (allocates: for inspection, not for a frame's work).
    public var components: [Double] {
        var out: [Double] = []
        forEachComponent { out.append($0) }
        return out
    }
}

extension Double {
    /// The value itself.
    public func forEachComponent(_ body: (Double) -> Void) { body(self) }
}

extension Point {
    /// `x`, `y`.
    public func forEachComponent(_ body: (Double) -> Void) { body(x); body(y) }
}

extension Size {
    /// `width`, `height`.
    public func forEachComponent(_ body: (Double) -> Void) { body(width); body(height) }
}

extension Rect {
    /// `origin.x`, `origin.y`, `size.width`, `size.height`.
    public func forEachComponent(_ body: (Double) -> Void) {
        body(origin.x); body(origin.y); body(size.width); body(size.height)
    }
}

extension FourComponentValue {
    /// The four components, in the order of ``FourComponentValue/fourComponents`` (`x`, `y`,
    /// `z`, `w` of a ``Vector``; `red`, `green`, `blue`, `alpha` of a ``Color``; `topLeft`,
    /// `topRight`, `bottomLeft`, `bottomRight` of ``CornerRadii``).
    public func forEachComponent(_ body: (Double) -> Void) {
        let c = fourComponents
        body(c.0); body(c.1); body(c.2); body(c.3)
    }
}

extension AffineTransform {
    /// The components it is animated in: `translationX`, `translationY`, `rotation`, `scaleX`,
    /// `scaleY`, `shear` (see ``AffineTransform``).
    public func forEachComponent(_ body: (Double) -> Void) {
        body(translationX); body(translationY); body(rotation); body(scaleX); body(scaleY); body(shear)
    }
}
