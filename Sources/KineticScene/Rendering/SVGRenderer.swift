import Kinetic

/// Turns a ``RenderList`` into a standalone SVG document (a string; no Foundation), with each
/// drawn element tagged with its node's id and accessibility.
///
/// ```swift
/// let svg = SVGRenderer.render(scene.renderList())
/// ```
///
/// How each render command becomes SVG is in <doc:NodesInDepth#Drawn-as-SVG>.
public enum SVGRenderer {
    /// The SVG document for `list`, on a background colour (nil: transparent). `imageBase`
    /// is put before every relative image URL (one with no scheme, not starting with `/` or
    /// `#`): the path from where the SVG file is written to the directory the scene's assets are
    /// relative to (`kinetic render` passes `../../Playground/web/` for `renders/grid`); "" by
    /// default, so URLs are written as the nodes give them.
    public static func render(_ list: RenderList, background: Color? = .white, imageBase: String = "") -> String {
        var out = ""
        out.reserveCapacity(256 + list.commands.count * 200)
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(num(list.size.width))\" height=\"\(num(list.size.height))\" viewBox=\"0 0 \(num(list.size.width)) \(num(list.size.height))\">\n"
        if let background {
            out += "<rect width=\"100%\" height=\"100%\" fill=\"\(hex(background))\"/>\n"
        }
        var clipID = 0, blurID = 0, shadowID = 0
        var depth = 0
        for command in list.commands {
            switch command {
            case .rect(let r):
                var filter = ""
                if r.blurRadius > 0 {
                    blurID += 1
                    out += "<filter id=\"b\(blurID)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feGaussianBlur stdDeviation=\"\(num(r.blurRadius / 2))\"/></filter>\n"
                    filter = " filter=\"url(#b\(blurID))\""
                }
                out += "<path data-name=\"\(escape(r.name))\" data-node=\"\(r.id)\"" + aria(r.accessibility) + " d=\"\(path(r.rect, r.cornerRadii))\" transform=\"\(matrix(r.transform))\" fill=\"\(hex(r.color))\""
                let opacity = r.opacity * r.color.alpha
                if opacity < 1 { out += " fill-opacity=\"\(num(opacity))\"" }
                out += filter + "/>\n"
            case .text(let t):
                let c = t.rect.center
                out += "<text data-name=\"\(escape(t.name))\" data-node=\"\(t.id)\"" + aria(t.accessibility) + " x=\"\(num(c.x))\" y=\"\(num(c.y))\" transform=\"\(matrix(t.transform))\" font-family=\"sans-serif\" font-size=\"\(num(t.fontSize))\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"\(hex(t.color))\""
                let opacity = t.opacity * t.color.alpha
                if opacity < 1 { out += " fill-opacity=\"\(num(opacity))\"" }
                out += ">" + escape(t.text) + "</text>\n"
            case .pushClip(let c):
                clipID += 1
                out += "<clipPath id=\"c\(clipID)\"><path d=\"\(path(c.rect, c.cornerRadii))\" transform=\"\(matrix(c.transform))\"/></clipPath>\n"
                out += "<g clip-path=\"url(#c\(clipID))\">\n"
                depth += 1
            case .popClip:
                if depth > 0 { out += "</g>\n"; depth -= 1 }
            case .shadow(let sh):
                var filter = ""
                let x = sh.rect.minX + sh.offset.width, y = sh.rect.minY + sh.offset.height
                if sh.radius > 0 {
                    shadowID += 1
                    let margin = 3 * sh.radius
                    out += "<filter id=\"s\(shadowID)\" filterUnits=\"userSpaceOnUse\" x=\"\(num(x - margin))\" y=\"\(num(y - margin))\" width=\"\(num(sh.rect.width + 2 * margin))\" height=\"\(num(sh.rect.height + 2 * margin))\"><feGaussianBlur stdDeviation=\"\(num(sh.radius))\"/></filter>\n"
                    filter = " filter=\"url(#s\(shadowID))\""
                }
                let shape = Rect(x: x, y: y, width: sh.rect.width, height: sh.rect.height)
                out += "<path data-name=\"\(escape(sh.name))\" data-node=\"\(sh.id)\" data-shadow=\"1\" aria-hidden=\"true\" d=\"\(path(shape, sh.cornerRadii))\" transform=\"\(matrix(sh.transform))\" fill=\"\(hex(sh.color))\""
                let opacity = sh.opacity * sh.color.alpha
                if opacity < 1 { out += " fill-opacity=\"\(num(opacity))\"" }
                out += filter + "/>\n"
            case .image(let image):
                clipID += 1
                out += "<clipPath id=\"c\(clipID)\"><path d=\"\(path(image.rect, image.cornerRadii))\" transform=\"\(matrix(image.transform))\"/></clipPath>\n"
                out += "<g clip-path=\"url(#c\(clipID))\"><image data-name=\"\(escape(image.name))\" data-node=\"\(image.id)\"" + aria(image.accessibility)
                out += " href=\"\(escape(resolve(image.url, base: imageBase)))\" x=\"\(num(image.rect.minX))\" y=\"\(num(image.rect.minY))\" width=\"\(num(image.rect.width))\" height=\"\(num(image.rect.height))\""
                out += " preserveAspectRatio=\"\(aspectRatio(image.contentMode))\" transform=\"\(matrix(image.transform))\""
                if image.opacity < 1 { out += " opacity=\"\(num(image.opacity))\"" }
                out += "/></g>\n"
            case .dots(let dots):
                clipID += 1
                dotBatch(dots, clipID: clipID, into: &out)
            }
        }
        while depth > 0 { out += "</g>\n"; depth -= 1 }
        out += "</svg>\n"
        return out
    }

    /// A dot batch: one `<path>` per palette colour whose every dot is a zero-length subpath
    /// (`Mx yh0`) stroked with round caps of width 2·radius, which SVG draws as a circle of that
    /// radius (a tenth of the bytes of a `<circle>` per dot), in a group clipped to the node's
    /// bounds. Colours are drawn in palette order.
    static func dotBatch(_ dots: RenderDots, clipID: Int, into out: inout String) {
        out += "<clipPath id=\"c\(clipID)\"><path d=\"\(path(dots.rect, .zero))\" transform=\"\(matrix(dots.transform))\"/></clipPath>\n"
        out += "<g data-name=\"\(escape(dots.name))\" data-node=\"\(dots.id)\"" + aria(dots.accessibility) + " clip-path=\"url(#c\(clipID))\""
        if dots.opacity < 1 { out += " opacity=\"\(num(dots.opacity))\"" }
        out += "><g transform=\"\(matrix(dots.transform))\">\n"
        let width = num(2 * dots.radius)
        let indices = dots.colorIndices
        for (c, color) in dots.palette.enumerated() {
            var d = ""
            for (i, p) in dots.positions.enumerated() where i < indices.count && Int(indices[i]) == c {
                d += "M" + num(p.x) + " " + num(p.y) + "h0"
            }
            guard !d.isEmpty else { continue }
            out += "<path d=\"\(d)\" fill=\"none\" stroke=\"\(hex(color))\" stroke-width=\"\(width)\" stroke-linecap=\"round\""
            if color.alpha < 1 { out += " stroke-opacity=\"\(num(color.alpha))\"" }
            out += "/>\n"
        }
        out += "</g></g>\n"
    }

    /// `url` with `base` before it if it is relative (no scheme such as `https:` or `data:`, not
    /// starting with `/` or `#`).
    public static func resolve(_ url: String, base: String) -> String {
        guard !base.isEmpty, let first = url.utf8.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "#") else { return url }
        for byte in url.utf8 {
            if byte == UInt8(ascii: ":") { return url }   // a scheme
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
        }
        return base + url
    }

    /// SVG's `preserveAspectRatio` for a content mode.
    static func aspectRatio(_ mode: ContentMode) -> String {
        switch mode {
        case .scaleToFill: return "none"
        case .scaleAspectFit: return "xMidYMid meet"
        case .scaleAspectFill: return "xMidYMid slice"
        }
    }

    /// The accessibility attributes of a drawn element (with a leading space), or "".
    static func aria(_ accessibility: RenderAccessibility) -> String {
        switch accessibility {
        case .plain: return ""
        case .hidden: return " aria-hidden=\"true\""
        case .element(let role, let label):
            var s = ""
            switch role {
            case .button: s = " role=\"button\""
            case .image: s = " role=\"img\""
            case .text, .none: break
            }
            if !label.isEmpty { s += " aria-label=\"\(escape(label))\"" }
            return s
        }
    }

    static func path(_ r: Rect, _ radii: CornerRadii) -> String {
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        if radii == .zero {
            return "M\(num(x0)) \(num(y0))H\(num(x1))V\(num(y1))H\(num(x0))Z"
        }
        let tl = radii.topLeft, tr = radii.topRight, br = radii.bottomRight, bl = radii.bottomLeft
        var d = "M\(num(x0 + tl)) \(num(y0))H\(num(x1 - tr))"
        if tr > 0 { d += "A\(num(tr)) \(num(tr)) 0 0 1 \(num(x1)) \(num(y0 + tr))" }
        d += "V\(num(y1 - br))"
        if br > 0 { d += "A\(num(br)) \(num(br)) 0 0 1 \(num(x1 - br)) \(num(y1))" }
        d += "H\(num(x0 + bl))"
        if bl > 0 { d += "A\(num(bl)) \(num(bl)) 0 0 1 \(num(x0)) \(num(y1 - bl))" }
        d += "V\(num(y0 + tl))"
        if tl > 0 { d += "A\(num(tl)) \(num(tl)) 0 0 1 \(num(x0 + tl)) \(num(y0))" }
        return d + "Z"
    }

    static func matrix(_ m: Matrix2D) -> String {
        "matrix(\(num(m.a)) \(num(m.b)) \(num(m.c)) \(num(m.d)) \(num(m.tx)) \(num(m.ty)))"
    }

    /// `#rrggbb` of a clamped colour (alpha goes into the opacity).
    static func hex(_ c: Color) -> String {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
        var s = "#"
        for v in [c.red, c.green, c.blue] {
            let clamped = v >= 1 ? 1.0 : (v > 0 ? v : 0)
            let byte = Int((clamped * 255).rounded())
            s.append(digits[byte / 16]); s.append(digits[byte % 16])
        }
        return s
    }

    /// Text with `&`, `<`, `>` and `"` escaped for XML or HTML (text and quoted attributes).
    public static func escape(_ text: String) -> String {
        var s = ""
        for ch in text {
            switch ch {
            case "&": s += "&amp;"
            case "<": s += "&lt;"
            case ">": s += "&gt;"
            case "\"": s += "&quot;"
            default: s.append(ch)
            }
        }
        return s
    }

    /// A number with at most three decimals, shortest form, no trailing `.0`; non-finite as 0.
    public static func num(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), rounded.magnitude < 1e15 {
            return String(Int64(rounded))
        }
        return "\(rounded)"
    }
}
