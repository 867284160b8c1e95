// The Studio inspector's side of the session: the live animations as JSON, and the recorder
// of one property's curves.
import Kinetic
import KineticScene

extension HostSession {
    /// The samples the recorder keeps: 10 s at 60 frames per second.
    public static let recorderCapacity = 600

    /// The shown scene's timeline rows (``inspectionRows()``: live animations, dynamic items by
    /// name, like animations grouped) as JSON (``InspectionJSON/encode(rows:)``), with how many
    /// rows there are; nil with no scene shown. Reads only: nothing moves.
    ///
    /// Grouping keeps the text small however many animations run: 10,000 springs are one row.
    public func inspect() -> (rows: Int, json: String)? {
        guard hosted != nil else { return nil }
        let rows = inspectionRows()
        return (rows.count, InspectionJSON.encode(rows: rows))
    }

    /// Records, from the next frame on, property number `property` (0 for the first) of the
    /// shown scene's live animation `id` (an `AnimationInspection.id`). False, and the
    /// recorder is left as it was, with no scene or no such animation or property.
    @discardableResult
    public func watch(animation id: Int, property: Int = 0) -> Bool {
        guard let hosted else { return false }
        let properties = hosted.scene.engine.inspectableProperties(ofAnimation: id)
        guard property >= 0, property < properties.count else { return false }
        recorder.watch(properties[property])
        return true
    }

    /// Records, from the next frame on, the shown scene's property labelled `label`
    /// (`"drawer.center"`): a node's animatable property, animating or not, or else one a live
    /// animation moves. False, and the recorder is left as it was, with no scene or no such
    /// property.
    @discardableResult
    public func watch(property label: String) -> Bool {
        guard let hosted else { return false }
        let scene = hosted.scene
        if let property = scene.root.animatableProperty(labelled: label) {
            recorder.watch(property)
            return true
        }
        for animation in scene.engine.liveAnimations() {
            for (i, property) in animation.properties.enumerated() where property.name == label {
                return watch(animation: animation.id, property: i)
            }
        }
        return false
    }

    /// Stops recording and drops the samples.
    public func unwatch() {
        recorder.stopWatching()
    }

    /// The recorder's samples, oldest first (empty with nothing watched): `recorder.count` of
    /// `recorder.stride` doubles each, `[time, model components…, presentation components…,
    /// velocity components…]`.
    public func samples() -> [Double] {
        var values: [Double] = []
        recorder.copySamples(into: &values)
        return values
    }

    /// Samples the watched property after a frame. If it belongs to an engine no longer shown
    /// (the scene was selected again, or rebuilt), the recorder starts afresh on the property
    /// with the same label in the scene shown, or stops if there is none.
    func recordWatched() {
        guard let hosted, let watched = recorder.property else { return }
        if watched.engine !== hosted.scene.engine {
            let label = watched.label
            guard !label.isEmpty, let property = hosted.scene.root.animatableProperty(labelled: label) else {
                recorder.stopWatching()
                return
            }
            recorder.watch(property)
        }
        recorder.record()
    }
}
