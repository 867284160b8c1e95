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
    /// Kinetic's transform), or with `index` −1 the page itself (its size; the scene's root
    /// is made that size, so hit testing reaches every element). Logged like a pointer event at
    /// `time` (held at the engine's time), so a seek replays it exactly. False, and nothing
    /// changes, with no page, a non-finite time, or a box `PageLayout.setLayout(_:at:)` refuses.
    @discardableResult
    public func layout(_ index: Int, frame: Rect, time: Double) -> Bool {
        guard let hosted, let page = hosted.page, time.isFinite, frame.isFinite else { return false }
        let held = hosted.scene.engine.clockTime(for: time)
        let accepted: Bool
        if index == -1 {
            guard frame.width >= 0, frame.height >= 0 else { return false }
            let root = page.scene.root
            hosted.scene.engine.performWithoutAnimation {
                root.frame = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
            }
            accepted = true
        } else {
            accepted = page.setLayout(frame, at: index)
        }
        if accepted { logInput(.layout(index, frame: frame, time: held)) }
        return accepted
    }

    /// The values per element in ``pageStyles``: CSS matrix a b c d tx ty, then opacity.
    public static let pageStyleStride = 7

    /// Every adopted element's style now (`PageLayout.style(at:)`), ``pageStyleStride``
    /// values each in adoption order, into ``pageStyles``; empty for a scene without a page.
    public func encodePageStyles() {
        pageStyles.removeAll(keepingCapacity: true)
        guard let page = hosted?.page else { return }
        pageStyles.reserveCapacity(page.elements.count * HostSession.pageStyleStride)
        for i in page.elements.indices {
            let style = page.style(at: i)
            let m = style.transform
            pageStyles.append(m.a); pageStyles.append(m.b); pageStyles.append(m.c)
            pageStyles.append(m.d); pageStyles.append(m.tx); pageStyles.append(m.ty)
            pageStyles.append(style.opacity)
        }
    }
}
