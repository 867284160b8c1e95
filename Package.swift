// swift-tools-version: 6.1
import PackageDescription

// Kinetic: UIKit's interactive, interruptible animation system as a portable Swift package.
//
// `Kinetic` is the portable core; `KineticScene` (nodes, hit testing, gestures, transitions,
// render list) sits on it and is just as portable. It imports no Foundation and also builds as Embedded Swift for
// WebAssembly (see `Scripts/embedded-check`). The `kinetic` executable is the native host;
// its logic (argument parsing, subcommands) lives in `KineticCommandLine`, so it is testable.
// Benchmarks live in their own package in `Benchmarks/`, so the library depends on nothing.
let package = Package(
    name: "Kinetic",
    products: [
        .library(name: "Kinetic", targets: ["Kinetic"]),
        .library(name: "KineticScene", targets: ["KineticScene"]),
        .executable(name: "kinetic", targets: ["kinetic"]),
    ],
    targets: [
        .target(
            name: "Kinetic",
            swiftSettings: [.enableExperimentalFeature("Extern")]
        ),
        .target(
            name: "KineticScene",
            dependencies: ["Kinetic"]
        ),
        .target(
            name: "KineticCommandLine",
            dependencies: ["Kinetic", "KineticScene"]
        ),
        .executableTarget(
            name: "kinetic",
            dependencies: ["KineticCommandLine"]
        ),
        .testTarget(
            name: "KineticTests",
            dependencies: ["Kinetic"]
        ),
        .testTarget(
            name: "KineticSceneTests",
            dependencies: ["KineticScene", "Kinetic"]
        ),
        .testTarget(
            name: "KineticCommandLineTests",
            dependencies: ["KineticCommandLine", "KineticScene", "Kinetic"]
        ),
    ]
)
