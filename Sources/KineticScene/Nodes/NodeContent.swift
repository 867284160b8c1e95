// What a node can show besides a fill and text: an image and its fit, and what it is to
// assistive technology.

/// Where a node's image comes from: a URL or a packaged asset's path (UIKit's
/// `UIImage(named:)` / `UIImage(contentsOfFile:)`, as a reference the host resolves).
///
/// The core never loads or decodes an image; it only carries the reference to the host, which
/// draws it: the browser runtime as an `<img>` (a relative path resolves against the page, so
/// an asset served next to it, `images/photo-1.svg`, works), the SVG renderer as an `<image>`
/// (a relative path resolves against the SVG file's location, where `kinetic render` writes
/// the frames). An empty ``url`` is no image: the node draws none.
public struct ImageSource: Equatable, Sendable, ExpressibleByStringLiteral {
    /// An absolute URL (`https://…`, `data:…`) or a path relative to the host's document.
    public var url: String

    /// The image at `url` (a URL or a packaged asset's relative path).
    public init(url: String) { self.url = url }

    /// The image at `value`: `node.image = "images/photo-1.svg"`.
    public init(stringLiteral value: String) { self.url = value }
}

/// How an image fits its node's bounds (UIKit's `UIView.ContentMode`, CSS `object-fit`, SVG
/// `preserveAspectRatio`). The image is always clipped to the node's rounded bounds.
public enum ContentMode: Equatable, Sendable {
    /// Stretched to fill the bounds exactly, ignoring its aspect ratio (CSS `fill`, SVG
    /// `none`); UIKit's default.
    case scaleToFill
    /// Scaled to fit inside the bounds, aspect ratio kept, centred (CSS `contain`, SVG
    /// `xMidYMid meet`): letterboxed.
    case scaleAspectFit
    /// Scaled to cover the bounds, aspect ratio kept, centred and cropped (CSS `cover`, SVG
    /// `xMidYMid slice`).
    case scaleAspectFill
}

/// What a node is to assistive technology (UIKit's `accessibilityTraits`, ARIA's `role`).
///
/// A host exposes a node with a role other than ``none`` as one element with that role and
/// the node's `accessibilityLabel` (or its text) as its name, and hides the node's other
/// drawing (a button's text is not read a second time).
public enum AccessibilityRole: Equatable, Sendable {
    /// No role: the drawing is shown as it is (text is read as text, an image is decoration,
    /// shapes are not exposed). The default.
    case none
    /// A control that acts when tapped (UIKit's `.button`, ARIA `button`).
    case button
    /// An image, named by its label (UIKit's `.image`, ARIA `img`; an `<img>`'s `alt`).
    case image
    /// Static text, named by its label or its text (UIKit's `.staticText`).
    case text
}
