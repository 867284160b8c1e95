// A small driver for profilers (callgrind, perf), which crash or see nothing inside the benchmark harness, and
// for per-step CPU times (the harness's CPU metrics count scheduler ticks, too coarse for a 0.3 ms step):
// builds one benchmark scene, warms it up, then steps it N times.
//
//     swift build -c release --product DynamicsProfile
//     .build/release/DynamicsProfile pyramid 1500          # per-step wall and thread CPU medians, as JSON
//     valgrind --tool=callgrind --toggle-collect='*measuredSteps*' .build/release/DynamicsProfile pyramid 60 300
//
// With `--frames` it ticks by 1/60 s instead (two fixed steps per tick), as `compare-box2d-v3` times it beside
// Box2D v3's driver, with the same arguments and environment (sizes: LARGE_PYRAMID_BASE, JOINT_GRID_SIZE,
// PYRAMID_ROWS, CIRCLES), and prints ms per 1/60 s and the state in metres as JSON (`state_bits`: the same
// figures to the last digit, to check that a change keeps every bit). KINETIC_STEP_RATE=60 builds the
// scene at Box2D v3's rate (one step of 4 substeps per tick) instead of Kinetic's default 120 Hz (two steps of 2):
//
//     .build/release/DynamicsProfile --frames large_pyramid 1 499      # WARMUP FRAMES
//     KINETIC_STEP_RATE=60 .build/release/DynamicsProfile --frames large_pyramid 1 499

import DynamicsScenes
import Glibc

let usage = """
    usage: DynamicsProfile SCENE [steps, default 1500] [warm-up steps, default 1200]
           DynamicsProfile --frames SCENE WARMUP FRAMES
    SCENE: pyramid, circles, large_pyramid or joint_grid
    """
var arguments = Array(CommandLine.arguments.dropFirst())
let byFrames = arguments.first == "--frames"
if byFrames { arguments.removeFirst() }
guard let name = arguments.first, let kind = DynamicsScene.Kind(rawValue: name),
      !byFrames || arguments.count == 3 else {
    print(usage)
    exit(2)
}

/// The scene's size from the environment variable `compare-box2d-v3` and the Box2D v3 driver read.
func environmentSize(_ kind: DynamicsScene.Kind) -> Int? {
    let variable = switch kind {
    case .pyramid: "PYRAMID_ROWS"
    case .circles: "CIRCLES"
    case .largePyramid: "LARGE_PYRAMID_BASE"
    case .jointGrid: "JOINT_GRID_SIZE"
    }
    guard let value = getenv(variable), let n = Int(String(cString: value)), n > 0 else { return nil }
    return n
}

// Plain mode: steps and warm-up are fixed 1/120 s steps. Frames mode: WARMUP and FRAMES are 1/60 s ticks.
let steps = byFrames ? Int(arguments[2]) ?? 0 : arguments.count > 1 ? Int(arguments[1]) ?? 1500 : 1500
let warmUp = byFrames ? Int(arguments[1]) ?? -1 : arguments.count > 2 ? Int(arguments[2]) ?? 1200 : 1200
guard steps >= 1, warmUp >= 0 else {
    print(usage)
    exit(2)
}

/// The animator's step rate from KINETIC_STEP_RATE: 60, or 120 when unset or anything else.
func environmentStepRate() -> Double {
    guard let value = getenv("KINETIC_STEP_RATE"), Double(String(cString: value)) == 60 else { return SceneGeometry.stepRate }
    return 60
}

let scene = DynamicsScene(kind, size: byFrames ? environmentSize(kind) : nil, stepRate: environmentStepRate())
if byFrames { scene.warmUp(frames: warmUp) } else { scene.warmUp(steps: warmUp) }
let settled = scene.summary()

func nanoseconds(_ clock: clockid_t) -> Int {
    var t = timespec()
    clock_gettime(clock, &t)
    return t.tv_sec * 1_000_000_000 + t.tv_nsec
}

/// Steps (or ticks by 1/60 s, `byFrames`) `count` times, recording each step's wall-clock and thread CPU time in µs.
@inline(never) func measuredSteps(_ scene: DynamicsScene, _ count: Int, _ wall: inout [Double], _ cpu: inout [Double]) {
    for _ in 0..<count {
        let w0 = nanoseconds(CLOCK_MONOTONIC), c0 = nanoseconds(CLOCK_THREAD_CPUTIME_ID)
        if byFrames { scene.frame() } else { scene.step() }
        let c1 = nanoseconds(CLOCK_THREAD_CPUTIME_ID), w1 = nanoseconds(CLOCK_MONOTONIC)
        wall.append(Double(w1 - w0) / 1000)
        cpu.append(Double(c1 - c0) / 1000)
    }
}

// Sleeping is off (`DynamicsScene`), so the whole pile is solved at every step.
var wall: [Double] = [], cpu: [Double] = []
wall.reserveCapacity(steps)
cpu.reserveCapacity(steps)
measuredSteps(scene, steps, &wall, &cpu)

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
func rounded(_ x: Double) -> Double { (x * 100).rounded() / 100 }
func rounded4(_ x: Double) -> Double { (x * 10_000).rounded() / 10_000 }

if byFrames {
    let s = scene.state()
    print("{\"engine\": \"Kinetic\", \"scene\": \"\(kind.rawValue)\", \"size\": \(scene.size), \"bodies\": \(s.bodies), "
        + "\"joints\": \(s.joints), \"warmup\": \(warmUp), \"steps_timed\": \(steps), "
        + "\"simulated_s\": \(rounded4(s.simulatedSeconds)), \"median_ms\": \(rounded4(median(wall) / 1000)), "
        + "\"cpu_median_ms\": \(rounded4(median(cpu) / 1000)), \"sideways\": \(s.sideways), "
        + "\"max_sideways_m\": \(rounded4(s.maxSideways)), \"lowest_y_m\": \(rounded4(s.lowestY)), "
        + "\"highest_y_m\": \(rounded4(s.highestY)), \"max_speed_m_s\": \(rounded4(s.fastest)), "
        + "\"diagnostics\": \(scene.engine.diagnostics.count), "
        + "\"state_bits\": \"\(s.lowestY) \(s.highestY) \(s.fastest) \(s.maxSideways)\"}")
    exit(0)
}

print("{\"engine\": \"Kinetic\", \"scene\": \"\(kind.rawValue)\", \"steps_timed\": \(steps), "
    + "\"median_us\": \(rounded(median(wall))), \"cpu_median_us\": \(rounded(median(cpu))), "
    + "\"after_warmup\": \"\(settled)\", \"after_timing\": \"\(scene.summary())\"}")
