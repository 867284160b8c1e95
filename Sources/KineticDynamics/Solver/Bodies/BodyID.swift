import Kinetic

/// A body's handle: stable while the body exists.
struct BodyID: Hashable { var raw: Int32 }
