// swift-tools-version: 6.1
import PackageDescription

import class Foundation.ProcessInfo

// Benchmarks for Kinetic's timing curves, kept in their own package so that the library itself
// depends on nothing. Run from this folder:
//
//     swift package --allow-writing-to-package-directory benchmark
//
// ordo-one/benchmark needs the "MallocInterposer" trait named explicitly: on Swift 6.3 it counts
// mallocs through its interposer (no jemalloc), and naming only this trait leaves out the Linux
// runtime interposer, whose package is not needed.
//
// KINETIC_PATH overrides where Kinetic is taken from (default: this repository, ".."), e.g. a
// snapshot of a commit while the working tree is mid-edit:
//     git -C .. archive HEAD | tar -x -C /tmp/kinetic-head && KINETIC_PATH=/tmp/kinetic-head swift package ...
let kineticPath = ProcessInfo.processInfo.environment["KINETIC_PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? ".."

let package = Package(
    name: "KineticBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Kinetic", path: kineticPath),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "TimingBenchmarks",
            dependencies: [
                .product(name: "Kinetic", package: "Kinetic"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TimingBenchmarks",
            // `@_extern(c)` declares glibc's sincos for a prototype (Swift's Glibc module lacks it).
            swiftSettings: [.enableExperimentalFeature("Extern")],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The engine benchmarks' fixtures (many animations in flight on one engine).
        .target(
            name: "EngineScenes",
            dependencies: [.product(name: "Kinetic", package: "Kinetic")],
            path: "Sources/EngineScenes"
        ),
        // One frame of the animation engine with 10,000 animators or 100,000 properties in flight.
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                "EngineScenes",
                .product(name: "Kinetic", package: "Kinetic"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The same frames with the Studio inspector's machinery in use but the inspector closed
        // (labelled properties, an idle recorder). Apart from EngineBenchmarks because it needs
        // the inspection API: `KINETIC_PATH=<older commit> ... --target EngineBenchmarks` still builds.
        .executableTarget(
            name: "InspectorBenchmarks",
            dependencies: [
                "EngineScenes",
                .product(name: "Kinetic", package: "Kinetic"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/InspectorBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // One fixed step of KineticDynamics on a pyramid of 210 boxes and on 1,000 circles, the scenes
        // Box2D/scenes.py times in Box2D 2.3; `compare-box2d` runs both and prints the ratios.
        .target(
            name: "DynamicsScenes",
            dependencies: [
                .product(name: "Kinetic", package: "Kinetic"),
                .product(name: "KineticDynamics", package: "Kinetic"),
            ],
            path: "Sources/DynamicsScenes"
        ),
        .executableTarget(
            name: "DynamicsBenchmarks",
            dependencies: [
                "DynamicsScenes",
                .product(name: "Kinetic", package: "Kinetic"),
                .product(name: "KineticDynamics", package: "Kinetic"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/DynamicsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The same scenes without the harness, for callgrind and perf (not a benchmark: it is not in Benchmarks/).
        .executableTarget(
            name: "DynamicsProfile",
            dependencies: ["DynamicsScenes"],
            path: "Sources/DynamicsProfile"
        ),
        // One engine frame with many physics animations in flight, without the harness, for callgrind.
        .executableTarget(
            name: "EngineProfile",
            dependencies: ["EngineScenes", .product(name: "Kinetic", package: "Kinetic")],
            path: "Sources/EngineProfile"
        ),
        // The browsers' cubic solver in C (clang), and Kinetic's cubic and animator creation.
        .target(name: "UnitBezierC", path: "Baselines/UnitBezierC", cSettings: [.unsafeFlags(["-O2"])]),
        .executableTarget(
            name: "KernelBenchmarks",
            dependencies: [
                "UnitBezierC",
                .product(name: "Kinetic", package: "Kinetic"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/KernelBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
