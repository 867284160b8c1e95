// A closed range of doubles that may be unbounded (UIKit's `UIFloatRange`).
import Kinetic

/// A range from ``minimum`` to ``maximum`` (UIKit's `UIFloatRange`), used by
/// ``AttachmentBehavior/attachmentRange``: a translation in points for a sliding attachment, a
/// rotation in radians for a pin attachment. Either end may be infinite;
/// ``infinite`` (the default of an attachment) means no limit.
public struct FloatRange: Hashable, Sendable {
    public var minimum: Double
    public var maximum: Double

    @inlinable public init(minimum: Double, maximum: Double) {
        self.minimum = minimum; self.maximum = maximum
    }

    /// −∞…+∞: no limit (UIKit's `UIFloatRange.infinite`).
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)
    /// 0…0 (UIKit's `UIFloatRange.zero`).
    public static let zero = FloatRange(minimum: 0, maximum: 0)

    /// Whether both ends are infinite (UIKit's `isInfinite`).
    @inlinable public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}
