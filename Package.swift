// swift-tools-version: 6.1
import PackageDescription

// Kinetic: UIKit's interactive, interruptible animation system as a portable Swift package.
//
// `Kinetic` is the portable core. It imports no Foundation and also builds as Embedded Swift for
// WebAssembly (see `Scripts/embedded-check`). The `kinetic` executable is the native host.
// Benchmarks live in their own package in `Benchmarks/`, so the library depends on nothing.
let package = Package(
    name: "Kinetic",
    products: [
        .library(name: "Kinetic", targets: ["Kinetic"]),
        .executable(name: "kinetic", targets: ["kinetic"]),
    ],
    targets: [
        .target(
            name: "Kinetic",
            swiftSettings: [.enableExperimentalFeature("Extern")]
        ),
        .executableTarget(
            name: "kinetic",
            dependencies: ["Kinetic"]
        ),
        .testTarget(
            name: "KineticTests",
            dependencies: ["Kinetic"]
        ),
    ]
)
