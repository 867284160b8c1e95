// A hosted scene that records what its host does to it: the events it handles and the times it advances to.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Kinetic
import KineticScene
import KineticHost

/// 100 × 50 points, one 20 × 20 node named `box` at (10, 10); its one channel is the engine's
/// time (model and presentation) with velocity 1, so a recording's numbers are `i / fps`.
final class ProbeScene: HostedScene {
    let scene: Scene
    private(set) var handled: [PointerEvent] = []
    private(set) var advances: [Double] = []

    init(engine: AnimationEngine) {
        scene = Scene(size: Size(width: 100, height: 50), engine: engine)
        let box = Node(frame: Rect(x: 10, y: 10, width: 20, height: 20), name: "box", engine: engine)
        box.backgroundColor = .black
        scene.root.addChild(box)
    }

    func handle(_ event: PointerEvent) -> Bool {
        handled.append(event)
        return scene.send(event)
    }

    func didAdvance(to time: Double) { advances.append(time) }

    var channels: [SceneChannel] {
        let engine = scene.engine
        return [SceneChannel(name: "clock") { (engine.time, engine.time, 1) }]
    }

    /// Two probe scenes, `probe` and `other`.
    static var entries: [SceneEntry] {
        [SceneEntry(name: "probe", title: "Probe", description: "Records its host.", hint: "Tap it.") { ProbeScene(engine: $0) },
         SceneEntry(name: "other", title: "Other") { ProbeScene(engine: $0) }]
    }
}

/// A fresh directory under /tmp for a test's files (left behind: /tmp is the system's to clean).
func makeTemporaryDirectory(_ name: String) -> String {
    var template = Array("/tmp/kinetic-host-\(name)-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
}

/// The contents of a file, or nil.
func readFile(_ path: String) -> String? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes a file (test setup).
func writeFile(_ text: String, to path: String) {
    let f = fopen(path, "wb")!
    fputs(text, f)
    fclose(f)
}
