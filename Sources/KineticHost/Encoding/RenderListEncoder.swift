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
    /// Header values before the first command (``Header``).
    public static let headerCount = 5
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

    /// The header's slots: indices into ``numbers``.
    public enum Header {
        /// ``formatVersion``.
        public static let version = 0
        /// The number of commands.
        public static let count = 1
        /// The screen's width, in points.
        public static let width = 2
        /// The screen's height, in points.
        public static let height = 3
        /// The version of ``RenderListEncoder/bytes``: it changes exactly when the bytes do (a
        /// hash of them), so a host may keep what it decoded at each offset until it changes.
        public static let bytesVersion = 4
    }

    /// A command's slots: offsets from its first number. A string is its offset in ``bytes``,
    /// its length in the next slot; ``matrix``, ``radii`` and ``color`` are the first of 6, 4
    /// and 4 values, ``shadowOffset`` of 2. Which kind uses which slot is in
    /// <doc:RenderListFormat>.
    public enum Field {
        /// The command's kind (``Kind``).
        public static let kind = 0
        /// The node's name (a string).
        public static let name = 1
        /// The box's width, in points.
        public static let width = 3
        /// The box's height, in points.
        public static let height = 4
        /// The box's matrix `a b c d tx ty`, relative to the innermost clip.
        public static let matrix = 5
        /// The opacity, 0…1.
        public static let opacity = 11
        /// The corner radii: top left, top right, bottom right, bottom left.
        public static let radii = 12
        /// A text command's text (a string).
        public static let text = 12
        /// Where a dot batch's per-dot numbers start in ``RenderListEncoder/numbers``.
        public static let dotsBlock = 12
        /// A dot batch's number of dots.
        public static let dotsCount = 13
        /// A dot batch's dot radius, in points.
        public static let dotsRadius = 14
        /// A dot batch's number of palette colours.
        public static let dotsPaletteCount = 15
        /// The colour `r g b a`, 0…1.
        public static let color = 16
        /// An image's URL (a string).
        public static let url = 16
        /// An image's content mode (``ContentModeNumber``).
        public static let contentMode = 18
        /// A rect's backdrop blur radius, in points.
        public static let blur = 20
        /// A text's font size, in points.
        public static let fontSize = 20
        /// A shadow's blur (the Gaussian's standard deviation), in points.
        public static let shadowRadius = 20
        /// The node's id (`Node.id`).
        public static let node = 21
        /// The accessibility number (``Accessibility``).
        public static let accessibility = 22
        /// The accessibility label (a string).
        public static let label = 23
        /// A shadow's offset `x y`, in points.
        public static let shadowOffset = 25
    }

    /// Every number of the layout by name, for hosts to read instead of copying: `version`,
    /// `headerCount`, `stride`; `header.*` (``Header``); `kind.*` (``Kind``); `field.*`
    /// (``Field``); `accessibility.*` and `contentMode.*` (the numbers of those fields).
    public static let layout: [(name: String, value: Int)] = [
        ("version", formatVersion), ("headerCount", headerCount), ("stride", stride),
        ("header.version", Header.version), ("header.count", Header.count), ("header.width", Header.width),
        ("header.height", Header.height), ("header.bytesVersion", Header.bytesVersion),
        ("kind.rect", Kind.rect), ("kind.text", Kind.text), ("kind.pushClip", Kind.pushClip), ("kind.popClip", Kind.popClip),
        ("kind.dots", Kind.dots), ("kind.image", Kind.image), ("kind.shadow", Kind.shadow),
        ("field.kind", Field.kind), ("field.name", Field.name), ("field.width", Field.width),
        ("field.height", Field.height), ("field.matrix", Field.matrix), ("field.opacity", Field.opacity),
        ("field.radii", Field.radii), ("field.text", Field.text), ("field.color", Field.color),
        ("field.blur", Field.blur), ("field.fontSize", Field.fontSize),
        ("field.dotsBlock", Field.dotsBlock), ("field.dotsCount", Field.dotsCount),
        ("field.dotsRadius", Field.dotsRadius), ("field.dotsPaletteCount", Field.dotsPaletteCount),
        ("field.url", Field.url), ("field.contentMode", Field.contentMode), ("field.shadowRadius", Field.shadowRadius),
        ("field.node", Field.node), ("field.accessibility", Field.accessibility), ("field.label", Field.label),
        ("field.shadowOffset", Field.shadowOffset),
        ("accessibility.plain", Accessibility.plain), ("accessibility.button", Accessibility.button),
        ("accessibility.image", Accessibility.image), ("accessibility.text", Accessibility.text),
        ("accessibility.hidden", Accessibility.hidden),
        ("contentMode.scaleToFill", ContentModeNumber.scaleToFill),
        ("contentMode.scaleAspectFit", ContentModeNumber.scaleAspectFit),
        ("contentMode.scaleAspectFill", ContentModeNumber.scaleAspectFill),
    ]

    /// Where the encoding lives: at addresses a host reads in place, shared by copies of the
    /// encoder until one of them encodes again.
    private var storage = Storage()

    /// The numbers of the last encoding (a copy; ``numbersAddress`` reads them in place).
    public var numbers: [Double] { storage.numbers.array }
    /// The string table: the UTF-8 of the last encoding's names, texts, labels and URLs, one
    /// after the other in command order, each at the offset its command gives. A frame whose
    /// strings are the last frame's leaves it as it was; ``Header/bytesVersion`` changes with it.
    /// A copy; ``bytesAddress`` reads it in place.
    public var bytes: [UInt8] { storage.bytes.array }

    /// The last encoding's numbers in place, for a host that reads them without a copy (the
    /// page, out of WebAssembly memory): ``numbers``' count from `numbersAddress`, valid until
    /// the next ``encode(_:)``.
    public var numbersAddress: UnsafePointer<Double> { UnsafePointer(storage.numbers.base) }
    /// The table's bytes in place (``bytes``' count from `bytesAddress`), valid until the next
    /// ``encode(_:)``.
    public var bytesAddress: UnsafePointer<UInt8> { UnsafePointer(storage.bytes.base) }
    /// How many numbers ``numbersAddress`` holds.
    public var numberCount: Int { storage.numbers.count }
    /// How many bytes ``bytesAddress`` holds.
    public var byteCount: Int { storage.bytes.count }

    public init() {}

    /// Encodes `list`, replacing the previous encoding (the buffers' capacity is reused, and the
    /// string table is rewritten only from the first string that changed).
    public mutating func encode(_ list: RenderList) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        let numbers = storage.numbers
        numbers.removeAll()
        storage.beginStrings()
        numbers.appendZeros(RenderListEncoder.headerCount)
        numbers[Header.version] = Double(RenderListEncoder.formatVersion)
        numbers[Header.count] = Double(list.commands.count)
        numbers[Header.width] = list.size.width
        numbers[Header.height] = list.size.height
        // The screen matrix of each open clip's box origin, innermost last.
        var clips: [Matrix2D] = []
        var blocks: [(Int, RenderDots)] = []
        for command in list.commands {
            let base = numbers.count
            numbers.appendZeros(RenderListEncoder.stride)
            switch command {
            case .rect(let r):
                drawn(Kind.rect, r.name, r.rect, r.transform, r.opacity, r.color, clips: clips, at: base)
                radii(r.cornerRadii, at: base + Field.radii)
                numbers[base + Field.blur] = r.blurRadius
                node(r.id, r.accessibility, at: base)
            case .text(let t):
                drawn(Kind.text, t.name, t.rect, t.transform, t.opacity, t.color, clips: clips, at: base)
                string(t.text, at: base + Field.text)
                numbers[base + Field.fontSize] = t.fontSize
                node(t.id, t.accessibility, at: base)
            case .image(let image):
                numbers[base + Field.kind] = Double(Kind.image)
                string(image.name, at: base + Field.name)
                box(image.rect, image.transform, clips: clips, at: base)
                numbers[base + Field.opacity] = image.opacity
                radii(image.cornerRadii, at: base + Field.radii)
                string(image.url, at: base + Field.url)
                switch image.contentMode {
                case .scaleToFill: numbers[base + Field.contentMode] = Double(ContentModeNumber.scaleToFill)
                case .scaleAspectFit: numbers[base + Field.contentMode] = Double(ContentModeNumber.scaleAspectFit)
                case .scaleAspectFill: numbers[base + Field.contentMode] = Double(ContentModeNumber.scaleAspectFill)
                }
                node(image.id, image.accessibility, at: base)
            case .shadow(let s):
                drawn(Kind.shadow, s.name, s.rect, s.transform, s.opacity, s.color, clips: clips, at: base)
                radii(s.cornerRadii, at: base + Field.radii)
                numbers[base + Field.shadowRadius] = s.radius
                numbers[base + Field.node] = Double(s.id)
                numbers[base + Field.shadowOffset] = s.offset.width
                numbers[base + Field.shadowOffset + 1] = s.offset.height
            case .pushClip(let clip):
                numbers[base + Field.kind] = Double(Kind.pushClip)
                numbers[base + Field.node] = Double(clip.id)
                box(clip.rect, clip.transform, clips: clips, at: base)
                radii(clip.cornerRadii, at: base + Field.radii)
                clips.append(Matrix2D(translationX: clip.rect.minX, y: clip.rect.minY).concatenating(clip.transform))
            case .popClip:
                numbers[base + Field.kind] = Double(Kind.popClip)
                if !clips.isEmpty { clips.removeLast() }
            case .dots(let d):
                numbers[base + Field.kind] = Double(Kind.dots)
                string(d.name, at: base + Field.name)
                box(d.rect, d.transform, clips: clips, at: base)
                numbers[base + Field.opacity] = d.opacity
                numbers[base + Field.dotsCount] = Double(d.positions.count)
                numbers[base + Field.dotsRadius] = d.radius
                numbers[base + Field.dotsPaletteCount] = Double(d.palette.count)
                color(d.palette.first ?? .clear, at: base + Field.color)
                node(d.id, d.accessibility, at: base)
                blocks.append((base, d))
            }
        }
        numbers[Header.bytesVersion] = Double(storage.endStrings())
        // The dots' blocks follow every command, so a host finds command c at a fixed stride.
        for (base, d) in blocks {
            let start = numbers.count
            numbers[base + Field.dotsBlock] = Double(start)
            let n = d.positions.count, p = d.palette.count
            // Grown once and written through the pointer: tens of thousands of appends, each with
            // its capacity check, cost more than the numbers themselves.
            numbers.appendZeros(4 * p + 3 * n)
            let out = numbers.base + start
            for (k, c) in d.palette.enumerated() {
                out[4 * k] = c.red; out[4 * k + 1] = c.green; out[4 * k + 2] = c.blue; out[4 * k + 3] = c.alpha
            }
            let x0 = d.rect.minX, y0 = d.rect.minY
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

    /// The fields a rect and a text share: kind, name, box, opacity and colour.
    private func drawn(_ kind: Int, _ name: String, _ rect: Rect, _ transform: Matrix2D,
                       _ opacity: Double, _ c: Color, clips: [Matrix2D], at base: Int) {
        storage.numbers[base + Field.kind] = Double(kind)
        string(name, at: base + Field.name)
        box(rect, transform, clips: clips, at: base)
        storage.numbers[base + Field.opacity] = opacity
        color(c, at: base + Field.color)
    }

    /// The node id, accessibility and label.
    private func node(_ id: Int, _ accessibility: RenderAccessibility, at base: Int) {
        let numbers = storage.numbers
        numbers[base + Field.node] = Double(id)
        let a = base + Field.accessibility
        switch accessibility {
        case .plain:
            numbers[a] = Double(Accessibility.plain)
        case .hidden:
            numbers[a] = Double(Accessibility.hidden)
        case .element(let role, let label):
            switch role {
            case .none: numbers[a] = Double(Accessibility.plain)
            case .button: numbers[a] = Double(Accessibility.button)
            case .image: numbers[a] = Double(Accessibility.image)
            case .text: numbers[a] = Double(Accessibility.text)
            }
            string(label, at: base + Field.label)
        }
    }

    /// The size and the matrix, relative to the innermost clip.
    private func box(_ rect: Rect, _ transform: Matrix2D, clips: [Matrix2D], at base: Int) {
        let numbers = storage.numbers
        numbers[base + Field.width] = rect.width
        numbers[base + Field.height] = rect.height
        var m = Matrix2D(translationX: rect.minX, y: rect.minY).concatenating(transform)
        if let clip = clips.last, let inverse = clip.inverted() { m = m.concatenating(inverse) }
        let i = base + Field.matrix
        numbers[i] = m.a; numbers[i + 1] = m.b; numbers[i + 2] = m.c
        numbers[i + 3] = m.d; numbers[i + 4] = m.tx; numbers[i + 5] = m.ty
    }

    private func radii(_ r: CornerRadii, at i: Int) {
        let numbers = storage.numbers
        numbers[i] = r.topLeft; numbers[i + 1] = r.topRight; numbers[i + 2] = r.bottomRight; numbers[i + 3] = r.bottomLeft
    }

    private func color(_ c: Color, at i: Int) {
        let numbers = storage.numbers
        numbers[i] = c.red; numbers[i + 1] = c.green; numbers[i + 2] = c.blue; numbers[i + 3] = c.alpha
    }

    /// Writes `s`'s offset and length in the string table at `i` and `i + 1`.
    private func string(_ s: String, at i: Int) {
        let (offset, length) = storage.place(s)
        storage.numbers[i] = Double(offset)
        storage.numbers[i + 1] = Double(length)
    }
}

extension RenderListEncoder {
    /// The encoding's buffers, and the strings of the last encoding in the order they were
    /// placed, so that a frame whose strings are the last frame's writes no byte.
    private final class Storage {
        let numbers = InPlaceBuffer<Double>()
        let bytes = InPlaceBuffer<UInt8>()
        /// The last encoding's strings in order, each with where it ends in ``bytes``.
        var placed: [(string: String, end: Int)] = []
        /// How many strings the encoding under way has placed.
        var next = 0
        /// Whether the encoding under way has changed the table.
        var changed = false
        /// The table's version (see `RenderListEncoder.Header.bytesVersion`).
        var version = RenderListEncoder.Storage.hash(nil)

        func copy() -> Storage {
            let other = Storage()
            other.numbers.append(contentsOf: numbers)
            other.bytes.append(contentsOf: bytes)
            other.placed = placed
            other.version = version
            return other
        }

        func beginStrings() {
            next = 0
            changed = false
        }

        /// Where `s` is in the table: the table is the encoding's strings one after the other,
        /// rewritten from the first that differs from the last encoding's.
        func place(_ s: String) -> (offset: Int, length: Int) {
            let offset = next == 0 ? 0 : placed[next - 1].end
            if !changed, next < placed.count, placed[next].string == s {
                next += 1
                return (offset, placed[next - 1].end - offset)
            }
            if !changed { cut() }
            var s = s
            s.withUTF8 { bytes.append(contentsOf: $0) }
            placed.append((s, bytes.count))
            next += 1
            return (offset, bytes.count - offset)
        }

        /// The table's version once every string is placed.
        func endStrings() -> Double {
            if !changed, next < placed.count { cut() }
            if changed { version = Storage.hash(bytes) }
            return version
        }

        /// Drops the strings from the `next`th on: the table changes from there.
        private func cut() {
            changed = true
            bytes.removeLast(bytes.count - (next == 0 ? 0 : placed[next - 1].end))
            placed.removeLast(placed.count - next)
        }

        /// The 64-bit FNV-1a hash of the table, to 53 bits (exact in a `Double`): the same
        /// strings give the same version, live or replayed.
        static func hash(_ bytes: InPlaceBuffer<UInt8>?) -> Double {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            if let bytes {
                for i in 0..<bytes.count { h = (h ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01b3 }
            }
            return Double(h & ((1 << 53) - 1))
        }
    }
}
