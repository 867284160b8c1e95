import Kinetic

/// A contact that began or ended during the last step.
struct ContactEvent: Equatable {
    enum Phase: Equatable { case began, ended }
    var phase: Phase
    var body: BodyID
    var partner: ContactPartner
    /// A point of the contact in world coordinates (for `.began`; the last known one for `.ended`).
    var point: Point
}
