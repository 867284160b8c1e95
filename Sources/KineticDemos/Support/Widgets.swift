import Kinetic
import KineticScene

/// Small building blocks the demos share: filled nodes, labels and buttons.
enum Widgets {
    /// Photo `i` of the demos' twelve (`images/photo-0.png`…, made by Scripts/make-photos and
    /// served next to the page), as an image with its alternative text.
    static func photo(_ i: Int) -> ImageSource {
        ImageSource(url: "images/photo-\(i % Palette.photos.count).png")
    }

    /// Shows photo `i` on `node`, cropped to fill it, named "Photo N" for assistive technology.
    static func showPhoto(_ i: Int, on node: Node) {
        node.image = photo(i)
        node.contentMode = .scaleAspectFill
        node.accessibilityRole = .image
        node.accessibilityLabel = "Photo \(i % Palette.photos.count + 1)"
    }

    /// A filled node, its corners rounded by `radius`.
    static func box(_ name: String, _ frame: Rect, _ color: Color, radius: Double = 0, engine: AnimationEngine) -> Node {
        let node = Node(frame: frame, name: name, engine: engine)
        node.backgroundColor = color
        node.cornerRadius = radius
        return node
    }

    /// A label: text centred in `frame`, no fill.
    static func label(_ name: String, _ text: String, _ frame: Rect, size: Double = 17,
                      color: Color = .black, engine: AnimationEngine) -> Node {
        let node = Node(frame: frame, name: name, engine: engine)
        node.text = text
        node.fontSize = size
        node.textColor = color
        return node
    }

    /// A rounded button with a title that runs `action` when tapped.
    @discardableResult
    static func button(_ name: String, _ title: String, _ frame: Rect, in parent: Node,
                       color: Color = Palette.blue, action: @escaping () -> Void) -> Node {
        let node = box(name, frame, color, radius: Swift.min(frame.height / 2, 10), engine: parent.engine)
        node.text = title
        node.fontSize = 15
        node.textColor = .white
        node.addGestureRecognizer(TapGestureRecognizer { _ in action() })
        parent.addChild(node)
        return node
    }
}

/// The demos' colours (iOS system colours).
enum Palette {
    static let blue = Color(rgb: 0x007AFF)
    static let green = Color(rgb: 0x34C759)
    static let orange = Color(rgb: 0xFF9500)
    static let red = Color(rgb: 0xFF3B30)
    static let purple = Color(rgb: 0xAF52DE)
    static let yellow = Color(rgb: 0xFFCC00)
    static let teal = Color(rgb: 0x30B0C7)
    static let pink = Color(rgb: 0xFF2D55)
    static let indigo = Color(rgb: 0x5856D6)
    static let gray = Color(rgb: 0x8E8E93)
    static let background = Color(rgb: 0xF2F2F7)
    static let dark = Color(rgb: 0x1C1C1E)
    /// The photo tiles of the grid and photo demos, in order (RGB).
    static let photos: [UInt32] = [0xFF9500, 0x34C759, 0x007AFF, 0xAF52DE, 0xFF2D55, 0x5AC8FA,
                                   0xFFCC00, 0x5856D6, 0xFF3B30, 0x30B0C7, 0xA2845E, 0x64D2FF]
}
