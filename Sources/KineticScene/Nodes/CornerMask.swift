/// Which corners a node's ``Node/cornerRadius`` rounds (UIKit's `CACornerMask`,
/// `layer.maskedCorners`). Corners are named on a y-down screen: min-x min-y is the top left.
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `layerMinXMinYCorner`.
    public static let topLeft = CornerMask(rawValue: 1)
    /// `layerMaxXMinYCorner`.
    public static let topRight = CornerMask(rawValue: 2)
    /// `layerMinXMaxYCorner`.
    public static let bottomLeft = CornerMask(rawValue: 4)
    /// `layerMaxXMaxYCorner`.
    public static let bottomRight = CornerMask(rawValue: 8)
    /// Every corner (the default).
    public static let all: CornerMask = [.topLeft, .topRight, .bottomLeft, .bottomRight]
    /// The two top corners (a sheet or a drawer rising from the bottom).
    public static let top: CornerMask = [.topLeft, .topRight]
}
