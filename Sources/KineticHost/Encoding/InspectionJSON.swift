// The Studio's JSON for the engine's live animations (HostSession.inspect()).
import Kinetic

/// Writes `AnimationInspection` snapshots as the JSON array the Studio page reads
/// (``HostSession/inspect()``, `runtime.inspect()` in the page):
///
/// ```json
/// [{"id":1,"name":"drawer.center","kind":"animator","state":"active","running":true,
///   "reversed":false,"fraction":0.25,
///   "timing":{"type":"cubic","c1x":0.25,"c1y":0.1,"c2x":0.25,"c2y":1.0,"duration":0.5},
///   "properties":[{"name":"drawer.center","model":[160.0,100.0],
///                  "presentation":[160.0,405.0],"velocity":[0.0,-900.0]}]}]
/// ```
///
/// `kind` is one of `animator`, `spring`, `decay`, `boundedDecay`, `dynamics`, `pop`, `other`;
/// `state` one of `inactive`, `active`, `stopped` (animators), `running`, `atRest`; `fraction`
/// is null except for animators; `timing` is `{"type":"cubic",c1x,c1y,c2x,c2y,duration}`,
/// `{"type":"spring",mass,stiffness,damping,duration}`, `{"type":"decay",rate}` or
/// `{"type":"none"}`. Numbers are Swift's shortest decimal that parses back to the same
/// `Double` (so they round-trip exactly); a NaN or infinity is written `null`.
public enum InspectionJSON {
    /// The JSON array for `animations`, in their order.
    public static func encode(_ animations: [AnimationInspection]) -> String {
        var out = "["
        for (i, a) in animations.enumerated() {
            if i > 0 { out += "," }
            append(a, to: &out, row: nil)
        }
        return out + "]"
    }

    /// The JSON array for the Studio's timeline rows (``HostSession/inspectionRows()``): each
    /// row's animation as ``encode(_:)`` writes it, with, before `properties`, its `"key"`,
    /// `"internal"` (true for a row moving only nodes outside the scene), and, for a group,
    /// `"group":{"key","count","running","expanded"}`, for an expanded group's member,
    /// `"member"` (the group's key).
    public static func encode(rows: [InspectionRow]) -> String {
        var out = "["
        for (i, r) in rows.enumerated() {
            if i > 0 { out += "," }
            append(r.inspection, to: &out, row: r)
        }
        return out + "]"
    }

    static func append(_ a: AnimationInspection, to out: inout String, row: InspectionRow?) {
        out += "{\"id\":" + String(a.id)
        out += ",\"name\":" + string(a.name)
        out += ",\"kind\":" + string(a.kind.rawValue)
        out += ",\"state\":" + string(a.state.rawValue)
        out += ",\"running\":" + (a.isRunning ? "true" : "false")
        out += ",\"reversed\":" + (a.isReversed ? "true" : "false")
        out += ",\"fraction\":" + (a.fractionComplete.map(number) ?? "null")
        out += ",\"timing\":" + timing(a.timing)
        if let row {
            out += ",\"key\":" + string(row.key) + ",\"internal\":" + (row.isInternal ? "true" : "false")
            if let g = row.group {
                out += ",\"group\":{\"key\":" + string(g.key) + ",\"count\":" + String(g.count)
                    + ",\"running\":" + String(g.running) + ",\"expanded\":" + (g.isExpanded ? "true" : "false") + "}"
            }
            if let member = row.memberOf { out += ",\"member\":" + string(member) }
        }
        out += ",\"properties\":["
        for (j, p) in a.properties.enumerated() {
            if j > 0 { out += "," }
            out += "{\"name\":" + string(p.name)
            out += ",\"model\":" + array(p.model)
            out += ",\"presentation\":" + array(p.presentation)
            out += ",\"velocity\":" + array(p.velocity) + "}"
        }
        out += "]}"
    }

    static func timing(_ timing: AnimationInspection.Timing) -> String {
        switch timing {
        case .cubic(let c1x, let c1y, let c2x, let c2y, let duration):
            return "{\"type\":\"cubic\",\"c1x\":" + number(c1x) + ",\"c1y\":" + number(c1y)
                + ",\"c2x\":" + number(c2x) + ",\"c2y\":" + number(c2y) + ",\"duration\":" + number(duration) + "}"
        case .spring(let mass, let stiffness, let damping, let duration):
            return "{\"type\":\"spring\",\"mass\":" + number(mass) + ",\"stiffness\":" + number(stiffness)
                + ",\"damping\":" + number(damping) + ",\"duration\":" + number(duration) + "}"
        case .decay(let rate):
            return "{\"type\":\"decay\",\"rate\":" + number(rate) + "}"
        case .none:
            return "{\"type\":\"none\"}"
        }
    }

    /// A JSON number: Swift's shortest round-tripping decimal (`0.1`, `1e-07`, `100.0`), or
    /// `null` for a NaN or an infinity.
    public static func number(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "null"
    }

    static func array(_ values: [Double]) -> String {
        var out = "["
        for (i, v) in values.enumerated() { out += (i == 0 ? "" : ",") + number(v) }
        return out + "]"
    }

    /// A JSON string: quotes, backslashes and control characters escaped; other UTF-8 as is.
    public static func string(_ text: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(b)
            case 0..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(b >> 4)])
                bytes.append(hex[Int(b & 0xf)])
            default:
                bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }
}
