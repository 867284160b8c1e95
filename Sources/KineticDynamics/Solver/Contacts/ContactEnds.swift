import Kinetic

/// What the colouring reads of an active contact: its bodies that move (have inverse mass), −1 for
/// a side that does not. The collision pass writes it while it has the contact and both bodies at
/// hand, so the colouring reads 8 bytes per contact instead of a 288-byte contact and two motions
/// in the interleaved order (on Box2D v3's large pyramid those reads were half the samples of
/// `step` itself).
struct ContactEnds {
    var movingA: Int32
    var movingB: Int32
    static let none: Int32 = -1

    /// The ends of a contact between bodies `a` and `b`, given whether each moves.
    init(a: Int32, movesA: Bool, b: Int32, movesB: Bool) {
        movingA = movesA ? a : Self.none
        movingB = movesB ? b : Self.none
    }
}
