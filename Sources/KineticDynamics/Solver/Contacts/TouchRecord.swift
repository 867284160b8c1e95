import Kinetic

/// A (body, partner) pair in touch at the end of a step, for contact events.
struct TouchRecord {
    /// (body << 32) | partner body, or | 0x8000_0000 | boundary.
    var key: UInt64
    var point: Vec2
}
