// A small driver for profilers (callgrind, perf), which crash or see nothing inside the benchmark harness:
// builds one benchmark scene, warms it up, then steps it N times and prints the mean time per step.
//
//     swift build -c release --product DynamicsProfile
//     .build/release/DynamicsProfile pyramid 200
//     valgrind --tool=callgrind --toggle-collect='*DynamicsScene*step*' .build/release/DynamicsProfile pyramid 50

import DynamicsScenes
import Glibc

let arguments = CommandLine.arguments
guard arguments.count >= 2, let kind = DynamicsScene.Kind(rawValue: arguments[1]) else {
    print("usage: DynamicsProfile pyramid|circles [steps] [warm-up steps]")
    exit(2)
}
let steps = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
let warmUp = arguments.count > 3 ? Int(arguments[3]) ?? 1200 : 1200

let scene = DynamicsScene(kind)
scene.warmUp(steps: warmUp)
print("after warm-up: " + scene.summary())

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

// Steps in batches of 30, waking every body between batches (bodies fall asleep only after 60
// steps at rest), so that almost all of the run is stepping.
@inline(never) func measuredSteps(_ scene: DynamicsScene, _ count: Int) {
    for _ in 0..<count { scene.step() }
}

var elapsed = 0.0
var done = 0
while done < steps {
    let batch = Swift.min(30, steps - done)
    scene.keepAwake()
    let start = now()
    measuredSteps(scene, batch)
    elapsed += now() - start
    done += batch
}
print("\(kind.rawValue): \(steps) steps, \(elapsed / Double(steps) * 1e6) µs per step")
print("after timing: " + scene.summary())
