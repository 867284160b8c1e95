import Kinetic

struct BoundaryRecord {
    var isAlive = true
    var segments: [Int32] = []
}
