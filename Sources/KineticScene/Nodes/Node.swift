import Kinetic

/// A rectangle on screen with children: KineticScene's `UIView`.
///
/// ```swift
/// let drawer = Node(frame: Rect(x: 0, y: 600, width: 375, height: 400), engine: engine)
/// scene.root.addChild(drawer)
/// let animator = PropertyAnimator(duration: 1, curve: .easeOut, engine: engine) {
///     drawer.center.y -= 305
/// }
/// animator.startAnimation()
/// ```
///
/// Its geometry, colours and shadow are animated properties: reading one gives the model value,
/// ``presentation`` what is on screen. Animatable properties, geometry, the tree, content,
/// identity and bad input are in <doc:NodesInDepth>.
public final class Node: Identifiable {
    /// The engine whose clock and transactions the node's properties follow.
    public let engine: AnimationEngine
    /// The node's identity: 1, 2, 3… in the order the engine's nodes were created
    /// (`AnimationEngine.makeIdentifier()`), never reused by the engine, and fixed for the
    /// node's life whatever its name, parent or place among its siblings. Render commands
    /// carry it, so hosts key what they draw by node, not by position. Deterministic: the same
    /// scene built on a fresh engine numbers its nodes the same way.
    public let id: Int
    /// A name for dumps, CSV columns and render commands (`"drawer"`); need not be unique.
    public var name: String

    /// The corners ``cornerRadius`` rounds (UIKit's `layer.maskedCorners`); all by default.
    public var maskedCorners: CornerMask = .all
    /// Whether children are clipped to the node's (rounded) bounds.
    public var clipsToBounds = false
    /// Whether the node and its subtree are skipped by rendering and hit testing.
    public var isHidden = false
    /// Whether the node and its subtree can be hit by pointers.
    public var isUserInteractionEnabled = true
    /// Text drawn centred in the bounds (a label). `nil` draws none. Not animated: cross-fade
    /// two labels, or animate ``textColor`` and ``transform``, as UIKit does.
    public var text: String?
    /// The text's font size in points.
    public var fontSize: Double = 17
    /// Equal dots drawn after the fill and text, before the children, clipped to the bounds
    /// (see ``DotBatch``): thousands of marks for the price of one node. `nil` draws none.
    public var dots: DotBatch?
    /// An image drawn over the ``backgroundColor`` and under the ``text`` (UIKit's
    /// `UIImageView.image`), fitted to the bounds by ``contentMode`` and clipped to the
    /// (rounded) bounds. `nil`, the default, draws none; so does an ``ImageSource`` whose
    /// ``ImageSource/url`` is empty.
    public var image: ImageSource?
    /// How ``image`` fits the bounds (UIKit's `contentMode`); ``ContentMode/scaleToFill`` by
    /// default, as UIKit.
    public var contentMode: ContentMode = .scaleToFill
    /// What the node is to assistive technology (UIKit's `accessibilityTraits`): ``AccessibilityRole/none``
    /// by default, which shows the drawing as it is (text as text, an image as decoration).
    public var accessibilityRole: AccessibilityRole = .none
    /// The node's name for assistive technology (UIKit's `accessibilityLabel`): a button's
    /// name, an image's alternative text. `nil` uses the node's ``text``, if any.
    public var accessibilityLabel: String?
    /// The identity the node shares with its counterpart in another state of the interface
    /// (a grid cell and its detail view): ``MatchedGeometryTransition`` flies between nodes with
    /// equal match ids (SwiftUI's `matchedGeometryEffect(id:in:)`, motion.dev's `layoutId`).
    /// `nil`, the default, matches nothing.
    public var matchID: String?
    /// The shape a dynamic animator collides the node with (`DynamicItem`); the bounds
    /// rectangle by default, `DynamicItemCollisionBoundsType.ellipse` for a round node.
    public var collisionBoundsType: DynamicItemCollisionBoundsType = .rectangle

    /// The children, back to front.
    public private(set) var children: [Node] = []
    /// The parent, or nil for a root.
    public var parent: Node? { parentReference }
    unowned(unsafe) var parentReference: Node?

    /// The gesture recognizers attached to the node (see ``addGestureRecognizer(_:)``).
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// A node whose ``frame`` (in its parent's coordinates) is `frame`: ``center`` is the
    /// frame's middle and ``bounds`` has origin zero and the frame's size.
    public init(frame: Rect = .zero, name: String = "", engine: AnimationEngine) {
        self.engine = engine
        self.id = engine.makeIdentifier()
        self.name = name
        let f = frame.isFinite ? frame : .zero
        _center = Animated(f.center, engine: engine)
        _bounds = Animated(Rect(origin: .zero, size: f.size), engine: engine)
        _transform = Animated(.identity, engine: engine)
        _alpha = Animated(1, engine: engine)
        _cornerRadius = Animated(0, engine: engine)
        _backgroundColor = Animated(.clear, engine: engine)
        _blurRadius = Animated(0, engine: engine)
        _textColor = Animated(.black, engine: engine)
        _shadowColor = Animated(.black, engine: engine)
        _shadowOpacity = Animated(0, engine: engine)
        _shadowRadius = Animated(3, engine: engine)
        _shadowOffset = Animated(Size(width: 0, height: -3), engine: engine)
        // A shadow's offset is part of how the node looks: it animates under reduced motion.
        $shadowOffset.motionRole = .appearance
        labelProperties(owner: self)
    }

    /// Labels the animatable properties `"<name>.center"`… for inspectors (no allocation: see
    /// `AnimatedProperty.setLabel(_:owner:)`), or clears their owner (`nil`).
    private func labelProperties(owner: Node?) {
        $center.setLabel("center", owner: owner)
        $bounds.setLabel("bounds", owner: owner)
        $transform.setLabel("transform", owner: owner)
        $alpha.setLabel("alpha", owner: owner)
        $cornerRadius.setLabel("cornerRadius", owner: owner)
        $backgroundColor.setLabel("backgroundColor", owner: owner)
        $blurRadius.setLabel("blurRadius", owner: owner)
        $textColor.setLabel("textColor", owner: owner)
        $shadowColor.setLabel("shadowColor", owner: owner)
        $shadowOpacity.setLabel("shadowOpacity", owner: owner)
        $shadowRadius.setLabel("shadowRadius", owner: owner)
        $shadowOffset.setLabel("shadowOffset", owner: owner)
    }

    deinit {
        // The properties may outlive the node (in an animation in flight): they must not point
        // at it.
        labelProperties(owner: nil)
        for child in children { child.parentReference = nil }
        for recognizer in gestureRecognizers { recognizer.nodeReference = nil }
    }

    // MARK: Model values

    /// The centre of the node in its parent's coordinates (UIKit's `center`).
    @Animated public var center: Point
    /// The node's own coordinate space: its origin shifts the children, its size is the node's
    /// size (UIKit's `bounds`).
    @Animated public var bounds: Rect
    /// A transform applied about the centre (UIKit's `transform`).
    @Animated public var transform: AffineTransform
    /// Opacity of the node and its subtree, 0...1 (values outside are clamped when drawn).
    @Animated public var alpha: Double
    /// The radius of the ``maskedCorners`` (UIKit's `layer.cornerRadius`), clamped when drawn to
    /// half the shorter side.
    @Animated public var cornerRadius: Double
    /// The fill colour; `Color.clear` (the default) draws nothing.
    @Animated public var backgroundColor: Color
    /// A Gaussian blur radius in points applied to the node's drawing (a stand-in for
    /// `UIVisualEffectView`'s blur, animatable as in the 2017 session); 0 is none.
    @Animated public var blurRadius: Double
    /// The colour of ``text``.
    @Animated public var textColor: Color
    /// The shadow's colour (UIKit's `layer.shadowColor`); opaque black by default. Its alpha
    /// multiplies ``shadowOpacity``.
    @Animated public var shadowColor: Color
    /// The shadow's opacity, 0...1 (UIKit's `layer.shadowOpacity`); 0, the default, draws no
    /// shadow. Values outside 0...1 are clamped when drawn (a negative opacity draws none).
    @Animated public var shadowOpacity: Double
    /// The shadow's blur radius in points (UIKit's `layer.shadowRadius`): the standard
    /// deviation of its Gaussian blur (CSS `box-shadow` blur 2 × radius); 3 by default, as
    /// UIKit. A negative radius is drawn as 0 (a sharp shadow).
    @Animated public var shadowRadius: Double
    /// The shadow's offset from the node, in the node's coordinates (UIKit's
    /// `layer.shadowOffset`); (0, −3) by default, as UIKit. The shadow has the shape of the
    /// rounded bounds (UIKit's `shadowPath` of a rounded rectangle).
    @Animated public var shadowOffset: Size

    /// The node's rectangle in its parent's coordinates (UIKit's `frame`): the bounding box of
    /// the transformed bounds. Setting it sets ``center`` to its middle and the size of
    /// ``bounds`` to its size (as UIKit, meaningful when the transform is the identity); inside
    /// an animation block both animate.
    public var frame: Rect {
        get { Node.frame(center: center, bounds: bounds, transform: transform) }
        set {
            // Non-finite parts are rejected by the core (diagnostic; the value is kept).
            center = newValue.center
            var b = bounds
            if b.size != newValue.size { b.size = newValue.size; bounds = b }
        }
    }

    static func frame(center: Point, bounds: Rect, transform: AffineTransform) -> Rect {
        let w = bounds.width, h = bounds.height
        if transform == .identity {
            return Rect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
        }
        let m = Matrix2D(transform)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for corner in [Point(x: -w / 2, y: -h / 2), Point(x: w / 2, y: -h / 2),
                       Point(x: -w / 2, y: h / 2), Point(x: w / 2, y: h / 2)] {
            let p = m.apply(to: corner)
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        return Rect(x: center.x + minX, y: center.y + minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: Presentation

    /// What is on screen now: every animatable property's presentation value at the engine's
    /// time (UIKit's `layer.presentation()`).
    public var presentation: NodeValues {
        NodeValues(center: $center.presentationValue, bounds: $bounds.presentationValue,
                   transform: $transform.presentationValue, alpha: $alpha.presentationValue,
                   cornerRadius: $cornerRadius.presentationValue,
                   backgroundColor: $backgroundColor.presentationValue,
                   blurRadius: $blurRadius.presentationValue,
                   textColor: $textColor.presentationValue,
                   shadowColor: $shadowColor.presentationValue,
                   shadowOpacity: $shadowOpacity.presentationValue,
                   shadowRadius: $shadowRadius.presentationValue,
                   shadowOffset: $shadowOffset.presentationValue)
    }

    /// The model values, in the same shape as ``presentation``.
    public var model: NodeValues {
        NodeValues(center: center, bounds: bounds, transform: transform, alpha: alpha,
                   cornerRadius: cornerRadius, backgroundColor: backgroundColor,
                   blurRadius: blurRadius, textColor: textColor,
                   shadowColor: shadowColor, shadowOpacity: shadowOpacity,
                   shadowRadius: shadowRadius, shadowOffset: shadowOffset)
    }

    /// The values of `geometry`.
    public func values(_ geometry: Geometry) -> NodeValues {
        geometry == .presentation ? presentation : model
    }

    /// Whether any of the node's properties is animating.
    public var isAnimating: Bool {
        $center.isAnimating || $bounds.isAnimating || $transform.isAnimating
            || $alpha.isAnimating || $cornerRadius.isAnimating
            || $backgroundColor.isAnimating || $blurRadius.isAnimating
            || $textColor.isAnimating || $shadowColor.isAnimating
            || $shadowOpacity.isAnimating || $shadowRadius.isAnimating
            || $shadowOffset.isAnimating
    }

    /// Removes every animation from the node's properties, leaving them at their model values.
    public func removeAllAnimations() {
        $center.removeAllAnimations(); $bounds.removeAllAnimations()
        $transform.removeAllAnimations(); $alpha.removeAllAnimations()
        $cornerRadius.removeAllAnimations(); $backgroundColor.removeAllAnimations()
        $blurRadius.removeAllAnimations(); $textColor.removeAllAnimations()
        $shadowColor.removeAllAnimations(); $shadowOpacity.removeAllAnimations()
        $shadowRadius.removeAllAnimations(); $shadowOffset.removeAllAnimations()
    }

    // MARK: Tree

    /// Adds `child` on top of the other children, removing it from its current parent first
    /// (UIKit's `addSubview`). Returns false, and changes nothing, if `child` is this node or
    /// one of its ancestors (a cycle).
    @discardableResult
    public func addChild(_ child: Node) -> Bool {
        insertChild(child, at: children.count + (child.parentReference === self ? -1 : 0))
    }

    /// Inserts `child` at `index` among the children (clamped to the valid range), removing it
    /// from its current parent first. Returns false for a cycle (see ``addChild(_:)``).
    @discardableResult
    public func insertChild(_ child: Node, at index: Int) -> Bool {
        var ancestor: Node? = self
        while let a = ancestor {
            if a === child { return false }
            ancestor = a.parentReference
        }
        child.removeFromParent()
        let i = Swift.min(Swift.max(index, 0), children.count)
        children.insert(child, at: i)
        child.parentReference = self
        return true
    }

    /// Inserts `child` just below `sibling` (UIKit's `insertSubview(_:belowSubview:)`); on top
    /// if `sibling` is not a child.
    @discardableResult
    public func insertChild(_ child: Node, below sibling: Node) -> Bool {
        if child === sibling { return false }
        guard children.contains(where: { $0 === sibling }) else { return addChild(child) }
        var ancestor: Node? = self
        while let a = ancestor {
            if a === child { return false }
            ancestor = a.parentReference
        }
        child.removeFromParent()
        let i = children.firstIndex { $0 === sibling } ?? children.count
        children.insert(child, at: i)
        child.parentReference = self
        return true
    }

    /// Removes the node from its parent (UIKit's `removeFromSuperview`). Its animations carry
    /// on; it is simply no longer drawn or hit.
    public func removeFromParent() {
        guard let p = parentReference else { return }
        p.children.removeAll { $0 === self }
        parentReference = nil
    }

    /// Whether `self` is `node` or one of its descendants (UIKit's `isDescendant(of:)`).
    public func isDescendant(of node: Node) -> Bool {
        var n: Node? = self
        while let current = n {
            if current === node { return true }
            n = current.parentReference
        }
        return false
    }

    /// The first node in the subtree (depth first, self included) with the given name.
    public func descendant(named name: String) -> Node? {
        if self.name == name { return self }
        for child in children { if let n = child.descendant(named: name) { return n } }
        return nil
    }

    // MARK: Gesture recognizers

    /// Attaches a recognizer: pointers that go down on this node or its descendants are
    /// delivered to it (UIKit's `addGestureRecognizer`). A recognizer attached elsewhere is
    /// moved here.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.node?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.nodeReference = self
    }

    /// Detaches a recognizer; it stops receiving pointers and returns to `.possible`.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.nodeReference = nil
        recognizer.detachedFromNode()
    }
}

/// Which values geometry is computed from.
public enum Geometry: Sendable, Equatable {
    /// What is on screen now (the default for conversion and hit testing).
    case presentation
    /// Where the properties are going.
    case model
}

/// A snapshot of a node's animatable values (model or presentation).
public struct NodeValues: Equatable, Sendable {
    public var center: Point
    public var bounds: Rect
    public var transform: AffineTransform
    public var alpha: Double
    public var cornerRadius: Double
    public var backgroundColor: Color
    public var blurRadius: Double
    public var textColor: Color
    public var shadowColor: Color
    public var shadowOpacity: Double
    public var shadowRadius: Double
    public var shadowOffset: Size

    /// The bounding box of the transformed bounds in the parent's coordinates.
    public var frame: Rect { Node.frame(center: center, bounds: bounds, transform: transform) }

    /// The matrix from the node's coordinates to its parent's:
    /// `p ↦ transform(p − bounds.mid) + center`.
    public var matrixToParent: Matrix2D {
        let mid = bounds.center
        var m = Matrix2D(transform)
        // translate(−mid), then m, then translate(center): fold the translations into tx, ty.
        let shifted = m.applyToVector(Point(x: -mid.x, y: -mid.y))
        m.tx += shifted.x + center.x
        m.ty += shifted.y + center.y
        return m
    }
}

extension Node: AnimatedPropertyOwner {
    /// The node's ``name``: its animatable properties are labelled `"<name>.center"`….
    public var propertyLabelPrefix: String { name }
}
