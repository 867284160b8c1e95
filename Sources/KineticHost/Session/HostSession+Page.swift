// A real page's layout in, its elements' styles out: the host side of `PageLayout`.
import Kinetic
import KineticScene

extension HostSession {
    /// The number of page elements the shown scene adopted (0 for a scene without a page).
    public var pageElementCount: Int { hosted?.page?.elements.count ?? 0 }

    /// The key (the page's `id`) of adopted element `index`, or nil out of range.
    public func pageKey(_ index: Int) -> String? {
        guard let page = hosted?.page, index >= 0, index < page.elements.count else { return nil }
        return page.elements[index].key
    }

    /// The page measured adopted element `index` at `frame` (page coordinates, without
    /// Kinetic's transform), or with `index` −1 the page itself (its size), at `time` on the
    /// session's clock: ``HostedScene/applyLayout(_:frame:at:)``, which brings the engine's
    /// clock there first, as a pointer event does. Logged at that instant, so a seek replays it
    /// exactly and ``script()`` writes it as a `page` or `layout` line. False, and nothing
    /// changes, with no scene or page, a non-finite time, or a box the page refuses.
    @discardableResult
    public func layout(_ index: Int, frame: Rect, time: Double) -> Bool {
        guard let hosted, let at = hosted.applyLayout(index, frame: frame, at: time) else { return false }
        logInput(.layout(index, frame: frame, time: at))
        return true
    }

    /// The page inserted (`present` true) or removed element `index` at `time` on the session's
    /// clock: ``HostedScene/applyPresence(_:_:at:)``. Logged like a layout, written by
    /// ``script()`` as an `insert` or `remove` line. False, and nothing changes, with no scene or
    /// page, a non-finite time or an index out of range.
    @discardableResult
    public func presence(_ index: Int, _ present: Bool, time: Double) -> Bool {
        guard let hosted, let at = hosted.applyPresence(index, present, at: time) else { return false }
        logInput(.presence(index, present, time: at))
        return true
    }

    /// The values per element in ``pageStyles``: CSS matrix a b c d tx ty, opacity, then the
    /// state (0 present, 1 exiting, 2 gone: `ElementStyle.State`).
    public static let pageStyleStride = 8

    /// Every adopted element's style now (`PageLayout.forEachStyle(_:)`), ``pageStyleStride``
    /// values each in adoption order; empty for a scene without a page. The page reads them
    /// after each frame, written into a buffer of its own.
    public var pageStyles: [Double] {
        let styles = InPlaceBuffer<Double>()
        encodePageStyles(into: styles)
        return styles.array
    }

    /// Writes ``pageStyles`` into `styles`, replacing what it held.
    package func encodePageStyles(into styles: InPlaceBuffer<Double>) {
        styles.removeAll()
        guard let page = hosted?.page else { return }
        page.forEachStyle { _, style in
            let start = styles.count
            styles.appendZeros(HostSession.pageStyleStride)
            let out = styles.base + start
            let m = style.transform
            out[0] = m.a; out[1] = m.b; out[2] = m.c; out[3] = m.d; out[4] = m.tx; out[5] = m.ty
            out[6] = style.opacity
            switch style.state {
            case .present: out[7] = 0
            case .exiting: out[7] = 1
            case .gone: out[7] = 2
            }
        }
    }
}
