import Kinetic

/// What a body touched: another body or a boundary.
enum ContactPartner: Hashable {
    case body(BodyID)
    case boundary(BoundaryID)
}
