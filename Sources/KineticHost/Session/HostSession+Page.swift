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
    /// values each in adoption order, into ``pageStyles``; empty for a scene without a page.
    public func encodePageStyles() {
        pageStyles.removeAll(keepingCapacity: true)
        guard let page = hosted?.page else { return }
        pageStyles.reserveCapacity(page.elements.count * HostSession.pageStyleStride)
        page.forEachStyle { _, style in
            let m = style.transform
            pageStyles.append(m.a); pageStyles.append(m.b); pageStyles.append(m.c)
            pageStyles.append(m.d); pageStyles.append(m.tx); pageStyles.append(m.ty)
            pageStyles.append(style.opacity)
            switch style.state {
            case .present: pageStyles.append(0)
            case .exiting: pageStyles.append(1)
            case .gone: pageStyles.append(2)
            }
        }
    }
}
