// UIKit's UICollisionBehavior: its items collide with each other and with its boundaries.
import Kinetic

/// Makes its items collide with each other and with boundaries: UIKit's `UICollisionBehavior`.
///
/// Items of one collision behaviour collide with each other and with its boundaries (segments,
/// polygons, paths, or the reference bounds); items of different collision behaviours pass
/// through each other, as in UIKit. Masks, the limit of 64 per animator, each kind of boundary
/// and bad input are in <doc:BehaviorsInDepth#Collisions-and-boundaries>.
public final class CollisionBehavior: ItemListBehavior {
    /// What the items collide with (UIKit's `UICollisionBehavior.Mode`).
    public struct Mode: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The behaviour's items collide with each other.
        public static let items = Mode(rawValue: 1)
        /// The behaviour's items collide with its boundaries.
        public static let boundaries = Mode(rawValue: 2)
        /// Both (the default).
        public static let everything: Mode = [.items, .boundaries]
    }

    /// A named boundary, as given.
    struct Boundary {
        var identifier: String
        var points: [Point]
        var isClosed: Bool
        var worldID: BoundaryID?
    }

    /// What `identifier(of:)` returns: the boundary's name, nil for the reference bounds.
    struct BoundaryName { var name: String? }

    private var boundaries: [Boundary] = []
    private var referenceBoundary: BoundaryID?
    private var slot: Int?
    private var mode: Mode = .everything
    private var referenceInsets: EdgeInsets?

    /// The delegate told of contacts. Not kept alive (UIKit holds it weakly): it reads nil once
    /// the delegate is gone (see ``CollisionBehaviorDelegate``).
    public var collisionDelegate: (any CollisionBehaviorDelegate)? {
        get { delegateReference.delegate }
        set { delegateReference = DelegateReference(lifetime: newValue?.lifetime, of: newValue) { [unowned(unsafe) newValue] in newValue } }
    }
    private var delegateReference = DelegateReference<any CollisionBehaviorDelegate>()

    /// What the items collide with (default ``Mode/everything``).
    public var collisionMode: Mode {
        get { mode }
        set {
            mode = newValue
            animatorReference?.registry.refreshCollisionMasks()
            animatorReference?.setNeedsStepping()
        }
    }

    // MARK: Boundaries

    /// Whether the reference bounds (inset by the last insets given) are a boundary (UIKit's
    /// `translatesReferenceBoundsIntoBoundary`; default false). In an animator without
    /// reference bounds, setting it true reports a diagnostic and adds no boundary.
    public var translatesReferenceBoundsIntoBoundary: Bool {
        get { referenceInsets != nil }
        set {
            if newValue {
                setTranslatesReferenceBoundsIntoBoundary(with: referenceInsets ?? .zero)
            } else {
                referenceInsets = nil
                rebuildReferenceBoundary()
            }
        }
    }

    /// Makes the reference bounds, each edge moved inwards by `insets` (points), a closed
    /// boundary with a nil identifier. Non-finite insets, or insets that leave a negative width or
    /// height, are rejected with a diagnostic.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
        guard insets.isFinite else {
            report(.invalidArgument, "CollisionBehavior.setTranslatesReferenceBoundsIntoBoundary(with:): insets must be finite; unchanged")
            return
        }
        if let bounds = animatorReference?.referenceBounds {
            let inset = insets.inset(bounds)
            guard inset.size.width >= 0, inset.size.height >= 0 else {
                report(.invalidArgument, "CollisionBehavior.setTranslatesReferenceBoundsIntoBoundary(with:): the insets leave a negative size; unchanged")
                return
            }
        }
        referenceInsets = insets
        rebuildReferenceBoundary()
    }

    /// Adds (or replaces) the segment boundary `identifier` from `p0` to `p1`.
    public func addBoundary(withIdentifier identifier: String, from p0: Point, to p1: Point) {
        addBoundary(Boundary(identifier: identifier, points: [p0, p1], isClosed: false, worldID: nil))
    }

    /// Adds (or replaces) the boundary `identifier` along the closed polygon through `path`
    /// (UIKit's `addBoundary(withIdentifier:for:)` with a `UIBezierPath`: here its vertices, in
    /// order; the last joins the first). Two points make a segment.
    public func addBoundary(withIdentifier identifier: String, for path: [Point]) {
        addBoundary(Boundary(identifier: identifier, points: path, isClosed: path.count > 2, worldID: nil))
    }

    /// Adds (or replaces) the boundary `identifier` along `path` (UIKit's
    /// `addBoundary(withIdentifier:for:)` with a `UIBezierPath`): its first contour flattened
    /// to a chain of segments within `BezierPath.flatness` of every curve, closed if the path
    /// was closed. A path with fewer than two points, or with a point that is not finite or
    /// beyond ±1e9 points (or such a radius, or a non-finite angle), is rejected with a
    /// diagnostic; a path of several contours uses the first, with a diagnostic.
    public func addBoundary(withIdentifier identifier: String, for path: BezierPath) {
        guard path.isUsable else {
            report(.invalidArgument, "CollisionBehavior.addBoundary(\(identifier)): the path has a non-finite or out-of-range point, radius or angle; unchanged")
            return
        }
        let chain = path.flattened()
        if path.contourCount > 1 {
            report(.invalidArgument, "CollisionBehavior.addBoundary(\(identifier)): the path has \(path.contourCount) contours; the first is used")
        }
        addBoundary(Boundary(identifier: identifier, points: chain.points, isClosed: chain.isClosed && chain.points.count > 2, worldID: nil))
    }

    private func addBoundary(_ boundary: Boundary) {
        guard boundary.points.count >= 2, boundary.points.allSatisfy({ $0.isUsableCoordinate }) else {
            report(.invalidArgument, "CollisionBehavior.addBoundary(\(boundary.identifier)): needs at least two finite points; unchanged")
            return
        }
        if boundaries.contains(where: { $0.identifier == boundary.identifier }) {
            removeBoundary(withIdentifier: boundary.identifier)
        }
        var boundary = boundary
        if let animator = animatorReference {
            boundary.worldID = animator.world.addBoundary(points: boundary.points, isClosed: boundary.isClosed, mask: maskBit)
            itemsChanged(list.items)
        }
        boundaries.append(boundary)
    }

    /// The points of the boundary `identifier` (two for a segment), or nil.
    public func boundary(withIdentifier identifier: String) -> [Point]? {
        boundaries.first { $0.identifier == identifier }?.points
    }

    /// Removes the boundary `identifier`. An unknown identifier is rejected with a diagnostic.
    public func removeBoundary(withIdentifier identifier: String) {
        guard let index = boundaries.firstIndex(where: { $0.identifier == identifier }) else {
            report(.invalidArgument, "CollisionBehavior.removeBoundary: no boundary \(identifier); nothing changed")
            return
        }
        if let id = boundaries[index].worldID { animatorReference?.world.removeBoundary(id) }
        boundaries.remove(at: index)
        itemsChanged(list.items)
    }

    /// The identifiers of the boundaries added, in order (not the reference bounds').
    public var boundaryIdentifiers: [String] { boundaries.map { $0.identifier } }

    /// Removes every boundary added by identifier (not the reference bounds').
    public func removeAllBoundaries() {
        for boundary in boundaries {
            if let id = boundary.worldID { animatorReference?.world.removeBoundary(id) }
        }
        boundaries.removeAll()
        itemsChanged(list.items)
    }

    // MARK: Wiring

    private var maskBit: UInt64 { slot.map { 1 << UInt64($0) } ?? 0 }

    private func rebuildReferenceBoundary() {
        guard let animator = animatorReference else { return }
        if let id = referenceBoundary {
            animator.world.removeBoundary(id)
            referenceBoundary = nil
        }
        if let insets = referenceInsets {
            if let bounds = animator.referenceBounds {
                let r = insets.inset(bounds)
                if r.size.width >= 0, r.size.height >= 0 {
                    referenceBoundary = animator.world.addBoundary(points: [
                        Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                        Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY),
                    ], isClosed: true, mask: maskBit)
                } else {
                    report(.invalidArgument, "CollisionBehavior: the reference-bounds insets leave a negative size; no reference boundary")
                }
            } else {
                report(.invalidArgument, "CollisionBehavior: translatesReferenceBoundsIntoBoundary in an animator without reference bounds; no reference boundary")
            }
        }
        itemsChanged(list.items)
    }

    /// The name of `boundary` if it is one of this behaviour's.
    func identifier(of boundary: BoundaryID) -> BoundaryName? {
        if referenceBoundary == boundary { return BoundaryName(name: nil) }
        if let b = boundaries.first(where: { $0.worldID == boundary }) { return BoundaryName(name: b.identifier) }
        return nil
    }

    override var diagnosticName: StaticString { "CollisionBehavior" }

    override func membershipChanged(of item: any DynamicItem, added: Bool) {
        animatorReference?.registry.refreshCollisionMasks(of: item)
    }

    override func didAttach(to animator: DynamicAnimator) {
        slot = animator.registry.allocateCollisionSlot(for: self)
        for i in boundaries.indices {
            boundaries[i].worldID = animator.world.addBoundary(points: boundaries[i].points,
                                                               isClosed: boundaries[i].isClosed, mask: maskBit)
        }
        rebuildReferenceBoundary()
        animator.registry.refreshCollisionMasks()
    }

    override func willDetach(from animator: DynamicAnimator) {
        for i in boundaries.indices {
            if let id = boundaries[i].worldID { animator.world.removeBoundary(id) }
            boundaries[i].worldID = nil
        }
        if let id = referenceBoundary { animator.world.removeBoundary(id) }
        referenceBoundary = nil
        if let slot { animator.registry.freeCollisionSlot(slot) }
        slot = nil
    }

    override func forgetWorld() {
        for i in boundaries.indices { boundaries[i].worldID = nil }
        referenceBoundary = nil
        slot = nil
    }

    override func savedState() -> (() -> Void)? {
        savedState((boundaries, referenceBoundary, slot, mode, referenceInsets)) { [self] in
            (boundaries, referenceBoundary, slot, mode, referenceInsets) = $0
        }
    }
}
