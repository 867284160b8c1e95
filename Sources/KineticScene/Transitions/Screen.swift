import Kinetic

/// One screen of a navigation stack: a node and a title (UIKit's `UIViewController` and its
/// `view`).
public final class Screen {
    /// The screen's content; the stack sizes it to its container.
    public let node: Node
    /// A title (used in dumps and by demos' navigation bars).
    public var title: String

    public init(title: String, node: Node) {
        self.title = title
        self.node = node
    }
}
