import Kinetic
import KineticDemos
import KineticScene

/// Independent references and helpers for the demo tests.
enum Reference {
    /// Cubic Bézier timing progress at time fraction `t`, by plain bisection of the Bernstein
    /// form (independent of Kinetic's solver).
    static func cubic(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ t: Double) -> Double {
        func bez(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bez(x1, x2, mid) < t { lo = mid } else { hi = mid }
        }
        return bez(y1, y2, (lo + hi) / 2)
    }
    static func easeOut(_ t: Double) -> Double { cubic(0, 0, 0.58, 1, t) }
    static func easeIn(_ t: Double) -> Double { cubic(0.42, 0, 1, 1, t) }
    static func easeInOut(_ t: Double) -> Double { cubic(0.42, 0, 0.58, 1, t) }

    /// Displacement of an underdamped spring (mass 1) released from `x0` with velocity `v0`.
    static func spring(k: Double, c: Double, x0: Double, v0: Double, t: Double) -> Double {
        let w0 = k.squareRoot(), zeta = c / (2 * w0)
        let a = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
        var e = 1.0
        // exp by series-free means: Kinetic's shim is what we test against, so use the stdlib's
        // pow-free route through repeated squaring of a small step.
        let n = 4096
        let step = 1 - a * t / Double(n) + (a * t / Double(n)) * (a * t / Double(n)) / 2
            - (a * t / Double(n)) * (a * t / Double(n)) * (a * t / Double(n)) / 6
            + (a * t / Double(n)) * (a * t / Double(n)) * (a * t / Double(n)) * (a * t / Double(n)) / 24
        for _ in 0..<n { e *= step }
        return e * (x0 * cosine(wd * t) + (v0 + a * x0) / wd * sine(wd * t))
    }

    /// Taylor series for sin and cos after reduction to [−π, π].
    static func sine(_ x: Double) -> Double {
        var r = x.truncatingRemainder(dividingBy: 2 * Double.pi)
        if r > Double.pi { r -= 2 * Double.pi } else if r < -Double.pi { r += 2 * Double.pi }
        var term = r, sum = r
        for n in 1..<30 { term *= -r * r / Double((2 * n) * (2 * n + 1)); sum += term }
        return sum
    }
    static func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }
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

/// Runs a demo by name under one of the repository's scripts at 60 fps.
func record(_ name: String, fps: Double = 60) throws -> DemoRecording {
    let script = try repositoryScript(name)
    let demo = DemoCatalog.make(name, engine: AnimationEngine())!
    return DemoRecording(demo: demo, script: script, fps: fps, duration: script.end)
}

/// Presentation value of a channel at the frame at time `t` (60 fps).
func presentation(_ r: DemoRecording, _ channel: String, at t: Double) -> Double {
    r.value(frame: Int((t * r.fps).rounded()), channel: channel)!.presentation
}
