import Kinetic

/// A static boundary's handle (a chain of segments that bodies collide with).
struct BoundaryID: Hashable { var raw: Int32 }
