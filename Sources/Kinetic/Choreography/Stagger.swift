// Staggered delays: one per item, growing with its distance from an origin (the first, last or centre item, an index or a point), shaped by an ease.

/// Delays for a group of items that start one after another (motion.dev's `stagger`, GSAP's
/// `stagger`): each item waits in proportion to its distance from an ``Origin``, shaped by an
/// ease, and the nearest item starts at once (after `startDelay`).
///
/// ```swift
/// menu.add(count: 5, stagger: Stagger(interval: 0.05, from: .center), duration: 0.4) { i in
///     items[i].alpha = 1
/// }
/// ```
///
/// The delays are times, so springs stagger as well as curves. The formula, distances for
/// points, and bad input are in <doc:Timelines#Stagger>.
public struct Stagger: Sendable {
    /// Which item starts first.
    public enum Origin: Sendable, Equatable {
        /// The first item; the last starts last.
        case first
        /// The last item; the first starts last.
        case last
        /// The middle item (the two middle ones together, for an even count); the ends start last.
        case center
        /// The item at this index.
        case index(Int)
    }

    /// Seconds between neighbours (before the ease).
    public var interval: Double
    /// Which item starts first.
    public var origin: Origin
    /// How the delays are spread over the group (a curve from 0 to 1).
    public var ease: CubicTimingParameters
    /// A delay added to every item.
    public var startDelay: Double

    /// A stagger of `interval` seconds between neighbours, from `origin`, spread by `ease`.
    public init(interval: Double, from origin: Origin = .first, ease: CubicTimingParameters = .linear,
                startDelay: Double = 0) {
        self.interval = interval
        self.origin = origin
        self.ease = ease
        self.startDelay = startDelay
    }

    /// The delay of each of `count` items in a row, in seconds (empty for a count below 1).
    public func delays(count: Int) -> [Double] {
        guard count > 0 else { return [] }
        let o: Double
        switch origin {
        case .first: o = 0
        case .last: o = Double(count - 1)
        case .center: o = Double(count - 1) / 2
        case .index(let i): o = Double(Swift.min(Swift.max(i, 0), count - 1))
        }
        return spread((0..<count).map { (Double($0) - o).magnitude })
    }

    /// The delay of the item at each of `points`, growing with its distance from `origin` (a
    /// grid that ripples out from a tap), counted from the nearest item's distance in units of
    /// the smallest non-zero one beyond it (a row's spacing), then eased like
    /// ``delays(count:)``: the item nearest `origin` starts first, at `startDelay`, whether or
    /// not it is at `origin`.
    public func delays(for points: [Point], from origin: Point) -> [Double] {
        let distances = points.map { p in (p - origin).magnitude }
        // The unit: the smallest non-zero distance beyond the nearest item's (the spacing of a
        // row, whether the origin is on an item or between two).
        var near = Double.infinity
        for d in distances where d.isFinite { near = Swift.min(near, d) }
        var unit = Double.infinity
        for d in distances where d.isFinite && d - near > 0 { unit = Swift.min(unit, d - near) }
        return spread(distances, unit: unit.isFinite ? unit : 1)
    }

    /// Delays for distances `d` in units of `unit`, counted from the nearest: the nearest
    /// starts at `startDelay`, the farthest waits `interval` per unit of distance beyond the
    /// nearest, the others through the ease.
    private func spread(_ distances: [Double], unit: Double = 1) -> [Double] {
        let step = interval.isFinite && interval > 0 ? interval : 0
        let base = startDelay.isFinite && startDelay > 0 ? startDelay : 0
        var near = Double.infinity, far = 0.0
        for d in distances where d.isFinite {
            near = Swift.min(near, d)
            far = Swift.max(far, d)
        }
        let range = far - near
        let total = step * range / unit
        return distances.map { d in
            guard range > 0, range.isFinite, d.isFinite else { return base }
            return base + ease.progress(at: (d - near) / range) * total
        }
    }
}
