// Flattens a render list into numbers and UTF-8 bytes, in a versioned layout a host reads from the module.
import Kinetic
import KineticScene

/// Encodes a `RenderList` as flat numbers and UTF-8 bytes for a host that draws it in
/// another language (the page's `kinetic-runtime.js` reads them straight out of WebAssembly
/// memory). Every matrix is made relative to the innermost clip, so a host can nest one
/// element per clip and never invert a matrix itself.
///
/// ```swift
/// var encoder = RenderListEncoder()
/// encoder.encode(scene.renderList())
/// // encoder.numbers, encoder.bytes: read them through RenderListEncoder.layout
/// ```
///
/// ``numbers`` holds a header and ``stride`` values per command; ``layout`` names every slot and
/// ``formatVersion`` versions it. The slots of each command kind, node ids, accessibility, dot
/// batches and how to add a command kind are in <doc:RenderListFormat>.
public struct RenderListEncoder {
    /// The layout's version, the header's first number: a host refuses another.
    public static let formatVersion = 1
    /// Header values before the first command.
    public static let headerCount = 4
    /// Values per command.
    public static let stride = 27

    /// The command kinds (index 0 of a command's slot).
    public enum Kind {
        public static let rect = 1
        public static let text = 2
        public static let pushClip = 3
        public static let popClip = 4
        /// A batch of dots (`RenderDots`); its per-dot numbers are in a block after the commands.
        public static let dots = 5
        /// An image (`RenderImage`).
        public static let image = 6
        /// A node's shadow (`RenderShadow`).
        public static let shadow = 7
    }

    /// The accessibility numbers (field `accessibility`; see `RenderAccessibility`).
    public enum Accessibility {
        /// Exposed as drawn.
        public static let plain = 0
        /// A button with its label.
        public static let button = 1
        /// An image with its label (alternative text).
        public static let image = 2
        /// Text with its label.
        public static let text = 3
        /// Hidden from assistive technology.
        public static let hidden = 4
    }

    /// The content-mode numbers (an image's field `contentMode`; see `ContentMode`).
    public enum ContentModeNumber {
        /// `ContentMode.scaleToFill` (CSS `object-fit: fill`).
        public static let scaleToFill = 0
        /// `ContentMode.scaleAspectFit` (CSS `contain`).
        public static let scaleAspectFit = 1
        /// `ContentMode.scaleAspectFill` (CSS `cover`).
        public static let scaleAspectFill = 2
    }

    /// Every number of the layout by name, for hosts to read instead of copying: `version`,
    /// `headerCount`, `stride`; `header.*` (indices into the header); `kind.*` (kind numbers);
    /// `field.*` (indices into a command's slot; a string field is its offset, the length
    /// follows; `matrix`, `radii` and `color` are the first of 6, 4 and 4 values, `shadowOffset`
    /// of 2); `accessibility.*` and `contentMode.*` (the numbers of those fields).
    public static let layout: [(name: String, value: Int)] = [
        ("version", formatVersion), ("headerCount", headerCount), ("stride", stride),
        ("header.version", 0), ("header.count", 1), ("header.width", 2), ("header.height", 3),
        ("kind.rect", Kind.rect), ("kind.text", Kind.text), ("kind.pushClip", Kind.pushClip), ("kind.popClip", Kind.popClip),
        ("kind.dots", Kind.dots), ("kind.image", Kind.image), ("kind.shadow", Kind.shadow),
        ("field.kind", 0), ("field.name", 1), ("field.width", 3), ("field.height", 4), ("field.matrix", 5),
        ("field.opacity", 11), ("field.radii", 12), ("field.text", 12), ("field.color", 16),
        ("field.blur", 20), ("field.fontSize", 20),
        ("field.dotsBlock", 12), ("field.dotsCount", 13), ("field.dotsRadius", 14), ("field.dotsPaletteCount", 15),
        ("field.url", 16), ("field.contentMode", 18), ("field.shadowRadius", 20),
        ("field.node", 21), ("field.accessibility", 22), ("field.label", 23), ("field.shadowOffset", 25),
        ("accessibility.plain", Accessibility.plain), ("accessibility.button", Accessibility.button),
        ("accessibility.image", Accessibility.image), ("accessibility.text", Accessibility.text),
        ("accessibility.hidden", Accessibility.hidden),
        ("contentMode.scaleToFill", ContentModeNumber.scaleToFill),
        ("contentMode.scaleAspectFit", ContentModeNumber.scaleAspectFit),
        ("contentMode.scaleAspectFill", ContentModeNumber.scaleAspectFill),
    ]

    /// The numbers of the last encoding.
    public private(set) var numbers: [Double] = []
    /// The UTF-8 bytes of the last encoding's names and texts.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// Encodes `list`, replacing the previous encoding (the buffers' capacity is reused).
    public mutating func encode(_ list: RenderList) {
        numbers.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        numbers.append(Double(RenderListEncoder.formatVersion))
        numbers.append(Double(list.commands.count))
        numbers.append(list.size.width)
        numbers.append(list.size.height)
        // The screen matrix of each open clip's box origin, innermost last.
        var clips: [Matrix2D] = []
        var blocks: [(Int, RenderDots)] = []
        for command in list.commands {
            let base = numbers.count
            for _ in 0..<RenderListEncoder.stride { numbers.append(0) }
            switch command {
            case .rect(let r):
                drawn(Kind.rect, r.name, r.rect, r.transform, r.opacity, r.color, clips: clips, at: base)
                radii(r.cornerRadii, at: base + 12)
                numbers[base + 20] = r.blurRadius
                node(r.id, r.accessibility, at: base)
            case .text(let t):
                drawn(Kind.text, t.name, t.rect, t.transform, t.opacity, t.color, clips: clips, at: base)
                string(t.text, at: base + 12)
                numbers[base + 20] = t.fontSize
                node(t.id, t.accessibility, at: base)
            case .image(let image):
                numbers[base] = Double(Kind.image)
                string(image.name, at: base + 1)
                box(image.rect, image.transform, clips: clips, at: base)
                numbers[base + 11] = image.opacity
                radii(image.cornerRadii, at: base + 12)
                string(image.url, at: base + 16)
                switch image.contentMode {
                case .scaleToFill: numbers[base + 18] = Double(ContentModeNumber.scaleToFill)
                case .scaleAspectFit: numbers[base + 18] = Double(ContentModeNumber.scaleAspectFit)
                case .scaleAspectFill: numbers[base + 18] = Double(ContentModeNumber.scaleAspectFill)
                }
                node(image.id, image.accessibility, at: base)
            case .shadow(let s):
                drawn(Kind.shadow, s.name, s.rect, s.transform, s.opacity, s.color, clips: clips, at: base)
                radii(s.cornerRadii, at: base + 12)
                numbers[base + 20] = s.radius
                numbers[base + 21] = Double(s.id)
                numbers[base + 25] = s.offset.width
                numbers[base + 26] = s.offset.height
            case .pushClip(let c):
                numbers[base] = Double(Kind.pushClip)
                numbers[base + 21] = Double(c.id)
                box(c.rect, c.transform, clips: clips, at: base)
                radii(c.cornerRadii, at: base + 12)
                clips.append(Matrix2D(translationX: c.rect.minX, y: c.rect.minY).concatenating(c.transform))
            case .popClip:
                numbers[base] = Double(Kind.popClip)
                if !clips.isEmpty { clips.removeLast() }
            case .dots(let d):
                numbers[base] = Double(Kind.dots)
                string(d.name, at: base + 1)
                box(d.rect, d.transform, clips: clips, at: base)
                numbers[base + 11] = d.opacity
                numbers[base + 13] = Double(d.positions.count)
                numbers[base + 14] = d.radius
                numbers[base + 15] = Double(d.palette.count)
                color(d.palette.first ?? .clear, at: base + 16)
                node(d.id, d.accessibility, at: base)
                blocks.append((base, d))
            }
        }
        // The dots' blocks follow every command, so a host finds command c at a fixed stride.
        for (base, d) in blocks {
            let start = numbers.count
            numbers[base + 12] = Double(start)
            let n = d.positions.count, p = d.palette.count
            // Grown once and written through a buffer: tens of thousands of appends, each with its
            // capacity check, cost more than the numbers themselves.
            numbers.append(contentsOf: repeatElement(0, count: 4 * p + 3 * n))
            let x0 = d.rect.minX, y0 = d.rect.minY
            numbers.withUnsafeMutableBufferPointer { buffer in
                let out = buffer.baseAddress.unsafelyUnwrapped + start
                for (k, c) in d.palette.enumerated() {
                    out[4 * k] = c.red; out[4 * k + 1] = c.green; out[4 * k + 2] = c.blue; out[4 * k + 3] = c.alpha
                }
                let centres = out + 4 * p
                d.positions.withUnsafeBufferPointer { positions in
                    for i in 0..<n {
                        centres[2 * i] = positions[i].x - x0
                        centres[2 * i + 1] = positions[i].y - y0
                    }
                }
                let indices = centres + 2 * n
                d.colorIndices.withUnsafeBufferPointer { colors in
                    let m = Swift.min(n, colors.count)
                    for i in 0..<m { indices[i] = Double(colors[i]) }
                }
            }
        }
    }

    /// The fields a rect and a text share: kind, name, box, opacity and colour.
    private mutating func drawn(_ kind: Int, _ name: String, _ rect: Rect, _ transform: Matrix2D,
                                _ opacity: Double, _ c: Color, clips: [Matrix2D], at base: Int) {
        numbers[base] = Double(kind)
        string(name, at: base + 1)
        box(rect, transform, clips: clips, at: base)
        numbers[base + 11] = opacity
        color(c, at: base + 16)
    }

    /// The node id, accessibility and label (fields 21…24).
    private mutating func node(_ id: Int, _ accessibility: RenderAccessibility, at base: Int) {
        numbers[base + 21] = Double(id)
        switch accessibility {
        case .plain:
            numbers[base + 22] = Double(Accessibility.plain)
        case .hidden:
            numbers[base + 22] = Double(Accessibility.hidden)
        case .element(let role, let label):
            switch role {
            case .none: numbers[base + 22] = Double(Accessibility.plain)
            case .button: numbers[base + 22] = Double(Accessibility.button)
            case .image: numbers[base + 22] = Double(Accessibility.image)
            case .text: numbers[base + 22] = Double(Accessibility.text)
            }
            string(label, at: base + 23)
        }
    }

    private mutating func box(_ rect: Rect, _ transform: Matrix2D, clips: [Matrix2D], at base: Int) {
        numbers[base + 3] = rect.width
        numbers[base + 4] = rect.height
        var m = Matrix2D(translationX: rect.minX, y: rect.minY).concatenating(transform)
        if let clip = clips.last, let inverse = clip.inverted() { m = m.concatenating(inverse) }
        numbers[base + 5] = m.a; numbers[base + 6] = m.b; numbers[base + 7] = m.c
        numbers[base + 8] = m.d; numbers[base + 9] = m.tx; numbers[base + 10] = m.ty
    }

    private mutating func radii(_ r: CornerRadii, at i: Int) {
        numbers[i] = r.topLeft; numbers[i + 1] = r.topRight; numbers[i + 2] = r.bottomRight; numbers[i + 3] = r.bottomLeft
    }

    private mutating func color(_ c: Color, at i: Int) {
        numbers[i] = c.red; numbers[i + 1] = c.green; numbers[i + 2] = c.blue; numbers[i + 3] = c.alpha
    }

    private mutating func string(_ s: String, at i: Int) {
        numbers[i] = Double(bytes.count)
        bytes.append(contentsOf: s.utf8)
        numbers[i + 1] = Double(bytes.count) - numbers[i]
    }
}
