// A real page's measured layout delivered to a scene: one path for the browser's live input, a
// replay and a gesture script's `page` and `layout` lines.
import Kinetic
import KineticScene

extension HostedScene {
    /// Delivers a measured layout of the scene's page at `time` (seconds on the engine's clock):
    /// with `index` −1 the page's size (the scene's root is made `frame`'s size, so hit testing
    /// reaches every element), otherwise element `index`'s box (`PageLayout.setLayout(_:at:)`).
    /// Like a pointer event, the layout brings the engine's clock to `time` first
    /// (`AnimationEngine.advance(to:)`: an earlier time is held at the engine's), so what it
    /// starts starts then, in the browser and in a native render alike.
    ///
    /// Returns the instant it happened at, or nil (and nothing changes) for a scene without a
    /// page, a non-finite box, a negative size, an index out of range, or a time the engine
    /// refuses (not finite: a diagnostic on the engine).
    @discardableResult
    public func applyLayout(_ index: Int, frame: Rect, at time: Double) -> Double? {
        guard let page, frame.isFinite, frame.width >= 0, frame.height >= 0,
              index >= -1, index < page.elements.count,
              let at = scene.engine.advance(to: time) else { return nil }
        if index == -1 {
            let root = page.scene.root
            scene.engine.performWithoutAnimation { root.frame = Rect(x: 0, y: 0, width: frame.width, height: frame.height) }
            return at
        }
        return page.setLayout(frame, at: index) ? at : nil
    }

    /// The page inserted (`present` true) or removed element `index` at `time`
    /// (`PageLayout.setPresence(_:at:)`), the engine's clock brought there first. The instant it
    /// happened at, or nil (nothing changes) for a scene without a page, an index out of range, or
    /// a time the engine refuses.
    @discardableResult
    public func applyPresence(_ index: Int, _ present: Bool, at time: Double) -> Double? {
        guard let page, index >= 0, index < page.elements.count,
              let at = scene.engine.advance(to: time) else { return nil }
        return page.setPresence(present, at: index) ? at : nil
    }

    /// A script's `page`, `layout`, `insert` or `remove` line (`GestureScript.LayoutInput`).
    /// Nil for a key the page has not adopted (as for ``applyLayout(_:frame:at:)``).
    @discardableResult
    public func applyLayout(_ input: GestureScript.LayoutInput) -> Double? {
        guard let page else { return nil }
        guard let key = input.key else { return applyLayout(-1, frame: input.frame, at: input.time) }
        guard let index = page.index(of: key) else { return nil }
        if let present = input.presence { return applyPresence(index, present, at: input.time) }
        return applyLayout(index, frame: input.frame, at: input.time)
    }
}
