// Pages of a paging scroll view along one axis, and which page a flick lands on (UIScrollView's isPagingEnabled).

/// Equal pages along one axis of a paging scroll view (UIScrollView with `isPagingEnabled`):
/// page `i` rests at offset `i · pageLength`.
///
/// A release picks its page by *projecting* the flick (``project(_:velocity:decelerationRate:)``:
/// where a decay from the release offset and velocity would come to rest) and taking the page
/// whose offset is nearest to that point, then springs there with the release velocity
/// (``SpringAnimation``). As UIScrollView, a flick moves at most one page from the page the drag
/// began on when that page is given.
///
/// ## Bad input
/// A page length that is NaN, infinite, zero or negative becomes 1; a page count below 1
/// becomes 1. A NaN offset or velocity picks the starting page (or page 0).
public struct PagingLayout: Sendable, Equatable {
    /// The length of a page, in offset units (usually the viewport's length).
    public let pageLength: Double
    /// The number of pages, at least 1.
    public let pageCount: Int

    public init(pageLength: Double, pageCount: Int) {
        self.pageLength = pageLength.isFinite && pageLength > 0 ? pageLength : 1
        self.pageCount = Swift.max(pageCount, 1)
    }

    /// The offsets the pager may rest at: `0 ... (pageCount − 1)·pageLength`.
    public var bounds: ClosedRange<Double> { 0...(Double(pageCount - 1) * pageLength) }

    /// The offset of page `index` (clamped to the pages).
    public func offset(ofPage index: Int) -> Double {
        Double(Swift.min(Swift.max(index, 0), pageCount - 1)) * pageLength
    }

    /// The page nearest to `offset` (clamped to the pages; halfway rounds away from zero).
    public func nearestPage(to offset: Double) -> Int {
        guard offset.isFinite else { return offset == .infinity ? pageCount - 1 : 0 }
        let i = (offset / pageLength).rounded()
        return Int(Swift.min(Swift.max(i, 0), Double(pageCount - 1)))
    }

    /// The page a release at `offset` moving at `velocity` (offset units per second) lands on:
    /// the page nearest to `project(offset, velocity: velocity, decelerationRate: rate)`, then, if
    /// `startPage` is given, limited to `startPage − 1 ... startPage + 1`.
    public func targetPage(releasedAt offset: Double, velocity: Double, decelerationRate: DecelerationRate = .normal,
                           startPage: Int? = nil) -> Int {
        guard offset.isFinite, velocity.isFinite else { return startPage.map { Swift.min(Swift.max($0, 0), pageCount - 1) } ?? 0 }
        var page = nearestPage(to: project(offset, velocity: velocity, decelerationRate: decelerationRate))
        if let s = startPage { page = Swift.min(Swift.max(page, s - 1), s + 1) }
        return Swift.min(Swift.max(page, 0), pageCount - 1)
    }
}
