// The render-list layout a host reads from the module, checked against what the encoder writes.
import Testing
import Kinetic
import KineticScene
import KineticHost

@Suite("Render-list layout and version")
struct RenderLayoutTests {
    func value(_ name: String) -> Int? { RenderListEncoder.layout.first { $0.name == name }?.value }

    @Test func layoutNamesAreUniqueAndDescribeTheHeader() {
        let names = RenderListEncoder.layout.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(value("version") == RenderListEncoder.formatVersion && RenderListEncoder.formatVersion == 1)
        #expect(value("headerCount") == 5 && value("stride") == 27)
        var encoder = RenderListEncoder()
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 320, height: 480), engine: engine)
        encoder.encode(scene.renderList())
        let n = encoder.numbers
        #expect(n[value("header.version")!] == 1)
        #expect(n[value("header.width")!] == 320 && n[value("header.height")!] == 480)
        #expect(n.count == 5 + Int(n[value("header.count")!]) * 27)
    }

    /// The 64-bit FNV-1a hash of `bytes`, to 53 bits: what `header.bytesVersion` is documented to be.
    func fnv1a53(_ bytes: [UInt8]) -> Double {
        var h: UInt64 = 14_695_981_039_346_656_037
        for b in bytes { h = (h ^ UInt64(b)) &* 1_099_511_628_211 }
        return Double(h & (1 << 53 - 1))
    }

    /// The string table is the frame's strings in command order; a frame with the same strings
    /// leaves it as it was, one that changes a string rewrites it from there, and its version
    /// is the hash of its bytes, so a fresh encoder gives the same numbers and bytes.
    @Test func theStringTableChangesOnlyWhereTheStringsDo() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 200, height: 100), engine: engine)
        let first = Node(frame: Rect(x: 0, y: 0, width: 80, height: 20), name: "first", engine: engine)
        first.text = "one"
        let second = Node(frame: Rect(x: 0, y: 40, width: 80, height: 20), name: "second", engine: engine)
        second.text = "two"
        scene.root.addChild(first)
        scene.root.addChild(second)
        var encoder = RenderListEncoder()
        encoder.encode(scene.renderList())
        let version = value("header.bytesVersion")!
        let bytes = encoder.bytes
        #expect(String(decoding: bytes, as: UTF8.self) == "firstonesecondtwo")
        #expect(encoder.numbers[version] == fnv1a53(bytes))
        let address = encoder.bytesAddress
        encoder.encode(scene.renderList())
        #expect(encoder.bytes == bytes && encoder.bytesAddress == address && encoder.numbers[version] == fnv1a53(bytes))

        second.text = "three"
        encoder.encode(scene.renderList())
        #expect(String(decoding: encoder.bytes, as: UTF8.self) == "firstonesecondthree")
        #expect(encoder.numbers[version] == fnv1a53(encoder.bytes) && encoder.numbers[version] != fnv1a53(bytes))
        var fresh = RenderListEncoder()
        fresh.encode(scene.renderList())
        #expect(fresh.numbers == encoder.numbers && fresh.bytes == encoder.bytes)

        // Fewer strings: the table ends where the last one does.
        second.removeFromParent()
        encoder.encode(scene.renderList())
        #expect(String(decoding: encoder.bytes, as: UTF8.self) == "firstone")
        #expect(encoder.numbers[version] == fnv1a53(Array("firstone".utf8)))
    }

    /// A rect and a text read back through the layout's names land on what the nodes say.
    @Test func everyNamedFieldHoldsWhatTheNodeSays() throws {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 200, height: 100), engine: engine)
        let card = Node(frame: Rect(x: 30, y: 20, width: 80, height: 40), name: "card", engine: engine)
        card.backgroundColor = Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.75)
        card.cornerRadius = 6
        card.alpha = 0.5
        card.blurRadius = 3
        let label = Node(frame: Rect(x: 0, y: 0, width: 80, height: 20), name: "label", engine: engine)
        label.text = "Hi"
        label.fontSize = 17
        card.addChild(label)
        scene.root.addChild(card)
        var encoder = RenderListEncoder()
        encoder.encode(scene.renderList())
        let n = encoder.numbers, b = encoder.bytes
        let h = value("headerCount")!, s = value("stride")!
        func string(_ i: Int) -> String { String(decoding: b[Int(n[i])..<Int(n[i] + n[i + 1])], as: UTF8.self) }
        var sawRect = false, sawText = false
        for c in 0..<Int(n[1]) {
            let i = h + c * s
            if n[i + value("field.kind")!] == Double(value("kind.rect")!), string(i + value("field.name")!) == "card" {
                sawRect = true
                #expect(n[i + value("field.width")!] == 80 && n[i + value("field.height")!] == 40)
                let m = i + value("field.matrix")!
                #expect(Array(n[m..<m + 6]) == [1, 0, 0, 1, 30, 20])
                #expect(n[i + value("field.opacity")!] == 0.5)
                #expect(n[i + value("field.radii")!] == 6)
                let c = i + value("field.color")!
                #expect(Array(n[c..<c + 4]) == [1, 0.5, 0.25, 0.75])
                #expect(n[i + value("field.blur")!] == 3)
            }
            if n[i + value("field.kind")!] == Double(value("kind.text")!) {
                sawText = true
                #expect(string(i + value("field.text")!) == "Hi")
                #expect(n[i + value("field.fontSize")!] == 17)
            }
        }
        #expect(sawRect && sawText)
    }
}
