// The shown scene encoded as the page encodes it after each call that moves it.
import KineticHost

extension HostSession {
    /// The shown scene's render list now, encoded (empty with no scene).
    var encoding: RenderListEncoder {
        var encoder = RenderListEncoder()
        if let list = renderList() { encoder.encode(list) }
        return encoder
    }
}
