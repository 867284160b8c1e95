// The animator's book of one item: its body in the world, who references it, what was last written.
import Kinetic

/// One simulated item. One body per item however many behaviours name it; the body is
/// destroyed when the last behaviour lets go of the item.
final class ItemRecord {
    let item: any DynamicItem
    let body: BodyID
    /// How many (behaviour, item) references keep the body.
    var references = 1
    /// What the animator last wrote to (or read from) the item, to write only changes.
    var writtenCenter: Point
    var writtenAngle: Double
    /// The body's (cos, sin) pair last read back and its atan2, so that an unturned body costs
    /// no atan2 (NaN: read afresh).
    var readRotation = Rotation(c: .nan, s: .nan)
    var readAngle = 0.0
    /// Whether the item was found moved by someone else (reported once).
    var wasMovedOutside = false
    /// The shape the body was created with (to notice changes on `updateItem`).
    var shape: ShapeGeometry
    /// The size used to build the shape (for `items(in:)`).
    var halfSize: Vector
    /// The material currently in the world.
    var material = BodyMaterial()
    /// The item's charge (UIKit's `charge`), read by electric and magnetic fields.
    var charge = 0.0
    /// The collision masks currently in the world.
    var itemsMask: UInt64 = 0
    var boundariesMask: UInt64 = 0

    init(item: any DynamicItem, body: BodyID, center: Point, angle: Double, shape: ShapeGeometry, halfSize: Vector) {
        self.item = item
        self.body = body
        self.writtenCenter = center
        self.writtenAngle = angle
        self.shape = shape
        self.halfSize = halfSize
    }
}
