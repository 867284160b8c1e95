// A small driver for profilers (callgrind, perf), which crash or see nothing inside the benchmark harness, and
// for per-step CPU times (the harness's CPU metrics count scheduler ticks, too coarse for a 0.3 ms step):
// builds one benchmark scene, warms it up, then steps it N times.
//
//     swift build -c release --product DynamicsProfile
//     .build/release/DynamicsProfile pyramid 1500          # per-step wall and thread CPU medians, as JSON
//     valgrind --tool=callgrind --toggle-collect='*measuredSteps*' .build/release/DynamicsProfile pyramid 60 300

import DynamicsScenes
import Glibc

let arguments = CommandLine.arguments
guard arguments.count >= 2, let kind = DynamicsScene.Kind(rawValue: arguments[1]) else {
    print("usage: DynamicsProfile pyramid|circles [steps, default 1500] [warm-up steps, default 1200]")
    exit(2)
}
let steps = arguments.count > 2 ? Int(arguments[2]) ?? 1500 : 1500
let warmUp = arguments.count > 3 ? Int(arguments[3]) ?? 1200 : 1200

let scene = DynamicsScene(kind)
scene.warmUp(steps: warmUp)
let settled = scene.summary()

func nanoseconds(_ clock: clockid_t) -> Int {
    var t = timespec()
    clock_gettime(clock, &t)
    return t.tv_sec * 1_000_000_000 + t.tv_nsec
}

/// Steps `count` times, recording each step's wall-clock and thread CPU time in µs.
@inline(never) func measuredSteps(_ scene: DynamicsScene, _ count: Int, _ wall: inout [Double], _ cpu: inout [Double]) {
    for _ in 0..<count {
        let w0 = nanoseconds(CLOCK_MONOTONIC), c0 = nanoseconds(CLOCK_THREAD_CPUTIME_ID)
        scene.step()
        let c1 = nanoseconds(CLOCK_THREAD_CPUTIME_ID), w1 = nanoseconds(CLOCK_MONOTONIC)
        wall.append(Double(w1 - w0) / 1000)
        cpu.append(Double(c1 - c0) / 1000)
    }
}

// Steps in batches of 30, waking every body between batches (outside the timing; a body falls
// asleep only after 60 steps at rest), so the whole pile is solved at every step.
var wall: [Double] = [], cpu: [Double] = []
wall.reserveCapacity(steps)
cpu.reserveCapacity(steps)
var done = 0
while done < steps {
    let batch = Swift.min(30, steps - done)
    scene.keepAwake()
    measuredSteps(scene, batch, &wall, &cpu)
    done += batch
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
func rounded(_ x: Double) -> Double { (x * 100).rounded() / 100 }

print("{\"engine\": \"Kinetic\", \"scene\": \"\(kind.rawValue)\", \"steps_timed\": \(steps), "
    + "\"median_us\": \(rounded(median(wall))), \"cpu_median_us\": \(rounded(median(cpu))), "
    + "\"after_warmup\": \"\(settled)\", \"after_timing\": \"\(scene.summary())\"}")
