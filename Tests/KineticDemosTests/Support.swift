// Helpers for the demo tests: the standard curves, the repository's gesture scripts, recordings.
import Kinetic
import KineticDemos
import KineticHost
import KineticScene
import KineticTestSupport

/// The standard curves, by the shared cubic reference (independent of Kinetic's solver).
extension Reference {
    static func easeOut(_ t: Double) -> Double { bezierProgress(0, 0, 0.58, 1, at: t) }
    static func easeIn(_ t: Double) -> Double { bezierProgress(0.42, 0, 1, 1, at: t) }
    static func easeInOut(_ t: Double) -> Double { bezierProgress(0.42, 0, 0.58, 1, at: t) }
}

/// A gesture script of the repository (`Scripts/gestures/NAME.txt`).
func repositoryScript(_ name: String) throws -> GestureScript {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    let text = try readText(path + "/Scripts/gestures/" + name + ".txt")
    return try GestureScript(parsing: text)
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct ReadError: Error {}

func readText(_ path: String) throws -> String {
    guard let f = fopen(path, "rb") else { throw ReadError() }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, 4096, f)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// A fresh demo from its catalog entry (`DemoCatalog.entries`), on `engine`, as a host makes it.
func makeDemo(_ name: String, engine: AnimationEngine) -> any HostedScene {
    DemoCatalog.entries.first { $0.name == name }!.make(engine)
}

/// Runs a demo by name under one of the repository's scripts at 60 fps, then invalidates the
/// engine it made, as a host does (`SceneRender`), so a demo still in flight is freed.
func record(_ name: String, fps: Double = 60) throws -> SceneRecording {
    let script = try repositoryScript(name)
    let demo = makeDemo(name, engine: AnimationEngine())
    let recording = SceneRecording(scene: demo, script: script, fps: fps, duration: script.end)
    demo.engine.invalidate()
    return recording
}

/// Presentation value of a channel at the frame at time `t` (60 fps).
func presentation(_ r: SceneRecording, _ channel: String, at t: Double) -> Double {
    r.value(frame: Int((t * r.fps).rounded()), channel: channel)!.presentation
}
