import Kinetic

/// A joint's handle.
struct JointID: Hashable { var raw: Int32 }
